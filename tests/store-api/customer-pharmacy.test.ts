import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, choosePayment, findProduct, guestSession, placeOrder, shopper } from './checkout-fixtures';
import { loggedInAccount } from './account-session';

// The customer's preferred pharmacy (custom /customer-pharmacy): read, set, clear, unknown ids; a Click & Collect
// cart without a chosen pharmacy picks it up, and the order is placed for it.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

function pharmacyId(clickAndCollect: boolean, offset = 0): string {
  return shop.db.prepare('SELECT id FROM pharmacy WHERE click_and_collect = ? ORDER BY id LIMIT 1 OFFSET ?').pluck().get(clickAndCollect ? 1 : 0, offset) as string;
}

function cartPharmacy(cart: Json): string | null {
  return cart.extensions['pharmacy-shop'].pharmacyId;
}

describe('customer-pharmacy', () => {
  it('is null at first, then the chosen pharmacy as /pharmacy answers it; null clears it', async () => {
    const { s } = await loggedInAccount(shop);
    const none = await s.call('POST', '/customer-pharmacy', { body: {} });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ pharmacy: null, apiAlias: 'pharmacy_customer_pharmacy' });

    const id = pharmacyId(true);
    const set = await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: id } });
    expect(set.status).toBe(200);
    const listed = await s.call('POST', '/pharmacy', { body: { ids: [id] } });
    expect(set.json).toEqual({ pharmacy: listed.json.elements[0], apiAlias: 'pharmacy_customer_pharmacy' });
    expect((await s.call('POST', '/customer-pharmacy', { body: {} })).json.pharmacy.id).toBe(id);

    const cleared = await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: null } });
    expect(cleared.json.pharmacy).toBeNull();
    expect((await s.call('POST', '/customer-pharmacy', { body: {} })).json.pharmacy).toBeNull();
  });

  it('refuses unknown pharmacies and a missing pharmacyId, keeping the old choice', async () => {
    const { s } = await loggedInAccount(shop);
    const id = pharmacyId(true);
    await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: id } });
    for (const unknown of ['0123456789abcdef0123456789abcdef', 'keine-apotheke']) {
      const res = await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: unknown } });
      expect(res.status).toBe(404);
      expect(res.json.errors[0].code).toBe('PHARMACY__NOT_FOUND');
    }
    const missing = await s.call('PATCH', '/customer-pharmacy', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].source.pointer).toBe('/pharmacyId');
    expect((await s.call('POST', '/customer-pharmacy', { body: {} })).json.pharmacy.id).toBe(id);
  });

  it('is 403 for anonymous visitors and guests', async () => {
    const guest = await guestSession(shop.call);
    for (const s of [shopper(shop.call), guest]) {
      expect((await s.call('POST', '/customer-pharmacy', { body: {} })).status).toBe(403);
      const res = await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: pharmacyId(true) } });
      expect(res.status).toBe(403);
      expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    }
  });
});

describe('Click & Collect with a preferred pharmacy', () => {
  it('preselects it in a cart without a pharmacy; the order is placed for it', async () => {
    const { s } = await loggedInAccount(shop);
    const preferred = pharmacyId(true, 1);
    await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: preferred } });
    const cart = await addProduct(s, findProduct(shop.db, 'clickCollect').id);
    expect(cartPharmacy(cart)).toBe(preferred);
    expect(Object.values(cart.errors).map((e: Json) => e.messageKey)).not.toContain('pharmacy-required');

    await choosePayment(s, 'invoice');
    const order = await placeOrder(s);
    expect(order.status, order.text).toBe(200);
    expect(order.json.extensions['pharmacy-shop'].pharmacyId).toBe(preferred);
  });

  it('a pharmacy chosen for the cart wins; delivery carts and pharmacies without Click & Collect get none', async () => {
    const { s } = await loggedInAccount(shop);
    const preferred = pharmacyId(true, 1);
    const chosen = pharmacyId(true, 2);
    await s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: preferred } });
    const delivery = await addProduct(s, findProduct(shop.db, 'delivery').id);
    expect(cartPharmacy(delivery)).toBeNull();
    await s.call('DELETE', '/checkout/cart');
    await addProduct(s, findProduct(shop.db, 'clickCollect').id);
    const picked = await s.call('POST', '/checkout/cart/pharmacy', { body: { pharmacyId: chosen } });
    expect(cartPharmacy(picked.json)).toBe(chosen);

    const other = await loggedInAccount(shop);
    const noPickup = pharmacyId(false);
    expect((await other.s.call('PATCH', '/customer-pharmacy', { body: { pharmacyId: noPickup } })).status).toBe(200);
    const cart = await addProduct(other.s, findProduct(shop.db, 'clickCollect').id);
    expect(cartPharmacy(cart)).toBeNull();
    expect(Object.values(cart.errors).map((e: Json) => e.messageKey)).toContain('pharmacy-required');
  });
});
