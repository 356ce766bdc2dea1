import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPrivateTestShop } from '../support/shop';
import { address, findProduct, guestSession, shopper, uniqueEmail } from './checkout-fixtures';
import { loggedInAccount } from './account-session';

// The server wishlist of logged-in customers (SPEC §4 "Wishlist"): add (idempotent), delete, merge of the
// browser's list (unknown products skipped), the product JSON of the catalogue, and 403 for guests and anonymous.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

function productIds(count: number): string[] {
  return shop.db.prepare('SELECT id FROM product WHERE active = 1 AND parent_id IS NULL ORDER BY product_number LIMIT ?').pluck().all(count) as string[];
}

describe('wishlist', () => {
  it('has none until something is added; add is idempotent; delete removes; the read answers catalogue products', async () => {
    const { s, customer } = await loggedInAccount(shop);
    const none = await s.call('POST', '/customer/wishlist', { body: {} });
    expect(none.status).toBe(404);
    expect(none.json.errors[0].code).toBe('CHECKOUT__WISHLIST_NOT_FOUND');

    const [a, b] = productIds(2) as [string, string];
    expect((await s.call('POST', `/customer/wishlist/add/${a}`)).json).toEqual({ success: true });
    expect((await s.call('POST', `/customer/wishlist/add/${a}`)).status).toBe(200);
    expect((await s.call('POST', `/customer/wishlist/add/${b}`)).status).toBe(200);

    const read = await s.call('POST', '/customer/wishlist', { body: {} });
    expect(read.status).toBe(200);
    expect(read.json.wishlist).toMatchObject({ customerId: customer.id, apiAlias: 'customer_wishlist' });
    expect(read.json.products.total).toBe(2);
    // The last added first, with the product JSON of /product.
    expect(read.json.products.elements.map((p: { id: string }) => p.id)).toEqual([b, a]);
    const catalogue = await s.call('POST', '/product', { body: { ids: [b] } });
    expect(read.json.products.elements[0]).toEqual(catalogue.json.elements[0]);

    const removed = await s.call('DELETE', `/customer/wishlist/delete/${a}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ success: true });
    const again = await s.call('DELETE', `/customer/wishlist/delete/${a}`);
    expect(again.status).toBe(404);
    expect(again.json.errors[0].code).toBe('CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND');
    expect((await s.call('POST', '/customer/wishlist', { body: {} })).json.products.elements.map((p: { id: string }) => p.id)).toEqual([b]);
  });

  it('merges the browser’s list: idempotent, unknown and malformed ids skipped, the wishlist created', async () => {
    const { s } = await loggedInAccount(shop);
    const [a, b, c] = productIds(3) as [string, string, string];
    const unknown = 'f'.repeat(32);
    const merged = await s.call('POST', '/customer/wishlist/merge', { body: { productIds: [a, unknown, b, 'kein-produkt', 42, a] } });
    expect(merged.status).toBe(200);
    expect(merged.json).toEqual({ success: true });
    const read = await s.call('POST', '/customer/wishlist', { body: {} });
    expect(read.json.products.elements.map((p: { id: string }) => p.id)).toEqual([a, b]);

    expect((await s.call('POST', '/customer/wishlist/merge', { body: { productIds: [b, c] } })).status).toBe(200);
    const after = await s.call('POST', '/customer/wishlist', { body: {} });
    expect(after.json.products.total).toBe(3);
    expect(new Set(after.json.products.elements.map((p: { id: string }) => p.id))).toEqual(new Set([a, b, c]));

    const empty = await loggedInAccount(shop);
    expect((await empty.s.call('POST', '/customer/wishlist/merge', { body: { productIds: [] } })).status).toBe(200);
    const created = await empty.s.call('POST', '/customer/wishlist', { body: {} });
    expect(created.status).toBe(200);
    expect(created.json.products.elements).toEqual([]);
  });

  it('pages with limit and page', async () => {
    const { s } = await loggedInAccount(shop);
    const ids = productIds(5);
    await s.call('POST', '/customer/wishlist/merge', { body: { productIds: ids } });
    const page2 = await s.call('POST', '/customer/wishlist', { body: { limit: 2, page: 2 } });
    expect(page2.json.products).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page2.json.products.elements.map((p: { id: string }) => p.id)).toEqual(ids.slice(2, 4));
  });

  it('refuses unknown products on add, a missing list and more than 100 ids on merge', async () => {
    const { s } = await loggedInAccount(shop);
    const add = await s.call('POST', `/customer/wishlist/add/${'a'.repeat(32)}`);
    expect(add.status).toBe(400);
    expect(add.json.errors[0].code).toBe('CONTENT__PRODUCT_NOT_FOUND');
    expect((await s.call('POST', '/customer/wishlist/add/not-an-id')).status).toBe(400);
    const missing = await s.call('POST', '/customer/wishlist/merge', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].source.pointer).toBe('/productIds');
    const many = await s.call('POST', '/customer/wishlist/merge', { body: { productIds: Array.from({ length: 101 }, () => 'a'.repeat(32)) } });
    expect(many.status).toBe(400);
    expect(many.json.errors[0].code).toBe('VIOLATION::TOO_MANY_ERROR');
  });

  it('is 403 for anonymous visitors, guests and accounts waiting for their confirmation', async () => {
    const product = findProduct(shop.db, 'delivery').id;
    const guest = await guestSession(shop.call);
    for (const s of [shopper(shop.call), guest]) {
      for (const [method, path, body] of [
        ['POST', '/customer/wishlist', {}],
        ['POST', `/customer/wishlist/add/${product}`, undefined],
        ['DELETE', `/customer/wishlist/delete/${product}`, undefined],
        ['POST', '/customer/wishlist/merge', { productIds: [product] }],
      ] as const) {
        const res = await s.call(method, path, { body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
      }
    }
    const pending = shopper(shop.call);
    const registered = await pending.call('POST', '/account/register', {
      body: { email: uniqueEmail('warten'), password: 'Sicher-123', firstName: 'Ida', lastName: 'Wyss', storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    expect(registered.status).toBe(200);
    expect(registered.json.active).toBe(false);
    expect((await pending.call('POST', `/customer/wishlist/add/${product}`)).status).toBe(403);
    expect(shop.db.prepare('SELECT COUNT(*) FROM customer_wishlist WHERE customer_id = ?').pluck().get(registered.json.id)).toBe(0);
  });
});
