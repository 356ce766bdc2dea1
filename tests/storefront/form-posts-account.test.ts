import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFormPostShop, type ShownAgain } from '../support/formPostShop';
import type { TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';
import { seededLoyaltyCardCode, seededLoyaltyCardNumber } from '../../store-api/src/seed/loyalty-cards';

// The account area's forms without JavaScript (server/forms/account.ts, ADR 0023) with the real gateway over the
// embedded Store API: each runs the enhanced form's own persisted mutation with the shopper's session; a refusal is
// the page again with what was sent (passwords never), success a 303 to the page saying what was saved. The browser
// journeys are in tests/e2e/without-javascript-account.spec.ts.

let shop: TestGateway;
let app: Hono;
let shownAgain: ShownAgain[];

beforeAll(async () => {
  // a copy of the seeded shop of its own: these forms write customers, addresses and wishlists
  ({ shop, app, shownAgain } = await openFormPostShop());
});
afterAll(() => shop?.close());

/** A browser's cookie jar: what the answers set, sent with the next post. */
class Session {
  private readonly cookies = new Map<string, string>();
  keep(answer: Response): Response {
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return answer;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function post(path: string, fields: Record<string, string>, session?: Session, headers: Record<string, string> = {}) {
  shownAgain.length = 0;
  const answer = await app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...(session ? { cookie: session.header } : {}), ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return session ? session.keep(answer) : answer;
}

function readShop<T>(sql: string, ...params: unknown[]): T[] {
  return shop.db.prepare(sql).all(...params) as T[];
}

/** The link of the newest mail of a template to an address (the shop's outbox). */
function mailedLink(email: string, template: string): URL {
  const row = readShop<{ body: string }>('SELECT body_text AS body FROM mail_outbox WHERE recipient = ? AND template = ? ORDER BY created_at DESC, rowid DESC LIMIT 1', email, template)[0];
  const link = /https?:\/\/[^\s<>"]+/.exec(row?.body ?? '')?.[0];
  if (!link) throw new Error(`no ${template} mail with a link to ${email}`);
  return new URL(link);
}

const PASSWORD = 'Konto-12345';
const email = `konto-form-${Date.now()}@example.ch`;
const customer = new Session();
let countryId = '';

const customerRow = () => readShop<Record<string, string | null>>('SELECT * FROM customer WHERE email = ? AND guest = 0', email)[0]!;

describe('the registration mail’s link without JavaScript', () => {
  it('the page’s button confirms: 303 to the account with the session; the same link again is refused as invalid', async () => {
    const { body } = await shop.gql('{ countries { id iso } }');
    countryId = (body.data.countries as Array<{ id: string; iso: string }>).find((country) => country.iso === 'CH')!.id;
    const registered = await shop.gql('mutation ($input: RegisterInput!) { register(input: $input) { errors { code } } }', {
      input: {
        guest: false,
        email,
        password: PASSWORD,
        firstName: 'Lea',
        lastName: 'Konto',
        acceptedDataProtection: true,
        billingAddress: { firstName: 'Lea', lastName: 'Konto', street: 'Marktgasse 5', zipcode: '3011', city: 'Bern', countryId },
      },
    });
    expect(registered.body.data.register.errors).toEqual([]);
    const link = mailedLink(email, 'customer_register.double_opt_in');
    const fields = { _form: 'registration-confirm', em: link.searchParams.get('em')!, hash: link.searchParams.get('hash')! };

    const confirmed = await post(`/fr/registration/confirm${link.search}`, fields, customer);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/fr/account?confirmed=1');
    expect(customerRow()).toMatchObject({ active: 1 });
    expect(customer.header).toContain('sw-context-token=');

    const again = await post(`/fr/registration/confirm${link.search}`, fields);
    expect(again.status).toBe(422);
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}/fr/registration/confirm${link.search}`, method: 'GET' });
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ code: 'LINK_INVALID' })]);
  });
});

describe('the profile’s forms without JavaScript', () => {
  const profile = { _form: 'profile', salutationId: '', title: '', firstName: 'Lea', lastName: 'Konto', birthday: '' };

  it('personal data: a name too short comes back with every value; then saved, 303 to the page saying so', async () => {
    const refused = await post('/fr/account/profile', { ...profile, firstName: 'Li', title: 'Dr.' }, customer);
    expect(refused.status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({
      form: 'profile',
      values: { salutationId: '', title: 'Dr.', firstName: 'Li', lastName: 'Konto', birthday: '' },
      problems: { firstName: 'minLength' },
      errors: [],
    });
    const saved = await post('/fr/account/profile', { ...profile, firstName: 'Leandra', birthday: '1990-04-01' }, customer);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/fr/account/profile?saved=profile');
    expect(customerRow()).toMatchObject({ first_name: 'Leandra', last_name: 'Konto' });
  });

  it('password: the wrong current password is the gateway’s refusal in French, no password anywhere; the right one saves', async () => {
    const fields = { _form: 'change-password', 'changePassword.password': 'Falsch-99999', 'changePassword.newPassword': 'Neues-Pass-1', 'changePassword.newPasswordConfirm': 'Neues-Pass-1' };
    const refused = await post('/fr/account/profile', fields, customer);
    expect(refused.status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ form: 'change-password', values: {}, problems: {} });
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ field: 'password', message: expect.stringMatching(/mot de passe/i) })]);
    expect(JSON.stringify(shownAgain[0]!.formPost)).not.toMatch(/Falsch|Neues/);

    const mismatch = await post('/account/profile', { ...fields, 'changePassword.newPasswordConfirm': 'Neues-Pass-2' }, customer);
    expect(mismatch.status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({ form: 'change-password', values: {}, problems: { 'changePassword.newPasswordConfirm': 'passwordsDiffer' }, errors: [] });

    const saved = await post('/account/profile', { ...fields, 'changePassword.password': PASSWORD }, customer);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/account/profile?saved=password');
    const login = await post('/login', { _form: 'login', email, password: 'Neues-Pass-1' });
    expect(login.headers.get('location')).toBe('/account');
  });

  it('e-mail: two different addresses come back (the password not); a wrong password is refused beside it', async () => {
    const other = `neu-${email}`;
    const fields = { _form: 'change-email', 'changeEmail.email': other, 'changeEmail.emailConfirmation': `x${other}`, 'changeEmail.password': 'Neues-Pass-1' };
    expect((await post('/it/account/profile', fields, customer)).status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({
      form: 'change-email',
      values: { 'changeEmail.email': other, 'changeEmail.emailConfirmation': `x${other}` },
      problems: { 'changeEmail.emailConfirmation': 'emailsDiffer' },
      errors: [],
    });
    expect((await post('/it/account/profile', { ...fields, 'changeEmail.emailConfirmation': other, 'changeEmail.password': 'Falsch-99999' }, customer)).status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ field: 'password' })]);
    expect(customerRow()).toMatchObject({ email });
  });

  it('a form posted without a session goes to the login, and back to the page afterwards', async () => {
    const answer = await post('/account/profile', profile, undefined, { referer: `${ORIGIN}/account/profile` });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/account/profile')}`);
  });
});

describe('the address book without JavaScript', () => {
  const address = {
    'address.salutationId': '',
    'address.company': '',
    'address.firstName': 'Lea',
    'address.lastName': 'Konto',
    'address.street': 'Bahnhofstrasse 1',
    'address.zipcode': '800',
    'address.city': 'Zürich',
    'address.countryId': '',
    'address.phoneNumber': '',
  };
  const addresses = () => readShop<{ id: string; zipcode: string; street: string }>('SELECT id, zipcode, street FROM customer_address WHERE customer_id = ? ORDER BY created_at', customerRow().id);

  it('a new address: the postal code refused with every value kept on the page that opened the form, then saved', async () => {
    const fields = { _form: 'address-create', ...address, 'address.countryId': countryId };
    const refused = await post('/account/address?edit=new', fields, customer);
    expect(refused.status).toBe(422);
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}/account/address?edit=new`, method: 'GET' });
    expect(shownAgain[0]!.formPost).toEqual({ form: 'address-create', values: { ...fields, _form: undefined, addressId: '' }, problems: { 'address.zipcode': 'postalCode' }, errors: [] });
    expect(addresses()).toHaveLength(1);

    const saved = await post('/account/address?edit=new', { ...fields, 'address.zipcode': '8001' }, customer);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/account/address?saved=addressCreated');
    expect(addresses().map((row) => row.zipcode)).toEqual(['3011', '8001']);
  });

  it('changed, made the default shipping address, then the other one deleted; a forged id changes nothing', async () => {
    const [first, added] = addresses();
    const edited = await post(`/it/account/address?edit=${added!.id}`, { _form: 'address-update', ...address, 'address.zipcode': '8002', 'address.countryId': countryId, addressId: added!.id }, customer);
    expect(edited.headers.get('location')).toBe('/it/account/address?saved=addressUpdated');
    expect(addresses()[1]).toMatchObject({ zipcode: '8002' });

    const shipping = await post('/account/address', { _form: 'address-default-shipping', addressId: added!.id }, customer);
    expect(shipping.headers.get('location')).toBe('/account/address?saved=defaultShipping');
    expect(customerRow()).toMatchObject({ default_shipping_address_id: added!.id, default_billing_address_id: first!.id });

    const billing = await post('/account/address', { _form: 'address-default-billing', addressId: added!.id }, customer);
    expect(billing.headers.get('location')).toBe('/account/address?saved=defaultBilling');
    const deleted = await post('/account/address', { _form: 'address-delete', addressId: first!.id }, customer);
    expect(deleted.headers.get('location')).toBe('/account/address?saved=addressDeleted');
    expect(addresses().map((row) => row.id)).toEqual([added!.id]);

    const forged = await post('/account/address', { _form: 'address-delete', addressId: 'x" onmouseover="1' }, customer);
    expect(forged.status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({ form: 'address-delete', values: { addressId: 'x" onmouseover="1' }, problems: { addressId: 'required' }, errors: [] });
    expect(addresses()).toHaveLength(1);
  });
});

describe('the default payment method without JavaScript', () => {
  it('saved from the radio group; none chosen is refused', async () => {
    const { body } = await shop.gql('{ checkout { paymentMethods { id } } }');
    const methods = body.data.checkout.paymentMethods as Array<{ id: string }>;
    const chosen = methods[methods.length - 1]!.id;
    expect((await post('/account/payment', { _form: 'default-payment' }, customer)).status).toBe(422);
    expect(shownAgain[0]!.formPost.problems).toEqual({ paymentMethodId: 'required' });
    const saved = await post('/fr/account/payment', { _form: 'default-payment', paymentMethodId: chosen }, customer);
    expect(saved.headers.get('location')).toBe('/fr/account/payment?saved=payment');
    expect(customerRow()).toMatchObject({ default_payment_method_id: chosen });
  });
});

describe('the VitalCard’s forms without JavaScript', () => {
  /** A seeded card no other test of this file uses. */
  const CARD = 22;
  const holder = () => readShop<{ email: string }>('SELECT c.email FROM loyalty_card l JOIN customer c ON c.id = l.customer_id WHERE l.card_number = ?', seededLoyaltyCardNumber(CARD));

  it('assign: a code of the wrong shape and a wrong code come back with the number only; the right one assigns the card, 303 to the page saying so', async () => {
    const cardNumber = seededLoyaltyCardNumber(CARD);
    const shape = await post('/account/my-vitalcard', { _form: 'loyalty-assign', cardNumber, verificationCode: 'AB-1' }, customer);
    expect(shape.status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({ form: 'loyalty-assign', values: { cardNumber }, problems: { verificationCode: 'shape' }, errors: [] });
    const wrong = await post('/account/my-vitalcard', { _form: 'loyalty-assign', cardNumber, verificationCode: 'ZZZZ-ZZZZ' }, customer);
    expect(wrong.status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ values: { cardNumber }, problems: {}, errors: [expect.objectContaining({ code: 'CARD_NOT_VERIFIED' })] });
    expect(holder()).toEqual([]);
    const assigned = await post('/it/account/my-vitalcard', { _form: 'loyalty-assign', cardNumber, verificationCode: seededLoyaltyCardCode(CARD) }, customer);
    expect(assigned.status).toBe(303);
    expect(assigned.headers.get('location')).toBe('/it/account/my-vitalcard?saved=loyaltyAssigned');
    expect(holder()).toEqual([{ email }]);
  });

  it('apply: a wrong postal code comes back with every value beside its field; without a session: the login', async () => {
    const application = { _form: 'loyalty-apply', 'application.firstName': 'Lea', 'application.lastName': 'Konto', 'application.birthday': '1990-04-01', 'application.email': email, 'application.street': 'Marktgasse 5', 'application.zipcode': '30', 'application.city': 'Bern' };
    const refused = await post('/account/my-vitalcard', application, customer);
    expect(refused.status).toBe(422);
    const { _form, ...values } = application;
    expect(shownAgain[0]!.formPost).toEqual({ form: _form, values, problems: { 'application.zipcode': 'postalCode' }, errors: [] });
    const guest = await post('/account/my-vitalcard', { ...application, 'application.zipcode': '3011' });
    expect(guest.headers.get('location')).toBe('/login?redirect=%2Faccount%2Fmy-vitalcard');
  });
});

describe('the wishlist’s hearts without JavaScript', () => {
  let productId = '';
  const wishlist = () =>
    readShop<{ productId: string }>(
      'SELECT p.product_id AS productId FROM customer_wishlist_product p JOIN customer_wishlist w ON w.id = p.wishlist_id WHERE w.customer_id = ?',
      customerRow().id,
    ).map((row) => row.productId);

  it('a guest’s heart: to the login, and back to the product page afterwards', async () => {
    const { body } = await shop.gql('{ search(term: "Vitamin", limit: 1) { nodes { productId url } } }');
    const [product] = body.data.search.nodes as Array<{ productId: string; url: string }>;
    productId = product!.productId;
    const answer = await post('/wishlist', { _form: 'wishlist-add', productId }, new Session(), { referer: `${ORIGIN}${product!.url}` });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(product!.url)}`);
  });

  it('a customer’s heart: on the list, back to the page it was on (a foreign Referer: the wishlist); removed from the wishlist page', async () => {
    const added = await post('/wishlist', { _form: 'wishlist-add', productId }, customer, { referer: `${ORIGIN}/it/search?search=Vitamin` });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/it/search?search=Vitamin');
    expect(wishlist()).toEqual([productId]);

    const foreign = await post('/fr/wishlist', { _form: 'wishlist-add', productId }, customer, { referer: 'https://evil.example/p/1' });
    expect(foreign.headers.get('location')).toBe('/fr/wishlist');
    expect(wishlist()).toEqual([productId]);

    const removed = await post('/wishlist', { _form: 'wishlist-remove', productId }, customer, { referer: `${ORIGIN}/wishlist` });
    expect(removed.headers.get('location')).toBe('/wishlist');
    expect(wishlist()).toEqual([]);
  });
});

describe('the newsletter’s mailed links without JavaScript', () => {
  it('the confirmation link’s button confirms, its secret then unsubscribes; a used or unknown link is refused', async () => {
    const reader = `leser-konto-${Date.now()}@example.ch`;
    expect((await post('/newsletter-subscribe', { _form: 'newsletter', email: reader })).status).toBe(303);
    const link = mailedLink(reader, 'newsletter.double_opt_in');
    const fields = { em: link.searchParams.get('em')!, hash: link.searchParams.get('hash')! };
    const status = () => readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', reader)[0]!.status;

    const confirmed = await post(`/it/newsletter-subscribe${link.search}`, { _form: 'newsletter-confirm', ...fields });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/it/newsletter-subscribe?subscribed=confirmed');
    expect(status()).toBe('optIn');

    const unsubscribePath = `/fr/newsletter-unsubscribe/${fields.hash}`;
    const unsubscribed = await post(unsubscribePath, { _form: 'newsletter-unsubscribe', hash: fields.hash });
    expect(unsubscribed.status).toBe(303);
    expect(unsubscribed.headers.get('location')).toBe(`${unsubscribePath}?done=1`);
    expect(status()).toBe('optOut');

    const unknown = await post('/newsletter-unsubscribe/unbekannt', { _form: 'newsletter-unsubscribe', hash: 'unbekannt' });
    expect(unknown.status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ code: 'LINK_INVALID' })]);
  });
});

describe('the profile page’s newsletter setting without JavaScript', () => {
  const recipient = () => readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email)[0]?.status ?? null;
  const setting = { email, firstName: 'Leandra', lastName: 'Konto' };

  it('ticked on the subscribe form: subscribed (double opt-in), the page says so; saved as it was: nothing runs; unticked on the unsubscribe form: unsubscribed', async () => {
    const subscribed = await post('/account/profile', { _form: 'newsletter-setting-subscribe', ...setting, newsletter: 'on' }, customer);
    expect(subscribed.status).toBe(303);
    expect(subscribed.headers.get('location')).toMatch(/^\/account\/profile\?saved=newsletter(Pending|Subscribed)$/);
    const afterSubscribe = recipient();
    expect(afterSubscribe).not.toBeNull();

    // the unsubscribe form with its box still ticked: nothing to do, the page again without a message
    const unchanged = await post('/it/account/profile', { _form: 'newsletter-setting-unsubscribe', ...setting, newsletter: 'on' }, customer);
    expect(unchanged.status).toBe(303);
    expect(unchanged.headers.get('location')).toBe('/it/account/profile');
    expect(recipient()).toBe(afterSubscribe);

    const unsubscribed = await post('/fr/account/profile', { _form: 'newsletter-setting-unsubscribe', ...setting }, customer);
    expect(unsubscribed.status).toBe(303);
    expect(unsubscribed.headers.get('location')).toBe('/fr/account/profile?saved=newsletterUnsubscribed');
    expect(recipient()).toBe('optOut');
  });
});
