import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf, rememberClientAddress } from '../../gateway/src/context';
import { createStoreClient } from '../../gateway/src/store-client';
import { keyOf } from '../../store-api/src/domain/rate-limit';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, PASSWORD } from './account-session';
import { shopper, uniqueEmail } from './checkout-fixtures';

// Login rate limits (SPEC §4 Session, STOREAPI6.md): per account 10 and per client address 30 failed logins in
// 15 minutes, then 429 CHECKOUT__CUSTOMER_AUTH_THROTTLED with meta.parameters.waitTime. The client address is the
// socket's over TCP; the gateway's in-process calls name it in x-shop-client-ip, a header never believed over TCP.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function login(username: string, password: string, ip?: string) {
  return shopper(shop.call).call('POST', '/account/login', { body: { username, password }, headers: ip ? { 'x-shop-client-ip': ip } : {} });
}

describe('login limit per account', () => {
  it('blocks the account after 10 failures, even for the right password, with the seconds to wait', async () => {
    const email = await activeAccount(shop);
    for (let i = 0; i < 10; i += 1) expect((await login(email, `Falsch-${i}xx`)).status).toBe(401);
    const blocked = await login(email.toUpperCase(), PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors[0]).toMatchObject({ status: '429', code: 'CHECKOUT__CUSTOMER_AUTH_THROTTLED' });
    const wait = blocked.json.errors[0].meta.parameters.waitTime;
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // No email in clear in the table.
    expect(JSON.stringify(shop.db.prepare('SELECT * FROM rate_limit').all())).not.toContain(email);

    // Once the window is over, the right password works again.
    shop.db
      .prepare("UPDATE rate_limit SET window_start = ?, blocked_until = ? WHERE key = ?")
      .run(new Date(Date.now() - 16 * 60_000).toISOString(), new Date(Date.now() - 60_000).toISOString(), keyOf('login:email', email));
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('a successful login resets the account’s count', async () => {
    const email = await activeAccount(shop);
    for (let i = 0; i < 9; i += 1) expect((await login(email, 'Falsch-123')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await login(email, 'Falsch-123')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('counts wrong current passwords of change-password toward the account’s limit', async () => {
    const email = await activeAccount(shop);
    const s = shopper(shop.call);
    expect((await s.call('POST', '/account/login', { body: { username: email, password: PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const res = await s.call('POST', '/account/change-password', { body: { password: 'Falsch-123', newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' } });
      expect(res.status).toBe(400);
    }
    const throttled = await s.call('POST', '/account/change-password', { body: { password: PASSWORD, newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' } });
    expect(throttled.status).toBe(429);
    expect((await login(email, PASSWORD)).status).toBe(429);
  });
});

describe('login limit per client address', () => {
  it('blocks an address after 30 failures over any accounts; other addresses go on', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i += 1) expect((await login(uniqueEmail('probe'), 'Falsch-123', ip)).status).toBe(401);
    const email = await activeAccount(shop);
    const blocked = await login(email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_AUTH_THROTTLED');
    // IPv4-mapped IPv6 is the same address.
    expect((await login(email, PASSWORD, `::ffff:${ip}`)).status).toBe(429);
    expect((await login(email, PASSWORD, '198.51.100.8')).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('over TCP uses the socket’s address and ignores an x-shop-client-ip header', async () => {
    const app = new Hono();
    app.route('/', shop.app);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const overTcp = (username: string, password: string, forged: string) =>
      fetch(`http://127.0.0.1:${port}/store-api/account/login`, {
        method: 'POST',
        headers: { 'sw-access-key': shop.config.accessKey, 'content-type': 'application/json', 'x-shop-client-ip': forged },
        body: JSON.stringify({ username, password }),
      });
    try {
      for (let i = 0; i < 30; i += 1) expect((await overTcp(uniqueEmail('tcp'), 'Falsch-123', `192.0.2.${i + 1}`)).status).toBe(401);
      const email = await activeAccount(shop);
      const blocked = await overTcp(email, PASSWORD, '192.0.2.200');
      expect(blocked.status).toBe(429);
      // In process (the gateway's path) the loopback address was never counted.
      expect((await login(email, PASSWORD, '192.0.2.200')).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the gateway’s side', () => {
  it('takes the address the server remembered, or x-forwarded-for only with TRUST_PROXY=true', () => {
    const request = new Request('http://shop.test/graphql', { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } });
    expect(clientAddressOf(request, {})).toBeNull();
    rememberClientAddress(request, '::ffff:127.0.0.1');
    expect(clientAddressOf(request, {})).toBe('::ffff:127.0.0.1');
    expect(clientAddressOf(request, { TRUST_PROXY: 'true' })).toBe('203.0.113.9');
    expect(clientAddressOf(new Request('http://shop.test/graphql', { headers: { 'x-forwarded-for': 'not-an-ip' } }), { TRUST_PROXY: 'true' })).toBeNull();
  });

  it('sends the shopper’s address as x-shop-client-ip on its Store API calls', async () => {
    const seen: (string | null)[] = [];
    const client = createStoreClient({
      baseUrl: 'http://shop.test/store-api',
      accessKey: 'key',
      timeoutMs: 1000,
      session: { contextToken: null },
      clientIp: '203.0.113.9',
      fetch: async (request) => {
        seen.push(request.headers.get('x-shop-client-ip'));
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await client.invoke('readContext get /context');
    expect(seen).toEqual(['203.0.113.9']);
  });
});
