import type { Db } from '../../store-api/src/db/connection';
import { TAX_REDUCED_ID, TAX_STANDARD_ID } from '../../store-api/src/known-ids';

// Products of a private test shop (a copy of the seeded database) with facts pinned to round numbers,
// so the cart tests can assert exact francs, kilograms and VAT. Only ever called on openPrivateTestShop().

export interface CartProducts {
  /** 8.1 % VAT, CHF 20.00, 1.000 kg */
  standard: string;
  /** 2.6 % VAT, CHF 10.00, 0.500 kg */
  reduced: string;
  /** Click & Collect only, 2.6 % VAT, CHF 15.00 */
  clickCollect: string;
  /** Click & Collect only and prescription medicine */
  prescription: string;
  /** a download (type digital), 8.1 % VAT, CHF 12.00 */
  digital: string;
  /** tiers: 1–9 CHF 21.50, from 10 CHF 19.78 (8.1 %) */
  tiered: string;
  /** a closeout with 3 pieces left */
  closeout: string;
  /** active but not available */
  unavailable: string;
  /** a parent with variants (not buyable itself) */
  parent: string;
  /** a variant of `parent` */
  variant: string;
  /** ships free, 8.1 %, CHF 20.00, 1.000 kg */
  shipsFree: string;
}

function pick(db: Db, where: string, exclude: string[]): string {
  const row = db
    .prepare(`SELECT id FROM product WHERE ${where} AND id NOT IN (SELECT value FROM json_each(?)) ORDER BY product_number LIMIT 1`)
    .get(JSON.stringify(exclude)) as { id: string } | undefined;
  if (!row) throw new Error(`cart fixture: no product where ${where}`);
  return row.id;
}

const SIMPLE = "parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1 AND type = 'physical'";

export function pinCartProducts(db: Db): CartProducts {
  const used: string[] = [];
  const take = (where: string) => {
    const id = pick(db, where, used);
    used.push(id);
    return id;
  };
  const products: CartProducts = {
    standard: take(`${SIMPLE} AND click_collect_only = 0`),
    reduced: take(`${SIMPLE} AND click_collect_only = 0`),
    clickCollect: take(`${SIMPLE} AND click_collect_only = 1 AND prescription_required = 0`),
    prescription: take(`${SIMPLE} AND click_collect_only = 1 AND prescription_required = 1`),
    digital: take("parent_id IS NULL AND child_count = 0 AND active = 1 AND type = 'digital'"),
    tiered: take(`${SIMPLE} AND click_collect_only = 0`),
    closeout: take(`${SIMPLE} AND click_collect_only = 0`),
    unavailable: take(`${SIMPLE} AND click_collect_only = 0`),
    parent: take('parent_id IS NULL AND child_count > 0 AND active = 1'),
    variant: '',
    shipsFree: take(`${SIMPLE} AND click_collect_only = 0`),
  };
  products.variant = pick(db, `parent_id = '${products.parent}' AND active = 1 AND available = 1`, used);

  const pin = db.prepare(
    `UPDATE product SET price = ?, list_price = NULL, tax_id = ?, weight = ?, shipping_free = ?, min_purchase = 1, max_purchase = NULL,
       purchase_steps = 1, is_closeout = 0, stock = 100, available_stock = 100, available = 1, active = 1 WHERE id = ?`,
  );
  db.transaction(() => {
    pin.run(20, TAX_STANDARD_ID, 1, 0, products.standard);
    pin.run(10, TAX_REDUCED_ID, 0.5, 0, products.reduced);
    pin.run(15, TAX_REDUCED_ID, 0.2, 0, products.clickCollect);
    pin.run(25, TAX_REDUCED_ID, 0.1, 0, products.prescription);
    pin.run(12, TAX_STANDARD_ID, 0, 1, products.digital);
    pin.run(21.5, TAX_STANDARD_ID, 0.1, 0, products.tiered);
    pin.run(9, TAX_STANDARD_ID, 0.1, 0, products.closeout);
    pin.run(5, TAX_STANDARD_ID, 0.1, 0, products.unavailable);
    pin.run(20, TAX_STANDARD_ID, 1, 1, products.shipsFree);
    db.prepare('UPDATE product SET is_closeout = 1, stock = 3, available_stock = 3 WHERE id = ?').run(products.closeout);
    db.prepare('UPDATE product SET available = 0 WHERE id = ?').run(products.unavailable);
    db.prepare('DELETE FROM product_price WHERE product_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(used));
    const tier = db.prepare('INSERT INTO product_price (id, product_id, quantity_start, quantity_end, price, list_price) VALUES (?, ?, ?, ?, ?, NULL)');
    tier.run('f0000000000000000000000000000001', products.tiered, 1, 9, 21.5);
    tier.run('f0000000000000000000000000000002', products.tiered, 10, null, 19.78);
  })();
  return products;
}

/** The seeded shop's Click & Collect pharmacy with the lowest postal code. */
export function aClickAndCollectPharmacy(db: Db): string {
  return (db.prepare('SELECT id FROM pharmacy WHERE click_and_collect = 1 ORDER BY zipcode LIMIT 1').get() as { id: string }).id;
}
