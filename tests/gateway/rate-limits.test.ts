import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { rememberClientAddress } from '../../gateway/src/context';
import { GATEWAY_RATE_LIMITS, useRateLimits } from '../../gateway/src/plugins/rate-limits';
import { createGateway, type Gateway } from '../../gateway/src/yoga';
import { memoryState } from '../../server/sharedState';
import { ORIGIN, openPrivateTestShop } from '../support/shop';

// Issue 8: the gateway's own rate limits per client address on the mutations worth abusing, counted in the
// shared counter (here the in-process one of a single instance; tests/server/scale-out.test.ts shares it
// through Redis). Over a limit the request is refused before anything runs, translated, with the wait.

let shop: Awaited<ReturnType<typeof openPrivateTestShop>>;
let gateway: Gateway;
let storeCalls = 0;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const config = readGatewayConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }, shop.config.accessKey);
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
    plugins: [useRateLimits({ counter: memoryState().counter, limits: { contact: { max: 2, windowSeconds: 3600 }, login: { max: 3, windowSeconds: 900 }, register: { max: 1, windowSeconds: 3600 } } })],
  });
});
afterAll(() => shop?.close());

interface Answer {
  status: number;
  retryAfterHeader: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number; http?: unknown } }> };
  storeCalls: number;
}

/** POST /graphql from a shopper at `address` (as the server records it from the socket), in `locale`. */
async function send(query: string, variables: Record<string, unknown>, options: { address?: string; locale?: string } = {}): Promise<Answer> {
  const request = new Request(`${ORIGIN}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(options.locale ? { 'x-shop-locale': options.locale } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  rememberClientAddress(request, options.address);
  const before = storeCalls;
  const response = await gateway.fetch(request);
  return { status: response.status, retryAfterHeader: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'], storeCalls: storeCalls - before };
}

const CONTACT = `mutation Contact($input: ContactFormInput!) { sendContactForm(input: $input) { sent errors { code message } } }`;
const contactForm = (n: number) => ({ firstName: 'Anna', lastName: 'Muster', email: `rate-${n}@example.ch`, subject: 'Frage', comment: `Nachricht ${n}` });
const contactRows = () => shop.db.prepare("SELECT COUNT(*) FROM contact_message WHERE email LIKE 'rate-%'").pluck().get() as number;

describe('gateway rate limits (per client address)', () => {
  it('the contact form: the limit’s messages go through, the next is refused before anything runs, translated, with the wait', async () => {
    for (const n of [1, 2]) {
      const sent = await send(CONTACT, { input: contactForm(n) }, { address: '203.0.113.10' });
      expect(sent.body.data.sendContactForm).toEqual({ sent: true, errors: [] });
    }
    expect(contactRows()).toBe(2);

    const refused = await send(CONTACT, { input: contactForm(3) }, { address: '203.0.113.10' });
    expect(refused.status).toBe(429);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors).toHaveLength(1);
    const error = refused.body.errors![0]!;
    expect(error.extensions?.code).toBe('RATE_LIMITED');
    expect(error.extensions?.retryAfter).toBeGreaterThan(3500);
    expect(error.extensions?.retryAfter).toBeLessThanOrEqual(3600);
    expect(error.extensions?.http).toBeUndefined();
    expect(refused.retryAfterHeader).toBe(String(error.extensions?.retryAfter));
    expect(error.message).toBe('Zu viele Anfragen. Bitte versuchen Sie es in 60 Min. erneut.');
    // nothing changed: no Store API call, no message stored
    expect(refused.storeCalls).toBe(0);
    expect(contactRows()).toBe(2);

    // in the page's language
    const french = await send(CONTACT, { input: contactForm(4) }, { address: '203.0.113.10', locale: 'fr' });
    expect(french.body.errors?.[0]?.message).toBe('Trop de requêtes. Veuillez réessayer dans 60 min.');
    const italian = await send(CONTACT, { input: contactForm(5) }, { address: '203.0.113.10', locale: 'it' });
    expect(italian.body.errors?.[0]?.message).toBe('Troppe richieste. Si prega di riprovare tra 60 min.');
    expect(contactRows()).toBe(2);
  });

  it('another address has its own count; requests without a known address (the server’s own calls) are not limited', async () => {
    const other = await send(CONTACT, { input: contactForm(6) }, { address: '2001:db8::6' });
    expect(other.body.data.sendContactForm.sent).toBe(true);
    for (const n of [7, 8, 9]) {
      const internal = await send(CONTACT, { input: contactForm(n) }, {});
      expect(internal.body.errors).toBeUndefined();
    }
  });

  it('each aliased login counts: three in one request reach the limit of three, a fourth in the next is refused', async () => {
    const login = (alias: string) => `${alias}: login(input: { email: "nobody-rate@example.ch", password: "wrong-password" }) { errors { code } }`;
    const three = await send(`mutation { ${login('a')} ${login('b')} ${login('c')} }`, {}, { address: '198.51.100.3' });
    expect(three.body.errors).toBeUndefined();
    expect(three.body.data.a.errors[0].code).toBe('LOGIN_FAILED');
    const fourth = await send(`mutation { ${login('d')} }`, {}, { address: '198.51.100.3' });
    expect(fourth.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(fourth.storeCalls).toBe(0);
    // the login limit is its own: the same address may still send the contact form
    expect((await send(CONTACT, { input: contactForm(10) }, { address: '198.51.100.3' })).body.data.sendContactForm.sent).toBe(true);
  });

  it('registration counts account registrations, not guest checkouts', async () => {
    const REGISTER = `mutation R($input: RegisterInput!) { register(input: $input) { errors { code field } } }`;
    // empty forms: answered INVALID_INPUT without a Store API call, which is all this needs
    const empty = (guest: boolean) => ({ guest, email: '', firstName: '', lastName: '', acceptedDataProtection: true, billingAddress: { firstName: '', lastName: '', street: '', zipcode: '', city: '', countryId: 'x' } });
    for (let i = 0; i < 3; i += 1) {
      const guest = await send(REGISTER, { input: empty(true) }, { address: '192.0.2.44' });
      expect(guest.body.errors).toBeUndefined();
    }
    const account = await send(REGISTER, { input: empty(false) }, { address: '192.0.2.44' });
    expect(account.body.errors).toBeUndefined();
    const second = await send(REGISTER, { input: empty(false) }, { address: '192.0.2.44' });
    expect(second.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(second.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
  });

  it('the documented limits cover the sensitive mutations the schema has', () => {
    const mutations = Object.keys(gateway.getEnveloped().schema.getMutationType()!.getFields());
    const limited = Object.values(GATEWAY_RATE_LIMITS).flatMap((limit) => limit.fields);
    for (const field of limited) expect(mutations).toContain(field);
    expect(limited).toEqual(
      expect.arrayContaining(['login', 'register', 'requestPasswordRecovery', 'subscribeNewsletter', 'sendContactForm', 'enterContest', 'requestPrescriptionPickup']),
    );
  });
});
