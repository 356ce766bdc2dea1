import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Plugin } from 'graphql-yoga';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { rememberClientAddress } from '../../gateway/src/context';
import { UPLOAD_MAX_FILES } from '../../gateway/src/plugins/upload-limits';
import { useRateLimits } from '../../gateway/src/plugins/rate-limits';
import { createGateway, type Gateway } from '../../gateway/src/yoga';
import { pickupDateRange } from '../../store-api/src/domain/prescriptions';
import { memoryState } from '../../server/sharedState';
import { ORIGIN, openPrivateTestShop } from '../support/shop';

// Issue 17, item 3: a multipart request is counted before yoga parses it. One upload with 30,000 one-line file
// parts held the event loop for seconds; now it is refused within its first parts (413), and an address over the
// upload rate limit is refused before a byte of its body is read (429). The shop's largest real upload — the
// prescription pickup with the insurance card and 5 prescriptions — still goes through.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers as JSON
type Json = any;

const UPLOADS_PER_WINDOW = 4;
let shop: Awaited<ReturnType<typeof openPrivateTestShop>>;
let gateway: Gateway;
let storeCalls = 0;
/** request bodies yoga parsed into GraphQL parameters */
let parsedBodies = 0;
let pharmacyId: string;

const countParsedBodies: Plugin = { onRequestParse: () => ({ onRequestParseDone: () => void (parsedBodies += 1) }) };

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const config = readGatewayConfig({ NODE_ENV: 'test' }, shop.config.accessKey);
  const counting = {
    fetch: (request: Request) => {
      storeCalls += 1;
      return shop.app.fetch(request);
    },
  };
  gateway = createGateway({
    config,
    target: storeApiTarget(config, { app: counting, config: shop.config }, { publicOrigin: ORIGIN }),
    logger: pino({ level: 'silent' }),
    plugins: [countParsedBodies, useRateLimits({ counter: memoryState().counter, limits: { prescription: { max: UPLOADS_PER_WINDOW, windowSeconds: 3600 } } })],
  });
  const request = new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ pharmacies(first: 1) { pharmacyId } }' }) });
  pharmacyId = ((await (await gateway.fetch(request)).json()) as Json).data.pharmacies[0].pharmacyId;
});
afterAll(() => shop?.close());

const PICKUP = `mutation Pickup($input: PrescriptionPickupInput!, $insuranceCard: File!, $prescriptions: [File!]!) {
  requestPrescriptionPickup(input: $input, insuranceCard: $insuranceCard, prescriptions: $prescriptions) { requestNumber errors { code field } }
}`;
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
// 1×1 PNG (valid signature, IHDR, IDAT, IEND)
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

/**
 * A pickup as the storefront's form sends it (operations, map, the card as file 0 and the prescriptions), with
 * `files` files in all, each mapped to `pathsPerFile` variable paths.
 */
async function pickup(options: { files: number; pathsPerFile?: number; address?: string; locale?: string }): Promise<Request> {
  const prescriptions = options.files - 1;
  const form = new FormData();
  const input = { firstName: 'Lea', lastName: 'Frei', email: `upload-${Math.random().toString(36).slice(2)}@example.ch`, phone: '+41 44 123 45 67', pharmacyId, pickupDate: pickupDateRange().first };
  form.append('operations', JSON.stringify({ query: PICKUP, variables: { input, insuranceCard: null, prescriptions: Array.from({ length: prescriptions }, () => null) } }));
  const map: Record<string, string[]> = { 0: ['variables.insuranceCard'] };
  for (let i = 0; i < prescriptions; i++) map[String(i + 1)] = Array.from({ length: options.pathsPerFile ?? 1 }, (_, n) => `variables.prescriptions.${i + n}`);
  form.append('map', JSON.stringify(map));
  form.append('0', new File([PNG], 'karte.png', { type: 'image/png' }));
  for (let i = 0; i < prescriptions; i++) form.append(String(i + 1), new File([PDF], `rezept-${i}.pdf`, { type: 'application/pdf' }));
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const request = new Request(`${ORIGIN}/graphql`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'x-graphql-csrf': '1',
      'content-type': encoded.headers.get('content-type')!,
      'content-length': String(body.byteLength),
      ...(options.locale ? { 'x-shop-locale': options.locale } : {}),
    },
    body,
  });
  rememberClientAddress(request, options.address ?? nextAddress());
  return request;
}

async function send(request: Request): Promise<{ status: number; body: Json; storeCalls: number; parsed: number }> {
  const calls = storeCalls;
  const parsed = parsedBodies;
  const response = await gateway.fetch(request);
  return { status: response.status, body: await response.json(), storeCalls: storeCalls - calls, parsed: parsedBodies - parsed };
}

describe('multipart limits before parsing', () => {
  it('takes the storefront’s largest upload: the insurance card and 5 prescriptions', async () => {
    expect(UPLOAD_MAX_FILES).toBe(6);
    const res = await send(await pickup({ files: UPLOAD_MAX_FILES }));
    expect(res.status).toBe(200);
    expect(res.body.data.requestPrescriptionPickup.errors).toEqual([]);
    expect(res.body.data.requestPrescriptionPickup.requestNumber).toMatch(/^R\d+$/);
  });

  it('refuses a flood of 30,000 one-line file parts with 413 before yoga parses it, without holding the event loop', async () => {
    // As the attacker sent it: the operation, a small map, then one-line file parts (6 MB).
    const head = await (await pickup({ files: 2, locale: 'fr' })).text();
    const boundary = head.slice(2, head.indexOf('\r\n'));
    const filePart = (n: number) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"; filename="${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n`;
    const body = head.slice(0, head.lastIndexOf(`--${boundary}--`)) + Array.from({ length: 30_000 }, (_, n) => filePart(n + 2)).join('') + `--${boundary}--\r\n`;
    const flood = new Request(`${ORIGIN}/graphql`, {
      method: 'POST',
      headers: { 'x-graphql-csrf': '1', 'x-shop-locale': 'fr', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    rememberClientAddress(flood, nextAddress());
    expect(body.length).toBeGreaterThan(4_000_000);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const res = await send(flood);
    loop.disable();
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ message: 'La requête contient trop de fichiers ou de champs (au maximum 6 fichiers).', extensions: { code: 'UPLOAD_TOO_MANY_PARTS', status: 413 } }]);
    expect(res.parsed).toBe(0);
    expect(res.storeCalls).toBe(0);
    // Generous: the unguarded parse held the loop for seconds; counting stops within the first 64 KB.
    expect(loop.max / 1e6).toBeLessThan(1000);
  });

  it('refuses one file more than the form can send, and a map that names more paths than files', async () => {
    const oneMore = await send(await pickup({ files: UPLOAD_MAX_FILES + 1 }));
    expect(oneMore.status).toBe(413);
    expect(oneMore.body.errors[0]).toMatchObject({ message: 'Die Anfrage enthält zu viele Dateien oder Felder (höchstens 6 Dateien).', extensions: { code: 'UPLOAD_TOO_MANY_PARTS' } });
    expect(oneMore.parsed).toBe(0);

    const manyPaths = await send(await pickup({ files: 2, pathsPerFile: 30_000, locale: 'it' }));
    expect(manyPaths.status).toBe(413);
    expect(manyPaths.body.errors[0]).toMatchObject({ message: 'La richiesta contiene troppi file o campi (al massimo 6 file).', extensions: { code: 'UPLOAD_TOO_MANY_PARTS' } });
    expect(manyPaths.parsed).toBe(0);
    expect(manyPaths.storeCalls + oneMore.storeCalls).toBe(0);
  });

  it('answers a body that is not multipart as it claims with 400 BAD_MULTIPART', async () => {
    const request = new Request(`${ORIGIN}/graphql`, {
      method: 'POST',
      headers: { 'x-graphql-csrf': '1', 'content-type': 'multipart/form-data; boundary=abc', 'content-length': '40' },
      body: '--abc\r\nContent-Disposition: form-data; n',
    });
    const res = await send(request);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_MULTIPART');
    expect(res.parsed).toBe(0);
  });
});

describe('the upload rate limit counts before the body is read', () => {
  it('counts each upload once and refuses the next before reading a byte of it', async () => {
    const shopper = nextAddress();
    for (let n = 0; n < UPLOADS_PER_WINDOW; n++) {
      const res = await send(await pickup({ files: 2, address: shopper }));
      expect(res.body.data.requestPrescriptionPickup.errors).toEqual([]);
    }
    let bytesRead = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        bytesRead += 1024;
        controller.enqueue(new Uint8Array(1024));
        if (bytesRead >= 64 * 1024) controller.close();
      },
    });
    const request = new Request(`${ORIGIN}/graphql`, {
      method: 'POST',
      headers: { 'x-graphql-csrf': '1', 'x-shop-locale': 'de', 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(64 * 1024) },
      body,
      duplex: 'half',
    } as RequestInit);
    rememberClientAddress(request, shopper);
    const res = await send(request);
    expect(res.status).toBe(429);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.body.errors[0].message).toMatch(/^Zu viele/);
    // A stream hands over its first chunk on its own; nothing beyond that was asked for.
    expect(bytesRead).toBeLessThanOrEqual(1024 * 2);
    expect(res.parsed).toBe(0);

    // another address is not affected
    const other = await send(await pickup({ files: 2 }));
    expect(other.body.data.requestPrescriptionPickup.errors).toEqual([]);
  });
});
