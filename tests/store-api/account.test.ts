import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash, hashPassword, verifyPassword } from '../../store-api/src/domain/customer';
import { COUNTRY_CH_ID, COUNTRY_LI_ID, LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, address, findProduct, registerGuest, shopper, uniqueEmail, type Shopper } from './checkout-fixtures';

// Accounts as the checkout needs them (issue 5): guest and account registration with double opt-in,
// login/logout with a new context token each time and the cart carried along, addresses, and the rules
// of SPEC §5 enforced by the Store API.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function registerAccount(s: Shopper, email: string, password = 'Sicher-123', extra: Record<string, unknown> = {}) {
  return s.call('POST', '/account/register', {
    body: {
      email,
      password,
      firstName: 'Beat',
      lastName: 'Keller',
      acceptedDataProtection: true,
      storefrontUrl: 'http://shop.test',
      billingAddress: address(),
      ...extra,
    },
  });
}

function confirmationLink(email: string): URL {
  const row = shop.db.prepare("SELECT body_text FROM mail_outbox WHERE recipient = ? AND template = 'customer_register.double_opt_in'").get(email) as
    | { body_text: string }
    | undefined;
  if (!row) throw new Error(`no confirmation mail for ${email}`);
  return new URL(/https?:\/\/\S+/.exec(row.body_text)![0]);
}

describe('passwords', () => {
  it('are scrypt hashes with salt and parameters, verified in constant time', async () => {
    const hash = await hashPassword('Sicher-123');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('Sicher-123');
    expect(await hashPassword('Sicher-123')).not.toBe(hash);
    expect(await verifyPassword('Sicher-123', hash)).toBe(true);
    expect(await verifyPassword('Sicher-124', hash)).toBe(false);
    expect(await verifyPassword('Sicher-123', 'md5$abc')).toBe(false);
  });
});

describe('guest registration', () => {
  it('creates a guest customer who is the session customer at once, with a new context token', async () => {
    const s = shopper(shop.call);
    await s.call('GET', '/context');
    const anonymousToken = s.token;
    const email = uniqueEmail('gast');
    const customer = await registerGuest(s, { email: email.toUpperCase(), salutationId: undefined });
    expect(s.token).toBeTruthy();
    expect(s.token).not.toBe(anonymousToken);
    expect(customer).toMatchObject({ apiAlias: 'customer', guest: true, active: true, email, firstName: 'Anna', lastName: 'Muster' });
    expect(customer.customerNumber).toMatch(/^\d{5,}$/);
    expect(customer.activeBillingAddress).toMatchObject({ street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', firstName: 'Anna' });
    expect(customer.activeShippingAddress.id).toBe(customer.activeBillingAddress.id);
    expect(JSON.stringify(customer)).not.toMatch(/password|scrypt/i);

    const read = await s.call('POST', '/account/customer', { body: {} });
    expect(read.status).toBe(200);
    expect(read.json.id).toBe(customer.id);
    const addresses = await s.call('POST', '/account/list-address', { body: {} });
    expect(addresses.json.elements).toHaveLength(1);
    expect(addresses.json.total).toBe(1);

    // No password, no confirmation mail for guests.
    const row = shop.db.prepare('SELECT password_hash, guest FROM customer WHERE id = ?').get(customer.id) as { password_hash: string | null; guest: number };
    expect(row).toEqual({ password_hash: null, guest: 1 });
    expect(shop.db.prepare('SELECT COUNT(*) FROM mail_outbox WHERE customer_id = ?').pluck().get(customer.id)).toBe(0);
  });

  it('stores a different shipping address as its own address; the same one only once', async () => {
    const s = shopper(shop.call);
    const customer = await registerGuest(s, { shippingAddress: address({ street: 'Seeweg 5', zipcode: '9490', city: 'Vaduz', countryId: COUNTRY_LI_ID }) });
    expect(customer.activeShippingAddress).toMatchObject({ street: 'Seeweg 5', zipcode: '9490', countryId: COUNTRY_LI_ID });
    expect(customer.activeShippingAddress.id).not.toBe(customer.activeBillingAddress.id);
    const same = shopper(shop.call);
    const twin = await registerGuest(same, { shippingAddress: address() });
    expect(twin.activeShippingAddress.id).toBe(twin.activeBillingAddress.id);
  });

  it('may reuse an email that an account already has', async () => {
    const email = uniqueEmail('doppelt');
    expect((await registerAccount(shopper(shop.call), email)).status).toBe(200);
    const guest = await registerGuest(shopper(shop.call), { email });
    expect(guest.guest).toBe(true);
  });
});

describe('registration rules (SPEC §5)', () => {
  it('answers Shopware violations with pointers for missing and malformed fields', async () => {
    const res = await shopper(shop.call).call('POST', '/account/register', {
      body: { email: 'kein-mail', password: 'kurz', firstName: '', billingAddress: { street: '', zipcode: '800', city: 'Bern', countryId: COUNTRY_CH_ID } },
    });
    expect(res.status).toBe(400);
    const byPointer = Object.fromEntries(res.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]));
    expect(byPointer).toMatchObject({
      '/email': 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR',
      '/password': 'VIOLATION::TOO_SHORT_ERROR',
      '/firstName': 'VIOLATION::IS_BLANK_ERROR',
      '/lastName': 'VIOLATION::IS_BLANK_ERROR',
      '/billingAddress/street': 'VIOLATION::IS_BLANK_ERROR',
      '/billingAddress/zipcode': 'VIOLATION::ZIP_CODE_INVALID',
    });
    for (const error of res.json.errors) expect(error).toMatchObject({ status: '400', title: 'Constraint violation error' });
  });

  it('needs a four-digit postal code for Switzerland and Liechtenstein, and a known country', async () => {
    for (const zipcode of ['800', '80011', '80a1']) {
      const res = await shopper(shop.call).call('POST', '/account/register', {
        body: { guest: true, email: uniqueEmail(), firstName: 'Eva', lastName: 'Roth', billingAddress: address({ zipcode }) },
      });
      expect(res.status, zipcode).toBe(400);
      expect(res.json.errors[0].source.pointer).toBe('/billingAddress/zipcode');
    }
    const unknownCountry = await shopper(shop.call).call('POST', '/account/register', {
      body: { guest: true, email: uniqueEmail(), firstName: 'Eva', lastName: 'Roth', billingAddress: address({ countryId: '0123456789abcdef0123456789abcdef' }) },
    });
    expect(unknownCountry.json.errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS', source: { pointer: '/billingAddress/countryId' } });
    const ok = await registerGuest(shopper(shop.call), { billingAddress: address({ zipcode: '9490', countryId: COUNTRY_LI_ID }) });
    expect(ok.activeBillingAddress.zipcode).toBe('9490');
  });

  it('refuses an email an account already uses', async () => {
    const email = uniqueEmail('vergeben');
    expect((await registerAccount(shopper(shop.call), email)).status).toBe(200);
    const again = await registerAccount(shopper(shop.call), email.toUpperCase());
    expect(again.status).toBe(400);
    expect(again.json.errors[0]).toMatchObject({ code: 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', source: { pointer: '/email' } });
  });


  it('refuses a storefront URL of another site, so no mail of the shop links elsewhere; no customer is written', async () => {
    const email = uniqueEmail('phishing');
    const res = await registerAccount(shopper(shop.call), email, 'Sicher-123', { storefrontUrl: 'https://evil.example' });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ code: 'VIOLATION::NO_SUCH_CHOICE_ERROR', source: { pointer: '/storefrontUrl' } });
    expect(shop.db.prepare('SELECT count(*) FROM customer WHERE email = ?').pluck().get(email)).toBe(0);
    expect(shop.db.prepare('SELECT count(*) FROM mail_outbox WHERE recipient = ?').pluck().get(email)).toBe(0);
  });

  it.each(['http://shop.test/?next=x', 'http://shop.test/#top', 'http://user@shop.test'])(
    'refuses the shop origin with a query, fragment or user part (%s), which would break the confirmation link',
    async (storefrontUrl) => {
      const res = await registerAccount(shopper(shop.call), uniqueEmail('link'), 'Sicher-123', { storefrontUrl });
      expect(res.status).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ code: 'VIOLATION::NO_SUCH_CHOICE_ERROR', source: { pointer: '/storefrontUrl' } });
    },
  );
  it('puts the account\'s names into the billing address before validating, as Shopware\'s RegisterRoute: empty billing names are no error', async () => {
    const res = await shopper(shop.call).call('POST', '/account/register', {
      body: { guest: true, email: uniqueEmail('namen'), firstName: 'Eva', lastName: 'Roth', billingAddress: address({ firstName: '', lastName: '' }) },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.activeBillingAddress).toMatchObject({ firstName: 'Eva', lastName: 'Roth' });
    // and the other way round: names given only in the billing address are the account's
    const fromBilling = await shopper(shop.call).call('POST', '/account/register', {
      body: { guest: true, email: uniqueEmail('namen'), billingAddress: address({ firstName: 'Ugo', lastName: 'Bassi' }) },
    });
    expect(fromBilling.status, fromBilling.text).toBe(200);
    expect(fromBilling.json).toMatchObject({ firstName: 'Ugo', lastName: 'Bassi', activeBillingAddress: { firstName: 'Ugo', lastName: 'Bassi' } });
  });

  it('takes as storefront URL only one of the sales channel\'s domain URLs, as Shopware\'s Choice: not a page under it', async () => {
    for (const storefrontUrl of ['http://shop.test/account/login', 'http://shop.test/it/evil', 'http://shop.test/de']) {
      const res = await registerAccount(shopper(shop.call), uniqueEmail('seite'), 'Sicher-123', { storefrontUrl });
      expect(res.status, storefrontUrl).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ code: 'VIOLATION::NO_SUCH_CHOICE_ERROR', source: { pointer: '/storefrontUrl' } });
    }
    const email = uniqueEmail('italiano');
    expect((await registerAccount(shopper(shop.call), email, 'Sicher-123', { storefrontUrl: 'http://shop.test/it/' })).status).toBe(200);
    expect(confirmationLink(email).href).toMatch(/^http:\/\/shop\.test\/it\/registration\/confirm\?em=/);
  });

  it('knows a further storefront origin (STOREFRONT_ORIGINS) as a domain per language: its mail links, its domains in the context', async () => {
    const origins = shop.config.origins;
    shop.config.origins = { ...origins, all: [...origins.all, 'https://m.apotheke.example'] };
    try {
      const email = uniqueEmail('mobil');
      const res = await registerAccount(shopper(shop.call), email, 'Sicher-123', { storefrontUrl: 'https://m.apotheke.example/fr' });
      expect(res.status, res.text).toBe(200);
      expect(confirmationLink(email).href).toMatch(/^https:\/\/m\.apotheke\.example\/fr\/registration\/confirm\?em=/);
      const domains = (await shopper(shop.call).call('GET', '/context')).json.salesChannel.domains as { url: string; languageId: string }[];
      expect(domains.map((d) => [d.url, d.languageId])).toEqual([
        ['http://shop.test', LANGUAGE_ID.de],
        ['http://shop.test/fr', LANGUAGE_ID.fr],
        ['http://shop.test/it', LANGUAGE_ID.it],
        ['https://m.apotheke.example', LANGUAGE_ID.de],
        ['https://m.apotheke.example/fr', LANGUAGE_ID.fr],
        ['https://m.apotheke.example/it', LANGUAGE_ID.it],
      ]);
      expect(new Set(domains.map((d) => (d as unknown as { id: string }).id)).size).toBe(6);
    } finally {
      shop.config.origins = origins;
    }
  });

  it('answers 403 "Registration is not active!" when registration is switched off', async () => {
    shop.config.registrationEnabled = false;
    try {
      const res = await registerGuest(shopper(shop.call)).catch((e: Error) => e);
      expect(String(res)).toContain('403');
      const direct = await shopper(shop.call).call('POST', '/account/register', { body: { guest: true } });
      expect(direct.status).toBe(403);
      expect(direct.json.errors[0]).toMatchObject({ code: 'CHECKOUT__CUSTOMER_REGISTRATION_INACTIVE', detail: 'Registration is not active!' });
    } finally {
      shop.config.registrationEnabled = true;
    }
  });
});

describe('account registration with double opt-in', () => {
  it('waits for the emailed link, then logs in; login before that says the opt-in is open (only to the right password)', async () => {
    const s = shopper(shop.call);
    const email = uniqueEmail('konto');
    const res = await registerAccount(s, email);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ guest: false, active: false, doubleOptInRegistration: true, email });
    // The checkout in progress keeps the new customer (shop rule), so the order can still be placed.
    expect((await s.call('POST', '/account/customer', { body: {} })).json.id).toBe(res.json.id);

    const stored = shop.db.prepare('SELECT password_hash FROM customer WHERE id = ?').pluck().get(res.json.id) as string;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('Sicher-123');

    const early = await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: 'Sicher-123' } });
    const unknown = await shopper(shop.call).call('POST', '/account/login', { body: { username: uniqueEmail('niemand'), password: 'Sicher-123' } });
    const wrong = await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: 'Falsch-123' } });
    // Shopware's AccountService: the right password of an unconfirmed account answers 401 OPTIN_NOT_COMPLETED
    expect(early.status).toBe(401);
    expect(early.json.errors).toEqual([
      {
        status: '401',
        code: 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED',
        title: 'Unauthorized',
        detail: `The customer with the id "${res.json.id}" has not completed the opt-in.`,
        meta: { parameters: { customerId: res.json.id } },
      },
    ]);
    for (const failed of [unknown, wrong]) {
      expect(failed.status).toBe(401);
      expect(failed.json.errors).toEqual([
        { status: '401', code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', title: 'Unauthorized', detail: 'Invalid username and/or password.' },
      ]);
    }

    const link = confirmationLink(email);
    expect(link.origin).toBe('http://shop.test');
    expect(link.searchParams.get('em')).toBe(emailHash(email));
    const browser = shopper(shop.call);
    await browser.call('GET', '/context');
    const before = browser.token;
    const confirmed = await browser.call('POST', '/account/register-confirm', { body: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ id: res.json.id, active: true });
    expect(browser.token).not.toBe(before);
    expect((await browser.call('POST', '/account/customer', { body: {} })).json.email).toBe(email);

    const twice = await shopper(shop.call).call('POST', '/account/register-confirm', { body: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') } });
    expect(twice.status).toBe(412);
    const forged = await shopper(shop.call).call('POST', '/account/register-confirm', { body: { hash: link.searchParams.get('hash'), em: emailHash('x@y.ch') } });
    expect(forged.status).toBe(404);

    const login = shopper(shop.call);
    const ok = await login.call('POST', '/account/login', { body: { username: email.toUpperCase(), password: 'Sicher-123' } });
    expect(ok.status).toBe(200);
    expect(ok.json.redirectUrl).toBeNull();
    expect((await login.call('POST', '/account/customer', { body: {} })).json.id).toBe(res.json.id);
  });

  it('writes the confirmation mail in the shopper’s language, with escaped HTML', async () => {
    const italian = shopper(shop.call, LANGUAGE_ID.it);
    const email = uniqueEmail('italia');
    await registerAccount(italian, email, 'Sicher-123', { firstName: '<b>Gina</b>' });
    const mail = shop.db.prepare('SELECT subject, body_text, body_html, language_id FROM mail_outbox WHERE recipient = ?').get(email) as Record<string, string>;
    expect(mail.language_id).toBe(LANGUAGE_ID.it);
    expect(mail.subject).toBe('Confermate la vostra registrazione');
    expect(mail.body_text).toContain('Buongiorno <b>Gina</b> Keller');
    expect(mail.body_html).toContain('&lt;b&gt;Gina&lt;/b&gt;');
    expect(mail.body_html).not.toContain('<b>Gina');
    expect(mail.body_html).toContain('<html lang="it">');
  });

  it('logs in at once when double opt-in is off', async () => {
    shop.config.registrationDoubleOptIn = false;
    try {
      const email = uniqueEmail('sofort');
      const res = await registerAccount(shopper(shop.call), email);
      expect(res.json).toMatchObject({ active: true, doubleOptInRegistration: false });
      expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: 'Sicher-123' } })).status).toBe(200);
    } finally {
      shop.config.registrationDoubleOptIn = true;
    }
  });
});

describe('login and logout', () => {
  async function activeAccount(): Promise<{ email: string; password: string }> {
    shop.config.registrationDoubleOptIn = false;
    try {
      const email = uniqueEmail('stamm');
      await registerAccount(shopper(shop.call), email);
      return { email, password: 'Sicher-123' };
    } finally {
      shop.config.registrationDoubleOptIn = true;
    }
  }

  it('carries the anonymous cart to the logged-in session and keeps it for the next login after logout', async () => {
    const { email, password } = await activeAccount();
    const s = shopper(shop.call);
    const product = findProduct(shop.db, 'delivery');
    await addProduct(s, product.id, 3);
    const anonymousToken = s.token;

    const login = await s.call('POST', '/account/login', { body: { username: email, password } });
    expect(login.status).toBe(200);
    expect(s.token).not.toBe(anonymousToken);
    const cart = await s.call('GET', '/checkout/cart');
    expect(cart.json.lineItems.map((l: { referencedId: string; quantity: number }) => [l.referencedId, l.quantity])).toEqual([[product.id, 3]]);
    // The old token is an anonymous stranger now: no customer, no cart.
    const old = await shop.call('POST', '/store-api/account/customer', { body: {}, headers: { 'sw-context-token': anonymousToken! } });
    expect(old.status).toBe(403);

    const loggedInToken = s.token;
    const logout = await s.call('POST', '/account/logout');
    expect(logout.status).toBe(200);
    expect(s.token).not.toBe(loggedInToken);
    expect((await s.call('POST', '/account/customer', { body: {} })).status).toBe(403);
    expect((await s.call('GET', '/checkout/cart')).json.lineItems).toEqual([]);
    const stolen = await shop.call('POST', '/store-api/account/customer', { body: {}, headers: { 'sw-context-token': loggedInToken! } });
    expect(stolen.status).toBe(403);

    // Logging in again with an empty cart brings the saved cart back.
    await s.call('POST', '/account/login', { body: { username: email, password } });
    const restored = await s.call('GET', '/checkout/cart');
    expect(restored.json.lineItems.map((l: { referencedId: string }) => l.referencedId)).toEqual([product.id]);
  });

  it('answers 403 for logout and customer without a customer, and violations for an empty login', async () => {
    const s = shopper(shop.call);
    expect((await s.call('POST', '/account/logout')).json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    expect((await s.call('POST', '/account/customer', { body: {} })).status).toBe(403);
    expect((await s.call('POST', '/account/list-address', { body: {} })).status).toBe(403);
    const empty = await s.call('POST', '/account/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual(['/password', '/username']);
  });
});

describe('addresses', () => {
  it('creates and updates the session customer’s addresses; a stranger’s address is not found', async () => {
    const s = shopper(shop.call);
    const customer = await registerGuest(s);
    const created = await s.call('POST', '/account/address', { body: address({ firstName: 'Paul', lastName: 'Meier', street: 'Postgasse 3', zipcode: '3011', city: 'Bern' }) });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ apiAlias: 'customer_address', customerId: customer.id, street: 'Postgasse 3', country: { iso: 'CH' } });
    const patched = await s.call('PATCH', `/account/address/${created.json.id}`, { body: { city: 'Bern-Bümpliz', zipcode: '3018' } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ city: 'Bern-Bümpliz', zipcode: '3018', street: 'Postgasse 3' });
    const invalid = await s.call('PATCH', `/account/address/${created.json.id}`, { body: { zipcode: '30' } });
    expect(invalid.status).toBe(400);

    // Choose it as shipping address of the checkout (PATCH /context checks ownership).
    expect((await s.call('PATCH', '/context', { body: { shippingAddressId: created.json.id } })).status).toBe(200);
    const me = await s.call('POST', '/account/customer', { body: {} });
    expect(me.json.activeShippingAddress.id).toBe(created.json.id);

    const stranger = shopper(shop.call);
    await registerGuest(stranger);
    expect((await stranger.call('PATCH', `/account/address/${created.json.id}`, { body: { city: 'X' } })).status).toBe(404);
    expect((await shopper(shop.call).call('POST', '/account/address', { body: address() })).status).toBe(403);
  });
});
