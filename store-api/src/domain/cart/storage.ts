import type { SalesChannelContext } from '../../context';
import type { Db } from '../../db/connection';
import { cachedStatement, queryOne } from '../../dal/statements';
import type { StoredCart } from './types';

// The `cart` table keeps what the shopper asked for per context token, never a price.

export function emptyCart(): StoredCart {
  return { lineItems: [], pharmacyId: null, pendingErrors: [] };
}

/** The stored cart of a context token, or null when it has none. */
export function readStoredCart(db: Db, token: string): StoredCart | null {
  const row = queryOne<{ payload: string }>(db, 'SELECT payload FROM cart WHERE token = ?', [token]);
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.payload) as Partial<StoredCart>;
    return { ...parsed, lineItems: Array.isArray(parsed.lineItems) ? parsed.lineItems : [] };
  } catch {
    return emptyCart();
  }
}

export function isEmptyStoredCart(cart: StoredCart): boolean {
  return cart.lineItems.length === 0 && !cart.pharmacyId && !cart.pendingErrors?.length;
}

/**
 * Writes the cart of a token (an empty cart is deleted: nothing is kept for it). Used by the cart routes
 * and by the order code (login carries a cart to the new token; a failed payment restores one).
 */
export function writeStoredCart(db: Db, token: string, salesChannelId: string, cart: StoredCart): void {
  // A cart without products is an emptied cart: it no longer stands for a restored order.
  if (!cart.lineItems.some((l) => l.type === 'product')) cart.restoredFromOrderId = null;
  if (isEmptyStoredCart(cart)) {
    cachedStatement(db, 'DELETE FROM cart WHERE token = ?').run(token);
    return;
  }
  const payload: StoredCart = { lineItems: cart.lineItems, pharmacyId: cart.pharmacyId ?? null };
  if (cart.pendingErrors?.length) payload.pendingErrors = cart.pendingErrors;
  if (cart.restoredFromOrderId) payload.restoredFromOrderId = cart.restoredFromOrderId;
  const now = new Date().toISOString();
  cachedStatement(
    db,
    `INSERT INTO cart (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`,
  ).run(token, salesChannelId, JSON.stringify(payload), now, now);
}

/** Deletes the cart of the context (DELETE /checkout/cart; the order code after placing an order). */
export function deleteCart(ctx: SalesChannelContext): void {
  cachedStatement(ctx.db, 'DELETE FROM cart WHERE token = ?').run(ctx.token);
}
