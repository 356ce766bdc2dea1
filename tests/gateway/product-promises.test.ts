import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedStoreApi } from '../../store-api/src/embedded';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';

// Issue 20 item 1: what a product page promises follows the product — dispatch, pickup, download or lead time;
// returns per /retouren; cancellation; free shipping from the cart's own threshold. Through the gateway on the
// real seeded Store API.

let gw: TestGateway;

beforeAll(async () => {
  gw = await openTestGateway();
});
afterAll(() => gw?.close());

const PROMISES = `query Promises($number: String!, $locale: Locale) {
  product(productNumber: $number, locale: $locale) {
    promises { fulfilment dispatchDay leadTime returnable cancellable shipsFree freeShippingFrom }
  }
}`;

/** A single product (no variants) matching the SQL condition on `p`. */
function numberWhere(condition: string): string {
  const row = gw.db
    .prepare(`SELECT p.product_number FROM product p WHERE p.parent_id IS NULL AND p.child_count = 0 AND p.active = 1 AND ${condition} ORDER BY p.product_number LIMIT 1`)
    .get() as { product_number: string } | undefined;
  if (!row) throw new Error(`no seeded product where ${condition}`);
  return row.product_number;
}

async function promisesOf(number: string, locale: 'DE' | 'IT' | 'FR' = 'DE') {
  const result = await gw.gql(PROMISES, { number, locale });
  expect(result.body.errors).toBeUndefined();
  return result.body.data.product.promises;
}

const SHIPPED_IN_STOCK = "p.type = 'physical' AND p.click_collect_only = 0 AND p.available = 1 AND p.stock > 0 AND p.shipping_free = 0";

describe('Product.promises per product type', () => {
  it('a first-aid or measuring item in stock: dispatch day, 14-day returns, cancellable, free shipping from the cart’s CHF 50', async () => {
    const promises = await promisesOf(numberWhere(`${SHIPPED_IN_STOCK} AND p.tags NOT LIKE '%no-returns%' AND p.prescription_required = 0`));
    expect(promises).toMatchObject({ fulfilment: 'DISPATCH', leadTime: null, returnable: true, cancellable: true, shipsFree: false, freeShippingFrom: 50 });
    expect(['TODAY', 'TOMORROW', 'MONDAY']).toContain(promises.dispatchDay);
  });

  it('a medicine in stock ships but is not returnable', async () => {
    const promises = await promisesOf(numberWhere(`${SHIPPED_IN_STOCK} AND p.tags LIKE '%"medicine"%' AND p.prescription_required = 0`));
    expect(promises).toMatchObject({ fulfilment: 'DISPATCH', returnable: false, cancellable: true, freeShippingFrom: 50 });
  });

  it('a supplement (reduced VAT, not a medicine) is not returnable', async () => {
    const promises = await promisesOf(
      numberWhere(`${SHIPPED_IN_STOCK} AND p.tags NOT LIKE '%"medicine"%' AND p.tax_id = (SELECT tax_id FROM product WHERE tags LIKE '%"medicine"%' LIMIT 1)`),
    );
    expect(promises).toMatchObject({ fulfilment: 'DISPATCH', returnable: false });
  });

  it('a prescription item is not returnable', async () => {
    const promises = await promisesOf(numberWhere('p.prescription_required = 1 AND p.available = 1'));
    expect(promises.returnable).toBe(false);
  });

  it('a Click & Collect only item is picked up in the pharmacy: no dispatch day, no free-shipping line', async () => {
    const promises = await promisesOf(numberWhere('p.click_collect_only = 1 AND p.available = 1 AND p.stock > 0'));
    expect(promises).toMatchObject({ fulfilment: 'PICKUP_IN_PHARMACY', dispatchDay: null, freeShippingFrom: null, returnable: false });
  });

  it('a download is available at once after payment, never returnable nor cancellable once bought, never shipped', async () => {
    const promises = await promisesOf(numberWhere("p.type = 'digital' AND p.available = 1"));
    expect(promises).toEqual({ fulfilment: 'DOWNLOAD', dispatchDay: null, leadTime: null, returnable: false, cancellable: false, shipsFree: false, freeShippingFrom: null });
  });

  it('an item on customer order states its lead time in the page’s language and is not returnable', async () => {
    const number = numberWhere("p.type = 'physical' AND p.click_collect_only = 0 AND p.available = 1 AND p.stock = 0 AND p.is_closeout = 0");
    const [de, fr] = [await promisesOf(number, 'DE'), await promisesOf(number, 'FR')];
    expect(de).toMatchObject({ fulfilment: 'ON_ORDER', dispatchDay: null, leadTime: '1-2 Wochen', returnable: false });
    expect(fr.leadTime).toBe('1-2 semaines');
  });

  it('a sold-out closeout promises nothing about delivery', async () => {
    const promises = await promisesOf(numberWhere('p.available = 0'));
    expect(promises).toMatchObject({ fulfilment: 'NOT_AVAILABLE', dispatchDay: null, leadTime: null, freeShippingFrom: null });
  });
});

describe('the free-shipping threshold a product promises', () => {
  it('is the cart’s setting (FREE_SHIPPING_THRESHOLD_CHF), sent with the product by the Store API', async () => {
    const id = (gw.db.prepare(`SELECT id FROM product p WHERE p.parent_id IS NULL AND ${SHIPPED_IN_STOCK} LIMIT 1`).get() as { id: string }).id;
    const config = (await import('../../store-api/src/config')).readStoreApiConfig({ DATA_DIR: process.env.TEST_DATA_DIR, PUBLIC_ORIGIN: ORIGIN });
    const cheaper = await startEmbeddedStoreApi({ ...config, freeShippingThresholdChf: 35 }, () => {});
    try {
      const res = await cheaper.app.fetch(
        new Request(`${ORIGIN}/store-api/product/${id}`, { method: 'POST', headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json' }, body: '{}' }),
      );
      const answer = (await res.json()) as { product: { extensions: Record<string, { freeShippingThreshold: number }> } };
      expect(answer.product.extensions['pharmacy-shop']!.freeShippingThreshold).toBe(35);
    } finally {
      cheaper.close();
    }
  });
});
