import type { SalesChannelContext } from '../../context';
import type { Db } from '../../db/connection';
import { cachedStatement, queryOne } from '../../dal/statements';
import type { CartError, StoredCart } from './types';

// The `cart` table keeps what the shopper asked for per context token, never a price.

export function emptyCart(): StoredCart {
  return { lineItems: [], pharmacyId: null, pendingErrors: [] };
}

/** The stored cart of a context token and its row's payload as stored, or null when it has none. */
function readStoredCartRow(db: Db, token: string): { cart: StoredCart; payload: string } | null {
  const row = queryOne<{ payload: string }>(db, 'SELECT payload FROM cart WHERE token = ?', [token]);
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.payload) as Partial<StoredCart>;
    return { cart: { ...parsed, lineItems: Array.isArray(parsed.lineItems) ? parsed.lineItems : [] }, payload: row.payload };
  } catch {
    return { cart: emptyCart(), payload: row.payload };
  }
}

/** The stored cart of a context token, or null when it has none. */
export function readStoredCart(db: Db, token: string): StoredCart | null {
  return readStoredCartRow(db, token)?.cart ?? null;
}

export function isEmptyStoredCart(cart: StoredCart): boolean {
  return cart.lineItems.length === 0 && !cart.pharmacyId && !cart.pendingErrors?.length;
}

/** The payload a cart is stored as, or null for a cart that is not kept (deleted). */
function storedPayloadOf(cart: StoredCart): string | null {
  // A cart without products is an emptied cart: it no longer stands for a restored order.
  if (!cart.lineItems.some((l) => l.type === 'product')) cart.restoredFromOrderId = null;
  if (isEmptyStoredCart(cart)) return null;
  const payload: StoredCart = { lineItems: cart.lineItems, pharmacyId: cart.pharmacyId ?? null };
  if (cart.pendingErrors?.length) payload.pendingErrors = cart.pendingErrors;
  if (cart.restoredFromOrderId) payload.restoredFromOrderId = cart.restoredFromOrderId;
  return JSON.stringify(payload);
}

/**
 * Writes the cart of a token (an empty cart is deleted: nothing is kept for it). Used by the cart routes
 * and by the order code (login carries a cart to the new token; a failed payment restores one).
 */
export function writeStoredCart(db: Db, token: string, salesChannelId: string, cart: StoredCart): void {
  const payload = storedPayloadOf(cart);
  if (payload === null) {
    cachedStatement(db, 'DELETE FROM cart WHERE token = ?').run(token);
    return;
  }
  const now = new Date().toISOString();
  cachedStatement(
    db,
    `INSERT INTO cart (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`,
  ).run(token, salesChannelId, payload, now, now);
}

/**
 * The stored cart of a token with its pending errors taken out (they are answered once), in one read and one
 * write: the write only happens while the row still holds what was read. Null when the token has no cart.
 */
export function takePendingErrors(db: Db, token: string): { cart: StoredCart; pending: CartError[] } | null {
  const row = readStoredCartRow(db, token);
  if (!row) return null;
  const pending = row.cart.pendingErrors ?? [];
  if (!pending.length) return { cart: row.cart, pending };
  const cart: StoredCart = { ...row.cart, pendingErrors: [] };
  const payload = storedPayloadOf({ ...cart });
  const written =
    payload === null
      ? cachedStatement(db, 'DELETE FROM cart WHERE token = ? AND payload = ?').run(token, row.payload)
      : cachedStatement(db, 'UPDATE cart SET payload = ?, updated_at = ? WHERE token = ? AND payload = ?').run(payload, new Date().toISOString(), token, row.payload);
  // Changed by another request since it was read (another process): take its errors from what is there now.
  if (written.changes === 0) return takePendingErrors(db, token);
  return { cart, pending };
}

/** Deletes the cart of the context (DELETE /checkout/cart; the order code after placing an order). */
export function deleteCart(ctx: SalesChannelContext): void {
  cachedStatement(ctx.db, 'DELETE FROM cart WHERE token = ?').run(ctx.token);
}
