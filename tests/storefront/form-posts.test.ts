import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFormPostShop, type ShownAgain } from '../support/formPostShop';
import type { TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';

// The form kit's server half (server/formPosts.ts, ADR 0023) with the real gateway over the embedded Store API: a
// form post runs the storefront's own persisted mutation; a refusal renders the page again (here: recorded) with
// what was sent, never the password, and the gateway's message in the page's language. The browser journeys are in
// tests/e2e/without-javascript.spec.ts.

let shop: TestGateway;
let app: Hono;
let shownAgain: ShownAgain[];

beforeAll(async () => {
  // a copy of the seeded shop of its own: the account forms write customers
  ({ shop, app, shownAgain } = await openFormPostShop());
});
afterAll(() => shop?.close());

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) {
  return app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

describe('the login form without JavaScript', () => {
  it('a wrong password: the login page again (GET, same address) with the e-mail kept, no password, the French message', async () => {
    shownAgain.length = 0;
    const answer = await post('/fr/login?redirect=%2Ffr%2Faccount%2Forder', { _form: 'login', email: 'personne@example.ch', password: 'Faux-12345' });
    expect(answer.status).toBe(422);
    expect(shownAgain).toHaveLength(1);
    const [again] = shownAgain;
    expect(again).toMatchObject({ url: `${ORIGIN}/fr/login?redirect=%2Ffr%2Faccount%2Forder`, method: 'GET' });
    expect(again!.formPost).toEqual({
      form: 'login',
      values: { email: 'personne@example.ch' },
      problems: {},
      errors: [expect.objectContaining({ code: 'LOGIN_FAILED', message: 'Nom d’utilisateur ou mot de passe invalide' })],
    });
    expect(JSON.stringify(again!.formPost)).not.toContain('Faux-12345');
  });

  it('a field left empty: the SPEC §5 problem, and the Store API is not asked', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await post('/login', { _form: 'login', email: 'nora@example.ch', password: '' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ values: { email: 'nora@example.ch' }, problems: { password: 'required' }, errors: [] });
    expect(shop.storeCalls.count).toBe(0);
  });

  it('refuses posts from foreign pages (in the page’s language), other encodings, oversized and unknown forms, before anything runs', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const foreign = await post('/it/login', { email: 'a@example.ch', password: 'x' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/^Rifiutato: questo modulo può essere inviato solo dalle pagine del negozio/);
    expect((await post('/login', { email: 'a@example.ch', password: 'x' }, {})).status).toBe(403);
    const json = await app.fetch(new Request(`${ORIGIN}/login`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' }));
    expect(json.status).toBe(415);
    expect((await post('/login', { email: 'a@example.ch', password: 'x'.repeat(20_000) })).status).toBe(413);
    expect(shownAgain).toHaveLength(0);
    expect(shop.storeCalls.count).toBe(0);
  });
});

/** The link of the newest mail of a template to an address (the shop's outbox). */
function mailedLink(email: string, template: string): URL {
  const row = shop.db.prepare('SELECT body_text AS body FROM mail_outbox WHERE recipient = ? AND template = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(email, template) as
    | { body: string }
    | undefined;
  const link = /https?:\/\/[^\s<>"]+/.exec(row?.body ?? '')?.[0];
  if (!link) throw new Error(`no ${template} mail with a link to ${email}`);
  return new URL(link);
}

async function switzerlandId(): Promise<string> {
  const { body } = await shop.gql('{ countries { id iso } }');
  return (body.data.countries as Array<{ id: string; iso: string }>).find((country) => country.iso === 'CH')!.id;
}

describe('the registration and the password recovery without JavaScript', () => {
  const email = `formular-${Date.now()}@example.ch`;

  it('registration: a refusal keeps every field but the passwords, in French; then 303 to the double opt-in message', async () => {
    const countryId = await switzerlandId();
    const fields = {
      _form: 'register',
      email,
      password: 'Sicher-12345',
      passwordConfirmation: 'Sicher-12346',
      'billingAddress.salutationId': '',
      'billingAddress.company': 'Apotheke Muster',
      'billingAddress.firstName': 'Lea',
      'billingAddress.lastName': 'Rossi',
      'billingAddress.street': 'Marktgasse 5',
      'billingAddress.zipcode': '3011',
      'billingAddress.city': 'Bern',
      'billingAddress.countryId': countryId,
      'billingAddress.phoneNumber': '',
      acceptedDataProtection: 'on',
    };
    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await post('/fr/register', fields)).status).toBe(422);
    const { password: _password, passwordConfirmation: _confirmation, _form, ...kept } = fields;
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}/fr/register`, method: 'GET' });
    expect(shownAgain[0]!.formPost).toEqual({ form: 'register', values: kept, problems: { passwordConfirmation: 'passwordsDiffer' }, errors: [] });
    expect(JSON.stringify(shownAgain[0]!.formPost)).not.toContain('Sicher-1234');
    expect(shop.storeCalls.count).toBe(0);

    // Registered; the same address again is the gateway's refusal, beside the e-mail field, every other field kept.
    shownAgain.length = 0;
    const registered = await post('/fr/register', { ...fields, passwordConfirmation: 'Sicher-12345' });
    expect(registered.status).toBe(303);
    expect(registered.headers.get('location')).toBe('/fr/register?registered=1');
    expect(shownAgain).toHaveLength(0);
    const again = await post('/fr/register', { ...fields, passwordConfirmation: 'Sicher-12345' });
    expect(again.status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ field: 'email', message: expect.stringMatching(/adresse e-mail/i) })]);
    expect(shownAgain[0]!.formPost.values).toEqual(kept);
  });

  it('login before the mailed link: the Italian "confirm first" message; the resend button mails the link again (in Italian), then 303 to /it/login?resent=1', async () => {
    shownAgain.length = 0;
    expect((await post('/it/login', { _form: 'login', email, password: 'Sicher-12345' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({
      form: 'login',
      values: { email },
      problems: {},
      errors: [expect.objectContaining({ code: 'ACCOUNT_NOT_CONFIRMED', message: expect.stringMatching(/^Si prega di confermare prima il vostro indirizzo e-mail/) })],
    });

    const first = mailedLink(email, 'customer_register.double_opt_in');
    const resent = await post('/it/login', { _form: 'registration-resend', email });
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe('/it/login?resent=1');
    const mails = shop.db.prepare("SELECT COUNT(*) FROM mail_outbox WHERE recipient = ? AND template = 'customer_register.double_opt_in'").pluck().get(email);
    expect(mails).toBe(2);
    // the same link, now to the pages in the language it was asked for again
    const again = mailedLink(email, 'customer_register.double_opt_in');
    expect(again.search).toBe(first.search);
    expect(again.pathname).toBe('/it/registration/confirm');

    shownAgain.length = 0;
    shop.storeCalls.reset();
    expect((await post('/it/login', { _form: 'registration-resend', email: 'kein-mail' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ form: 'registration-resend', values: { email: 'kein-mail' }, problems: { email: expect.any(String) } });
    expect(shop.storeCalls.count).toBe(0);
  });

  it('password recovery: an unknown address refused in Italian with the address kept; then 303 to the confirmation', async () => {
    // the account registered above, activated from its mail
    const confirm = mailedLink(email, 'customer_register.double_opt_in');
    const confirmed = await shop.gql('mutation ($input: ConfirmRegistrationInput!) { confirmRegistration(input: $input) { errors { code } } }', {
      input: { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') },
    });
    expect(confirmed.body.data.confirmRegistration.errors).toEqual([]);

    shownAgain.length = 0;
    const nobody = `niemand-${Date.now()}@example.ch`;
    expect((await post('/it/reset-password', { _form: 'password-recovery', email: nobody })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({
      form: 'password-recovery',
      values: { email: nobody },
      problems: {},
      errors: [expect.objectContaining({ code: 'CUSTOMER_NOT_FOUND', message: expect.stringMatching(/cliente/i) })],
    });

    shownAgain.length = 0;
    expect((await post('/reset-password', { _form: 'password-recovery', email: 'kein-at-zeichen' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ values: { email: 'kein-at-zeichen' }, problems: { email: 'email' }, errors: [] });

    const sent = await post('/it/reset-password', { _form: 'password-recovery', email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/it/reset-password?sent=1');
  });

  it('new password: refusals without the passwords (too short, not matching, an expired link), then 303 to “password changed” and the login with it', async () => {
    const hash = mailedLink(email, 'customer.recovery.request').searchParams.get('hash')!;
    const page = `/fr/account/recover?hash=${encodeURIComponent(hash)}`;

    shownAgain.length = 0;
    expect((await post(page, { _form: 'new-password', newPassword: 'kurz', newPasswordConfirm: 'kurz' })).status).toBe(422);
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}${page}`, method: 'GET' });
    expect(shownAgain[0]!.formPost).toEqual({ form: 'new-password', values: {}, problems: { newPassword: 'minLength' }, errors: [] });
    shownAgain.length = 0;
    expect((await post(page, { _form: 'new-password', newPassword: 'Vergessen-123', newPasswordConfirm: 'Vergessen-124' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({ form: 'new-password', values: {}, problems: { newPasswordConfirm: 'passwordsDiffer' }, errors: [] });
    expect(JSON.stringify(shownAgain[0]!.formPost)).not.toContain('Vergessen');

    shownAgain.length = 0;
    expect((await post('/fr/account/recover?hash=0123456789abcdef0123456789abcdef', { _form: 'new-password', newPassword: 'Vergessen-123', newPasswordConfirm: 'Vergessen-123' })).status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ code: 'LINK_INVALID' })]);

    const saved = await post(page, { _form: 'new-password', newPassword: 'Vergessen-123', newPasswordConfirm: 'Vergessen-123' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/fr/account/recover?done=1');
    const login = await post('/login', { _form: 'login', email, password: 'Vergessen-123' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/account');
  });
});

/** This test's shop database: what a form post stored, and the mails it queued. */
function readShop<T>(sql: string, ...params: unknown[]): T[] {
  return shop.db.prepare(sql).all(...params) as T[];
}

const CONTACT = { firstName: 'Lea', lastName: 'Muster', phone: '', subject: 'Frage zur Lieferung', comment: 'Wann kommt meine Bestellung an?' };

describe('the contact form without JavaScript', () => {
  it('SPEC §5 refusals on the Italian contact page: every value kept, the problems by field, the Store API not asked', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const answer = await post('/it/s/contatto', { _form: 'contact', ...CONTACT, firstName: 'Lu', email: 'lea@' });
    expect(answer.status).toBe(422);
    expect(shownAgain).toEqual([
      {
        url: `${ORIGIN}/it/s/contatto`,
        method: 'GET',
        formPost: { form: 'contact', values: { ...CONTACT, firstName: 'Lu', email: 'lea@' }, problems: { firstName: 'minLength', email: 'email' }, errors: [] },
      },
    ]);
    expect(shop.storeCalls.count).toBe(0);
  });

  it('a refusal of the gateway comes back beside its field, in Italian', async () => {
    shownAgain.length = 0;
    const answer = await post('/it/s/contatto', { _form: 'contact', ...CONTACT, email: `lungo-${Date.now()}@example.ch`, phone: '0'.repeat(41) });
    expect(answer.status).toBe(422);
    expect(shownAgain[0]!.formPost.values.phone).toBe('0'.repeat(41));
    expect(shownAgain[0]!.formPost.errors).toEqual([expect.objectContaining({ field: 'phone', message: expect.stringMatching(/^Telefono - /) })]);
  });

  it('sent: 303 to the same page with its confirmation; the message is stored and mailed to the shop', async () => {
    shownAgain.length = 0;
    const email = `kontakt-form-${Date.now()}@example.ch`;
    const answer = await post('/fr/s/contact', { _form: 'contact', ...CONTACT, email, phone: ' 044 123 45 67 ' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/fr/s/contact?contact=sent');
    expect(shownAgain).toHaveLength(0);
    expect(readShop<{ subject: string; phone: string }>('SELECT subject, phone FROM contact_message WHERE email = ?', email)).toEqual([{ subject: 'Frage zur Lieferung', phone: '044 123 45 67' }]);
    expect(readShop<{ template: string }>("SELECT template FROM mail_outbox WHERE body_text LIKE ? ORDER BY created_at DESC LIMIT 1", `%${email}%`)).toHaveLength(1);
  });
});

describe('the newsletter signup without JavaScript (the footer’s and the newsletter page’s form)', () => {
  it('an invalid address: /newsletter-subscribe again with what was typed and the problem; nothing in a URL', async () => {
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const answer = await post('/fr/newsletter-subscribe', { _form: 'newsletter', email: 'personne@' });
    expect(answer.status).toBe(422);
    expect(shownAgain).toEqual([
      { url: `${ORIGIN}/fr/newsletter-subscribe`, method: 'GET', formPost: { form: 'newsletter', values: { email: 'personne@', firstName: '', lastName: '' }, problems: { email: 'email' }, errors: [] } },
    ]);
    expect(shop.storeCalls.count).toBe(0);
  });

  it('subscribed: 303 to the page that says to check the mail; the recipient waits for the double opt-in and the mail is queued', async () => {
    const email = `leser-form-${Date.now()}@example.ch`;
    const answer = await post('/it/newsletter-subscribe', { _form: 'newsletter', email });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/it/newsletter-subscribe?subscribed=pending');
    expect(readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email)).toEqual([{ status: 'notSet' }]);
    expect(readShop<{ template: string }>('SELECT template FROM mail_outbox WHERE recipient = ?', email)).toEqual([{ template: 'newsletter.double_opt_in' }]);
  });
});
