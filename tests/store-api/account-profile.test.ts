import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../store-api/src/ids';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { expectStoreApiContract, expectStoreApiSchema } from '../support/contract';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, loggedIn, PASSWORD, violations } from './account-session';
import { address, addProduct, findProduct, registerGuest, shopper, uniqueEmail } from './checkout-fixtures';

// The account area of issue 6 on the real embedded Store API: change-profile, change-email, change-password,
// the default payment method (6.6 route and 6.7 PATCH /context), address removal, and the bad inputs of SPEC §5.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const MRS = stableId('salutation', 'mrs');

describe('change-profile', () => {
  it('changes names, salutation, title and birthday; the customer read shows them', async () => {
    const s = await loggedIn(shop, await activeAccount(shop));
    const res = await s.call('POST', '/account/change-profile', {
      body: { firstName: ' Gina ', lastName: 'Rossi', salutationId: MRS, title: 'Dr.', birthdayDay: 3, birthdayMonth: 5, birthdayYear: 1990 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true });
    const customer = (await s.call('POST', '/account/customer', { body: {} })).json;
    expect(customer).toMatchObject({ firstName: 'Gina', lastName: 'Rossi', salutationId: MRS, title: 'Dr.', birthday: '1990-05-03T00:00:00.000+00:00' });
    expect(customer.salutation).toMatchObject({ salutationKey: 'mrs' });

    // Without birthday fields the birthday stays; empty ones clear it.
    await s.call('POST', '/account/change-profile', { body: { firstName: 'Gina', lastName: 'Rossi-Keller' } });
    expect((await s.call('POST', '/account/customer', { body: {} })).json).toMatchObject({ lastName: 'Rossi-Keller', birthday: '1990-05-03T00:00:00.000+00:00', title: 'Dr.' });
    await s.call('POST', '/account/change-profile', { body: { firstName: 'Gina', lastName: 'Rossi', birthdayDay: '', birthdayMonth: '', birthdayYear: '' } });
    expect((await s.call('POST', '/account/customer', { body: {} })).json.birthday).toBeNull();
  });

  it('refuses blank or too long names and impossible birthdays; guests and strangers get 403', async () => {
    const s = await loggedIn(shop, await activeAccount(shop));
    const bad = await s.call('POST', '/account/change-profile', { body: { firstName: ' ', lastName: 'x'.repeat(256), birthdayDay: 31, birthdayMonth: 2, birthdayYear: 1990 } });
    expect(bad.status).toBe(400);
    expect(violations(bad.json)).toEqual(['/birthdayDay VIOLATION::INVALID_DATE_ERROR', '/firstName VIOLATION::IS_BLANK_ERROR', '/lastName VIOLATION::TOO_LONG_ERROR']);
    const future = await s.call('POST', '/account/change-profile', { body: { firstName: 'A', lastName: 'B', birthdayDay: 1, birthdayMonth: 1, birthdayYear: new Date().getFullYear() + 1 } });
    expect(violations(future.json)).toEqual(['/birthdayDay VIOLATION::INVALID_DATE_ERROR']);

    const guest = shopper(shop.call);
    await registerGuest(guest);
    const asGuest = await guest.call('POST', '/account/change-profile', { body: { firstName: 'A', lastName: 'B' } });
    expect(asGuest.status).toBe(403);
    expect(asGuest.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    expect((await shopper(shop.call).call('POST', '/account/change-profile', { body: { firstName: 'A', lastName: 'B' } })).status).toBe(403);
  });
});

describe('change-email', () => {
  it('changes the login email after the password check', async () => {
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    const next = uniqueEmail('neu');
    const res = await s.call('POST', '/account/change-email', { body: { email: next.toUpperCase(), emailConfirmation: next, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect((await s.call('POST', '/account/customer', { body: {} })).json.email).toBe(next);
    expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: PASSWORD } })).status).toBe(401);
    expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: next, password: PASSWORD } })).status).toBe(200);
  });

  it('answers violations for a wrong password, a different confirmation, an email in use and a malformed one', async () => {
    const taken = await activeAccount(shop);
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    const res = await s.call('POST', '/account/change-email', { body: { email: taken, emailConfirmation: 'other@example.ch', password: 'Falsch-999' } });
    expect(res.status).toBe(400);
    expect(violations(res.json)).toEqual([
      '/email VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE',
      '/emailConfirmation VIOLATION::EQUAL_TO_ERROR',
      '/password VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT',
    ]);
    const malformed = await s.call('POST', '/account/change-email', { body: { email: 'nicht-gültig', emailConfirmation: 'nicht-gültig', password: PASSWORD } });
    expect(violations(malformed.json)).toEqual(['/email VIOLATION::INVALID_EMAIL_FORMAT_ERROR']);
    expect((await s.call('POST', '/account/customer', { body: {} })).json.email).toBe(email);
  });
});

describe('change-password', () => {
  it('sets the new password, gives the session a new token that stays logged in and logs the other sessions out', async () => {
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    const other = await loggedIn(shop, email);
    const product = findProduct(shop.db, 'delivery');
    await addProduct(s, product.id, 2);
    const before = s.token;

    const res = await s.call('POST', '/account/change-password', { body: { password: PASSWORD, newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' } });
    expect(res.status).toBe(200);
    expect(s.token).not.toBe(before);
    expect((await s.call('POST', '/account/customer', { body: {} })).json.email).toBe(email);
    expect((await s.call('GET', '/checkout/cart')).json.lineItems.map((l: { referencedId: string }) => l.referencedId)).toEqual([product.id]);
    // The token from before the change and the other session are no longer logged in.
    expect((await shop.call('POST', '/store-api/account/customer', { body: {}, headers: { 'sw-context-token': before! } })).status).toBe(403);
    expect((await other.call('POST', '/account/customer', { body: {} })).status).toBe(403);

    expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: PASSWORD } })).status).toBe(401);
    expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: 'Neu-Sicher-456' } })).status).toBe(200);
    const stored = shop.db.prepare('SELECT password_hash FROM customer WHERE email = ?').pluck().get(email) as string;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('Neu-Sicher-456');
  });

  it('refuses a wrong current password, a short new one and confirmations that do not match', async () => {
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    const wrong = await s.call('POST', '/account/change-password', { body: { password: 'Falsch-999', newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' } });
    expect(wrong.status).toBe(400);
    expect(violations(wrong.json)).toEqual(['/password VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT']);
    const mismatch = await s.call('POST', '/account/change-password', { body: { password: PASSWORD, newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-457' } });
    expect(violations(mismatch.json)).toEqual(['/newPasswordConfirm VIOLATION::EQUAL_TO_ERROR']);
    const short = await s.call('POST', '/account/change-password', { body: { password: PASSWORD, newPassword: 'kurz', newPasswordConfirm: 'kurz' } });
    expect(violations(short.json)).toEqual(['/newPassword VIOLATION::TOO_SHORT_ERROR']);
    // Nothing changed.
    expect((await shopper(shop.call).call('POST', '/account/login', { body: { username: email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('default payment method', () => {
  it('change-payment-method stores the default; the next login starts with it', async () => {
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    const res = await s.call('POST', `/account/change-payment-method/${PAYMENT_METHOD_ID.twint}`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true });
    expect((await s.call('GET', '/context')).json.paymentMethod.id).toBe(PAYMENT_METHOD_ID.twint);
    expect((await s.call('POST', '/account/customer', { body: {} })).json).toMatchObject({ defaultPaymentMethodId: PAYMENT_METHOD_ID.twint });

    const next = await loggedIn(shop, email);
    expect((await next.call('GET', '/context')).json.paymentMethod.id).toBe(PAYMENT_METHOD_ID.twint);

    const unknown = await s.call('POST', `/account/change-payment-method/${'f'.repeat(32)}`, { body: {} });
    expect(unknown.status).toBe(400);
    expect(violations(unknown.json)).toEqual(['/paymentMethodId VIOLATION::ENTITY_DOES_NOT_EXISTS']);
    expect((await shopper(shop.call).call('POST', `/account/change-payment-method/${PAYMENT_METHOD_ID.twint}`, { body: {} })).status).toBe(403);
  });

  it('PATCH /context with a payment method stores it as a logged-in customer’s default (the 6.7 way)', async () => {
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    expect((await s.call('PATCH', '/context', { body: { paymentMethodId: PAYMENT_METHOD_ID.paypal } })).status).toBe(200);
    expect((await s.call('POST', '/account/customer', { body: {} })).json.defaultPaymentMethodId).toBe(PAYMENT_METHOD_ID.paypal);
    // An anonymous session's choice is its own.
    const anonymous = shopper(shop.call);
    expect((await anonymous.call('PATCH', '/context', { body: { paymentMethodId: PAYMENT_METHOD_ID.twint } })).status).toBe(200);
    expect((await s.call('POST', '/account/customer', { body: {} })).json.defaultPaymentMethodId).toBe(PAYMENT_METHOD_ID.paypal);
  });
});

describe('addresses', () => {
  it('deletes an address that is neither default nor active; refuses defaults, active ones and strangers’', async () => {
    const s = await loggedIn(shop, await activeAccount(shop));
    const customer = (await s.call('POST', '/account/customer', { body: {} })).json;
    const extra = (await s.call('POST', '/account/address', { body: address({ firstName: 'Paul', lastName: 'Meier', street: 'Postgasse 3', zipcode: '3011', city: 'Bern' }) })).json;
    const third = (await s.call('POST', '/account/address', { body: address({ firstName: 'Eva', lastName: 'Meier', street: 'Marktgasse 1', zipcode: '3011', city: 'Bern' }) })).json;

    const isDefault = await s.call('DELETE', `/account/address/${customer.defaultBillingAddressId}`);
    expect(isDefault.status).toBe(400);
    expect(isDefault.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT');

    // Chosen for this session's order: active.
    expect((await s.call('PATCH', '/context', { body: { shippingAddressId: third.id } })).status).toBe(200);
    const isActive = await s.call('DELETE', `/account/address/${third.id}`);
    expect(isActive.status).toBe(400);
    expect(isActive.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE');

    const stranger = await loggedIn(shop, await activeAccount(shop));
    expect((await stranger.call('DELETE', `/account/address/${extra.id}`)).status).toBe(404);

    const deleted = await s.call('DELETE', `/account/address/${extra.id}`);
    expect(deleted.status).toBe(204);
    const list = (await s.call('POST', '/account/list-address', { body: {} })).json;
    expect(list.elements.map((a: { id: string }) => a.id).sort()).toEqual([customer.defaultBillingAddressId, third.id].sort());
    expect((await s.call('DELETE', `/account/address/${extra.id}`)).status).toBe(404);
  });

  it('refuses a Swiss postal code of 3 characters when an address is created', async () => {
    const s = await loggedIn(shop, await activeAccount(shop));
    const res = await s.call('POST', '/account/address', { body: address({ firstName: 'Paul', lastName: 'Meier', zipcode: '800' }) });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(['/zipcode']);
  });
});

describe('registration', () => {
  it('refuses a second registration with the same email (any case)', async () => {
    const email = await activeAccount(shop);
    const again = await shopper(shop.call).call('POST', '/account/register', {
      body: { email: email.toUpperCase(), password: PASSWORD, firstName: 'Zweit', lastName: 'Konto', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    expect(again.status).toBe(400);
    expect(violations(again.json)).toEqual(['/email VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE']);
    expect(shop.db.prepare('SELECT COUNT(*) FROM customer WHERE email = ? COLLATE NOCASE AND guest = 0').pluck().get(email)).toBe(1);
  });
});

describe('Shopware shapes', () => {
  it('change-profile, change-email, change-password, recovery, address delete and the customer with a birthday match the schema', async () => {
    const email = await activeAccount(shop);
    const s = await loggedIn(shop, email);
    const call = async (method: string, template: string, path: string, body?: unknown, status = 200) => {
      const res = await s.call(method, path, { body });
      expect(res.status, `${method} ${path} → ${res.text.slice(0, 300)}`).toBe(status);
      expectStoreApiContract(method, template, res.status, res.json);
      return res.json;
    };
    await call('POST', '/account/change-profile', '/account/change-profile', { firstName: 'Lea', lastName: 'Frei', birthdayDay: 9, birthdayMonth: 12, birthdayYear: 1985 });
    expectStoreApiSchema('Customer', await call('POST', '/account/customer', '/account/customer', {}));
    const next = uniqueEmail('vertrag');
    await call('POST', '/account/change-email', '/account/change-email', { email: next, emailConfirmation: next, password: PASSWORD });
    await call('POST', '/account/change-password', '/account/change-password', { password: PASSWORD, newPassword: 'Neu-Sicher-456', newPasswordConfirm: 'Neu-Sicher-456' });
    await call('POST', '/account/recovery-password', '/account/recovery-password', { email: next, storefrontUrl: 'http://shop.test' });
    const extra = await call('POST', '/account/address', '/account/address', address({ firstName: 'Tom', lastName: 'Frei', street: 'Gasse 2' }));
    const deleted = await s.call('DELETE', `/account/address/${extra.id}`);
    expect(deleted.status).toBe(204);
    expectStoreApiContract('DELETE', '/account/address/{addressId}', 204, deleted.json);
    // Errors answer Shopware's failure envelope.
    const wrong = await s.call('POST', '/account/change-password', { body: { password: 'x', newPassword: 'y', newPasswordConfirm: 'z' } });
    expectStoreApiSchema('failure', wrong.json);
  });
});
