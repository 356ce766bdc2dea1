import type { Db } from '../../store-api/src/db/connection';
import { COUNTRY_CH_ID, LANGUAGE_ID } from '../../store-api/src/known-ids';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import type { StoreApiCall } from '../support/shop';

// Shared steps of the account, order and payment tests: a shopper session that follows the
// sw-context-token the Store API hands out (as the official client does), products found in the seeded
// catalogue by the facts a test needs, and a guest checkout up to the placed order.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Shopper {
  token: string | undefined;
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; json: Json; text: string }>;
}

export function shopper(call: StoreApiCall, languageId?: string): Shopper {
  const session: Shopper = {
    token: undefined,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (session.token) headers['sw-context-token'] = session.token;
      if (languageId) headers['sw-language-id'] = languageId;
      const res = await call(method, `/store-api${path}`, { body: options.body, headers });
      const token = res.headers.get('sw-context-token');
      if (token) session.token = token;
      return res;
    },
  };
  return session;
}

export type ProductKind = 'delivery' | 'digital' | 'clickCollect';

/** A buyable product (no parent with variants, in stock, minimum 1, steps of 1) of the given kind. */
export function findProduct(db: Db, kind: ProductKind, offset = 0): { id: string; price: number; name: string } {
  const condition =
    kind === 'digital'
      ? "p.type = 'digital'"
      : kind === 'clickCollect'
        ? "p.type = 'physical' AND p.click_collect_only = 1 AND p.prescription_required = 0"
        : "p.type = 'physical' AND p.click_collect_only = 0 AND p.prescription_required = 0 AND p.shipping_free = 0 AND p.weight < 1";
  const row = db
    .prepare(
      `SELECT p.id, p.price, t.name FROM product p JOIN product_translation t ON t.product_id = p.id AND t.language_id = ?
       WHERE ${condition} AND p.active = 1 AND p.available = 1 AND p.child_count = 0 AND p.stock > 50 AND p.min_purchase = 1
         AND p.purchase_steps = 1 AND p.price BETWEEN 5 AND 40 AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)
       ORDER BY p.product_number LIMIT 1 OFFSET ?`,
    )
    .get(LANGUAGE_ID.de, offset) as { id: string; price: number; name: string } | undefined;
  if (!row) throw new Error(`no ${kind} product in the seeded catalogue`);
  return row;
}

export function address(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: COUNTRY_CH_ID, ...overrides };
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'kundin'): string {
  emailCounter += 1;
  return `${prefix}.${Date.now()}.${emailCounter}@example.ch`;
}

export async function registerGuest(s: Shopper, overrides: Record<string, unknown> = {}): Promise<Json> {
  const res = await s.call('POST', '/account/register', {
    body: {
      guest: true,
      email: uniqueEmail('gast'),
      firstName: 'Anna',
      lastName: 'Muster',
      acceptedDataProtection: true,
      storefrontUrl: 'http://shop.test',
      billingAddress: address(),
      ...overrides,
    },
  });
  if (res.status !== 200) throw new Error(`guest registration failed: ${res.status} ${res.text}`);
  return res.json;
}

/** A new shopper session registered as a guest (for checkout). */
export async function guestSession(call: StoreApiCall): Promise<Shopper> {
  const s = shopper(call);
  await registerGuest(s);
  return s;
}

export async function addProduct(s: Shopper, productId: string, quantity = 1): Promise<Json> {
  const res = await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ id: productId, referencedId: productId, type: 'product', quantity }] } });
  if (res.status !== 200) throw new Error(`add to cart failed: ${res.status} ${res.text}`);
  return res.json;
}

export async function choosePayment(s: Shopper, method: keyof typeof PAYMENT_METHOD_ID): Promise<void> {
  const res = await s.call('PATCH', '/context', { body: { paymentMethodId: PAYMENT_METHOD_ID[method] } });
  if (res.status !== 200) throw new Error(`payment method change failed: ${res.status} ${res.text}`);
}

export async function placeOrder(s: Shopper, body: Record<string, unknown> = { tos: true }, headers: Record<string, string> = {}) {
  return s.call('POST', '/checkout/order', { body, headers });
}

/** A guest who put one delivery product in the cart and chose `method`; answers the placed order. */
export async function guestOrder(call: StoreApiCall, db: Db, method: keyof typeof PAYMENT_METHOD_ID = 'card', quantity = 2): Promise<{ s: Shopper; order: Json; productId: string }> {
  const s = shopper(call);
  const product = findProduct(db, 'delivery');
  await registerGuest(s);
  await addProduct(s, product.id, quantity);
  await choosePayment(s, method);
  const res = await placeOrder(s);
  if (res.status !== 200) throw new Error(`order failed: ${res.status} ${res.text}`);
  return { s, order: res.json, productId: product.id };
}
