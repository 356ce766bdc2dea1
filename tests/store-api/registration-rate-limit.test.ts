import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberClientAddress } from '../../gateway/src/context';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { address, shopper, uniqueEmail } from './checkout-fixtures';
import { PASSWORD } from './account-session';

// Issue 8: account registrations are limited per client address — 20 an hour, every attempt counted (the
// "already in use" answer would otherwise let anybody probe which emails have accounts), then 429
// FRAMEWORK__RATE_LIMIT_EXCEEDED with the seconds to wait; the gateway answers TOO_MANY_ATTEMPTS, translated.
// Guest registrations (a checkout each) are not counted.

let gw: TestGateway;
let call: Parameters<typeof shopper>[0];
let db: { prepare(sql: string): { get(...params: unknown[]): unknown } };

beforeAll(async () => {
  gw = await openTestGateway({ privateShop: true });
  // The same private shop, called directly (as a remote client would the Store API).
  const { openPrivateTestShop } = await import('../support/shop');
  const shop = await openPrivateTestShop();
  call = shop.call;
  db = shop.db;
  afterAll(() => shop.close());
});
afterAll(() => gw?.close());

function registration(overrides: Record<string, unknown> = {}) {
  return { email: uniqueEmail('limit'), password: PASSWORD, firstName: 'Beat', lastName: 'Keller', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address(), ...overrides };
}

async function register(ip: string, body: Record<string, unknown>) {
  return shopper(call).call('POST', '/account/register', { body, headers: { 'x-shop-client-ip': ip } });
}

const customers = (email: string) => (db.prepare('SELECT COUNT(*) AS n FROM customer WHERE email = ?').get(email) as { n: number }).n;

describe('account registrations per client address', () => {
  it('allows 20 attempts an hour (invalid ones count too), then answers 429 and stores nothing', async () => {
    const ip = '198.51.100.21';
    // Attempts with a missing last name: refused (400) but counted.
    for (let i = 0; i < 19; i += 1) expect((await register(ip, registration({ lastName: '' }))).status).toBe(400);
    const twentieth = registration();
    expect((await register(ip, twentieth)).status).toBe(200);
    expect(customers(twentieth.email as string)).toBe(1);

    const blocked = registration();
    const answer = await register(ip, blocked);
    expect(answer.status).toBe(429);
    expect(answer.json.errors[0]).toMatchObject({ status: '429', code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED' });
    expect(answer.json.errors[0].meta.parameters.waitTime).toBeGreaterThan(59 * 60);
    expect(customers(blocked.email as string)).toBe(0);
    // No address in clear in the table.
    expect(JSON.stringify(db.prepare("SELECT group_concat(key) AS keys FROM rate_limit WHERE key LIKE 'register:ip:%'").get())).not.toContain(ip);
  });

  it('other addresses and guest checkouts from the blocked address go on', async () => {
    const ip = '198.51.100.22';
    for (let i = 0; i < 20; i += 1) await register(ip, registration({ lastName: '' }));
    expect((await register(ip, registration())).status).toBe(429);
    expect((await register('198.51.100.23', registration())).status).toBe(200);
    const guest = registration({ guest: true, password: undefined });
    expect((await register(ip, guest)).status).toBe(200);
    expect(customers(guest.email as string)).toBe(1);
  });
});

describe('through the gateway', () => {
  const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { viewer { email } errors { code message field } } }`;

  it('answers TOO_MANY_ATTEMPTS with the wait in the shopper’s language', async () => {
    const { countries } = (await gw.gql('{ countries { id iso } }')).body.data as { countries: { id: string; iso: string }[] };
    const countryId = countries.find((country) => country.iso === 'CH')!.id;
    const input = (email: string) => ({
      guest: false,
      email,
      password: PASSWORD,
      firstName: 'Beat',
      lastName: 'Keller',
      acceptedDataProtection: true,
      billingAddress: { firstName: 'Beat', lastName: 'Keller', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId },
    });
    // The shopper's address as the server records it for the connection (server/index.ts via mountGateway).
    const registerFrom = async (ip: string, email: string, locale: string) => {
      const request = new Request('http://shop.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shop-locale': locale },
        body: JSON.stringify({ query: REGISTER, variables: { input: input(email) } }),
      });
      rememberClientAddress(request, ip);
      const body = (await (await gw.fetch(request)).json()) as { data: { register: { errors: { code: string; message: string }[] } } };
      return body.data.register.errors;
    };
    const ip = '203.0.113.61';
    for (let i = 0; i < 20; i += 1) expect(await registerFrom(ip, uniqueEmail('gw'), 'de')).toEqual([]);
    expect((await registerFrom(ip, uniqueEmail('de'), 'de'))[0]).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/),
    });
    expect((await registerFrom(ip, uniqueEmail('fr'), 'fr'))[0]).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/^Trop de tentatives\./) });
    expect((await registerFrom(ip, uniqueEmail('it'), 'it'))[0]).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/^Troppi tentativi\./) });
    // Another address registers.
    expect(await registerFrom('203.0.113.62', uniqueEmail('other'), 'de')).toEqual([]);
  });
});
