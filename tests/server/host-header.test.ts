import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalOrigin, readShopOrigins } from '../../store-api/src/shop-origins';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { activeAccount, linkIn, mailsTo } from '../store-api/account-session';
import { address, guestOrder } from '../store-api/checkout-fixtures';

// Issue 17 item 1 (ADR 0022): the links in the shop's mails and the allowed payment return URLs come from the
// configured origins (PUBLIC_ORIGIN, STOREFRONT_ORIGINS), never from the Host a request brings. The Store API is
// served over real TCP, as `npm start` serves it, and sent raw HTTP: forged Host and X-Forwarded-Host headers,
// absolute-form request lines, mixed case, other ports and IPv6 literals.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let server: ServerType;
let port: number;
/** Each raw request comes from its own loopback address, so the per-address limits of one do not touch the next. */
let nextAddress = 10;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  // Mounted as server/index.ts mounts it: requests from the network, not marked as in process.
  const app = new Hono();
  app.route('/', shop.app);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  shop?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  json: { errors?: Array<{ code: string; status: string; source?: { pointer: string } }>; redirectUrl?: string } & Record<string, unknown>;
}

/** Sends one HTTP/1.1 request exactly as written (request line and headers), and reads the answer. */
function raw(requestLine: string, headers: Record<string, string>, body?: unknown): Promise<RawAnswer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const lines = [
    requestLine,
    ...Object.entries({ 'sw-access-key': shop.config.accessKey, 'content-type': 'application/json', connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}`),
    `content-length: ${Buffer.byteLength(payload)}`,
    '',
    payload,
  ];
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${nextAddress++}` });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const answerHeaders = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      let responseBody = rest.join('\r\n\r\n');
      // Hono answers chunked: one chunk here, "<hex size>\r\n<data>\r\n0\r\n\r\n".
      if (answerHeaders['transfer-encoding'] === 'chunked') responseBody = responseBody.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, json: responseBody ? JSON.parse(responseBody) : {} });
    });
    socket.write(lines.join('\r\n'));
  });
}

/** How a forged host reaches the server: the Host header, X-Forwarded-Host, or an absolute-form request line. */
const FORGED_REQUESTS: Array<{ name: string; line: (path: string) => string; headers: Record<string, string>; forgedOrigin: string }> = [
  { name: 'Host: evil.example', line: (path) => `POST ${path} HTTP/1.1`, headers: { host: 'evil.example' }, forgedOrigin: 'http://evil.example' },
  { name: 'X-Forwarded-Host', line: (path) => `POST ${path} HTTP/1.1`, headers: { host: 'shop.test', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, forgedOrigin: 'https://evil.example' },
  { name: 'absolute-form request line', line: (path) => `POST http://evil.example${path} HTTP/1.1`, headers: { host: 'evil.example' }, forgedOrigin: 'http://evil.example' },
  { name: 'mixed case', line: (path) => `POST ${path} HTTP/1.1`, headers: { host: 'EVIL.Example' }, forgedOrigin: 'http://evil.example' },
  { name: 'the shop’s name on another port', line: (path) => `POST ${path} HTTP/1.1`, headers: { host: 'shop.test:8443' }, forgedOrigin: 'http://shop.test:8443' },
  { name: 'an IPv6 literal', line: (path) => `POST ${path} HTTP/1.1`, headers: { host: '[::1]:3000' }, forgedOrigin: 'http://[::1]:3000' },
  { name: 'a loopback address', line: (path) => `POST ${path} HTTP/1.1`, headers: { host: '127.0.0.1:3000' }, forgedOrigin: 'http://127.0.0.1:3000' },
];

describe('mail links come from PUBLIC_ORIGIN, whatever Host the request brings', () => {
  for (const forged of FORGED_REQUESTS) {
    it(`password recovery (${forged.name}): the link is on the configured origin; a storefrontUrl on the forged origin is a 400`, async () => {
      const email = await activeAccount(shop);
      const answer = await raw(forged.line('/store-api/account/recovery-password'), forged.headers, { email });
      expect(answer.status).toBe(200);
      const link = linkIn(mailsTo(shop.db, email, 'customer.recovery.request').at(-1)!);
      expect(link.origin).toBe(ORIGIN);
      expect(link.pathname).toBe('/account/recover');

      const before = mailsTo(shop.db, email).length;
      const refused = await raw(forged.line('/store-api/account/recovery-password'), forged.headers, { email, storefrontUrl: forged.forgedOrigin });
      expect(refused.status).toBe(400);
      expect(refused.json.errors?.[0]).toMatchObject({ code: 'VIOLATION::NO_SUCH_CHOICE_ERROR', status: '400', source: { pointer: '/storefrontUrl' } });
      expect(mailsTo(shop.db, email)).toHaveLength(before);
    });
  }

  it('registration confirmation and newsletter links: the forged storefrontUrl is refused, the configured one mails its link', async () => {
    const host = { host: 'evil.example' };
    const register = (email: string, storefrontUrl: string) =>
      raw('POST /store-api/account/register HTTP/1.1', host, {
        email,
        password: 'Sicher-123',
        firstName: 'Erika',
        lastName: 'Muster',
        storefrontUrl,
        billingAddress: address(),
        acceptedDataProtection: true,
      });
    const refused = await register('evil-link@example.ch', 'http://evil.example');
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.map((error) => error.code)).toContain('VIOLATION::NO_SUCH_CHOICE_ERROR');
    expect(mailsTo(shop.db, 'evil-link@example.ch')).toHaveLength(0);
    const accepted = await register('good-link@example.ch', ORIGIN);
    expect(accepted.status).toBe(200);
    expect(linkIn(mailsTo(shop.db, 'good-link@example.ch').at(-1)!).origin).toBe(ORIGIN);

    const newsletter = (email: string, storefrontUrl: string) => raw('POST /store-api/newsletter/subscribe HTTP/1.1', host, { email, option: 'subscribe', storefrontUrl });
    const refusedNewsletter = await newsletter('evil-news@example.ch', 'http://evil.example');
    expect(refusedNewsletter.status).toBe(400);
    expect(refusedNewsletter.json.errors?.[0]?.code).toBe('VIOLATION::NO_SUCH_CHOICE_ERROR');
    expect(mailsTo(shop.db, 'evil-news@example.ch')).toHaveLength(0);
    expect((await newsletter('good-news@example.ch', `${ORIGIN}/fr`)).status).toBe(200);
    expect(linkIn(mailsTo(shop.db, 'good-news@example.ch').at(-1)!).href).toMatch(new RegExp(`^${ORIGIN}/fr/newsletter-subscribe\\?`));
  });
});

describe('payment return URLs and the payment page', () => {
  it('handle-payment refuses finishUrl/errorUrl on a forged host with a 400; the payment page is on the configured origin', async () => {
    const { s, order } = await guestOrder(shop.call, shop.db, 'card');
    const token = s.token!;
    for (const forged of FORGED_REQUESTS) {
      for (const field of ['finishUrl', 'errorUrl']) {
        const answer = await raw(forged.line('/store-api/handle-payment'), { ...forged.headers, 'sw-context-token': token }, { orderId: order.id, [field]: `${forged.forgedOrigin}/steal` });
        expect(answer.status, `${forged.name} ${field}`).toBe(400);
        expect(answer.json.errors?.[0], `${forged.name} ${field}`).toMatchObject({ code: 'VIOLATION::INVALID_URL_ERROR', source: { pointer: `/${field}` } });
      }
    }
    const started = await raw('POST /store-api/handle-payment HTTP/1.1', { host: 'evil.example', 'sw-context-token': token }, { orderId: order.id, finishUrl: `/checkout/success/${order.id}/paid` });
    expect(started.status).toBe(200);
    expect(started.json.redirectUrl).toMatch(new RegExp(`^${ORIGIN}/payment-provider/`));
  });

  it('the payment page sends the shopper back to a path, never to the host the request named', async () => {
    const { s, order } = await guestOrder(shop.call, shop.db, 'card');
    const started = await s.call('POST', '/handle-payment', { body: { orderId: order.id, finishUrl: `/checkout/success/${order.id}/paid` } });
    const path = new URL(started.json.redirectUrl as string).pathname;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('end', () => resolve(text));
      socket.write([`POST ${path} HTTP/1.1`, 'host: evil.example', 'content-type: application/x-www-form-urlencoded', 'content-length: 11', 'connection: close', '', 'outcome=pay'].join('\r\n'));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 303/);
    expect(answer).toMatch(new RegExp(`\\r\\nlocation: /checkout/success/${order.id}/paid\\?paymentStatus=paid\\r\\n`, 'i'));
    expect(answer).not.toContain('evil.example');
  });
});

describe('the configured origins', () => {
  it('are PUBLIC_ORIGIN, SHOP_HOST and STOREFRONT_ORIGINS; locally the loopback names of PORT', () => {
    expect(readShopOrigins({ PUBLIC_ORIGIN: 'https://WWW.Apotheke.example/', STOREFRONT_ORIGINS: 'https://m.apotheke.example, https://app.apotheke.example:8443' })).toEqual({
      primary: 'https://www.apotheke.example',
      all: ['https://www.apotheke.example', 'https://m.apotheke.example', 'https://app.apotheke.example:8443'],
      publicHost: true,
    });
    expect(readShopOrigins({ PORT: '4100' })).toEqual({
      primary: 'http://localhost:4100',
      all: ['http://localhost:4100', 'http://127.0.0.1:4100', 'http://[::1]:4100'],
      publicHost: false,
    });
    expect(readShopOrigins({ PUBLIC_ORIGIN: 'http://shop.internal', SHOP_HOST: 'WWW.Apotheke.ch' }).all).toEqual(['http://shop.internal', 'https://www.apotheke.ch']);
    for (const bad of ['www.apotheke.example', 'ftp://apotheke.example', 'https://apotheke.example/shop', 'https://user:pw@apotheke.example', 'https://apotheke.example/?x=1']) {
      expect(() => readShopOrigins({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
    expect(() => readShopOrigins({ PUBLIC_ORIGIN: 'https://a.example', STOREFRONT_ORIGINS: 'https://b.example/path' })).toThrow(/STOREFRONT_ORIGINS/);
  });

  it('give canonical links https and the lowercase host: SHOP_HOST (SPEC §2), else PUBLIC_ORIGIN’s', () => {
    const origins = readShopOrigins({ PUBLIC_ORIGIN: 'http://Shop.Internal:8080' });
    expect(canonicalOrigin(origins, undefined)).toBe('https://shop.internal:8080');
    expect(canonicalOrigin(origins, 'WWW.Apotheke.CH')).toBe('https://www.apotheke.ch');
  });
});
