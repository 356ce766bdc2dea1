import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherProgress } from '../../store-api/src/domain/loyalty';
import { seededLoyaltyCardCode, seededLoyaltyCardNumber } from '../../store-api/src/seed/loyalty-cards';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, findProduct, placeOrder, shopper, type Shopper } from './checkout-fixtures';
import { loggedInAccount } from './account-session';

// Issue 19 item 6: a card's points turn into CHF 5 vouchers (SPEC §9, 500 points each), issued once, listed with
// the card, each redeemable once in the cart by its own customer only; the points to the next voucher count
// from what is left after them.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

describe('the voucher arithmetic', () => {
  it.each([
    // points, vouchers, points used for them, collected toward the next, still missing
    [0, 0, 0, 0, 500],
    [499, 0, 0, 499, 1],
    [500, 1, 500, 0, 500],
    [999, 1, 500, 499, 1],
    [1000, 2, 1000, 0, 500],
    [1200, 2, 1000, 200, 300],
  ])('%d points: %d vouchers, %d points used, %d collected, %d to the next', (points, vouchers, pointsUsed, pointsCollected, pointsToNextVoucher) => {
    expect(voucherProgress(points)).toEqual({ vouchers, pointsUsed, pointsCollected, pointsToNextVoucher });
  });

  it('keeps vouchers already issued when the points are corrected downwards: the next one needs the points back', () => {
    expect(voucherProgress(900, 2)).toEqual({ vouchers: 2, pointsUsed: 1000, pointsCollected: 0, pointsToNextVoucher: 600 });
  });
});

/** A logged-in customer holding seeded card `index` (3: 1,200 points; 1: 499 points; each can be claimed once). */
async function cardHolder(index: number): Promise<Shopper> {
  const { s } = await loggedInAccount(shop);
  const res = await s.call('POST', '/loyalty/assign', { body: { cardNumber: seededLoyaltyCardNumber(index), verificationCode: seededLoyaltyCardCode(index) } });
  expect(res.status).toBe(200);
  return s;
}

/** A logged-in customer with a new card that has collected `points` (as the pharmacies' tills report them). */
async function cardWith(points: number): Promise<Shopper> {
  const { s, customer } = await loggedInAccount(shop);
  const res = await s.call('POST', '/loyalty/apply', {
    body: { firstName: 'Lea', lastName: 'Frei', birthday: '1985-04-12', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', email: 'lea.frei@example.ch' },
  });
  expect(res.status).toBe(200);
  shop.db.prepare('UPDATE loyalty_card SET points = ? WHERE customer_id = ?').run(points, customer.id);
  return s;
}

const cardOf = async (s: Shopper): Promise<Json> => (await s.call('POST', '/loyalty', { body: {} })).json.card;

const applyCode = async (s: Shopper, code: string): Promise<Json> =>
  (await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: code }] } })).json;

const errorKeys = (cart: Json): string[] => Object.values(cart.errors as Record<string, { messageKey: string }>).map((e) => e.messageKey);

const discountOf = (cart: Json): number =>
  (cart.lineItems as { type: string; price: { totalPrice: number } }[]).filter((l) => l.type === 'promotion').reduce((sum, l) => sum + l.price.totalPrice, 0);

/** The total prices of an order's promotion lines, as stored. */
const promotionLinesOf = (orderId: string): number[] =>
  shop.db.prepare("SELECT total_price FROM order_line_item WHERE order_id = ? AND type = 'promotion'").pluck().all(orderId) as number[];

describe('loyalty vouchers', () => {
  it('1,200 points issue two CHF 5 vouchers once: reading the card again answers the same two', async () => {
    const s = await cardHolder(3);
    const card = await cardOf(s);
    expect(card).toMatchObject({ points: 1200, pointsUsedForVouchers: 1000, pointsCollected: 200, pointsToNextVoucher: 300 });
    expect(card.vouchers).toHaveLength(2);
    for (const voucher of card.vouchers) {
      expect(voucher).toMatchObject({ value: 5, state: 'issued', redeemedAt: null, orderNumber: null, apiAlias: 'pharmacy_loyalty_voucher' });
      expect(voucher.code).toMatch(/^VC-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
    const again = await cardOf(s);
    expect(again.vouchers).toEqual(card.vouchers);
    const cardId = shop.db.prepare('SELECT id FROM loyalty_card WHERE card_number = ?').pluck().get(seededLoyaltyCardNumber(3));
    expect(shop.db.prepare('SELECT COUNT(*) FROM loyalty_voucher WHERE card_id = ?').pluck().get(cardId)).toBe(2);

    // More points later: only the third voucher is new.
    shop.db.prepare('UPDATE loyalty_card SET points = 1500 WHERE id = ?').run(cardId);
    const more = await cardOf(s);
    expect(more.vouchers.map((v: Json) => v.code).slice(0, 2)).toEqual(card.vouchers.map((v: Json) => v.code));
    expect(more.vouchers).toHaveLength(3);
    expect(more).toMatchObject({ pointsCollected: 0, pointsToNextVoucher: 500 });
  });

  it('499 points issue none', async () => {
    const s = await cardHolder(1);
    expect(await cardOf(s)).toMatchObject({ points: 499, pointsToNextVoucher: 1, vouchers: [] });
  });

  it('a voucher gives CHF 5 off in its customer’s cart, is redeemed by the order, and a second order does not get it again', async () => {
    const s = await cardWith(1200);
    const [voucher] = (await cardOf(s)).vouchers;
    const product = findProduct(shop.db, 'delivery');
    await addProduct(s, product.id, 2);
    const cart = await applyCode(s, voucher.code.toLowerCase());
    expect(errorKeys(cart)).toContain('promotion-discount-added');
    expect(discountOf(cart)).toBe(-5);

    const order = await placeOrder(s);
    expect(order.status).toBe(200);
    expect(promotionLinesOf(order.json.id)).toEqual([-5]);
    const row = shop.db.prepare('SELECT state, order_id FROM loyalty_voucher WHERE code = ?').get(voucher.code) as { state: string; order_id: string };
    expect(row).toEqual({ state: 'redeemed', order_id: order.json.id });
    const listed = (await cardOf(s)).vouchers.find((v: Json) => v.code === voucher.code);
    expect(listed).toMatchObject({ state: 'redeemed', orderNumber: order.json.orderNumber });

    // The next cart refuses it with its own message; the order placed from it has no discount.
    await addProduct(s, product.id, 1);
    const second = await applyCode(s, voucher.code);
    expect(errorKeys(second)).toContain('promotion-redeemed');
    expect(discountOf(second)).toBe(0);
    const secondOrder = await placeOrder(s);
    expect(secondOrder.status).toBe(200);
    expect(promotionLinesOf(secondOrder.json.id)).toEqual([]);
    expect(shop.db.prepare('SELECT order_id FROM loyalty_voucher WHERE code = ?').pluck().get(voucher.code)).toBe(order.json.id);
  });

  it('a cart holding the voucher when it is redeemed elsewhere loses the discount before its order', async () => {
    const s = await cardWith(1000);
    const [, voucher] = (await cardOf(s)).vouchers;
    const product = findProduct(shop.db, 'delivery');
    await addProduct(s, product.id, 2);
    expect(discountOf(await applyCode(s, voucher.code))).toBe(-5);
    // Redeemed meanwhile (another session of the same customer ordered with it).
    shop.db.prepare("UPDATE promotion SET uses = 1 WHERE code = ?").run(voucher.code);
    const order = await placeOrder(s);
    expect(order.status).toBe(200);
    expect(promotionLinesOf(order.json.id)).toEqual([]);
    expect(shop.db.prepare('SELECT state FROM loyalty_voucher WHERE code = ?').pluck().get(voucher.code)).toBe('issued');
  });

  it('another customer’s voucher is refused with its own message; a visitor is told it needs the customer account', async () => {
    const owner = await cardWith(500);
    const [voucher] = (await cardOf(owner)).vouchers;
    const product = findProduct(shop.db, 'delivery');

    const { s: other } = await loggedInAccount(shop);
    await addProduct(other, product.id, 2);
    const refused = await applyCode(other, voucher.code);
    expect(errorKeys(refused)).toContain('promotion-not-own');
    expect(errorKeys(refused)).not.toContain('promotion-discount-added');
    expect(discountOf(refused)).toBe(0);

    const visitor = shopper(shop.call);
    await addProduct(visitor, product.id, 1);
    // SPEC §6 / issue 19 item 8: not logged in, the shopper may be its owner — log in to redeem it
    const asVisitor = errorKeys(await applyCode(visitor, voucher.code));
    expect(asVisitor).toContain('promotion-login-required');
    expect(asVisitor).not.toContain('promotion-not-own');
    expect(shop.db.prepare('SELECT uses FROM promotion WHERE code = ?').pluck().get(voucher.code)).toBe(0);
  });
});
