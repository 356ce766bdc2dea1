import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, shopper } from './checkout-fixtures';

// Tier prices at the edges of their ranges (issue 25 defect 3): a seeded product with tiers 1–2 (base price),
// 3–5 (5 % off) and from 6 (10 % off). The cart must charge the 3–5 tier's price for 3 AND for exactly 5 pieces,
// the price the product page lists for that tier; 2 pieces the base price, 6 the next tier's.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let product: { id: string; base: number; tiers: { start: number; end: number | null; price: number }[] };

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const row = shop.db
    .prepare(
      `SELECT p.id, p.price FROM product p
       WHERE p.active = 1 AND p.available = 1 AND p.child_count = 0 AND p.stock > 50 AND p.min_purchase = 1 AND p.purchase_steps = 1
         AND (p.max_purchase IS NULL OR p.max_purchase >= 10) AND p.click_collect_only = 0 AND p.prescription_required = 0
         AND EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id AND pp.quantity_start = 3 AND pp.quantity_end = 5 AND pp.price < p.price)
       ORDER BY p.product_number LIMIT 1`,
    )
    .get() as { id: string; price: number } | undefined;
  if (!row) throw new Error('the seeded shop has no product with a 3–5 tier cheaper than its base price');
  const tiers = shop.db.prepare('SELECT quantity_start AS start, quantity_end AS "end", price FROM product_price WHERE product_id = ? ORDER BY quantity_start').all(row.id) as {
    start: number;
    end: number | null;
    price: number;
  }[];
  product = { id: row.id, base: row.price, tiers };
});
afterAll(() => shop?.close());

async function unitPriceInCart(quantity: number): Promise<number> {
  const cart = await addProduct(shopper(shop.call), product.id, quantity);
  const line = cart.lineItems.find((l: { referencedId: string }) => l.referencedId === product.id);
  expect(line.quantity).toBe(quantity);
  return line.price.unitPrice as number;
}

describe('a tier’s range includes its first and its last quantity', () => {
  it('the seeded product: 1–2 at the base price, 3–5 and from 6 cheaper', () => {
    expect(product.tiers.map((t) => [t.start, t.end])).toEqual([
      [1, 2],
      [3, 5],
      [6, null],
    ]);
    expect(product.tiers[0]!.price).toBe(product.base);
    expect(product.tiers[1]!.price).toBeLessThan(product.base);
  });

  it.each([
    [2, 0],
    [3, 1],
    [5, 1],
    [6, 2],
  ])('%d pieces cost the unit price of tier %d', async (quantity, tier) => {
    expect(await unitPriceInCart(quantity)).toBe(product.tiers[tier]!.price);
  });

  it('5 pieces cost in the cart what the product page lists for "to 5"', async () => {
    const page = await shopper(shop.call).call('POST', `/product/${product.id}`, { body: {} });
    const listed = page.json.product.calculatedPrices.find((p: { quantity: number }) => p.quantity === 5);
    expect(listed.unitPrice).toBe(product.tiers[1]!.price);
    expect(await unitPriceInCart(5)).toBe(listed.unitPrice);
  });
});
