import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedStoreApi } from '../../store-api/src/embedded';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { SHIPPING_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { openPrivateTestShop, ORIGIN } from '../support/shop';
import { aClickAndCollectPharmacy, pinCartProducts, type CartProducts } from './cart-fixture';
import { shopper as session } from './checkout-fixtures';

// The cart through the embedded Store API over HTTP semantics (app.fetch), on a private copy of the seeded
// shop: what a shopper's client sends and gets back, and what is stored.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: Shop;
let products: CartProducts;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  products = pinCartProducts(shop.db);
});
afterAll(() => shop?.close());

/** A shopper: a client that keeps the context token it is given (checkout-fixtures' session), with cart shortcuts. */
function shopper(languageId?: string) {
  const visitor = session(shop.call, languageId);
  const call = (method: string, path: string, body?: unknown) => visitor.call(method, path, { body });
  return {
    call,
    get token() {
      return visitor.token;
    },
    add: (...items: Json[]) => call('POST', '/checkout/cart/line-item', { items }),
    cart: () => call('GET', '/checkout/cart'),
  };
}

const item = (referencedId: string, quantity = 1) => ({ type: 'product', referencedId, quantity });
const storedCart = (token: string | undefined): Json => {
  const row = shop.db.prepare('SELECT payload FROM cart WHERE token = ?').get(token) as { payload: string } | undefined;
  return row ? JSON.parse(row.payload) : undefined;
};
const contextRow = (token: string | undefined) => shop.db.prepare('SELECT token FROM context_token WHERE token = ?').get(token);

describe('GET /checkout/cart', () => {
  it('answers an empty cart and stores nothing for it', async () => {
    const visitor = shopper();
    const res = await visitor.cart();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ apiAlias: 'cart', lineItems: [], errors: [], deliveries: [], price: { totalPrice: 0, positionPrice: 0 } });
    expect(res.json.token).toBe(visitor.token);
    expect(res.json.extensions['pharmacy-shop']).toMatchObject({ fulfilment: null, isVirtual: false, expectedDelivery: null, pharmacyId: null });
    expect(storedCart(visitor.token)).toBeUndefined();
    expect(contextRow(visitor.token)).toBeUndefined();
  });
});

describe('adding products', () => {
  it('a new visitor’s first add stores the cart and the context token; the next read finds it', async () => {
    const visitor = shopper();
    const res = await visitor.add(item(products.standard, 2));
    expect(res.status).toBe(200);
    expect(visitor.token).toMatch(/\S{16,}/);
    expect(contextRow(visitor.token)).toBeDefined();
    expect(storedCart(visitor.token)).toMatchObject({ lineItems: [{ id: products.standard, type: 'product', referencedId: products.standard, quantity: 2 }] });

    const line = res.json.lineItems[0];
    expect(line).toMatchObject({
      id: products.standard,
      referencedId: products.standard,
      type: 'product',
      quantity: 2,
      good: true,
      removable: true,
      stackable: true,
      states: ['is-physical'],
      price: { unitPrice: 20, totalPrice: 40, calculatedTaxes: [{ taxRate: 8.1, tax: 3, price: 40 }] },
      payload: { clickAndCollect: false, prescriptionRequired: false, isDownload: false },
      quantityInformation: { minPurchase: 1, maxPurchase: 100, purchaseSteps: 1 },
      deliveryInformation: { weight: 1, freeDelivery: false },
    });
    expect(res.json.price).toMatchObject({ positionPrice: 40, totalPrice: 47.7, taxStatus: 'gross' });
    expect(res.json.deliveries[0]).toMatchObject({
      shippingCosts: { totalPrice: 7.7 },
      shippingMethod: { id: SHIPPING_METHOD_ID.standard },
      positions: [{ identifier: products.standard, quantity: 2 }],
    });
    expect(res.json.extensions['pharmacy-shop']).toMatchObject({
      fulfilment: 'delivery',
      weightKg: 2,
      freeShipping: { threshold: 50, missingAmount: 10, reached: false },
      expectedDelivery: { kind: 'dispatch', earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), dispatchDay: expect.stringMatching(/TODAY|TOMORROW|MONDAY/) },
    });

    const again = await visitor.cart();
    expect(again.json.lineItems.map((l: Json) => [l.id, l.quantity])).toEqual([[products.standard, 2]]);
    expect(again.json.price.totalPrice).toBe(47.7);
  });

  it('the cart survives a restart: another Store API instance on the same database answers it', async () => {
    const visitor = shopper();
    await visitor.add(item(products.reduced, 3));
    const restarted = await startEmbeddedStoreApi(shop.config, () => {});
    try {
      const res = await restarted.app.fetch(
        new Request(`${ORIGIN}/store-api/checkout/cart`, { headers: { 'sw-access-key': shop.config.accessKey, 'sw-context-token': visitor.token! } }),
      );
      const cart = (await res.json()) as Json;
      expect(cart.lineItems.map((l: Json) => [l.referencedId, l.quantity])).toEqual([[products.reduced, 3]]);
    } finally {
      restarted.close();
    }
  });

  it('the free-shipping threshold is the Store API’s setting (FREE_SHIPPING_THRESHOLD_CHF)', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard, 2)); // CHF 40
    expect((await visitor.cart()).json.extensions['pharmacy-shop'].freeShipping).toEqual({ threshold: 50, missingAmount: 10, reached: false });
    const cheaper = await startEmbeddedStoreApi({ ...shop.config, freeShippingThresholdChf: 30 }, () => {});
    try {
      const res = await cheaper.app.fetch(
        new Request(`${ORIGIN}/store-api/checkout/cart`, { headers: { 'sw-access-key': shop.config.accessKey, 'sw-context-token': visitor.token! } }),
      );
      const cart = (await res.json()) as Json;
      expect(cart.extensions['pharmacy-shop'].freeShipping).toEqual({ threshold: 30, missingAmount: 0, reached: true });
      expect(cart.price.totalPrice).toBe(40);
    } finally {
      cheaper.close();
    }
  });

  it('labels lines in the language of the request', async () => {
    const italian = shopper(LANGUAGE_ID.it);
    const res = await italian.add(item(products.standard));
    const name = shop.db
      .prepare('SELECT name FROM product_translation WHERE product_id = ? AND language_id = ?')
      .pluck()
      .get(products.standard, LANGUAGE_ID.it);
    expect(res.json.lineItems[0].label).toBe(name);
  });

  it('an unknown product is not added; the error is answered once, then gone', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard));
    const unknown = 'ffffffffffffffffffffffffffffffff';
    const res = await visitor.add(item(unknown));
    expect(res.status).toBe(200);
    expect(res.json.lineItems).toHaveLength(1);
    expect(res.json.errors[`product-not-found-${unknown}`]).toMatchObject({ messageKey: 'product-not-found', level: 10 });
    expect((await visitor.cart()).json.errors).toEqual([]);
  });

  it('errors left pending in the stored cart are answered by the next read, and only once', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard));
    const stored = storedCart(visitor.token);
    stored.pendingErrors = [{ key: 'promotion-not-found-X', messageKey: 'promotion-not-found', level: 10, message: 'x', code: 10, promotionCode: 'X' }];
    shop.db.prepare('UPDATE cart SET payload = ? WHERE token = ?').run(JSON.stringify(stored), visitor.token);
    expect(Object.keys((await visitor.cart()).json.errors)).toEqual(['promotion-not-found-X']);
    expect((await visitor.cart()).json.errors).toEqual([]);
    expect(storedCart(visitor.token).pendingErrors).toBeUndefined();
  });

  it('a Click & Collect product into a delivery cart: 400 PHARMACY__CART_FULFILMENT_CONFLICT, cart unchanged', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard));
    const res = await visitor.add(item(products.clickCollect));
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({
      status: '400',
      code: 'PHARMACY__CART_FULFILMENT_CONFLICT',
      meta: { parameters: { productId: products.clickCollect, cartFulfilment: 'delivery', productFulfilment: 'click_and_collect' } },
    });
    expect((await visitor.cart()).json.lineItems.map((l: Json) => l.id)).toEqual([products.standard]);
  });

  it('a delivery product into a Click & Collect cart conflicts too; DELETE then add replaces the cart', async () => {
    const visitor = shopper();
    await visitor.add(item(products.clickCollect));
    const res = await visitor.add(item(products.standard));
    expect(res.json.errors[0].meta.parameters).toMatchObject({ cartFulfilment: 'click_and_collect', productFulfilment: 'delivery' });
    expect((await visitor.call('DELETE', '/checkout/cart')).status).toBe(204);
    const replaced = await visitor.add(item(products.standard));
    expect(replaced.json.lineItems.map((l: Json) => l.id)).toEqual([products.standard]);
  });
});

describe('malformed bodies are refused like Shopware (400 violations)', () => {
  it.each([
    ['no items', {}, '/items', 'VIOLATION::IS_BLANK_ERROR'],
    ['items not a list', { items: 'x' }, '/items', 'VIOLATION::TYPE_ERROR'],
    ['quantity as text', { items: [{ type: 'product', referencedId: 'a'.repeat(32), quantity: '2' }] }, '/items/0/quantity', 'VIOLATION::TYPE_ERROR'],
    ['quantity not whole', { items: [{ type: 'product', referencedId: 'a'.repeat(32), quantity: 1.5 }] }, '/items/0/quantity', 'VIOLATION::TYPE_ERROR'],
    ['quantity 0 on add', { items: [{ type: 'product', referencedId: 'a'.repeat(32), quantity: 0 }] }, '/items/0/quantity', 'VIOLATION::TOO_LOW_ERROR'],
    ['an unsupported type', { items: [{ type: 'custom', referencedId: 'x', quantity: 1 }] }, '/items/0/type', 'VIOLATION::NO_SUCH_CHOICE_ERROR'],
    ['a product without id', { items: [{ type: 'product', quantity: 1 }] }, '/items/0/referencedId', 'VIOLATION::IS_BLANK_ERROR'],
    ['a promotion code that is a number', { items: [{ type: 'promotion', referencedId: 10 }] }, '/items/0/referencedId', 'VIOLATION::TYPE_ERROR'],
    ['more than 100 items', { items: Array.from({ length: 101 }, () => ({ type: 'product', referencedId: 'a'.repeat(32) })) }, '/items', 'VIOLATION::TOO_MANY_ERROR'],
  ])('%s', async (_label, body, pointer, code) => {
    const visitor = shopper();
    const res = await visitor.call('POST', '/checkout/cart/line-item', body);
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({ status: '400', code, source: { pointer } });
    expect(storedCart(visitor.token)).toBeUndefined();
  });

  it('invalid JSON', async () => {
    const res = await shop.call('POST', '/store-api/checkout/cart/line-item', { body: '{"items": [' });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].code).toBe('FRAMEWORK__INVALID_JSON');
  });
});

describe('changing and removing lines', () => {
  it.each([0, -1])('PATCH quantity %s removes the line', async (quantity) => {
    const visitor = shopper();
    await visitor.add(item(products.standard), item(products.reduced));
    const res = await visitor.call('PATCH', '/checkout/cart/line-item', { items: [{ id: products.standard, quantity }] });
    expect(res.status).toBe(200);
    expect(res.json.lineItems.map((l: Json) => l.id)).toEqual([products.reduced]);
  });

  it('PATCH sets the quantity (clamped to max purchase) and the price follows', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard));
    const res = await visitor.call('PATCH', '/checkout/cart/line-item', { items: [{ id: products.standard, quantity: 250 }] });
    expect(res.json.lineItems[0]).toMatchObject({ quantity: 100, price: { totalPrice: 2000 } });
    expect(res.json.errors[`product-stock-reached-${products.standard}`]).toMatchObject({ level: 10, quantity: 100 });
  });

  it('PATCH of a line that is not in the cart: 404 CHECKOUT__CART_LINE_ITEM_NOT_FOUND', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard));
    const res = await visitor.call('PATCH', '/checkout/cart/line-item', { items: [{ id: 'nope', quantity: 1 }] });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CHECKOUT__CART_LINE_ITEM_NOT_FOUND');
  });

  it('POST line-item/delete and the deprecated DELETE ?ids[] remove lines; the last one empties the cart', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard), item(products.reduced));
    const first = await visitor.call('POST', '/checkout/cart/line-item/delete', { ids: [products.standard] });
    expect(first.json.lineItems.map((l: Json) => l.id)).toEqual([products.reduced]);
    const second = await visitor.call('DELETE', `/checkout/cart/line-item?ids[]=${products.reduced}`);
    expect(second.status).toBe(200);
    expect(second.json.lineItems).toEqual([]);
    expect(storedCart(visitor.token)).toBeUndefined();
  });

  it('keeps restoredFromOrderId through changes and drops it when the cart is emptied', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard), item(products.reduced));
    const stored = storedCart(visitor.token);
    shop.db.prepare('UPDATE cart SET payload = ? WHERE token = ?').run(JSON.stringify({ ...stored, restoredFromOrderId: 'order-1' }), visitor.token);
    await visitor.call('PATCH', '/checkout/cart/line-item', { items: [{ id: products.standard, quantity: 3 }] });
    expect(storedCart(visitor.token).restoredFromOrderId).toBe('order-1');
    await visitor.call('POST', '/checkout/cart/line-item/delete', { ids: [products.standard, products.reduced] });
    expect(storedCart(visitor.token)).toBeUndefined();
  });
});

describe('promotion codes as line items', () => {
  it('a valid code discounts and is listed in cart-promotions; an unknown one answers promotion-not-found', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard, 2));
    const res = await visitor.add({ type: 'promotion', referencedId: 'gesund10' }, { type: 'promotion', referencedId: 'GIBTSNICHT' });
    const promotionLine = res.json.lineItems.find((l: Json) => l.type === 'promotion');
    expect(promotionLine).toMatchObject({ referencedId: 'GESUND10', payload: { code: 'GESUND10', discountType: 'percentage', value: 10 }, price: { totalPrice: -4 } });
    expect(res.json.price.positionPrice).toBe(36);
    expect(res.json.extensions['cart-promotions'].addedCodes).toEqual(['GESUND10']);
    // Shopware's PromotionNotFoundError: key promotion-not-found, level 20 (error), the code among its fields
    expect(res.json.errors['promotion-not-found']).toMatchObject({ messageKey: 'promotion-not-found', level: 20, promotionCode: 'GIBTSNICHT' });
    // the code line is removed like any line
    const removed = await visitor.call('POST', '/checkout/cart/line-item/delete', { ids: [promotionLine.id] });
    expect(removed.json.price.positionPrice).toBe(40);
  });
});

describe('Click & Collect and the pharmacy', () => {
  it('a Click & Collect cart uses the Click & Collect method for free and needs a pharmacy', async () => {
    const visitor = shopper();
    const res = await visitor.add(item(products.clickCollect));
    expect(res.json.deliveries[0]).toMatchObject({ shippingCosts: { totalPrice: 0 }, shippingMethod: { id: SHIPPING_METHOD_ID.clickCollect } });
    expect(res.json.errors['pharmacy-required']).toMatchObject({ level: 20, messageKey: 'pharmacy-required' });

    const pharmacyId = aClickAndCollectPharmacy(shop.db);
    const chosen = await visitor.call('POST', '/checkout/cart/pharmacy', { pharmacyId });
    expect(chosen.status).toBe(200);
    expect(chosen.json.errors).toEqual([]);
    expect(chosen.json.extensions['pharmacy-shop']).toMatchObject({ pharmacyId, fulfilment: 'click_and_collect', expectedDelivery: { kind: 'click_and_collect' } });
    expect((await visitor.cart()).json.extensions['pharmacy-shop'].pharmacyId).toBe(pharmacyId);

    const cleared = await visitor.call('POST', '/checkout/cart/pharmacy', { pharmacyId: null });
    expect(cleared.json.errors['pharmacy-required']).toBeDefined();
  });

  it('an unknown pharmacy, or one without Click & Collect: 404 PHARMACY__NOT_FOUND', async () => {
    const visitor = shopper();
    await visitor.add(item(products.clickCollect));
    const unknown = await visitor.call('POST', '/checkout/cart/pharmacy', { pharmacyId: '0123456789abcdef0123456789abcdef' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].code).toBe('PHARMACY__NOT_FOUND');
    // the seeded shop has pharmacies without Click & Collect (customer-pharmacy.test.ts relies on them too)
    const noPickup = shop.db.prepare('SELECT id FROM pharmacy WHERE click_and_collect = 0 LIMIT 1').pluck().get() as string;
    expect(noPickup).toMatch(/^[0-9a-f]{32}$/);
    expect((await visitor.call('POST', '/checkout/cart/pharmacy', { pharmacyId: noPickup })).status).toBe(404);
  });

  it('choosing Click & Collect in PATCH /context turns a delivery cart into a pickup without shipping costs', async () => {
    const visitor = shopper();
    await visitor.add(item(products.standard));
    expect((await visitor.call('PATCH', '/context', { shippingMethodId: SHIPPING_METHOD_ID.clickCollect })).status).toBe(200);
    const cart = (await visitor.cart()).json;
    expect(cart.extensions['pharmacy-shop'].fulfilment).toBe('click_and_collect');
    expect(cart.price.totalPrice).toBe(20);
    expect(cart.errors['pharmacy-required']).toBeDefined();
  });
});

describe('POST /pharmacy', () => {
  it('lists pharmacies with their opening hours', async () => {
    const res = await shop.call('POST', '/store-api/pharmacy', { body: { limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ apiAlias: 'pharmacy_list', total: 52 });
    expect(res.json.elements).toHaveLength(5);
    expect(res.json.elements[0]).toMatchObject({
      apiAlias: 'pharmacy',
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: expect.any(String),
      zipcode: expect.stringMatching(/^\d{4}$/),
      clickAndCollect: expect.any(Boolean),
      urlPath: expect.any(String),
      openingHours: { mon: expect.any(Array), sun: [] },
    });
  });

  it('finds by postal code prefix, town (any case) or name', async () => {
    const byZip = await shop.call('POST', '/store-api/pharmacy', { body: { search: '80' } });
    expect(byZip.json.elements.map((p: Json) => p.zipcode)).toEqual(['8001', '8004']);
    const byTown = await shop.call('POST', '/store-api/pharmacy', { body: { search: 'ZÜRICH' } });
    expect(byTown.json.total).toBe(2);
    const byName = await shop.call('POST', '/store-api/pharmacy', { body: { search: 'pharmacie' } });
    expect(byName.json.elements.every((p: Json) => /pharmacie/i.test(p.name))).toBe(true);
    expect(byName.json.total).toBeGreaterThan(0);
  });

  it('takes wildcards literally and filters by ids and Click & Collect', async () => {
    expect((await shop.call('POST', '/store-api/pharmacy', { body: { search: '%' } })).json.total).toBe(0);
    const pharmacyId = aClickAndCollectPharmacy(shop.db);
    const byId = await shop.call('POST', '/store-api/pharmacy', { body: { ids: [pharmacyId] } });
    expect(byId.json.elements.map((p: Json) => p.id)).toEqual([pharmacyId]);
    const pickup = await shop.call('POST', '/store-api/pharmacy', { body: { clickAndCollect: true, limit: 100 } });
    expect(pickup.json.elements.every((p: Json) => p.clickAndCollect)).toBe(true);
  });

  it.each([
    [{ limit: 101 }, '/limit'],
    [{ limit: 0 }, '/limit'],
    [{ search: 5 }, '/search'],
    [{ ids: ['nope'] }, '/ids/0'],
  ])('refuses %j', async (body, pointer) => {
    const res = await shop.call('POST', '/store-api/pharmacy', { body });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].source.pointer).toBe(pointer);
  });
});
