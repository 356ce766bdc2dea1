import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, linkOf, openAccountGateway, ORIGIN, registeredCustomer, uniqueEmail, type AccountGateway } from './account-gateway';

// Issue 6 (SPEC §4 Newsletter) through the gateway over the real embedded Store API: double opt-in subscription
// with the mail's link in the shopper's language, confirmation, unsubscription by the link's hash or by email,
// the customer's status (SPEC §4 mapping), and the bad or used links as LINK_INVALID.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const ERRORS = 'errors { code message field }';
const SUBSCRIBE = `mutation ($input: SubscribeNewsletterInput!) { subscribeNewsletter(input: $input) { status ${ERRORS} } }`;
const CONFIRM = `mutation ($input: ConfirmNewsletterInput!) { confirmNewsletter(input: $input) { status ${ERRORS} } }`;
const UNSUBSCRIBE = `mutation ($input: UnsubscribeNewsletterInput!) { unsubscribeNewsletter(input: $input) { status ${ERRORS} } }`;
const TEMPLATE = 'newsletter.double_opt_in';

/** The confirm and unsubscribe links of the newest newsletter mail to an address. */
function links(email: string): { confirm: URL; unsubscribeHash: string } {
  const confirm = linkOf(gw, email, TEMPLATE);
  const mail = gw.shop.db.prepare('SELECT body_text FROM mail_outbox WHERE recipient = ? AND template = ? ORDER BY created_at DESC, rowid DESC').pluck().get(email, TEMPLATE) as string;
  const unsubscribe = /https?:\/\/\S+\/newsletter-unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail);
  if (!unsubscribe) throw new Error('no unsubscribe link');
  return { confirm, unsubscribeHash: unsubscribe[1]! };
}

describe('newsletter', () => {
  it('subscribe → PENDING with a mail in the page’s language → confirm → SUBSCRIBED; the used link is LINK_INVALID', async () => {
    const email = uniqueEmail('news');
    const subscribed = await browser(gw).gql(SUBSCRIBE, { input: { email, firstName: 'Lea' } }, { 'x-shop-locale': 'fr' });
    expect(subscribed.body.data.subscribeNewsletter).toEqual({ status: 'PENDING', errors: [] });
    const { confirm } = links(email);
    expect(confirm.origin + confirm.pathname).toBe(`${ORIGIN}/fr/newsletter-subscribe`);

    const confirmed = await browser(gw).gql(CONFIRM, { input: { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') } });
    expect(confirmed.body.data.confirmNewsletter).toEqual({ status: 'SUBSCRIBED', errors: [] });
    const again = await browser(gw).gql(CONFIRM, { input: { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') } });
    expect(again.body.data.confirmNewsletter).toEqual({ status: null, errors: [{ code: 'LINK_INVALID', field: null, message: 'Der Link ist ungültig oder abgelaufen.' }] });
  });

  it('unsubscribes by the link’s hash; an unknown hash is LINK_INVALID', async () => {
    const email = uniqueEmail('news');
    await browser(gw).gql(SUBSCRIBE, { input: { email } });
    const { confirm, unsubscribeHash } = links(email);
    await browser(gw).gql(CONFIRM, { input: { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') } });
    const unsubscribed = await browser(gw).gql(UNSUBSCRIBE, { input: { hash: unsubscribeHash } });
    expect(unsubscribed.body.data.unsubscribeNewsletter).toEqual({ status: 'NOT_SUBSCRIBED', errors: [] });
    const unknown = await browser(gw).gql(UNSUBSCRIBE, { input: { hash: 'A'.repeat(32) } }, { 'x-shop-locale': 'it' });
    expect(unknown.body.data.unsubscribeNewsletter).toEqual({ status: null, errors: [{ code: 'LINK_INVALID', field: null, message: 'Il link non è valido o è scaduto.' }] });
  });

  it('bad inputs are refused beside the field without a Store API call', async () => {
    const before = gw.calls.length;
    const bad = await browser(gw).gql(SUBSCRIBE, { input: { email: 'kein-mail' } });
    expect(bad.body.data.subscribeNewsletter.errors).toEqual([{ code: 'INVALID_INPUT', field: 'email', message: 'E-Mail - Bitte geben Sie eine gültige E-Mail-Adresse ein' }]);
    const neither = await browser(gw).gql(UNSUBSCRIBE, { input: {} });
    expect(neither.body.data.unsubscribeNewsletter.errors[0].code).toBe('INVALID_INPUT');
    const badLink = await browser(gw).gql(CONFIRM, { input: { hash: '<x>', em: 'y' } });
    expect(badLink.body.data.confirmNewsletter.errors).toEqual([{ code: 'INVALID_INPUT', field: 'hash', message: 'Link - Die Auswahl ist ungültig' }]);
    expect(gw.calls.slice(before).filter((c) => !c.path.endsWith('/context'))).toEqual([]);
  });

  it('a customer’s status follows SPEC §4: NOT_SUBSCRIBED, PENDING, SUBSCRIBED, and back by email', async () => {
    const { shopper, email } = await registeredCustomer(gw);
    const status = async () => (await shopper.gql('{ viewer { newsletterStatus } }')).body.data.viewer.newsletterStatus;
    expect(await status()).toBe('NOT_SUBSCRIBED');
    expect((await shopper.gql(SUBSCRIBE, { input: { email } })).body.data.subscribeNewsletter).toEqual({ status: 'PENDING', errors: [] });
    expect(await status()).toBe('PENDING');
    const { confirm } = links(email);
    await shopper.gql(CONFIRM, { input: { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') } });
    expect(await status()).toBe('SUBSCRIBED');
    // subscribing again keeps the confirmed status (no new confirmation needed)
    expect((await shopper.gql(SUBSCRIBE, { input: { email } })).body.data.subscribeNewsletter).toEqual({ status: 'SUBSCRIBED', errors: [] });
    expect((await shopper.gql(UNSUBSCRIBE, { input: { email } })).body.data.unsubscribeNewsletter).toEqual({ status: 'NOT_SUBSCRIBED', errors: [] });
    expect(await status()).toBe('NOT_SUBSCRIBED');
  });
});
