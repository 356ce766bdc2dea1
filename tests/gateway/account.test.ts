import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  LOGIN,
  LOGOUT,
  ORIGIN,
  linkOf,
  mailsTo,
  openAccountGateway,
  PASSWORD,
  REGISTER,
  registeredCustomer,
  swissAddress,
  uniqueEmail,
  CONFIRM,
  type AccountGateway,
  type Browser,
} from './account-gateway';
import { testProducts, type TestProducts } from './shop-session';

// Issue 6 items 3 and 6: the account area through the gateway over the real embedded Store API (a private copy
// of the seeded shop): registration with its mail link, profile, email, password, password recovery, addresses,
// default payment method, preferred pharmacy and the order list — each with its bad inputs, answered as data in
// the shopper's language, and nothing sent upstream when the input is already wrong.

let gw: AccountGateway;
let products: TestProducts;

beforeAll(async () => {
  gw = await openAccountGateway();
  products = await testProducts();
});
afterAll(() => gw?.close());

const ERRORS = 'errors { code message field }';
const VIEWER = `{ viewer { email firstName lastName title birthday customerNumber loggedIn defaultPaymentMethod { technicalName }
  defaultBillingAddress { id zipcode } defaultShippingAddress { id zipcode } addresses { id street zipcode city } preferredPharmacy { pharmacyId name } } }`;
const CHANGE_PROFILE = `mutation ($input: ChangeProfileInput!) { changeProfile(input: $input) { viewer { firstName lastName title birthday } ${ERRORS} } }`;
const CHANGE_EMAIL = `mutation ($input: ChangeEmailInput!) { changeEmail(input: $input) { viewer { email } ${ERRORS} } }`;
const CHANGE_PASSWORD = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { ${ERRORS} } }`;
const RECOVER = `mutation ($input: RequestPasswordRecoveryInput!) { requestPasswordRecovery(input: $input) { done ${ERRORS} } }`;
const RESET = `mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { done ${ERRORS} } }`;
const LINK_VALID = `query ($hash: String!) { recoveryLinkValid(hash: $hash) }`;
const CREATE_ADDRESS = `mutation ($input: AddressInput!) { createAddress(input: $input) { address { id street zipcode } ${ERRORS} } }`;
const UPDATE_ADDRESS = `mutation ($input: UpdateAddressInput!) { updateAddress(input: $input) { address { id street zipcode } ${ERRORS} } }`;
const DELETE_ADDRESS = `mutation ($input: DeleteAddressInput!) { deleteAddress(input: $input) { viewer { addresses { id } } ${ERRORS} } }`;
const SET_DEFAULT = `mutation ($input: SetDefaultAddressInput!) { setDefaultAddress(input: $input) { viewer { defaultBillingAddress { id } defaultShippingAddress { id } } address { id } ${ERRORS} } }`;
const SET_PAYMENT = `mutation ($input: SetPaymentMethodInput!) { setDefaultPaymentMethod(input: $input) { viewer { defaultPaymentMethod { technicalName } } ${ERRORS} } }`;
const SET_PHARMACY = `mutation ($input: SelectPharmacyInput!) { setPreferredPharmacy(input: $input) { viewer { preferredPharmacy { pharmacyId } } ${ERRORS} } }`;
const ORDERS = `query ($first: Int, $after: String) { viewer { orders(first: $first, after: $after) { totalCount
  pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { orderId orderNumber orderDate lineItems { label quantity } documents { id type number url } downloads { id url available } } } } } }`;

/** Calls of a request beyond reading the session (GET /context, which every request may make). */
function writes(result: { storeCalls: number }, before: number): string[] {
  return gw.calls.slice(before).filter((call) => !call.path.endsWith('/context')).map((call) => `${call.method} ${call.path.replace(/^\/store-api/, '')}`);
}

describe('registration', () => {
  it('registers, confirms from the mail’s link in the page’s language, and is logged in; the link then is used up', async () => {
    const email = uniqueEmail('neu');
    const shopper = browser(gw);
    const registered = await shopper.gql(
      REGISTER,
      { input: { guest: false, email, password: PASSWORD, firstName: 'Lea', lastName: 'Rossi', billingAddress: swissAddress(gw), acceptedDataProtection: true } },
      { 'x-shop-locale': 'it' },
    );
    expect(registered.body.data.register).toMatchObject({ viewer: { email, active: false, loggedIn: false }, errors: [] });
    const link = linkOf(gw, email, 'customer_register.double_opt_in');
    // the mail's link opens the Italian pages
    expect(link.href.startsWith(`${ORIGIN}/it/`)).toBe(true);

    const confirmed = await shopper.gql(CONFIRM, { input: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') } });
    expect(confirmed.body.data.confirmRegistration).toEqual({ viewer: { email, active: true, loggedIn: true }, errors: [] });
    const viewer = await shopper.gql('{ viewer { email loggedIn customerNumber } }');
    expect(viewer.body.data.viewer).toMatchObject({ email, loggedIn: true });
    expect(viewer.body.data.viewer.customerNumber).not.toBe('');

    const again = await browser(gw).gql(CONFIRM, { input: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') } });
    expect(again.body.data.confirmRegistration.errors).toEqual([{ code: 'LINK_INVALID', field: null, message: 'Der Link ist ungültig oder abgelaufen.' }]);
    expect(again.body.data.confirmRegistration.viewer).toBeNull();
  });

  it('a malformed link answers INVALID_INPUT without a Store API call; the same email twice EMAIL_IN_USE', async () => {
    const before = gw.calls.length;
    const bad = await browser(gw).gql(CONFIRM, { input: { hash: 'a b<script>', em: '' } });
    expect(bad.body.data.confirmRegistration.errors.map((e: { field: string }) => e.field).sort()).toEqual(['em', 'hash']);
    expect(writes(bad, before)).toEqual([]);

    const { email } = await registeredCustomer(gw);
    const second = await browser(gw).gql(REGISTER, {
      input: { guest: false, email, password: PASSWORD, firstName: 'Anna', lastName: 'Muster', billingAddress: swissAddress(gw), acceptedDataProtection: true },
    });
    expect(second.body.data.register.errors).toEqual([{ code: 'EMAIL_IN_USE', field: 'email', message: 'Diese E-Mail-Adresse wird bereits verwendet.' }]);
  });

  it('a wrong password answers the SPEC’s text; too many attempts answer TOO_MANY_ATTEMPTS with the wait', async () => {
    const { email } = await registeredCustomer(gw);
    const wrong = await browser(gw).gql(LOGIN, { input: { email, password: 'falsch-12345' } });
    expect(wrong.body.data.login.errors).toEqual([{ code: 'LOGIN_FAILED', field: null, message: 'Ungültiger Benutzername oder Passwort' }]);
    let last: { code: string; message: string }[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      last = (await browser(gw).gql(LOGIN, { input: { email, password: 'falsch-12345' } })).body.data.login.errors;
    }
    expect(last).toHaveLength(1);
    expect(last[0]!.code).toBe('TOO_MANY_ATTEMPTS');
    expect(last[0]!.message).toMatch(/^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/);
    const french = await browser(gw).gql(LOGIN, { input: { email, password: PASSWORD } }, { 'x-shop-locale': 'fr' });
    expect(french.body.data.login.errors[0].message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ secondes\.$/);
  });
});

describe('login before the registration is confirmed (issue 21 item 7)', () => {
  const RESEND = `mutation ($input: ResendRegistrationConfirmationInput!) { resendRegistrationConfirmation(input: $input) { done ${ERRORS} } }`;

  it('the right password says to confirm the e-mail first (de/it/fr); the link is mailed again, the same one; a stranger’s address gets the same answer', async () => {
    const email = uniqueEmail('unbestaetigt');
    const shopper = browser(gw);
    await shopper.gql(REGISTER, { input: { guest: false, email, password: PASSWORD, firstName: 'Lea', lastName: 'Rossi', billingAddress: swissAddress(gw), acceptedDataProtection: true } });
    const first = linkOf(gw, email, 'customer_register.double_opt_in');

    const texts = {
      de: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Öffnen Sie dazu den Link in der E-Mail, die wir Ihnen nach der Registrierung gesendet haben.',
      it: 'Si prega di confermare prima il vostro indirizzo e-mail, aprendo il link nell’e-mail che vi abbiamo inviato dopo la registrazione.',
      fr: 'Veuillez d’abord confirmer votre adresse e-mail en ouvrant le lien de l’e-mail que nous vous avons envoyé après l’inscription.',
    };
    for (const [locale, message] of Object.entries(texts)) {
      const login = await browser(gw).gql(LOGIN, { input: { email, password: PASSWORD } }, { 'x-shop-locale': locale });
      expect(login.body.data.login).toEqual({ viewer: null, errors: [{ code: 'ACCOUNT_NOT_CONFIRMED', field: null, message }] });
    }
    // a wrong password still says only that the credentials are wrong
    const wrong = await browser(gw).gql(LOGIN, { input: { email, password: 'Falsch-12345' } });
    expect(wrong.body.data.login.errors[0].code).toBe('LOGIN_FAILED');

    const resent = await browser(gw).gql(RESEND, { input: { email } });
    expect(resent.body.data.resendRegistrationConfirmation).toEqual({ done: true, errors: [] });
    expect(mailsTo(gw, email, 'customer_register.double_opt_in')).toHaveLength(2);
    expect(linkOf(gw, email, 'customer_register.double_opt_in').href).toBe(first.href);

    const stranger = uniqueEmail('fremd');
    expect((await browser(gw).gql(RESEND, { input: { email: stranger } })).body.data.resendRegistrationConfirmation).toEqual({ done: true, errors: [] });
    expect(mailsTo(gw, stranger)).toEqual([]);
    const before = gw.calls.length;
    const bad = await browser(gw).gql(RESEND, { input: { email: 'kein-mail' } });
    expect(bad.body.data.resendRegistrationConfirmation.errors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'email' });
    expect(writes(bad, before)).toEqual([]);

    // once confirmed, the same login works
    await browser(gw).gql(CONFIRM, { input: { hash: first.searchParams.get('hash'), em: first.searchParams.get('em') } });
    expect((await browser(gw).gql(LOGIN, { input: { email, password: PASSWORD } })).body.data.login).toEqual({ viewer: { email, loggedIn: true }, errors: [] });
  });
});

describe('profile, email and password', () => {
  let shopper: Browser;
  let email: string;
  beforeAll(async () => {
    ({ shopper, email } = await registeredCustomer(gw));
  });

  it('changes the personal data; a bad birthday or a blank name is refused beside the field before any call', async () => {
    const changed = await shopper.gql(CHANGE_PROFILE, { input: { firstName: 'Annina', lastName: 'Meier', title: 'Dr.', birthday: '1985-04-30' } });
    expect(changed.body.data.changeProfile).toEqual({ viewer: { firstName: 'Annina', lastName: 'Meier', title: 'Dr.', birthday: '1985-04-30' }, errors: [] });

    const before = gw.calls.length;
    const bad = await shopper.gql(`mutation ($input: ChangeProfileInput!) { changeProfile(input: $input) { ${ERRORS} } }`, {
      input: { firstName: ' ', lastName: 'Meier', birthday: '1985-02-30' },
    });
    expect(bad.body.data.changeProfile.errors).toEqual([
      { code: 'INVALID_INPUT', field: 'firstName', message: 'Vorname - Der Wert ist erforderlich' },
      { code: 'INVALID_INPUT', field: 'birthday', message: 'Geburtsdatum - Bitte geben Sie ein gültiges Datum ein (JJJJ-MM-TT)' },
    ]);
    expect(writes(bad, before)).toEqual([]);
  });

  it('changes the password: mismatch before any call, a wrong current password WRONG_PASSWORD, then the new one logs in', async () => {
    let before = gw.calls.length;
    const mismatch = await shopper.gql(CHANGE_PASSWORD, { input: { password: PASSWORD, newPassword: 'Neues-Passwort-1', newPasswordConfirm: 'Neues-Passwort-2' } });
    expect(mismatch.body.data.changePassword.errors).toEqual([
      { code: 'PASSWORDS_DO_NOT_MATCH', field: 'newPasswordConfirm', message: 'Die Passwörter stimmen nicht überein' },
    ]);
    expect(writes(mismatch, before)).toEqual([]);

    // a copy of the browser: its language cookie stays its own
    const italian = await browser(gw, { ...shopper.cookies }).gql(CHANGE_PASSWORD, { input: { password: PASSWORD, newPassword: 'Neues-Passwort-1', newPasswordConfirm: 'x' } }, { 'x-shop-locale': 'it' });
    expect(italian.body.data.changePassword.errors[0].message).toBe('Le password non corrispondono');

    before = gw.calls.length;
    const wrong = await shopper.gql(CHANGE_PASSWORD, { input: { password: 'Falsch-12345', newPassword: 'Neues-Passwort-1', newPasswordConfirm: 'Neues-Passwort-1' } });
    expect(wrong.body.data.changePassword.errors).toEqual([{ code: 'WRONG_PASSWORD', field: 'password', message: 'Das aktuelle Passwort ist falsch.' }]);
    expect(writes(wrong, before)).toEqual(['POST /account/change-password']);

    const short = await shopper.gql(CHANGE_PASSWORD, { input: { password: PASSWORD, newPassword: 'kurz', newPasswordConfirm: 'kurz' } });
    expect(short.body.data.changePassword.errors).toEqual([{ code: 'INVALID_INPUT', field: 'newPassword', message: 'Neues Passwort - Der Wert ist zu kurz (mindestens 8 Zeichen)' }]);

    const changed = await shopper.gql(CHANGE_PASSWORD, { input: { password: PASSWORD, newPassword: 'Neues-Passwort-1', newPasswordConfirm: 'Neues-Passwort-1' } });
    expect(changed.body.data.changePassword.errors).toEqual([]);
    // the session stays logged in
    expect((await shopper.gql('{ viewer { loggedIn } }')).body.data.viewer).toEqual({ loggedIn: true });
    expect((await browser(gw).gql(LOGIN, { input: { email, password: PASSWORD } })).body.data.login.errors[0].code).toBe('LOGIN_FAILED');
    expect((await browser(gw).gql(LOGIN, { input: { email, password: 'Neues-Passwort-1' } })).body.data.login.errors).toEqual([]);
    // the remaining tests of this block log in with the old one again
    await shopper.gql(CHANGE_PASSWORD, { input: { password: 'Neues-Passwort-1', newPassword: PASSWORD, newPasswordConfirm: PASSWORD } });
  });

  it('changes the email with the password; a different confirmation, a wrong password and a used address are refused', async () => {
    const before = gw.calls.length;
    const different = await shopper.gql(CHANGE_EMAIL, { input: { email: 'a@example.ch', emailConfirmation: 'b@example.ch', password: PASSWORD } });
    expect(different.body.data.changeEmail.errors).toEqual([
      { code: 'INVALID_INPUT', field: 'emailConfirmation', message: 'E-Mail-Bestätigung - Die Werte stimmen nicht überein' },
    ]);
    expect(writes(different, before)).toEqual([]);

    const fresh = uniqueEmail('neue-adresse');
    const wrong = await shopper.gql(CHANGE_EMAIL, { input: { email: fresh, emailConfirmation: fresh, password: 'Falsch-12345' } });
    expect(wrong.body.data.changeEmail.errors).toEqual([{ code: 'WRONG_PASSWORD', field: 'password', message: 'Das aktuelle Passwort ist falsch.' }]);

    const { email: taken } = await registeredCustomer(gw);
    const used = await shopper.gql(CHANGE_EMAIL, { input: { email: taken, emailConfirmation: taken, password: PASSWORD } });
    expect(used.body.data.changeEmail.errors).toEqual([{ code: 'EMAIL_IN_USE', field: 'email', message: 'Diese E-Mail-Adresse wird bereits verwendet.' }]);

    const changed = await shopper.gql(CHANGE_EMAIL, { input: { email: fresh, emailConfirmation: fresh, password: PASSWORD } });
    expect(changed.body.data.changeEmail).toEqual({ viewer: { email: fresh }, errors: [] });
    email = fresh;
    expect((await browser(gw).gql(LOGIN, { input: { email, password: PASSWORD } })).body.data.login.errors).toEqual([]);
  });

  it('a logged-out session cannot change anything (NOT_LOGGED_IN) and has no viewer', async () => {
    const anonymous = browser(gw);
    expect((await anonymous.gql('{ viewer { email } }')).body.data.viewer).toBeNull();
    const result = await anonymous.gql(CHANGE_PROFILE, { input: { firstName: 'Anna', lastName: 'Muster' } });
    expect(result.body.data.changeProfile).toEqual({
      viewer: null,
      errors: [{ code: 'NOT_LOGGED_IN', field: null, message: 'Bitte melden Sie sich an oder bestellen Sie als Gast.' }],
    });
  });
});

describe('password recovery', () => {
  it('no account for the email: CUSTOMER_NOT_FOUND beside the field; a bad email is refused before any call', async () => {
    const unknown = await browser(gw).gql(RECOVER, { input: { email: uniqueEmail('niemand') } });
    expect(unknown.body.data.requestPasswordRecovery).toEqual({
      done: false,
      errors: [{ code: 'CUSTOMER_NOT_FOUND', field: 'email', message: 'Zu dieser E-Mail-Adresse wurde kein Kunde gefunden.' }],
    });
    const before = gw.calls.length;
    const bad = await browser(gw).gql(RECOVER, { input: { email: 'kein-mail' } });
    expect(bad.body.data.requestPasswordRecovery.errors).toEqual([{ code: 'INVALID_INPUT', field: 'email', message: 'E-Mail - Bitte geben Sie eine gültige E-Mail-Adresse ein' }]);
    expect(writes(bad, before)).toEqual([]);
  });

  it('mails a link in the page’s language; the link sets a new password once; reused or expired it is LINK_INVALID', async () => {
    const { email } = await registeredCustomer(gw);
    const requested = await browser(gw).gql(RECOVER, { input: { email } }, { 'x-shop-locale': 'fr' });
    expect(requested.body.data.requestPasswordRecovery).toEqual({ done: true, errors: [] });
    const link = linkOf(gw, email, 'customer.recovery.request');
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/fr/account/recover`);
    const hash = link.searchParams.get('hash')!;
    expect((await browser(gw).gql(LINK_VALID, { hash })).body.data.recoveryLinkValid).toBe(true);

    const before = gw.calls.length;
    const mismatch = await browser(gw).gql(RESET, { input: { hash, newPassword: 'Vergessen-123', newPasswordConfirm: 'Vergessen-124' } });
    expect(mismatch.body.data.resetPassword.errors).toEqual([{ code: 'PASSWORDS_DO_NOT_MATCH', field: 'newPasswordConfirm', message: 'Die Passwörter stimmen nicht überein' }]);
    expect(writes(mismatch, before)).toEqual([]);

    const reset = await browser(gw).gql(RESET, { input: { hash, newPassword: 'Vergessen-123', newPasswordConfirm: 'Vergessen-123' } });
    expect(reset.body.data.resetPassword).toEqual({ done: true, errors: [] });
    expect((await browser(gw).gql(LOGIN, { input: { email, password: 'Vergessen-123' } })).body.data.login.errors).toEqual([]);

    const reused = await browser(gw).gql(RESET, { input: { hash, newPassword: 'Nochmals-123', newPasswordConfirm: 'Nochmals-123' } });
    expect(reused.body.data.resetPassword).toEqual({ done: false, errors: [{ code: 'LINK_INVALID', field: null, message: 'Der Link ist ungültig oder abgelaufen.' }] });
    expect((await browser(gw).gql(LINK_VALID, { hash })).body.data.recoveryLinkValid).toBe(false);

    // a link older than 2 hours
    await browser(gw).gql(RECOVER, { input: { email } });
    const expiring = linkOf(gw, email, 'customer.recovery.request').searchParams.get('hash')!;
    gw.shop.db.prepare('UPDATE customer_recovery SET expires_at = ? WHERE customer_id = (SELECT id FROM customer WHERE email = ?)').run(new Date(Date.now() - 1000).toISOString(), email);
    expect((await browser(gw).gql(LINK_VALID, { hash: expiring })).body.data.recoveryLinkValid).toBe(false);
    const expired = await browser(gw).gql(RESET, { input: { hash: expiring, newPassword: 'Abgelaufen-1', newPasswordConfirm: 'Abgelaufen-1' } }, { 'x-shop-locale': 'it' });
    expect(expired.body.data.resetPassword.errors).toEqual([{ code: 'LINK_INVALID', field: null, message: 'Il link non è valido o è scaduto.' }]);
    expect((await browser(gw).gql(LOGIN, { input: { email, password: 'Vergessen-123' } })).body.data.login.errors).toEqual([]);
  });

  it('recoveryLinkValid answers false for a malformed hash without a call', async () => {
    const before = gw.calls.length;
    expect((await browser(gw).gql(LINK_VALID, { hash: '../../etc' })).body.data.recoveryLinkValid).toBe(false);
    expect(writes({ storeCalls: 0 }, before)).toEqual([]);
  });
});

describe('addresses', () => {
  let shopper: Browser;
  beforeAll(async () => {
    ({ shopper } = await registeredCustomer(gw));
  });

  it('adds an address; a postal code of 3 characters is refused beside the field before any call', async () => {
    const before = gw.calls.length;
    const short = await shopper.gql(CREATE_ADDRESS, { input: swissAddress(gw, { zipcode: '800' }) });
    expect(short.body.data.createAddress).toEqual({
      address: null,
      errors: [{ code: 'INVALID_INPUT', field: 'zipcode', message: 'PLZ - Die Postleitzahl muss genau 4 Zeichen lang sein' }],
    });
    expect(writes(short, before).filter((call) => !call.includes('/country'))).toEqual([]);

    const created = await shopper.gql(CREATE_ADDRESS, { input: swissAddress(gw, { street: 'Seeweg 5', zipcode: '6003', city: 'Luzern' }) });
    expect(created.body.data.createAddress.errors).toEqual([]);
    expect(created.body.data.createAddress.address).toMatchObject({ street: 'Seeweg 5', zipcode: '6003' });
    const viewer = await shopper.gql(VIEWER);
    expect(viewer.body.data.viewer.addresses.map((a: { street: string }) => a.street).sort()).toEqual(['Bahnhofstrasse 1', 'Seeweg 5']);
  });

  it('edits an address (errors named after the input), makes it the default, and refuses deleting a default one', async () => {
    const created = await shopper.gql(CREATE_ADDRESS, { input: swissAddress(gw, { street: 'Bergstrasse 9', zipcode: '3000', city: 'Bern' }) });
    const id = created.body.data.createAddress.address.id as string;

    const bad = await shopper.gql(UPDATE_ADDRESS, { input: { addressId: id, address: swissAddress(gw, { zipcode: '30', street: '' }) } });
    expect(bad.body.data.updateAddress.errors.map((e: { field: string }) => e.field).sort()).toEqual(['address.street', 'address.zipcode']);
    const edited = await shopper.gql(UPDATE_ADDRESS, { input: { addressId: id, address: swissAddress(gw, { street: 'Bergstrasse 11', zipcode: '3011', city: 'Bern' }) } });
    expect(edited.body.data.updateAddress).toEqual({ address: { id, street: 'Bergstrasse 11', zipcode: '3011' }, errors: [] });

    const shipping = await shopper.gql(SET_DEFAULT, { input: { addressId: id, kind: 'SHIPPING' } });
    expect(shipping.body.data.setDefaultAddress.errors).toEqual([]);
    expect(shipping.body.data.setDefaultAddress.viewer.defaultShippingAddress).toEqual({ id });
    expect(shipping.body.data.setDefaultAddress.viewer.defaultBillingAddress.id).not.toBe(id);

    const inUse = await shopper.gql(DELETE_ADDRESS, { input: { addressId: id } });
    expect(inUse.body.data.deleteAddress.errors).toEqual([
      { code: 'ADDRESS_IN_USE', field: null, message: 'Eine Standardadresse oder eine aktive Adresse kann nicht gelöscht werden.' },
    ]);
  });

  it('deletes an address that is neither default nor active', async () => {
    const created = await shopper.gql(CREATE_ADDRESS, { input: swissAddress(gw, { street: 'Weg 1', zipcode: '9000', city: 'St. Gallen' }) });
    const id = created.body.data.createAddress.address.id as string;
    const deleted = await shopper.gql(DELETE_ADDRESS, { input: { addressId: id } });
    expect(deleted.body.data.deleteAddress.errors).toEqual([]);
    expect(deleted.body.data.deleteAddress.viewer.addresses.map((a: { id: string }) => a.id)).not.toContain(id);
    const unknown = await shopper.gql(DELETE_ADDRESS, { input: { addressId: 'nope' } });
    expect(unknown.body.data.deleteAddress.errors).toEqual([{ code: 'INVALID_INPUT', field: 'addressId', message: 'Adresse - Die Auswahl ist ungültig' }]);
  });
});

describe('payment method, pharmacy and orders', () => {
  it('sets the default payment method and the preferred pharmacy', async () => {
    const { shopper } = await registeredCustomer(gw);
    const set = await shopper.gql(SET_PAYMENT, { input: { paymentMethodId: gw.payment.payment_invoice } });
    expect(set.body.data.setDefaultPaymentMethod).toEqual({ viewer: { defaultPaymentMethod: { technicalName: 'payment_invoice' } }, errors: [] });
    const bad = await shopper.gql(SET_PAYMENT, { input: { paymentMethodId: 'x' } });
    expect(bad.body.data.setDefaultPaymentMethod.errors).toEqual([{ code: 'INVALID_INPUT', field: 'paymentMethodId', message: 'Zahlungsart - Die Auswahl ist ungültig' }]);

    const pharmacies = await gw.gql('{ pharmacies(first: 1) { pharmacyId } }');
    const pharmacyId = (pharmacies.body.data?.pharmacies?.[0]?.pharmacyId ?? gw.shop.db.prepare('SELECT id FROM pharmacy LIMIT 1').pluck().get()) as string;
    const chosen = await shopper.gql(SET_PHARMACY, { input: { pharmacyId } });
    expect(chosen.body.data.setPreferredPharmacy).toEqual({ viewer: { preferredPharmacy: { pharmacyId } }, errors: [] });
    const unknown = await shopper.gql(SET_PHARMACY, { input: { pharmacyId: '0'.repeat(32) } });
    expect(unknown.body.data.setPreferredPharmacy.errors).toEqual([{ code: 'INVALID_INPUT', field: 'pharmacyId', message: 'Apotheke - Die Auswahl ist ungültig' }]);
  });

  it('lists the customer’s orders newest first, page by page', async () => {
    const { shopper } = await registeredCustomer(gw);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      await shopper.gql(`mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`, { input: { productId: products.delivery.id, quantity: i + 1 } });
      await shopper.gql(`mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`, { input: { paymentMethodId: gw.payment.payment_invoice } });
      const placed = await shopper.gql(`mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber } errors { code message } } }`, {
        input: { acceptedTerms: true, idempotencyKey: randomUUID() },
      });
      expect(placed.body.data.placeOrder.errors).toEqual([]);
      numbers.push(placed.body.data.placeOrder.order.orderNumber);
    }
    const first = await shopper.gql(ORDERS, { first: 2 });
    expect(first.body.errors).toBeUndefined();
    const page1 = first.body.data.viewer.orders;
    expect(page1.totalCount).toBe(3);
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(page1.edges.map((e: { node: { orderNumber: string } }) => e.node.orderNumber)).toEqual([numbers[2], numbers[1]]);
    expect(page1.edges[0].node.lineItems).toEqual([{ label: expect.stringMatching(/\S/), quantity: 3 }]);
    const second = await shopper.gql(ORDERS, { first: 2, after: page1.pageInfo.endCursor });
    const page2 = second.body.data.viewer.orders;
    expect(page2.edges.map((e: { node: { orderNumber: string } }) => e.node.orderNumber)).toEqual([numbers[0]]);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // an odd cursor (after the first order) still lines up
    const odd = await shopper.gql(ORDERS, { first: 2, after: page1.edges[0].cursor });
    expect(odd.body.data.viewer.orders.edges.map((e: { node: { orderNumber: string } }) => e.node.orderNumber)).toEqual([numbers[1], numbers[0]]);
    // a foreign cursor is a bad argument
    const bad = await shopper.gql(ORDERS, { first: 2, after: 'bogus' });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // another customer sees none of them
    const { shopper: other } = await registeredCustomer(gw);
    expect((await other.gql(ORDERS, { first: 2 })).body.data.viewer.orders).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('logout ends the session: the viewer is null again', async () => {
    const { shopper } = await registeredCustomer(gw);
    await shopper.gql(LOGOUT);
    expect((await shopper.gql('{ viewer { email } }')).body.data.viewer).toBeNull();
  });

  it('a Store API outage answers UNAVAILABLE with the generic message', async () => {
    const { shopper } = await registeredCustomer(gw);
    gw.outage = /change-profile/;
    try {
      const result = await shopper.gql(`mutation ($input: ChangeProfileInput!) { changeProfile(input: $input) { ${ERRORS} } }`, { input: { firstName: 'Anna', lastName: 'Muster' } });
      expect(result.body.data.changeProfile.errors).toEqual([
        { code: 'UNAVAILABLE', field: null, message: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.' },
      ]);
    } finally {
      gw.outage = null;
    }
  });
});

describe('contact form', () => {
  const SEND = `mutation ($input: ContactFormInput!) { sendContactForm(input: $input) { sent ${ERRORS} } }`;
  const form = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Anna',
    lastName: 'Muster',
    email: uniqueEmail('kontakt'),
    subject: 'Frage zur Lieferung',
    comment: 'Wann kommt meine Bestellung?',
    ...overrides,
  });

  it('sends the form to the service; bad fields are refused beside the field before any call', async () => {
    const input = form();
    const sent = await browser(gw).gql(SEND, { input });
    expect(sent.body.data.sendContactForm).toEqual({ sent: true, errors: [] });
    const stored = gw.shop.db.prepare('SELECT COUNT(*) FROM contact_message WHERE email = ?').pluck().get(input.email);
    expect(stored).toBe(1);

    const before = gw.calls.length;
    const bad = await browser(gw).gql(SEND, { input: form({ email: 'x', comment: 'a'.repeat(5001), subject: ' ' }) });
    expect(bad.body.data.sendContactForm.sent).toBe(false);
    expect(bad.body.data.sendContactForm.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'subject', 'comment']);
    expect(bad.body.data.sendContactForm.errors[2].message).toBe('Mitteilung - Der Wert ist zu lang (höchstens 5000 Zeichen)');
    expect(writes(bad, before)).toEqual([]);
  });
});
