import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartForm, cartPageForm, mountCartForms } from '../../server/cartForms';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { usePersistedOperations } from '../../server/persistedOperations';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';

// The cart's forms without JavaScript (server/cartForms.ts): real form posts through the real gateway
// over a private copy of the seeded shop, as a browser with JavaScript off sends them.

const NORMAL_PRODUCT = 'P101234'; // Aarevita Vitamin D3, shipped by post
const COLLECT_PRODUCT = 'P100039'; // Click & Collect only

let shop: TestGateway;
let app: Hono;
let normalId: string;
let collectId: string;
let normalPrice: number;

beforeAll(async () => {
  shop = await openTestGateway({ privateShop: true, plugins: [usePersistedOperations('persisted_queries.json')] });
  app = new Hono();
  mountCartForms(app, { gateway: shop.gateway, logger: pino({ level: 'silent' }), origins: readShopOrigins({ PUBLIC_ORIGIN: ORIGIN }) });
  const read = async (productNumber: string) => {
    const result = await shop.gql('query ($n: String!) { product(productNumber: $n) { productId clickAndCollectOnly price { unitPrice } } }', { n: productNumber });
    return result.body.data.product as { productId: string; clickAndCollectOnly: boolean; price: { unitPrice: number } };
  };
  const normal = await read(NORMAL_PRODUCT);
  const collect = await read(COLLECT_PRODUCT);
  expect(normal.clickAndCollectOnly).toBe(false);
  expect(collect.clickAndCollectOnly).toBe(true);
  normalId = normal.productId;
  collectId = collect.productId;
  normalPrice = normal.price.unitPrice;
});
afterAll(() => shop?.close());

/** A browser session: its cookies, kept across posts. */
function session() {
  const jar = new Map<string, string>();
  return {
    jar,
    cookieHeader: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1);
        if (/Max-Age=0/.test(cookie)) jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), value);
      }
    },
  };
}

async function post(path: string, fields: Record<string, string>, browser: ReturnType<typeof session>, headers: Record<string, string> = { origin: ORIGIN }) {
  const response = await app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.cookieHeader(), ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  browser.take(response);
  return response;
}

interface CartView {
  productCount: number;
  totalPrice: number;
  promotionCodes: string[];
  lineItems: { id: string; type: string; quantity: number; unitPrice: number; totalPrice: number; clickAndCollectOnly: boolean; product: { productId: string } | null }[];
}

async function cartOf(browser: ReturnType<typeof session>): Promise<CartView> {
  const result = await shop.gql(
    '{ cart { productCount totalPrice promotionCodes lineItems { id type quantity unitPrice totalPrice clickAndCollectOnly product { productId } } } }',
    {},
    { headers: { cookie: browser.cookieHeader() } },
  );
  expect(result.body.errors).toBeUndefined();
  return result.body.data.cart as CartView;
}

describe('the no-JavaScript cart forms', () => {
  it('adds a product, then changes its quantity, and leads back to the cart each time', async () => {
    const browser = session();
    const added = await post('/checkout/add-to-cart', { productId: normalId, quantity: '1' }, browser);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/checkout/cart');
    expect(browser.jar.has('sw-context-token')).toBe(true);
    expect(browser.jar.get('cart_hint')).toBe('1');
    let cart = await cartOf(browser);
    expect(cart.productCount).toBe(1);
    const line = cart.lineItems.find((item) => item.product?.productId === normalId);
    expect(line?.unitPrice).toBe(normalPrice);

    const updated = await post('/checkout/cart', { action: 'update', lineItemId: line!.id, quantity: '3' }, browser);
    expect(updated.status).toBe(303);
    cart = await cartOf(browser);
    expect(cart.productCount).toBe(3);
    expect(cart.lineItems.find((item) => item.id === line!.id)?.totalPrice).toBeCloseTo(normalPrice * 3, 2);

    // quantity 0 removes the line (SPEC §4); the hint cookie goes with it
    await post('/checkout/cart', { action: 'update', lineItemId: line!.id, quantity: '0' }, browser);
    cart = await cartOf(browser);
    expect(cart.productCount).toBe(0);
    expect(browser.jar.has('cart_hint')).toBe(false);
  });

  it('applies a known promotion code and names an unknown one in the cart URL; the Italian cart stays Italian', async () => {
    const browser = session();
    await post('/it/checkout/add-to-cart', { productId: normalId, quantity: '2' }, browser);
    const before = (await cartOf(browser)).totalPrice;
    const unknown = await post('/it/checkout/cart', { action: 'promotion', code: 'GIBTESNICHT' }, browser);
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe('/it/checkout/cart?error=PROMOTION_NOT_FOUND');
    const applied = await post('/it/checkout/cart', { action: 'promotion', code: 'GESUND10' }, browser);
    expect(applied.headers.get('location')).toBe('/it/checkout/cart');
    const cart = await cartOf(browser);
    expect(cart.promotionCodes).toContain('GESUND10');
    expect(cart.lineItems.some((item) => item.type === 'PROMOTION')).toBe(true);
    expect(cart.totalPrice).toBeLessThan(before);
  });

  it('a Click & Collect product in a delivery cart leads to the replace prompt; replace leaves only it', async () => {
    const browser = session();
    await post('/checkout/add-to-cart', { productId: normalId, quantity: '1' }, browser);
    const conflict = await post('/checkout/add-to-cart', { productId: collectId, quantity: '1' }, browser);
    expect(conflict.headers.get('location')).toBe(`/checkout/cart?conflict=${collectId}&quantity=1`);
    // nothing changed yet ("cancel" is simply not replacing)
    expect((await cartOf(browser)).lineItems.map((item) => item.product?.productId)).toEqual([normalId]);

    const replaced = await post('/checkout/cart', { action: 'replace', productId: collectId, quantity: '1' }, browser);
    expect(replaced.headers.get('location')).toBe('/checkout/cart');
    const cart = await cartOf(browser);
    expect(cart.lineItems.map((item) => item.product?.productId)).toEqual([collectId]);
    expect(cart.lineItems[0]?.clickAndCollectOnly).toBe(true);
  });

  it('refuses a form posted from another site (CSRF) and changes nothing', async () => {
    const browser = session();
    await post('/checkout/add-to-cart', { productId: normalId, quantity: '1' }, browser);
    const foreign = await post('/checkout/add-to-cart', { productId: normalId, quantity: '5' }, browser, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/^Abgelehnt: Dieses Formular kann nur von den Seiten des Shops gesendet werden/);
    const noOrigin = await post('/checkout/add-to-cart', { productId: normalId, quantity: '5' }, browser, {});
    expect(noOrigin.status).toBe(403);
    // In the page's language; a same-site page of another origin proves nothing either.
    const french = await post('/fr/checkout/add-to-cart', { productId: normalId, quantity: '5' }, browser, { origin: 'http://shop.test:8080', 'sec-fetch-site': 'same-site' });
    expect(french.status).toBe(403);
    expect(await french.text()).toMatch(/^Refusé : ce formulaire ne peut être envoyé que depuis les pages de la boutique/);
    // The shop's own page, told by the browser's Sec-Fetch-Site or (without Origin) its Referer, gets through.
    expect((await post('/checkout/add-to-cart', { productId: normalId, quantity: '1' }, browser, { 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await post('/checkout/add-to-cart', { productId: normalId, quantity: '1' }, browser, { referer: `${ORIGIN}/p/x` })).status).toBe(303);
    expect((await cartOf(browser)).productCount).toBe(3);
  });

  it('answers a malformed form with the cart and a message code, without calling the gateway', async () => {
    const browser = session();
    shop.storeCalls.reset();
    const response = await post('/checkout/cart', { action: 'update', lineItemId: 'not-an-id', quantity: '2' }, browser);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout/cart?error=INVALID_INPUT');
    expect(shop.storeCalls.count).toBe(0);
  });
});

describe('reading the cart forms', () => {
  const id = 'a'.repeat(32);

  it('accepts only whole quantities from 0 to 999 and Shopware ids', () => {
    expect(cartPageForm(new URLSearchParams({ action: 'update', lineItemId: id, quantity: '0' })).ok).toBe(true);
    expect(cartPageForm(new URLSearchParams({ action: 'update', lineItemId: id, quantity: '-1' })).ok).toBe(false);
    expect(cartPageForm(new URLSearchParams({ action: 'update', lineItemId: id, quantity: '1.5' })).ok).toBe(false);
    expect(cartPageForm(new URLSearchParams({ action: 'update', lineItemId: id, quantity: '1000' })).ok).toBe(false);
    expect(cartPageForm(new URLSearchParams({ action: 'remove', lineItemId: `${id}'` })).ok).toBe(false);
    expect(cartPageForm(new URLSearchParams({ action: 'promotion', code: '   ' })).ok).toBe(false);
    expect(cartPageForm(new URLSearchParams({ action: 'promotion', code: 'x'.repeat(65) })).ok).toBe(false);
    expect(cartPageForm(new URLSearchParams({ action: 'drop-table' })).ok).toBe(false);
    // the quantity of an add defaults to 1 (SPEC §9) and is at least 1
    const add = addToCartForm(new URLSearchParams({ productId: id.toUpperCase() }));
    expect(add.ok && add.change.variables).toEqual({ input: { productId: id, quantity: 1 } });
    expect(addToCartForm(new URLSearchParams({ productId: id, quantity: '0' })).ok).toBe(false);
  });

});
