import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { HIGH_PRICE_ORIGINAL_ID, HIGH_PRICE_ORIGINAL_PRICE, seededMemberNumbers } from '../../store-api/src/seed/insurer';
import { pdfText } from '../support/pdfText';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, loggedIn } from './account-session';
import { addProduct, address, choosePayment, findProduct, placeOrder, registerGuest, shopper, uniqueEmail, type Shopper } from './checkout-fixtures';

// SPEC §9 business constants at both sides of their boundary, through the real embedded Store API (a private
// copy of the seeded shop), as a shopper meets them: the cart's shipping and total, the insured customer's
// voucher and price, the invoice's terms, the registration's refusal. (Weights 4 / 4.01 kg, postal codes,
// loyalty 499 / 500 points and the collection-cost bands are tested in cart-rules, account, loyalty and
// storefront/features/content.)

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;

let shop: Shop;
beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

/** Runs `body` with the product priced at `price` (CHF incl. VAT), then puts its price back. */
async function withPrice<T>(productId: string, price: number, body: () => Promise<T>): Promise<T> {
  const before = shop.db.prepare('SELECT price, cheapest_price AS cheapest FROM product WHERE id = ?').get(productId) as { price: number; cheapest: number | null };
  shop.db.prepare('UPDATE product SET price = ?, cheapest_price = ? WHERE id = ?').run(price, price, productId);
  try {
    return await body();
  } finally {
    shop.db.prepare('UPDATE product SET price = ?, cheapest_price = ? WHERE id = ?').run(before.price, before.cheapest, productId);
  }
}

describe('free shipping from CHF 50.00 of goods (FREE_SHIPPING_THRESHOLD_CHF, default 50)', () => {
  it.each([
    { goods: 49.99, shipping: 7.7, total: 57.7, missing: 0.01, reached: false }, // 57.69, cash-rounded to 0.05,
    { goods: 50.0, shipping: 0, total: 50.0, missing: 0, reached: true },
  ])('a cart of CHF $goods pays CHF $shipping shipping (total CHF $total)', async ({ goods, shipping, total, missing, reached }) => {
    const product = findProduct(shop.db, 'delivery');
    const cart = await withPrice(product.id, goods, async () => {
      const s = shopper(shop.call);
      await registerGuest(s);
      return addProduct(s, product.id, 1);
    });
    expect(cart.price.positionPrice).toBe(goods);
    expect(cart.deliveries[0].shippingCosts.totalPrice).toBe(shipping);
    expect(cart.price.totalPrice).toBe(total);
    expect(cart.extensions['pharmacy-shop'].freeShipping).toEqual({ threshold: 50, missingAmount: missing, reached });
  });
});

const members = seededMemberNumbers();

/** A new account that verified `number` with the insurer, logged in. */
async function insuredCustomer(number: string): Promise<Shopper> {
  const s = await loggedIn(shop, await activeAccount(shop));
  const verified = await s.call('POST', '/insurer/verify', { body: { insuranceNumber: number } });
  expect(verified.status, verified.text).toBe(200);
  return s;
}

describe('insurer partnership: the one-time CHF 20 voucher VERSICHERT20 from a CHF 50.00 purchase', () => {
  /** a product the insurer gives no discount on, so its price is the goods value */
  function nonMedicine(): string {
    return shop.db
      .prepare(
        `SELECT p.id FROM product p WHERE p.medication_kind IS NULL AND p.type = 'physical' AND p.active = 1 AND p.available = 1 AND p.child_count = 0
           AND p.parent_id IS NULL AND p.stock > 50 AND p.min_purchase = 1 AND p.purchase_steps = 1 AND p.click_collect_only = 0
           AND p.prescription_required = 0 AND p.shipping_free = 0 AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)
         ORDER BY p.product_number LIMIT 1`,
      )
      .pluck()
      .get() as string;
  }

  it.each([
    { goods: 49.99, discount: null, positionPrice: 49.99, error: 'promotion-not-eligible-VERSICHERT20' },
    { goods: 50.0, discount: -20, positionPrice: 30.0, error: null },
  ])('goods of CHF $goods: voucher line $discount, goods to pay CHF $positionPrice', async ({ goods, discount, positionPrice, error }) => {
    const productId = nonMedicine();
    const cart = await withPrice(productId, goods, async () => {
      const s = await insuredCustomer(members.find((m) => !m.plan)!.number);
      await addProduct(s, productId, 1);
      const res = await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: 'VERSICHERT20' }] } });
      expect(res.status, res.text).toBe(200);
      return res.json;
    });
    const voucher = cart.lineItems.find((l: Json) => l.type === 'promotion');
    expect(voucher?.price.totalPrice ?? null).toBe(discount);
    expect(cart.price.positionPrice).toBe(positionPrice);
    if (error) expect(Object.keys(cart.errors)).toContain(error);
    else expect(Object.keys(cart.errors).filter((key) => key.startsWith('promotion-not'))).toEqual([]);
  });
});

describe('insurer multi-medication plan: originals get 1.5 % instead of 3.5 % from CHF 1028.00', () => {
  it.each([
    { regular: 1027.99, percentage: 3.5, insured: 992.01 }, // 1027.99 × 0.965 = 992.0103
    { regular: 1028.0, percentage: 1.5, insured: 1012.58 }, // 1028 × 0.985
  ])('an original of CHF $regular costs a plan member CHF $insured ($percentage %) on the product page and in the cart', async ({ regular, percentage, insured }) => {
    expect((shop.db.prepare('SELECT price FROM product WHERE id = ?').pluck().get(HIGH_PRICE_ORIGINAL_ID) as number)).toBe(HIGH_PRICE_ORIGINAL_PRICE);
    await withPrice(HIGH_PRICE_ORIGINAL_ID, regular, async () => {
      const s = await insuredCustomer(members.find((m) => m.plan)!.number);
      const page = (await s.call('POST', `/product/${HIGH_PRICE_ORIGINAL_ID}`, { body: {} })).json.product;
      expect(page.calculatedPrice.unitPrice).toBe(insured);
      expect(page.calculatedPrice.listPrice.price).toBe(regular);
      expect(page.extensions.insurerDiscount.percentage).toBe(percentage);
      const cart = await addProduct(s, HIGH_PRICE_ORIGINAL_ID, 1);
      const line = cart.lineItems.find((l: Json) => l.referencedId === HIGH_PRICE_ORIGINAL_ID);
      expect(line.price.unitPrice).toBe(insured);
      expect(line.payload.insurerDiscount).toEqual({ percentage, kind: 'original' });
    });
  });
});

describe('invoice: payable in 10 days', () => {
  it.each([
    ['de', 'Zahlbar innert 10 Tagen ohne Abzug, bis', 'de-CH'],
    ['it', 'Pagabile entro 10 giorni senza deduzioni, entro il', 'it-CH'],
    ['fr', 'Payable dans les 10 jours sans déduction, d’ici au', 'fr-CH'],
  ] as const)('the %s invoice PDF of an order paid by invoice says "%s" the tenth day after its date', async (language, terms, locale) => {
    const s = shopper(shop.call, LANGUAGE_ID[language]);
    await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'delivery').id, 1);
    await choosePayment(s, 'invoice');
    const order = await placeOrder(s);
    expect(order.status, order.text).toBe(200);
    const document = order.json.documents[0];
    const res = await shop.app.fetch(
      new Request(`http://shop.test/store-api/document/download/${document.id}/${document.deepLinkCode}`, {
        headers: { 'sw-access-key': shop.config.accessKey, 'sw-context-token': s.token! },
      }),
    );
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    const day = (days: number) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Zurich' }).format(new Date(Date.parse(document.createdAt) + days * 86_400_000));
    expect(text).toContain(`${terms} ${day(10)}.`);
    expect(text).not.toContain(day(9));
    expect(text).not.toContain(day(11));
    expect(text).not.toMatch(/\b(9|11) (Tagen|giorni|jours)\b/);
  });
});

describe('registration: password at least 8 characters', () => {
  it.each([
    { password: 'Sicher1', status: 400 },
    { password: 'Sicher-1', status: 200 },
  ])('a password of $password.length characters answers $status', async ({ password, status }) => {
    const res = await shopper(shop.call).call('POST', '/account/register', {
      body: { email: uniqueEmail('pw'), password, firstName: 'Beat', lastName: 'Keller', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    expect(res.status, res.text).toBe(status);
    if (status === 400) {
      expect(res.json.errors).toEqual([expect.objectContaining({ code: 'VIOLATION::TOO_SHORT_ERROR', source: { pointer: '/password' }, meta: { parameters: { '{{ limit }}': 8 } } })]);
    } else {
      expect(res.json.email).toMatch(/^pw\./);
    }
  });
});
