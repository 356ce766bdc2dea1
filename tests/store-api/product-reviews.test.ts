import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveReview } from '../../store-api/src/domain/product-reviews';
import { openPrivateTestShop } from '../support/shop';
import { loggedInAccount } from './account-session';
import { findProduct, guestSession, shopper } from './checkout-fixtures';

// Issue 20 item 5: POST /store-api/product/{productId}/review as Shopware 6.7 answers it, on the real embedded
// Store API: logged-in customers only, points 1–5, title ≥ 5, content ≥ 40, one review per customer and product
// (a second one only as an update of the own review by id), hidden until approved while reviews are moderated.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let productId: string;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  productId = findProduct(shop.db, 'delivery').id;
});
afterAll(() => shop?.close());

const CONTENT = 'Hilft zuverlässig, die Packung ist handlich und die Tabletten lassen sich gut schlucken.';
const review = (overrides: Record<string, unknown> = {}) => ({ points: 4, title: 'Gute Wirkung', content: CONTENT, ...overrides });

const publicTitles = async (id = productId) =>
  (await shopper(shop.call).call('POST', `/product/${id}/reviews`, { body: { limit: 100 } })).json.elements.map((r: { title: string }) => r.title);

const setting = (key: string, value: unknown) =>
  shop.db.prepare('INSERT OR REPLACE INTO system_config (configuration_key, configuration_value) VALUES (?, ?)').run(key, JSON.stringify(value));

describe('POST /product/{productId}/review', () => {
  it('refuses an anonymous visitor and a guest customer with 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN', async () => {
    const anonymous = await shopper(shop.call).call('POST', `/product/${productId}/review`, { body: review() });
    expect(anonymous.status).toBe(403);
    expect(anonymous.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    const guest = await guestSession(shop.call);
    expect((await guest.call('POST', `/product/${productId}/review`, { body: review() })).status).toBe(403);
    expect(shop.db.prepare('SELECT COUNT(*) AS n FROM product_review WHERE title = ?').get('Gute Wirkung')).toEqual({ n: 0 });
  });

  it('answers the violations of a short title, short content and points outside 1 to 5, and stores nothing', async () => {
    const { s } = await loggedInAccount(shop);
    const res = await s.call('POST', `/product/${productId}/review`, { body: { points: 6, title: 'Gut', content: 'Zu kurz.' } });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code])).toEqual([
      ['/title', 'VIOLATION::TOO_SHORT_ERROR'],
      ['/content', 'VIOLATION::TOO_SHORT_ERROR'],
      ['/points', 'VIOLATION::TOO_HIGH_ERROR'],
    ]);
    const missing = await s.call('POST', `/product/${productId}/review`, { body: { points: 0 } });
    expect(missing.json.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code])).toEqual([
      ['/title', 'VIOLATION::IS_BLANK_ERROR'],
      ['/content', 'VIOLATION::IS_BLANK_ERROR'],
      ['/points', 'VIOLATION::TOO_LOW_ERROR'],
    ]);
  });

  it('answers 404 for an unknown product', async () => {
    const { s } = await loggedInAccount(shop);
    const res = await s.call('POST', `/product/${'f'.repeat(32)}/review`, { body: review() });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CONTENT__PRODUCT_NOT_FOUND');
  });

  it('saves a review hidden until approved: the customer sees it, other shoppers only after approval, the average then counts it', async () => {
    const { s, customer } = await loggedInAccount(shop);
    const title = 'Wartet auf Freigabe';
    const saved = await s.call('POST', `/product/${productId}/review`, { body: review({ title, points: 1 }) });
    expect(saved.status).toBe(204);
    const row = shop.db.prepare('SELECT id, status, customer_id, external_user, points FROM product_review WHERE title = ?').get(title) as Record<string, unknown>;
    expect(row).toMatchObject({ status: 0, customer_id: customer.id, external_user: 'Lea', points: 1 });
    expect(await publicTitles()).not.toContain(title);
    const own = (await s.call('POST', `/product/${productId}/reviews`, { body: { limit: 100 } })).json.elements;
    expect(own.map((r: { title: string }) => r.title)).toContain(title);

    const before = shop.db.prepare('SELECT rating_average FROM product WHERE id = ?').get(productId) as { rating_average: number | null };
    expect(approveReview(shop.db, row.id as string)).toBe(true);
    expect(await publicTitles()).toContain(title);
    const after = shop.db.prepare('SELECT rating_average FROM product WHERE id = ?').get(productId) as { rating_average: number };
    expect(after.rating_average).toBeLessThan(before.rating_average ?? 6);
  });

  it('keeps one review per customer and product: a second post is refused, naming the own review by id updates it', async () => {
    const { s } = await loggedInAccount(shop);
    expect((await s.call('POST', `/product/${productId}/review`, { body: review({ title: 'Erste Meinung' }) })).status).toBe(204);
    const second = await s.call('POST', `/product/${productId}/review`, { body: review({ title: 'Zweite Meinung' }) });
    expect(second.status).toBe(400);
    expect(second.json.errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_EXISTS', source: { pointer: '/customerId' } });
    const { id } = shop.db.prepare('SELECT id FROM product_review WHERE title = ?').get('Erste Meinung') as { id: string };
    expect((await s.call('POST', `/product/${productId}/review`, { body: review({ id, title: 'Geänderte Meinung', points: 5 }) })).status).toBe(204);
    expect(shop.db.prepare('SELECT title, points, status FROM product_review WHERE id = ?').get(id)).toEqual({ title: 'Geänderte Meinung', points: 5, status: 0 });
    // someone else's review cannot be taken over
    const { s: other } = await loggedInAccount(shop);
    const stolen = await other.call('POST', `/product/${productId}/review`, { body: review({ id, title: 'Übernommen' }) });
    expect(stolen.status).toBe(400);
    expect(stolen.json.errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS', source: { pointer: '/id' } });
  });

  it('shows a review at once when the shop does not moderate, and refuses all with 403 when reviews are switched off', async () => {
    setting('PharmacyShop.reviews.moderated', false);
    try {
      const { s } = await loggedInAccount(shop);
      expect((await s.call('POST', `/product/${productId}/review`, { body: review({ title: 'Sofort sichtbar' }) })).status).toBe(204);
      expect(await publicTitles()).toContain('Sofort sichtbar');
    } finally {
      setting('PharmacyShop.reviews.moderated', true);
    }
    setting('core.listing.showReview', false);
    try {
      const { s } = await loggedInAccount(shop);
      const res = await s.call('POST', `/product/${productId}/review`, { body: review({ title: 'Abgeschaltet' }) });
      expect(res.status).toBe(403);
      expect(res.json.errors[0].code).toBe('PRODUCT__REVIEW_NOT_ACTIVE');
    } finally {
      setting('core.listing.showReview', true);
    }
  });
});
