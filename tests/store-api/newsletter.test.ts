import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MAIL_TEMPLATE } from '../../store-api/src/domain/newsletter-mail';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';
import { guestSession, shopper, type Shopper, uniqueEmail } from './checkout-fixtures';
import { linksOf, loggedInAccount, mailsTo } from './account-session';

// The newsletter's double opt-in (SPEC §4 "Newsletter"): subscribe → the mail's link → confirm → subscribed;
// unsubscribe by the link's hash or by email; used, foreign and unknown links answer 404; the account's status.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const NOT_FOUND = 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND';

async function subscribe(s: Shopper, email: string, extra: Record<string, unknown> = {}) {
  return s.call('POST', '/newsletter/subscribe', { body: { email, option: 'subscribe', storefrontUrl: 'http://shop.test', ...extra } });
}

function status(email: string): string | undefined {
  return (shop.db.prepare('SELECT status FROM newsletter_recipient WHERE email = ?').get(email) as { status: string } | undefined)?.status;
}

/** The confirmation link and the unsubscribe link of the newest newsletter mail to `email`. */
function mailLinks(email: string): { confirm: URL; unsubscribe: URL } {
  const mail = mailsTo(shop.db, email, NEWSLETTER_MAIL_TEMPLATE).at(-1);
  if (!mail) throw new Error(`no newsletter mail for ${email}`);
  const links = linksOf(mail.body_text);
  return { confirm: links.find((l) => l.pathname.endsWith('/newsletter-subscribe'))!, unsubscribe: links.find((l) => l.pathname.includes('/newsletter-unsubscribe/'))! };
}

describe('double opt-in', () => {
  it('subscribe mails a link; confirming it subscribes; the hash unsubscribes; a used link is refused', async () => {
    const s = shopper(shop.call);
    const email = uniqueEmail('news');
    const res = await subscribe(s, email.toUpperCase(), { firstName: 'Mia', lastName: 'Kunz' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, status: 'notSet' });
    expect(status(email)).toBe('notSet');

    const mail = mailsTo(shop.db, email, NEWSLETTER_MAIL_TEMPLATE).at(-1)!;
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Newsletter-Anmeldung');
    expect(mail.body_text).toContain('Guten Tag Mia Kunz');
    const { confirm, unsubscribe } = mailLinks(email);
    expect(confirm.origin).toBe('http://shop.test');
    expect(confirm.searchParams.get('em')).toBe(createHash('sha1').update(email).digest('hex'));
    const hash = confirm.searchParams.get('hash')!;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(unsubscribe.pathname).toBe(`/newsletter-unsubscribe/${hash}`);
    expect(mail.body_html).toContain(`href="${confirm.href.replace(/&/g, '&amp;')}"`);
    // Only a digest of the link's secret is stored.
    expect(JSON.stringify(shop.db.prepare('SELECT * FROM newsletter_recipient WHERE email = ?').get(email))).not.toContain(hash);

    // A wrong em (someone else's address) does not confirm.
    const foreign = await s.call('POST', '/newsletter/confirm', { body: { hash, em: createHash('sha1').update('x@example.ch').digest('hex') } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.errors[0].code).toBe(NOT_FOUND);
    expect(status(email)).toBe('notSet');

    const confirmed = await s.call('POST', '/newsletter/confirm', { body: { hash, em: confirm.searchParams.get('em') } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ success: true });
    expect(status(email)).toBe('optIn');

    const again = await s.call('POST', '/newsletter/confirm', { body: { hash, em: confirm.searchParams.get('em') } });
    expect(again.status).toBe(404);
    expect(again.json.errors[0].code).toBe(NOT_FOUND);

    // Subscribing again while subscribed keeps the subscription and sends nothing; whether an address is
    // subscribed is not told to someone who is not logged in as its owner.
    const mails = shop.db.prepare('SELECT COUNT(*) FROM mail_outbox WHERE recipient = ?').pluck().get(email);
    const stays = await subscribe(s, email);
    expect(stays.json).toEqual({ success: true, status: 'notSet' });
    expect(status(email)).toBe('optIn');
    expect(shop.db.prepare('SELECT COUNT(*) FROM mail_outbox WHERE recipient = ?').pluck().get(email)).toBe(mails);

    const out = await s.call('POST', '/newsletter/unsubscribe', { body: { hash } });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect(status(email)).toBe('optOut');
    // Unsubscribing twice is fine; confirming after unsubscribing is not.
    expect((await s.call('POST', '/newsletter/unsubscribe', { body: { hash } })).status).toBe(200);
    expect((await s.call('POST', '/newsletter/confirm', { body: { hash, em: confirm.searchParams.get('em') } })).status).toBe(404);
  });

  it('unsubscribes by email; a resubscription gets a new link and the old one dies', async () => {
    const s = shopper(shop.call);
    const email = uniqueEmail('news');
    await subscribe(s, email);
    const first = mailLinks(email);
    await s.call('POST', '/newsletter/confirm', { body: { hash: first.confirm.searchParams.get('hash'), em: first.confirm.searchParams.get('em') } });
    const out = await s.call('POST', '/newsletter/unsubscribe', { body: { email } });
    expect(out.status).toBe(200);
    expect(status(email)).toBe('optOut');

    const back = await subscribe(s, email);
    expect(back.json.status).toBe('notSet');
    const second = mailLinks(email);
    expect(second.confirm.searchParams.get('hash')).not.toBe(first.confirm.searchParams.get('hash'));
    expect((await s.call('POST', '/newsletter/unsubscribe', { body: { hash: first.confirm.searchParams.get('hash') } })).status).toBe(404);
    const confirmed = await s.call('POST', '/newsletter/confirm', { body: { hash: second.confirm.searchParams.get('hash'), em: second.confirm.searchParams.get('em') } });
    expect(confirmed.status).toBe(200);
    expect(status(email)).toBe('optIn');
  });

  it('the option "unsubscribe" of the subscribe route unsubscribes too', async () => {
    const s = shopper(shop.call);
    const email = uniqueEmail('news');
    await subscribe(s, email);
    const res = await s.call('POST', '/newsletter/subscribe', { body: { email, option: 'unsubscribe', storefrontUrl: 'http://shop.test' } });
    expect(res.json).toEqual({ success: true, status: 'optOut' });
    expect(status(email)).toBe('optOut');
  });

  it('mails in the shopper’s language, with the language prefix of the storefront URL in the links', async () => {
    const s = shopper(shop.call, LANGUAGE_ID.fr);
    const email = uniqueEmail('news');
    await subscribe(s, email, { storefrontUrl: 'http://shop.test/fr' });
    const mail = mailsTo(shop.db, email, NEWSLETTER_MAIL_TEMPLATE).at(-1)!;
    expect(mail.subject).toBe('Veuillez confirmer votre inscription à la newsletter');
    expect(mail.language_id).toBe(LANGUAGE_ID.fr);
    expect(mailLinks(email).confirm.pathname).toBe('/fr/newsletter-subscribe');

    const it = shopper(shop.call, LANGUAGE_ID.it);
    const other = uniqueEmail('news');
    await subscribe(it, other);
    expect(mailsTo(shop.db, other, NEWSLETTER_MAIL_TEMPLATE).at(-1)!.subject).toBe('Confermate la vostra iscrizione alla newsletter');
  });
});

describe('bad input', () => {
  it('unknown and malformed hashes and unknown emails answer 404', async () => {
    const s = shopper(shop.call);
    const em = createHash('sha1').update('nobody@example.ch').digest('hex');
    for (const hash of ['A'.repeat(32), 'x', '../../etc/passwd']) {
      const res = await s.call('POST', '/newsletter/confirm', { body: { hash, em } });
      expect(res.status, hash).toBe(404);
      expect(res.json.errors[0].code).toBe(NOT_FOUND);
      const out = await s.call('POST', '/newsletter/unsubscribe', { body: { hash } });
      expect(out.status, hash).toBe(404);
    }
    const unknown = await s.call('POST', '/newsletter/unsubscribe', { body: { email: uniqueEmail('niemand') } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].code).toBe(NOT_FOUND);
  });

  it('refuses a missing or invalid email, option or storefront URL, and a foreign storefront', async () => {
    const s = shopper(shop.call);
    const res = await s.call('POST', '/newsletter/subscribe', { body: { email: 'kein-mail', option: 'direct', storefrontUrl: 'https://evil.example' } });
    expect(res.status).toBe(400);
    const pointers = res.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort();
    expect(pointers).toEqual(['/email', '/option', '/storefrontUrl']);
    const codes = Object.fromEntries(res.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]));
    expect(codes).toEqual({ '/email': 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR', '/option': 'VIOLATION::NO_SUCH_CHOICE_ERROR', '/storefrontUrl': 'VIOLATION::NO_SUCH_CHOICE_ERROR' });

    const blank = await s.call('POST', '/newsletter/subscribe', { body: {} });
    expect(blank.status).toBe(400);
    expect(blank.json.errors.map((e: { code: string }) => e.code)).toContain('VIOLATION::IS_BLANK_ERROR');
    expect((await s.call('POST', '/newsletter/confirm', { body: {} })).status).toBe(400);
    expect((await s.call('POST', '/newsletter/unsubscribe', { body: {} })).status).toBe(400);
  });

  it('limits confirmation mails per address', async () => {
    const s = shopper(shop.call);
    const email = uniqueEmail('flut');
    for (let i = 0; i < 5; i++) expect((await subscribe(s, email)).status).toBe(200);
    const sixth = await subscribe(s, email);
    expect(sixth.status).toBe(429);
    expect(shop.db.prepare('SELECT COUNT(*) FROM mail_outbox WHERE recipient = ?').pluck().get(email)).toBe(5);
  });
});

describe('account newsletter-recipient', () => {
  it('answers the status of the customer’s email, "undefined" without a subscription', async () => {
    const { s, email } = await loggedInAccount(shop);
    const none = await s.call('POST', '/account/newsletter-recipient', { body: {} });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ status: 'undefined', apiAlias: 'account_newsletter_recipient' });

    await subscribe(s, email);
    expect((await s.call('POST', '/account/newsletter-recipient', { body: {} })).json.status).toBe('notSet');
    const { confirm } = mailLinks(email);
    await s.call('POST', '/newsletter/confirm', { body: { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') } });
    expect((await s.call('POST', '/account/newsletter-recipient', { body: {} })).json.status).toBe('optIn');
    // The logged-in owner subscribing again is told the address is subscribed.
    expect((await subscribe(s, email)).json).toEqual({ success: true, status: 'optIn' });
    const row = shop.db.prepare('SELECT customer_id FROM newsletter_recipient WHERE email = ?').get(email) as { customer_id: string };
    expect(row.customer_id).toBeTruthy();
    await s.call('POST', '/newsletter/unsubscribe', { body: { email } });
    expect((await s.call('POST', '/account/newsletter-recipient', { body: {} })).json.status).toBe('optOut');
  });

  it('is 403 for anonymous visitors and guests', async () => {
    const anonymous = await shopper(shop.call).call('POST', '/account/newsletter-recipient', { body: {} });
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    const guest = await guestSession(shop.call);
    expect((await guest.call('POST', '/account/newsletter-recipient', { body: {} })).status).toBe(403);
  });
});
