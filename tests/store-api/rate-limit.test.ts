import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf, rememberClientAddress } from '../../gateway/src/context';
import { createStoreClient } from '../../gateway/src/store-client';
import { loginAccountCeiling, loginPairLimit } from '../../store-api/src/domain/rate-limit';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, PASSWORD } from './account-session';
import { shopper, uniqueEmail } from './checkout-fixtures';

// Login rate limits (SPEC §4 Session, STOREAPI6.md, issue 17): growing delays per client address and account (4
// free failures, then 30 s doubling), 30 failed logins per client address in 15 minutes, and an account-wide ceiling
// that never holds back an address without failures — then 429 CHECKOUT__CUSTOMER_AUTH_THROTTLED with
// meta.parameters.waitTime. The client address is the socket's over TCP; the gateway's in-process calls name it in
// x-shop-client-ip, a header never believed over TCP.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function login(username: string, password: string, ip?: string) {
  return shopper(shop.call).call('POST', '/account/login', { body: { username, password }, headers: ip ? { 'x-shop-client-ip': ip } : {} });
}

describe('login throttling per address and account (issue 17: lockout as a weapon)', () => {
  const wait = (res: Awaited<ReturnType<typeof login>>) => res.json.errors[0].meta.parameters.waitTime as number;
  /** Ends the pair's current delay, as if its time had passed (the count stays). */
  const endDelay = (ip: string, email: string) =>
    shop.db.prepare('UPDATE rate_limit SET blocked_until = ? WHERE key = ?').run(new Date(Date.now() - 1000).toISOString(), loginPairLimit(ip, email).key);

  it('an attacker hammering an account never locks its owner out: from another address the right password gets in', async () => {
    const email = await activeAccount(shop);
    const attacker = '203.0.113.50';
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await login(email, `Falsch-${i}xx`, attacker)).status);
    // Four free failures, the fifth starts the delay; what follows is refused before any password check.
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    expect((await login(email, PASSWORD, attacker)).status).toBe(429);
    // The owner, elsewhere, gets in while the attacker waits.
    expect((await login(email, PASSWORD, '198.51.100.9')).status).toBe(200);
    // No email or address in clear in the table.
    const rows = JSON.stringify(shop.db.prepare('SELECT * FROM rate_limit').all());
    expect(rows).not.toContain(email);
    expect(rows).not.toContain(attacker);
  });

  it('the same address waits longer after each further failure: 30 s, 60 s, 120 s … with the seconds in the 429', async () => {
    const email = await activeAccount(shop);
    const ip = '203.0.113.51';
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'Falsch-123', ip)).status).toBe(401);
    const first = await login(email.toUpperCase(), PASSWORD, ip);
    expect(first.status).toBe(429);
    expect(first.json.errors[0]).toMatchObject({ status: '429', code: 'CHECKOUT__CUSTOMER_AUTH_THROTTLED' });
    expect(wait(first)).toBeGreaterThan(25);
    expect(wait(first)).toBeLessThanOrEqual(30);
    for (const seconds of [60, 120, 240]) {
      endDelay(ip, email);
      expect((await login(email, 'Falsch-123', ip)).status).toBe(401);
      const next = await login(email, PASSWORD, ip);
      expect(next.status).toBe(429);
      expect(wait(next)).toBeGreaterThan(seconds - 5);
      expect(wait(next)).toBeLessThanOrEqual(seconds);
    }
    // Once the delay is over, the right password works again and the pair's count starts afresh.
    endDelay(ip, email);
    expect((await login(email, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'Falsch-123', ip)).status).toBe(401);
    expect((await login(email, PASSWORD, ip)).status).toBe(200);
  });

  it('past the account-wide ceiling only addresses that failed on the account wait; a fresh one still gets in', async () => {
    const email = await activeAccount(shop);
    const spraying = '203.0.113.52';
    expect((await login(email, 'Falsch-123', spraying)).status).toBe(401);
    // 100 failures in the hour from many addresses (written directly: each real one costs a scrypt hash).
    const ceiling = loginAccountCeiling(email);
    shop.db
      .prepare('INSERT OR REPLACE INTO rate_limit (key, attempts, window_start, blocked_until) VALUES (?, ?, ?, ?)')
      .run(ceiling.key, ceiling.max, new Date().toISOString(), new Date(Date.now() + 3_000_000).toISOString());
    const held = await login(email, PASSWORD, spraying);
    expect(held.status).toBe(429);
    expect(held.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_AUTH_THROTTLED');
    expect((await login(email, PASSWORD, '198.51.100.10')).status).toBe(200);
  });

  it('counts wrong current passwords of change-password toward the pair’s delay', async () => {
    const email = await activeAccount(shop);
    const ip = '203.0.113.53';
    const s = shopper(shop.call);
    const headers = { 'x-shop-client-ip': ip };
    expect((await s.call('POST', '/account/login', { body: { username: email, password: PASSWORD }, headers })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const res = await s.call('POST', '/account/change-password', { body: { password: 'Falsch-123', newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' }, headers });
      expect(res.status).toBe(400);
    }
    const throttled = await s.call('POST', '/account/change-password', { body: { password: PASSWORD, newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' }, headers });
    expect(throttled.status).toBe(429);
    expect((await login(email, PASSWORD, ip)).status).toBe(429);
    expect((await login(email, PASSWORD, '198.51.100.11')).status).toBe(200);
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
