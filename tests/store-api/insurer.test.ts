import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSURED_GROUP_ID,
  INSURED_PLAN_GROUP_ID,
  insurerDiscountPercentage,
  insuredUnitPrice,
  luhnValid,
  normaliseInsuranceNumber,
} from '../../store-api/src/domain/insurer';
import { calculatedPrice, includedTax } from '../../store-api/src/domain/pricing';
import { HIGH_PRICE_ORIGINAL_ID, HIGH_PRICE_ORIGINAL_PRICE, seededMemberNumbers } from '../../store-api/src/seed/insurer';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, loggedIn } from './account-session';
import { addProduct, choosePayment, placeOrder, shopper, type Shopper } from './checkout-fixtures';

// Insurer partnership (SPEC §9, issue 7): verification of the insurance number, the insured customers'
// discounts on medicines (product, listing, cart) and the one-time CHF 20 welcome voucher.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;

let shop: Shop;
beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

const members = seededMemberNumbers();
const insuredNumber = members.find((m) => !m.plan)!.number;
const planNumber = members.find((m) => m.plan)!.number;

describe('the discount of a unit price', () => {
  it('gives generics 10 % / 14 % and originals 2 % / 3.5 %, nothing to non-medicines or other customers', () => {
    expect(insurerDiscountPercentage('insured', 'generic', 20)).toBe(10);
    expect(insurerDiscountPercentage('insured', 'original', 20)).toBe(2);
    expect(insurerDiscountPercentage('plan', 'generic', 20)).toBe(14);
    expect(insurerDiscountPercentage('plan', 'original', 20)).toBe(3.5);
    expect(insurerDiscountPercentage('insured', null, 20)).toBe(0);
    expect(insurerDiscountPercentage('plan', null, 2000)).toBe(0);
    expect(insurerDiscountPercentage(null, 'generic', 20)).toBe(0);
    expect(insurerDiscountPercentage(null, 'original', 2000)).toBe(0);
  });

  it('gives plan originals 1.5 % from CHF 1028.00 (3.5 % at 1027.99), insured originals 2 % at any price', () => {
    expect(insurerDiscountPercentage('plan', 'original', 1027.99)).toBe(3.5);
    expect(insurerDiscountPercentage('plan', 'original', 1028)).toBe(1.5);
    expect(insurerDiscountPercentage('plan', 'generic', 1028)).toBe(14);
    expect(insurerDiscountPercentage('insured', 'original', 1028)).toBe(2);
    expect(insuredUnitPrice('plan', 'original', 1027.99).unitPrice).toBe(992.01); // 1027.99 × 0.965 = 992.0103
    expect(insuredUnitPrice('plan', 'original', 1028).unitPrice).toBe(1012.58); // 1028 × 0.985
  });

  it('rounds to 0.01, half away from zero, and keeps the regular price as the previous price', () => {
    expect(insuredUnitPrice('insured', 'generic', 12.35)).toEqual({ unitPrice: 11.12, regularPrice: 12.35, discount: { percentage: 10, kind: 'generic' } }); // 11.115
    expect(insuredUnitPrice('insured', 'original', 9.95).unitPrice).toBe(9.75); // 9.751
    expect(insuredUnitPrice('plan', 'generic', 7.5).unitPrice).toBe(6.45); // 6.45
    expect(insuredUnitPrice('plan', 'original', 19.9).unitPrice).toBe(19.2); // 19.2035
    expect(insuredUnitPrice(null, 'generic', 12.35)).toEqual({ unitPrice: 12.35, regularPrice: null, discount: null });
  });

  it('keeps the VAT inside the discounted line price right', () => {
    const unit = insuredUnitPrice('insured', 'generic', 12.35).unitPrice;
    const price = calculatedPrice({ unitPrice: unit, quantity: 3, taxRate: 2.6, listPrice: 12.35 }) as Json;
    expect(price.totalPrice).toBe(33.36);
    expect(price.calculatedTaxes[0].tax).toBe(includedTax(33.36, 2.6));
    expect(price.listPrice).toMatchObject({ price: 12.35, discount: -1.23, percentage: 9.96 });
  });
});

describe('the insurance number', () => {
  it('has the card format: 20 digits from 80756, a Luhn check digit; spaces are allowed', () => {
    expect(luhnValid(insuredNumber)).toBe(true);
    const spaced = insuredNumber.replace(/(\d{5})(?=\d)/g, '$1 ');
    expect(normaliseInsuranceNumber(spaced)).toBe(insuredNumber);
    const wrongCheck = `${insuredNumber.slice(0, 19)}${(Number(insuredNumber[19]) + 1) % 10}`;
    expect(normaliseInsuranceNumber(wrongCheck)).toBeNull();
    expect(normaliseInsuranceNumber(`80757${insuredNumber.slice(5)}`)).toBeNull();
    expect(normaliseInsuranceNumber(insuredNumber.slice(0, 19))).toBeNull();
    expect(normaliseInsuranceNumber(42)).toBeNull();
  });
});

/** A generic, an original and a non-medicine: simple products in stock without tiers. */
function products(): { generic: Json; original: Json; other: Json; expensive: Json } {
  const find = (condition: string) =>
    shop.db
      .prepare(
        `SELECT p.id, p.price, tax.tax_rate AS taxRate FROM product p JOIN tax ON tax.id = p.tax_id WHERE ${condition} AND p.active = 1 AND p.available = 1
         AND p.child_count = 0 AND p.parent_id IS NULL AND p.stock > 50 AND p.click_collect_only = 0 AND p.prescription_required = 0 AND p.list_price IS NULL
         AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id) ORDER BY p.product_number LIMIT 1`,
      )
      .get() as Json;
  return {
    generic: find("p.medication_kind = 'generic' AND p.price BETWEEN 10 AND 40"),
    original: find("p.medication_kind = 'original' AND p.price BETWEEN 10 AND 40"),
    other: find("p.medication_kind IS NULL AND p.type = 'physical' AND p.price BETWEEN 10 AND 40"),
    expensive: shop.db.prepare("SELECT id, price FROM product WHERE medication_kind = 'original' AND price >= 1028").get() as Json,
  };
}

async function customer(): Promise<Shopper> {
  const email = await activeAccount(shop);
  return loggedIn(shop, email);
}

async function productPrice(s: Shopper, id: string): Promise<Json> {
  const res = await s.call('POST', `/product/${id}`, { body: {} });
  expect(res.status).toBe(200);
  return res.json.product;
}

describe('seeded data', () => {
  it('has generics and originals among the medicines, one original from CHF 1028, the two groups and members', () => {
    const p = products();
    expect(p.generic && p.original && p.other).toBeTruthy();
    expect(p.expensive).toEqual({ id: HIGH_PRICE_ORIGINAL_ID, price: HIGH_PRICE_ORIGINAL_PRICE });
    // a product like the others: names in three languages, a category, an SEO URL per language
    expect(shop.db.prepare('SELECT COUNT(*) AS n FROM product_translation WHERE product_id = ?').get(HIGH_PRICE_ORIGINAL_ID)).toEqual({ n: 3 });
    expect(shop.db.prepare('SELECT COUNT(*) AS n FROM product_category WHERE product_id = ?').get(HIGH_PRICE_ORIGINAL_ID)).toEqual({ n: 1 });
    expect(shop.db.prepare("SELECT COUNT(*) AS n FROM seo_url WHERE foreign_key = ? AND route_name = 'frontend.detail.page'").get(HIGH_PRICE_ORIGINAL_ID)).toEqual({ n: 3 });
    const groups = shop.db.prepare('SELECT customer_group_id AS id, name FROM customer_group_translation WHERE customer_group_id IN (?, ?)').all(INSURED_GROUP_ID, INSURED_PLAN_GROUP_ID) as Json[];
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Versicherte', 'Versicherte mit Mehrfachmedikationsplan']));
    expect(shop.db.prepare('SELECT COUNT(*) AS n FROM insurer_member').get()).toEqual({ n: 20 });
    expect(shop.db.prepare("SELECT max_uses FROM promotion WHERE code = 'VERSICHERT20'").get()).toEqual({ max_uses: null });
  });
});

describe('POST /insurer/verify and POST /insurer', () => {
  it('answers 403 without a login', async () => {
    const s = shopper(shop.call);
    expect((await s.call('POST', '/insurer/verify', { body: { insuranceNumber: insuredNumber } })).status).toBe(403);
    expect((await s.call('POST', '/insurer', { body: {} })).status).toBe(403);
  });

  it('refuses a number of the wrong format or not in the member directory with 400 INSURER__NUMBER_INVALID', async () => {
    const s = await customer();
    const notMember = (() => {
      const body = '8075699999999999999';
      for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
      return '';
    })();
    for (const insuranceNumber of ['123', notMember, `${insuredNumber.slice(0, 19)}${(Number(insuredNumber[19]) + 1) % 10}`]) {
      const res = await s.call('POST', '/insurer/verify', { body: { insuranceNumber } });
      expect(res.status).toBe(400);
      expect(res.json.errors[0].code).toBe('INSURER__NUMBER_INVALID');
    }
    expect((await s.call('POST', '/insurer', { body: {} })).json).toMatchObject({ verified: false, voucherAvailable: false, apiAlias: 'insurer_status' });
  });

  it('verifies a member: the customer is insured, the number masked, the voucher available', async () => {
    const s = await customer();
    const res = await s.call('POST', '/insurer/verify', { body: { insuranceNumber: insuredNumber.replace(/(\d{5})(?=\d)/g, '$1 ') } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ verified: true, multiMedicationPlan: false, voucherAvailable: true, voucherCode: 'VERSICHERT20' });
    expect(res.json.maskedNumber).toMatch(new RegExp(`${insuredNumber.slice(-4)}$`));
    expect(res.json.maskedNumber).not.toContain(insuredNumber.slice(0, 10));
    const me = await s.call('GET', '/account/customer');
    expect(me.json.groupId).toBe(INSURED_GROUP_ID);
  });

  it('puts a plan member into the multi-medication plan group', async () => {
    const s = await customer();
    const res = await s.call('POST', '/insurer/verify', { body: { insuranceNumber: planNumber } });
    expect(res.json).toMatchObject({ verified: true, multiMedicationPlan: true });
    expect((await s.call('GET', '/account/customer')).json.groupId).toBe(INSURED_PLAN_GROUP_ID);
  });

  it('allows 10 attempts an hour per customer, then 429', async () => {
    const s = await customer();
    for (let i = 0; i < 10; i++) await s.call('POST', '/insurer/verify', { body: { insuranceNumber: '1' } });
    const res = await s.call('POST', '/insurer/verify', { body: { insuranceNumber: insuredNumber } });
    expect(res.status).toBe(429);
  });
});

describe('insured prices', () => {
  it('shows insured customers the discounted medicine prices with the regular price as list price; others the regular prices', async () => {
    const p = products();
    const anonymous = shopper(shop.call);
    const s = await customer();
    await s.call('POST', '/insurer/verify', { body: { insuranceNumber: insuredNumber } });

    expect((await productPrice(anonymous, p.generic.id)).calculatedPrice.unitPrice).toBe(p.generic.price);
    const generic = await productPrice(s, p.generic.id);
    expect(generic.calculatedPrice.unitPrice).toBe(insuredUnitPrice('insured', 'generic', p.generic.price).unitPrice);
    expect(generic.calculatedPrice.listPrice.price).toBe(p.generic.price);
    expect(generic.extensions.insurerDiscount).toMatchObject({ percentage: 10, kind: 'generic' });
    const original = await productPrice(s, p.original.id);
    expect(original.calculatedPrice.unitPrice).toBe(insuredUnitPrice('insured', 'original', p.original.price).unitPrice);
    const other = await productPrice(s, p.other.id);
    expect(other.calculatedPrice.unitPrice).toBe(p.other.price);
    expect(other.extensions.insurerDiscount).toBeUndefined();

    // listings use the same prices
    const search = await s.call('POST', '/product', { body: { ids: [p.generic.id, p.other.id] } });
    const byId = new Map((search.json.elements as Json[]).map((e) => [e.id, e]));
    expect(byId.get(p.generic.id).calculatedPrice.unitPrice).toBe(generic.calculatedPrice.unitPrice);
    expect(byId.get(p.other.id).calculatedPrice.unitPrice).toBe(p.other.price);
  });

  it('gives the plan 1.5 % on the original from CHF 1028', async () => {
    const p = products();
    const s = await customer();
    await s.call('POST', '/insurer/verify', { body: { insuranceNumber: planNumber } });
    const expensive = await productPrice(s, p.expensive.id);
    expect(expensive.calculatedPrice.unitPrice).toBe(insuredUnitPrice('plan', 'original', HIGH_PRICE_ORIGINAL_PRICE).unitPrice);
    expect(expensive.extensions.insurerDiscount.percentage).toBe(1.5);
  });

  it('prices the cart lines with the discount, carries it in the payload and keeps the VAT per line right', async () => {
    const p = products();
    const s = await customer();
    await s.call('POST', '/insurer/verify', { body: { insuranceNumber: insuredNumber } });
    await addProduct(s, p.generic.id, 3);
    const cart = await addProduct(s, p.other.id, 1);
    const genericLine = cart.lineItems.find((l: Json) => l.referencedId === p.generic.id);
    const unit = insuredUnitPrice('insured', 'generic', p.generic.price).unitPrice;
    expect(genericLine.price.unitPrice).toBe(unit);
    expect(genericLine.price.totalPrice).toBe(Math.round(unit * 300) / 100);
    expect(genericLine.price.calculatedTaxes[0].tax).toBe(includedTax(genericLine.price.totalPrice, p.generic.taxRate));
    expect(genericLine.price.listPrice.price).toBe(p.generic.price);
    expect(genericLine.payload.insurerDiscount).toEqual({ percentage: 10, kind: 'generic' });
    const otherLine = cart.lineItems.find((l: Json) => l.referencedId === p.other.id);
    expect(otherLine.price.unitPrice).toBe(p.other.price);
    expect(otherLine.payload.insurerDiscount).toBeUndefined();
    expect(cart.price.positionPrice).toBe(Math.round((genericLine.price.totalPrice + otherLine.price.totalPrice) * 100) / 100);
  });
});

describe('the welcome voucher VERSICHERT20', () => {
  async function addCode(s: Shopper): Promise<Json> {
    const res = await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: 'VERSICHERT20' }] } });
    return res.json;
  }
  const promotionLine = (cart: Json) => cart.lineItems.find((l: Json) => l.type === 'promotion');

  it('is not found for customers who are not insured nor for anonymous visitors', async () => {
    const p = products();
    for (const s of [shopper(shop.call), await customer()]) {
      await addProduct(s, p.other.id, 4);
      const cart = await addCode(s);
      expect(promotionLine(cart)).toBeUndefined();
      expect(cart.errors['promotion-not-found']).toMatchObject({ promotionCode: 'VERSICHERT20' });
    }
  });

  it('gives an insured new customer CHF 20 from CHF 50, once: the second order cannot use it', async () => {
    const p = products();
    const s = await customer();
    await s.call('POST', '/insurer/verify', { body: { insuranceNumber: insuredNumber } });
    await addProduct(s, p.other.id, 1);
    let cart = await addCode(s);
    if (p.other.price < 50) {
      expect(promotionLine(cart)).toBeUndefined(); // below CHF 50 the code is in the cart but gives nothing
      expect(Object.keys(cart.errors)).toContain('promotion-not-eligible-VERSICHERT20');
    }
    cart = await addProduct(s, p.other.id, Math.ceil(50 / p.other.price));
    expect(promotionLine(cart).price.totalPrice).toBe(-20);
    await choosePayment(s, 'invoice');
    const order = await placeOrder(s);
    expect(order.status).toBe(200);
    const row = shop.db.prepare('SELECT welcome_voucher_order_id AS orderId FROM customer_insurance ci JOIN customer c ON c.id = ci.customer_id WHERE c.id = (SELECT customer_id FROM "order" WHERE id = ?)').get(order.json.id) as Json;
    expect(row.orderId).toBe(order.json.id);

    await addProduct(s, p.other.id, 5);
    cart = await addCode(s);
    expect(promotionLine(cart)).toBeUndefined();
    expect((await s.call('POST', '/insurer', { body: {} })).json).toMatchObject({ verified: true, voucherAvailable: false, voucherCode: null });
  });
});
