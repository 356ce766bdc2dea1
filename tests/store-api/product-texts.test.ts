import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestShop } from '../support/shop';

// Issue 20 item 9: a product description ending in its pack reads "Inhalt: 1 Stk." — one full stop after the
// abbreviation, not "1 Stk..".

let shop: Awaited<ReturnType<typeof openTestShop>>;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

it('writes one full stop after a pack that ends in an abbreviation, in de, it and fr', () => {
  const doubled = shop.db.prepare("SELECT COUNT(*) AS n FROM product_translation WHERE description LIKE '%..%'").get() as { n: number };
  expect(doubled.n).toBe(0);
  const single = shop.db.prepare("SELECT COUNT(*) AS n FROM product_translation WHERE description LIKE '%Inhalt: 1 Stk.</p>%'").get() as { n: number };
  expect(single.n).toBeGreaterThan(0);
});
