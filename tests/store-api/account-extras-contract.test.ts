import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MAIL_TEMPLATE } from '../../store-api/src/domain/newsletter-mail';
import { expectStoreApiContract, expectStoreApiSchema } from '../support/contract';
import { openPrivateTestShop } from '../support/shop';
import { guestSession, shopper, type Shopper, uniqueEmail } from './checkout-fixtures';
import { linksOf, loggedInAccount, mailsTo } from './account-session';

// The wishlist, newsletter and contact-form answers of issue 6 against Shopware's Store API schema
// (@shopware/api-client, overrides and the documented runtime deviations applied, tests/support/contract.ts).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function contract(s: Shopper, method: string, template: string, path: string, options: { body?: unknown; status?: number } = {}): Promise<Json> {
  const res = await s.call(method, path, { body: options.body });
  expect(res.status, `${method} ${path} → ${res.text.slice(0, 400)}`).toBe(options.status ?? 200);
  expectStoreApiContract(method, template, res.status, res.json);
  return res.json;
}

function productIds(count: number): string[] {
  return shop.db.prepare('SELECT id FROM product WHERE active = 1 ORDER BY product_number LIMIT ?').pluck().all(count) as string[];
}

describe('wishlist', () => {
  it('read, add, delete and merge answer Shopware shapes, errors included', async () => {
    const { s } = await loggedInAccount(shop);
    const [a, b, c] = productIds(3) as [string, string, string];
    await contract(s, 'POST', '/customer/wishlist', '/customer/wishlist', { body: {}, status: 404 });
    await contract(s, 'POST', '/customer/wishlist/add/{productId}', `/customer/wishlist/add/${a}`);
    await contract(s, 'POST', '/customer/wishlist/add/{productId}', `/customer/wishlist/add/${'0'.repeat(32)}`, { status: 400 });
    await contract(s, 'POST', '/customer/wishlist/merge', '/customer/wishlist/merge', { body: { productIds: [b, c] } });
    await contract(s, 'POST', '/customer/wishlist/merge', '/customer/wishlist/merge', { body: {}, status: 400 });
    const read = await contract(s, 'POST', '/customer/wishlist', '/customer/wishlist', { body: {} });
    expect(read.products.elements).toHaveLength(3);
    await contract(s, 'DELETE', '/customer/wishlist/delete/{productId}', `/customer/wishlist/delete/${a}`);
    await contract(s, 'DELETE', '/customer/wishlist/delete/{productId}', `/customer/wishlist/delete/${a}`, { status: 404 });

    const guest = await guestSession(shop.call);
    await contract(guest, 'POST', '/customer/wishlist', '/customer/wishlist', { body: {}, status: 403 });
    await contract(shopper(shop.call), 'POST', '/customer/wishlist/merge', '/customer/wishlist/merge', { body: { productIds: [a] }, status: 403 });
  });
});

describe('newsletter', () => {
  it('subscribe, confirm, unsubscribe and newsletter-recipient answer Shopware shapes', async () => {
    const { s, email } = await loggedInAccount(shop);
    const none = await contract(s, 'POST', '/account/newsletter-recipient', '/account/newsletter-recipient', { body: {} });
    expect(none.status).toBe('undefined');
    await contract(s, 'POST', '/newsletter/subscribe', '/newsletter/subscribe', { body: { email, option: 'subscribe', storefrontUrl: 'http://shop.test' } });
    await contract(s, 'POST', '/newsletter/subscribe', '/newsletter/subscribe', { body: { email: 'x', option: 'subscribe', storefrontUrl: 'http://shop.test' }, status: 400 });
    const confirm = linksOf(mailsTo(shop.db, email, NEWSLETTER_MAIL_TEMPLATE).at(-1)!.body_text).find((l) => l.pathname.endsWith('/newsletter-subscribe'))!;
    const body = { hash: confirm.searchParams.get('hash'), em: confirm.searchParams.get('em') };
    await contract(s, 'POST', '/newsletter/confirm', '/newsletter/confirm', { body });
    const used = await s.call('POST', '/newsletter/confirm', { body });
    expect(used.status).toBe(404);
    expectStoreApiSchema('failure', used.json);
    const optIn = await contract(s, 'POST', '/account/newsletter-recipient', '/account/newsletter-recipient', { body: {} });
    expect(optIn.status).toBe('optIn');
    await contract(s, 'POST', '/newsletter/unsubscribe', '/newsletter/unsubscribe', { body: { email } });
    await contract(s, 'POST', '/newsletter/unsubscribe', '/newsletter/unsubscribe', { body: { email: 'kein-mail' }, status: 400 });
    await contract(shopper(shop.call), 'POST', '/account/newsletter-recipient', '/account/newsletter-recipient', { body: {}, status: 403 });
  });
});

describe('contact form', () => {
  it('answers the documented runtime shape and Shopware violations', async () => {
    const s = shopper(shop.call);
    await contract(s, 'POST', '/contact-form', '/contact-form', {
      body: { firstName: 'Lea', lastName: 'Frei', email: uniqueEmail('kontakt'), subject: 'Frage', comment: 'Haben Sie Vitamin D?' },
    });
    await contract(s, 'POST', '/contact-form', '/contact-form', { body: { email: 'x' }, status: 400 });
  });
});
