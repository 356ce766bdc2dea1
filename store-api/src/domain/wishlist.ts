import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { prepared } from '../entities/system';
import { isId, randomId } from '../ids';
import type { CustomerRow } from './customer';

// The server wishlist of a logged-in customer (SPEC §4 "Wishlist"; Shopware's customer_wishlist): one list per
// customer, created by the first add or merge. Adding is idempotent (the shop's choice: the storefront's heart
// may send twice), merging skips unknown and inactive products, newest first.

export const MERGE_MAX_PRODUCTS = 100;

interface WishlistRow {
  id: string;
  customer_id: string;
  sales_channel_id: string;
  created_at: string;
  updated_at: string | null;
}

export function findWishlist(ctx: SalesChannelContext, customerId: string): WishlistRow | undefined {
  return prepared(ctx.db, 'SELECT * FROM customer_wishlist WHERE customer_id = ?').get(customerId) as WishlistRow | undefined;
}

function ensureWishlist(ctx: SalesChannelContext, customer: CustomerRow, now: string): WishlistRow {
  const existing = findWishlist(ctx, customer.id);
  if (existing) return existing;
  prepared(ctx.db, 'INSERT INTO customer_wishlist (id, customer_id, sales_channel_id, created_at) VALUES (?, ?, ?, ?)').run(randomId(), customer.id, ctx.salesChannel.id, now);
  return findWishlist(ctx, customer.id)!;
}

/** The ids of the active products on the list, the last added first. */
export function wishlistProductIds(ctx: SalesChannelContext, wishlistId: string): string[] {
  return (
    prepared(
      ctx.db,
      `SELECT wp.product_id FROM customer_wishlist_product wp JOIN product p ON p.id = wp.product_id
       WHERE wp.wishlist_id = ? AND p.active = 1 ORDER BY wp.created_at DESC, wp.rowid DESC`,
    )
      .pluck()
      .all(wishlistId) as string[]
  );
}

export function wishlistNotFound(): StoreApiError {
  return StoreApiError.notFound('CHECKOUT__WISHLIST_NOT_FOUND', 'Wishlist for this customer was not found.');
}

function activeProductExists(ctx: SalesChannelContext, productId: string): boolean {
  return isId(productId) && prepared(ctx.db, 'SELECT 1 FROM product WHERE id = ? AND active = 1').get(productId) !== undefined;
}

function insertProducts(ctx: SalesChannelContext, wishlistId: string, productIds: string[], now: string): void {
  const insert = prepared(ctx.db, 'INSERT OR IGNORE INTO customer_wishlist_product (id, wishlist_id, product_id, created_at) VALUES (?, ?, ?, ?)');
  for (const productId of productIds) insert.run(randomId(), wishlistId, productId, now);
  prepared(ctx.db, 'UPDATE customer_wishlist SET updated_at = ? WHERE id = ?').run(now, wishlistId);
}

/** POST /customer/wishlist/add/{productId}: idempotent; an unknown product is a 400 as Shopware's schema says. */
export function addToWishlist(ctx: SalesChannelContext, customer: CustomerRow, productId: string): void {
  if (!activeProductExists(ctx, productId)) {
    const shownId = productId.slice(0, 64);
    throw StoreApiError.of(400, 'CONTENT__PRODUCT_NOT_FOUND', `Product for id ${shownId} not found.`, { productId: shownId });
  }
  const now = new Date().toISOString();
  ctx.db.transaction(() => insertProducts(ctx, ensureWishlist(ctx, customer, now).id, [productId], now))();
}

/** DELETE /customer/wishlist/delete/{productId}: 404 when the product is not on the list. */
export function removeFromWishlist(ctx: SalesChannelContext, customer: CustomerRow, productId: string): void {
  const wishlist = findWishlist(ctx, customer.id);
  const removed = wishlist ? prepared(ctx.db, 'DELETE FROM customer_wishlist_product WHERE wishlist_id = ? AND product_id = ?').run(wishlist.id, productId).changes : 0;
  if (removed === 0) {
    const shownId = productId.slice(0, 64);
    throw StoreApiError.notFound('CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND', `Wishlist product with id ${shownId} not found`, { productId: shownId });
  }
  prepared(ctx.db, 'UPDATE customer_wishlist SET updated_at = ? WHERE id = ?').run(new Date().toISOString(), wishlist!.id);
}

/**
 * POST /customer/wishlist/merge {productIds}: adds the browser's local list (≤ 100 ids; unknown, malformed and
 * inactive ones skipped, products already on the list kept) and creates the wishlist when missing.
 */
export function mergeWishlist(ctx: SalesChannelContext, customer: CustomerRow, body: Record<string, unknown>): void {
  const raw = body.productIds;
  if (!Array.isArray(raw)) {
    throw StoreApiError.violation('/productIds', 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.', { '{{ value }}': JSON.stringify(raw ?? null).slice(0, 64) });
  }
  if (raw.length > MERGE_MAX_PRODUCTS) {
    throw StoreApiError.violation(
      '/productIds',
      'VIOLATION::TOO_MANY_ERROR',
      `This collection should contain ${MERGE_MAX_PRODUCTS} elements or less.`,
      { '{{ count }}': raw.length, '{{ limit }}': MERGE_MAX_PRODUCTS },
    );
  }
  const ids = [...new Set(raw.filter((id): id is string => typeof id === 'string' && isId(id)))];
  const known = ids.length
    ? (prepared(ctx.db, 'SELECT id FROM product WHERE active = 1 AND id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as string[])
    : [];
  const knownSet = new Set(known);
  const now = new Date().toISOString();
  // The local list's order is kept: the first of the browser's list ends up first (newest).
  ctx.db.transaction(() => {
    const wishlist = ensureWishlist(ctx, customer, now);
    insertProducts(ctx, wishlist.id, ids.filter((id) => knownSet.has(id)).reverse(), now);
  })();
}
