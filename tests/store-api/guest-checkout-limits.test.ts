import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureAbuseLimits, DEFAULT_ABUSE_LIMITS, readAbuseLimits, type AbuseLimits } from '../../store-api/src/domain/rate-limit';
import { browser } from '../gateway/shop-session';
import { openAccountGateway, type AccountGateway } from '../gateway/account-gateway';
import { openPrivateTestShop } from '../support/shop';
import { loggedInAccount } from './account-session';
import { addProduct, address, choosePayment, findProduct, placeOrder, registerGuest, shopper, uniqueEmail, type Shopper } from './checkout-fixtures';

// Issue 17 item 6: one client placed 1,589 guest orders in 30 s, each mailing a shop-branded confirmation with its own
// name text to any address. Guest registrations and guest orders are limited per client address and per e-mail,
// mails per recipient an hour (domain/rate-limit.ts AbuseLimits; defaults leave `npm run bench`'s 200 checkouts
// from one address room). Tests tighten the limits of the shop's database, as the env settings would at start.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());
afterEach(() => {
  configureAbuseLimits(shop.db, DEFAULT_ABUSE_LIMITS);
  vi.restoreAllMocks();
});

/** Tighter limits for this shop, as its settings would give them when it starts (bound once, app.ts). */
function limit(limits: Partial<AbuseLimits>): void {
  configureAbuseLimits(shop.db, { ...DEFAULT_ABUSE_LIMITS, ...limits });
}

const from = (ip: string) => ({ 'x-shop-client-ip': ip });
const count = (sql: string, ...params: unknown[]) => shop.db.prepare(sql).pluck().get(...params) as number;
const ordersOf = (email: string) => count('SELECT COUNT(*) FROM "order" WHERE email = ?', email);
const orderMails = (email: string) => count("SELECT COUNT(*) FROM mail_outbox WHERE recipient = ? AND template = 'order_confirmation_mail'", email);

async function registerGuestFrom(s: Shopper, ip: string, email: string) {
  return s.call('POST', '/account/register', {
    body: { guest: true, email, firstName: 'Anna', lastName: 'Muster', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
    headers: from(ip),
  });
}

/** Fills the session's cart with one delivery product (invoice) and orders it from `ip`. */
async function orderFrom(s: Shopper, ip: string) {
  await addProduct(s, findProduct(shop.db, 'delivery').id, 1);
  await choosePayment(s, 'invoice');
  return placeOrder(s, { tos: true }, from(ip));
}

describe('guest orders', () => {
  it('per e-mail: over the limit the order is refused with 429, nothing is written and no mail goes out', async () => {
    limit({ checkoutsPerEmail: 2 });
    const s = shopper(shop.call);
    const email = uniqueEmail('flut');
    await registerGuest(s, { email });
    expect((await orderFrom(s, '198.51.100.31')).status).toBe(200);
    expect((await orderFrom(s, '198.51.100.32')).status).toBe(200);
    const refused = await orderFrom(s, '198.51.100.33');
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0]).toMatchObject({ status: '429', code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED' });
    expect(refused.json.errors[0].meta.parameters.seconds).toBeGreaterThan(59 * 60);
    expect(ordersOf(email)).toBe(2);
    expect(orderMails(email)).toBe(2);
  });

  it('per client address: over the limit the order is refused whatever the e-mail; other addresses go on', async () => {
    limit({ guestCheckoutsPerAddress: 3 });
    const ip = '203.0.113.80';
    const emails: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = shopper(shop.call);
      const email = uniqueEmail('adresse');
      emails.push(email);
      await registerGuest(s, { email });
      const res = await orderFrom(s, ip);
      expect(res.status, `order ${i + 1}`).toBe(i < 3 ? 200 : 429);
    }
    expect(ordersOf(emails[3]!)).toBe(0);
    expect(orderMails(emails[3]!)).toBe(0);
    const elsewhere = shopper(shop.call);
    await registerGuest(elsewhere);
    expect((await orderFrom(elsewhere, '203.0.113.81')).status).toBe(200);
  });

  it('a double submit answered by its idempotency key counts once', async () => {
    limit({ checkoutsPerEmail: 1 });
    const s = shopper(shop.call);
    const email = uniqueEmail('doppelt');
    await registerGuest(s, { email });
    await addProduct(s, findProduct(shop.db, 'delivery').id, 1);
    await choosePayment(s, 'invoice');
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([placeOrder(s, { tos: true }, { 'idempotency-key': key }), placeOrder(s, { tos: true }, { 'idempotency-key': key })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json.id).toBe(first.json.id);
  });

  it('customers with an account are not limited by the guest limits', async () => {
    limit({ checkoutsPerEmail: 1, guestCheckoutsPerAddress: 1 });
    const { s } = await loggedInAccount(shop);
    for (let i = 0; i < 2; i++) expect((await orderFrom(s, '203.0.113.82')).status).toBe(200);
  });
});

describe('guest and account registrations', () => {
  it('per client address: guests over the limit get 429 and no customer is written', async () => {
    limit({ guestCheckoutsPerAddress: 2 });
    const ip = '203.0.113.90';
    const answers: number[] = [];
    const emails = [uniqueEmail('g1'), uniqueEmail('g2'), uniqueEmail('g3')];
    for (const email of emails) answers.push((await registerGuestFrom(shopper(shop.call), ip, email)).status);
    expect(answers).toEqual([200, 200, 429]);
    expect(count('SELECT COUNT(*) FROM customer WHERE email = ?', emails[2])).toBe(0);
    expect((await registerGuestFrom(shopper(shop.call), '203.0.113.91', emails[2]!)).status).toBe(200);
  });

  it('per e-mail: the same address cannot be signed up over and over, as guest or account', async () => {
    limit({ checkoutsPerEmail: 2 });
    const email = uniqueEmail('opfer');
    expect((await registerGuestFrom(shopper(shop.call), '198.51.100.41', email)).status).toBe(200);
    expect((await registerGuestFrom(shopper(shop.call), '198.51.100.42', email)).status).toBe(200);
    const third = await registerGuestFrom(shopper(shop.call), '198.51.100.43', email);
    expect(third.status).toBe(429);
    expect(third.json.errors[0].code).toBe('FRAMEWORK__RATE_LIMIT_EXCEEDED');
    const account = await shopper(shop.call).call('POST', '/account/register', {
      body: { email, password: 'Sicher-12345', firstName: 'Anna', lastName: 'Muster', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
      headers: from('198.51.100.44'),
    });
    expect(account.status).toBe(429);
    expect(count('SELECT COUNT(*) FROM customer WHERE email = ?', email)).toBe(2);
    expect(count('SELECT COUNT(*) FROM mail_outbox WHERE recipient = ?', email)).toBe(0);
  });
});

describe('mails per recipient', () => {
  it('over the limit a mail is not written (logged instead) and the order itself still succeeds', async () => {
    limit({ mailsPerRecipient: 2 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { s, email } = await loggedInAccount(shop);
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await orderFrom(s, '203.0.113.95');
      expect(res.status).toBe(200);
      orders.push(res.json.id);
    }
    expect(orders.map((id) => count('SELECT COUNT(*) FROM mail_outbox WHERE order_id = ?', id))).toEqual([1, 1, 0]);
    expect(count('SELECT COUNT(*) FROM mail_outbox WHERE recipient = ?', email)).toBe(2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^store-api: mail order_confirmation_mail to .+ not sent: over 2 mails/));
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(email);
  });

  it('mails to the shop itself (the contact form) are not limited per recipient', async () => {
    limit({ mailsPerRecipient: 1 });
    const s = shopper(shop.call);
    for (let i = 0; i < 2; i++) {
      const res = await s.call('POST', '/contact-form', {
        body: { salutationId: null, firstName: 'Anna', lastName: 'Muster', email: uniqueEmail('kontakt'), subject: 'Frage', comment: 'Eine Frage zu meiner Bestellung.' },
        headers: from(`198.51.100.${120 + i}`),
      });
      expect(res.status, res.text).toBe(200);
    }
    expect(count("SELECT COUNT(*) FROM mail_outbox WHERE template = 'contact_form' AND created_at > ?", new Date(Date.now() - 60_000).toISOString())).toBe(2);
  });
});

describe('the limits’ settings', () => {
  it('default to room for 200 checkouts at once from one address (the bench) and 10 per e-mail and recipient', () => {
    expect(readAbuseLimits({})).toEqual({ guestCheckoutsPerAddress: 300, checkoutsPerEmail: 10, mailsPerRecipient: 10, accountRegistrationsPerAddress: 20 });
    expect(
      readAbuseLimits({ GUEST_CHECKOUTS_PER_ADDRESS_PER_HOUR: '50', CHECKOUTS_PER_EMAIL_PER_HOUR: ' 3 ', MAILS_PER_RECIPIENT_PER_HOUR: '', ACCOUNT_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '500' }),
    ).toEqual({
      guestCheckoutsPerAddress: 50,
      checkoutsPerEmail: 3,
      mailsPerRecipient: 10,
      accountRegistrationsPerAddress: 500,
    });
    expect(() => readAbuseLimits({ MAILS_PER_RECIPIENT_PER_HOUR: '0' })).toThrow(/MAILS_PER_RECIPIENT_PER_HOUR must be a whole number of at least 1/);
    expect(() => readAbuseLimits({ CHECKOUTS_PER_EMAIL_PER_HOUR: 'ten' })).toThrow(/CHECKOUTS_PER_EMAIL_PER_HOUR/);
  });
});

describe('through the gateway', () => {
  let gw: AccountGateway;
  beforeAll(async () => {
    gw = await openAccountGateway();
  });
  afterAll(() => gw?.close());

  const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { viewer { email } errors { code message field } } }`;
  const ADD = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`;
  const PAY = `mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`;
  const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderId } errors { code message field } } }`;
  const guest = (email: string) => ({
    guest: true,
    email,
    firstName: 'Anna',
    lastName: 'Muster',
    acceptedDataProtection: true,
    billingAddress: { firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: gw.switzerlandId },
  });

  it('a refused guest order and guest registration say so in the shopper’s language, with the minutes to wait', async () => {
    configureAbuseLimits(gw.shop.db, { ...DEFAULT_ABUSE_LIMITS, checkoutsPerEmail: 1 });
    try {
      const email = uniqueEmail('gw');
      const shopperSession = browser(gw);
      expect((await shopperSession.gql(REGISTER, { input: guest(email) })).body.data.register.errors).toEqual([]);
      const order = async (locale: string) => {
        await shopperSession.gql(ADD, { input: { productId: findProduct(gw.shop.db, 'delivery').id, quantity: 1 } });
        await shopperSession.gql(PAY, { input: { paymentMethodId: gw.payment.invoice } });
        return (await shopperSession.gql(PLACE, { input: { acceptedTerms: true, idempotencyKey: crypto.randomUUID() } }, { 'x-shop-locale': locale })).body.data.placeOrder;
      };
      expect((await order('de')).errors).toEqual([]);
      const de = await order('de');
      expect(de.order).toBeNull();
      expect(de.errors).toEqual([
        { code: 'TOO_MANY_ORDERS', field: null, message: expect.stringMatching(/^Von dieser Verbindung oder mit dieser E-Mail-Adresse wurden .* in \d+ Min\. erneut\.$/) },
      ]);
      expect((await order('fr')).errors[0].message).toMatch(/^Trop de commandes en tant qu’invité .* dans \d+ min\.$/);
      expect((await order('it')).errors[0].message).toMatch(/^Da questa connessione .* tra \d+ min\.$/);

      const again = await browser(gw).gql(REGISTER, { input: guest(email) }, { 'x-shop-locale': 'it' });
      expect(again.body.data.register.errors).toEqual([{ code: 'TOO_MANY_ORDERS', field: null, message: expect.stringMatching(/^Da questa connessione/) }]);
      expect((gw.shop.db.prepare('SELECT COUNT(*) FROM "order" WHERE email = ?').pluck().get(email) as number)).toBe(1);
    } finally {
      configureAbuseLimits(gw.shop.db, DEFAULT_ABUSE_LIMITS);
    }
  });
});
