import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupDateRange } from '../../store-api/src/domain/prescriptions';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { pngBytes as pngBuffer } from '../support/sampleFiles';

// The prescription mutations through the gateway: the pickup as a GraphQL multipart request (files forwarded
// to the Store API as multipart/form-data, to the embedded one and to one over HTTP), the CSRF rule for
// cookie-carrying multipart requests, and the errors as data.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers as JSON
type Json = any;

/** The shared sample PNG as this test's bodies take it. */
const pngBytes = (): Uint8Array<ArrayBuffer> => new Uint8Array(pngBuffer());
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
const TEXT = new TextEncoder().encode('plain text, renamed\n');

const PICKUP = `mutation Pickup($input: PrescriptionPickupInput!, $insuranceCard: File!, $prescriptions: [File!]!) {
  requestPrescriptionPickup(input: $input, insuranceCard: $insuranceCard, prescriptions: $prescriptions) { requestNumber pickupDate errors { code message field } }
}`;

interface Upload {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  type: string;
}

/** A GraphQL multipart request (operations, map, files) as the storefront sends it. */
async function multipartRequest(input: Record<string, unknown>, card: Upload, prescriptions: Upload[], headers: Record<string, string> = {}): Promise<Request> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: PICKUP, variables: { input, insuranceCard: null, prescriptions: prescriptions.map(() => null) } }));
  const map: Record<string, string[]> = { 0: ['variables.insuranceCard'] };
  prescriptions.forEach((_, i) => (map[String(i + 1)] = [`variables.prescriptions.${i}`]));
  form.append('map', JSON.stringify(map));
  form.append('0', new File([card.bytes], card.name, { type: card.type }));
  prescriptions.forEach((p, i) => form.append(String(i + 1), new File([p.bytes], p.name, { type: p.type })));
  // Encoded as a browser sends it: with the multipart boundary and the Content-Length.
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request(`${ORIGIN}/graphql`, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-graphql-csrf': '1', 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength), ...headers },
    body,
  });
}

let ip = 20;
function input(pharmacyId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Lea',
    lastName: 'Frei',
    email: `gw-rezept-${Math.random().toString(36).slice(2)}@example.ch`,
    phone: '+41 44 123 45 67',
    pharmacyId,
    pickupDate: pickupDateRange().first,
    ...overrides,
  };
}

async function send(gw: TestGateway, request: Request): Promise<{ status: number; body: Json }> {
  ip += 1;
  request.headers.set('x-forwarded-for', `192.0.2.${ip}`);
  const res = await gw.fetch(request);
  return { status: res.status, body: await res.json() };
}

const png = (): Upload => ({ bytes: pngBytes(), name: 'karte.png', type: 'image/png' });
const pdf = (): Upload => ({ bytes: PDF, name: 'rezept.pdf', type: 'application/pdf' });

describe.each(['embedded', 'remote'] as const)('prescription mutations (%s Store API)', (kind) => {
  let gw: TestGateway;
  let server: ServerType | undefined;
  let remoteShop: Awaited<ReturnType<typeof openPrivateTestShop>> | undefined;
  let pharmacyId: string;

  beforeAll(async () => {
    if (kind === 'remote') {
      remoteShop = await openPrivateTestShop();
      const shop = remoteShop;
      server = await new Promise<ServerType>((resolve) => {
        const started: ServerType = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
      });
      const { port } = server.address() as AddressInfo;
      gw = await openTestGateway({ env: { STORE_API_URL: `http://127.0.0.1:${port}/store-api`, STORE_API_ACCESS_KEY: shop.config.accessKey } });
    } else {
      gw = await openTestGateway({ privateShop: true });
    }
    const found = await gw.gql('{ pharmacies(first: 1) { pharmacyId } }');
    pharmacyId = found.body.data.pharmacies[0].pharmacyId;
  });
  afterAll(() => {
    gw?.close();
    server?.close();
    remoteShop?.close();
  });

  it('stores a pickup with a PNG card and a PDF prescription', async () => {
    const res = await send(gw, await multipartRequest(input(pharmacyId), png(), [pdf(), png()]));
    expect(res.status).toBe(200);
    expect(res.body.data.requestPrescriptionPickup).toMatchObject({ errors: [], pickupDate: pickupDateRange().first });
    expect(res.body.data.requestPrescriptionPickup.requestNumber).toMatch(/^R\d+$/);
  });

  it('answers a renamed text file as UPLOAD_TYPE_NOT_ALLOWED beside the file', async () => {
    const res = await send(gw, await multipartRequest(input(pharmacyId), png(), [{ bytes: TEXT, name: 'rezept.png', type: 'image/png' }]));
    expect(res.body.data.requestPrescriptionPickup.requestNumber).toBeNull();
    expect(res.body.data.requestPrescriptionPickup.errors).toEqual([
      { code: 'UPLOAD_TYPE_NOT_ALLOWED', field: 'prescriptions.0', message: 'Bitte laden Sie nur PDF- oder PNG-Dateien hoch.' },
    ]);
  });

  it('answers the date, pharmacy and size problems as their codes', async () => {
    let sunday = pickupDateRange().first;
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = new Date(Date.parse(`${sunday}T12:00:00Z`) + 86400000).toISOString().slice(0, 10);
    const res = await send(gw, await multipartRequest(input('f'.repeat(32), { pickupDate: sunday }), png(), [pdf()]));
    const codes = res.body.data.requestPrescriptionPickup.errors.map((e: Json) => [e.code, e.field]);
    expect(codes).toContainEqual(['PICKUP_DATE_INVALID', 'pickupDate']);
    expect(codes).toContainEqual(['PHARMACY_NOT_FOUND', 'pharmacyId']);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const large = await send(gw, await multipartRequest(input(pharmacyId), png(), [{ bytes: big, name: 'gross.pdf', type: 'application/pdf' }]));
    expect(large.body.data.requestPrescriptionPickup.errors).toEqual([{ code: 'UPLOAD_TOO_LARGE', field: 'prescriptions.0', message: 'Die Datei ist zu gross (höchstens 5 MB).' }]);
  });

  it('stores a delivery request', async () => {
    const res = await gw.gql(
      `mutation($input: PrescriptionDeliveryInput!) { requestPrescriptionDelivery(input: $input) { requestNumber errors { code field message } } }`,
      { input: { firstName: 'Marco', lastName: 'Rossi', email: 'marco@example.ch', phone: '091 123 45 67', street: 'Via Nassa 1', zipcode: '6900', city: 'Lugano', country: 'CH' } },
      { headers: { 'x-forwarded-for': `192.0.2.${++ip}` } },
    );
    expect(res.body.data.requestPrescriptionDelivery.errors).toEqual([]);
    expect(res.body.data.requestPrescriptionDelivery.requestNumber).toMatch(/^R\d+$/);

    const bad = await gw.gql(`mutation($input: PrescriptionDeliveryInput!) { requestPrescriptionDelivery(input: $input) { requestNumber errors { code field } } }`, {
      input: { firstName: 'Ma', lastName: 'Rossi', email: 'marco@example.ch', phone: '091 123 45 67', street: 'Via Nassa 1', zipcode: '690', city: 'Lugano', country: 'DE' },
    });
    expect(bad.body.data.requestPrescriptionDelivery.errors).toEqual([
      { code: 'INVALID_INPUT', field: 'firstName' },
      { code: 'INVALID_INPUT', field: 'zipcode' },
      { code: 'INVALID_INPUT', field: 'country' },
    ]);
  });
});

describe('multipart requests and CSRF', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openTestGateway({ privateShop: true });
  });
  afterAll(() => gw?.close());

  it('refuses a cookie-carrying multipart request without the CSRF header (a cross-site form post)', async () => {
    const request = await multipartRequest(input('f'.repeat(32)), png(), [pdf()], { cookie: 'sw-context-token=abc' });
    request.headers.delete('x-graphql-csrf');
    const res = await gw.fetch(request);
    expect(res.status).toBe(403);
    expect(gw.storeCalls.count).toBe(0);
  });

  it('lets the storefront’s multipart request with cookie and CSRF header through', async () => {
    const res = await gw.fetch(await multipartRequest(input('f'.repeat(32)), png(), [pdf()], { cookie: 'sw-context-token=abc' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.data.requestPrescriptionPickup.errors.map((e: Json) => e.code)).toContain('PHARMACY_NOT_FOUND');
  });

  it('refuses a multipart request over the size limit before reading it', async () => {
    const res = await gw.fetch(
      new Request(`${ORIGIN}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024), 'x-graphql-csrf': '1' },
        body: '--x--',
      }),
    );
    expect(res.status).toBe(413);
  });
});
