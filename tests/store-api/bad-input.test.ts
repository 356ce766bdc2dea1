import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStoreApiSchema } from '../support/contract';
import { openTestShop } from '../support/shop';

// Bad input gets Shopware-style errors and changes nothing: unknown ids, malformed JSON and Criteria,
// missing keys, unknown languages, and hostile strings through every parameter that reaches SQL.

type Shop = Awaited<ReturnType<typeof openTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: Shop;
let categoryId: string;
const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';

/** What the database holds, to prove afterwards that no request altered it. */
function databaseFingerprint(): Record<string, number> {
  const tables = shop.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (name === 'context_token' || name.includes('fts')) continue; // sessions are written by design
    counts[name] = (shop.db.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n;
  }
  return counts;
}

let before: Record<string, number>;
let productTotalBefore: number;

beforeAll(async () => {
  shop = await openTestShop();
  const navigation = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: { depth: 1 } });
  categoryId = navigation.json?.[0]?.id ?? UNKNOWN_ID;
  before = databaseFingerprint();
  const products = await shop.call('POST', '/store-api/product', { body: { limit: 1, 'total-count-mode': 'exact' } });
  productTotalBefore = products.json?.total;
});

afterAll(() => shop?.close());

function expectShopwareError(res: { status: number; json: Json; text: string }, status: number, code?: string): Json {
  expect(res.status, res.text.slice(0, 400)).toBe(status);
  expectStoreApiSchema('failure', res.json);
  const error = res.json.errors[0];
  expect(error.status).toBe(String(status));
  if (code) expect(res.json.errors.map((e: Json) => e.code)).toContain(code);
  return error;
}

describe('unknown ids answer 404 with the right code', () => {
  it.each([
    ['/product/' + UNKNOWN_ID, 'CONTENT__PRODUCT_NOT_FOUND'],
    ['/category/' + UNKNOWN_ID, 'CONTENT__CATEGORY_NOT_FOUND'],
    ['/product-listing/' + UNKNOWN_ID, 'CONTENT__CATEGORY_NOT_FOUND'],
    ['/navigation/' + UNKNOWN_ID + '/' + UNKNOWN_ID, 'CONTENT__CATEGORY_NOT_FOUND'],
    ['/landing-page/' + UNKNOWN_ID, 'CONTENT__LANDING_PAGE_NOT_FOUND'],
  ])('POST %s → %s', async (path, code) => {
    const res = await shop.call('POST', `/store-api${path}`, { body: {} });
    expectShopwareError(res, 404, code);
  });

  it('a route that does not exist answers 404 in the same envelope', async () => {
    const res = await shop.call('POST', '/store-api/no-such-route', { body: {} });
    expectShopwareError(res, 404);
  });
});

describe('malformed requests answer 400 with source.pointer', () => {
  it('malformed JSON', async () => {
    const res = await shop.call('POST', '/store-api/product', { body: '{"limit": 5,' });
    const error = expectShopwareError(res, 400);
    expect(error.source?.pointer).toMatch(/^\//);
  });

  it.each<[string, object, RegExp]>([
    ['an unknown filter type', { filter: [{ type: 'regex', field: 'name', value: 'x' }] }, /^\/filter\/0/],
    ['a filter without field', { filter: [{ type: 'equals', value: 'x' }] }, /^\/filter\/0/],
    ['an unknown filter field', { filter: [{ type: 'equals', field: 'noSuchField', value: 'x' }] }, /^\/filter\/0/],
    ['filter that is not a list', { filter: 'name' }, /^\/filter/],
    ['an unknown sort field', { sort: [{ field: 'noSuchField', order: 'ASC' }] }, /^\/sort\/0/],
    ['an unknown association', { associations: { noSuchAssociation: {} } }, /^\/associations/],
    ['a negative page', { page: -1 }, /^\/page/],
    ['a page of zero', { page: 0 }, /^\/page/],
    ['a negative limit', { limit: -5 }, /^\/limit/],
    ['a limit over the cap of 500', { limit: 501 }, /^\/limit/],
    ['a limit that is not a number', { limit: 'ten' }, /^\/limit/],
    ['ids that are not hex', { ids: ['not-an-id', "' OR 1=1 --"] }, /^\/ids/],
    ['an unknown aggregation type', { aggregations: [{ name: 'x', type: 'median', field: 'price' }] }, /^\/aggregations\/0/],
    ['an unknown total-count-mode', { 'total-count-mode': 'everything' }, /^\/total-count-mode/],
  ])('POST /product with %s', async (_what, body, pointer) => {
    const res = await shop.call('POST', '/store-api/product', { body });
    const error = expectShopwareError(res, 400);
    expect(res.json.errors.some((e: Json) => pointer.test(e.source?.pointer ?? '')), JSON.stringify(res.json.errors)).toBe(true);
    expect(error.title).toBeTruthy();
  });

  it('the listing refuses a limit over the cap as well', async () => {
    const res = await shop.call('POST', `/store-api/product-listing/${categoryId}`, { body: { limit: 501 } });
    expectShopwareError(res, 400);
    expect(res.json.errors[0].source?.pointer).toMatch(/^\/limit/);
  });

  it('a limit of exactly 500 is allowed', async () => {
    const res = await shop.call('POST', '/store-api/product', { body: { limit: 500 } });
    expect(res.status).toBe(200);
    expect(res.json.elements.length).toBeLessThanOrEqual(500);
  });
});

describe('access key and language headers', () => {
  it('a missing sw-access-key answers 401', async () => {
    expectShopwareError(await shop.call('POST', '/store-api/product', { body: {}, accessKey: null }), 401);
  });

  it('an invalid sw-access-key answers 401', async () => {
    expectShopwareError(await shop.call('POST', '/store-api/product', { body: {}, accessKey: "SWSC' OR '1'='1" }), 401);
  });

  it.each([UNKNOWN_ID, 'not-a-language', "' OR 1=1 --"])('sw-language-id %s answers 412', async (languageId) => {
    const res = await shop.call('POST', '/store-api/product', { body: { limit: 1 }, headers: { 'sw-language-id': languageId } });
    expectShopwareError(res, 412, 'SYSTEM__SALES_CHANNEL_LANGUAGE_NOT_AVAILABLE_EXCEPTION');
  });
});

const HOSTILE = [
  "' OR 1=1 --",
  '"; DROP TABLE product; --',
  "'); DELETE FROM product; --",
  '%',
  '_',
  '*',
  'NEAR(',
  '"',
  'AND OR',
  'vitamin" OR "a',
  '\\',
  '\u0000',
  'x'.repeat(100_000),
];

function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 10)}…(${value.length} chars)` : JSON.stringify(value);
}

/** A clean answer: 200 (an empty or matching result) or a Shopware 400, never a 500. */
function expectCleanAnswer(res: { status: number; json: Json; text: string }): boolean {
  expect([200, 400], `${res.status}: ${res.text.slice(0, 300)}`).toContain(res.status);
  if (res.status === 400) {
    expectStoreApiSchema('failure', res.json);
    return false;
  }
  return true;
}

describe.each(HOSTILE.map((value) => [shown(value), value]))('the hostile string %s', (_label, value) => {
  it('as a search term', async () => {
    for (const path of ['/search', '/search-suggest']) {
      const res = await shop.call('POST', `/store-api${path}`, { body: { search: value, limit: 5 } });
      if (expectCleanAnswer(res)) expect(Array.isArray(res.json.elements)).toBe(true);
    }
    const term = await shop.call('POST', '/store-api/product', { body: { term: value, limit: 5 } });
    expectCleanAnswer(term);
  });

  it('as a filter value matches only literally', async () => {
    for (const type of ['contains', 'prefix', 'suffix', 'equals', 'equalsAny']) {
      const res = await shop.call('POST', '/store-api/product', {
        body: { limit: 50, filter: [{ type, field: 'name', value }] },
      });
      if (!expectCleanAnswer(res)) continue;
      for (const product of res.json.elements) {
        const name: string = (product.translated?.name ?? product.name ?? '').toLowerCase();
        // No wildcard or injected condition may widen the match: what comes back really contains the text.
        if (type !== 'equalsAny') expect(name, `${type} ${shown(value)}`).toContain(value.toLowerCase());
      }
    }
    const range = await shop.call('POST', '/store-api/product', {
      body: { limit: 5, filter: [{ type: 'range', field: 'stock', parameters: { gte: value } }] },
    });
    expectCleanAnswer(range);
  });

  it('as a sort field and a listing order', async () => {
    const sort = await shop.call('POST', '/store-api/product', { body: { limit: 5, sort: [{ field: value, order: 'ASC' }] } });
    expectShopwareError(sort, 400);
    const direction = await shop.call('POST', '/store-api/product', { body: { limit: 5, sort: [{ field: 'name', order: value }] } });
    expectShopwareError(direction, 400);
    const order = await shop.call('POST', `/store-api/product-listing/${categoryId}`, { body: { limit: 5, order: value } });
    expect(order.status, order.text.slice(0, 300)).not.toBe(500);
    expect([200, 400, 404]).toContain(order.status);
  });

  it('as manufacturer, properties and price parameters of a listing', async () => {
    for (const body of [{ manufacturer: value }, { properties: value }, { 'min-price': value }, { rating: value }, { p: value }]) {
      const res = await shop.call('POST', `/store-api/product-listing/${categoryId}`, { body: { limit: 5, ...body } });
      expectCleanAnswer(res);
    }
    const query = await shop.call('GET', `/store-api/product-listing/${categoryId}?limit=5&manufacturer=${encodeURIComponent(value.slice(0, 2000))}`);
    expectCleanAnswer(query);
  });

  it('in ids and path ids', async () => {
    const ids = await shop.call('POST', '/store-api/product', { body: { ids: [value] } });
    expectShopwareError(ids, 400);
    const detail = await shop.call('POST', `/store-api/product/${encodeURIComponent(value.slice(0, 2000))}`, { body: {} });
    expect([400, 404]).toContain(detail.status);
  });

  it('as an seo-url filter', async () => {
    const res = await shop.call('POST', '/store-api/seo-url', {
      body: { limit: 5, filter: [{ type: 'equals', field: 'seoPathInfo', value }] },
    });
    if (expectCleanAnswer(res)) expect(res.json.elements).toEqual([]);
  });
});

describe('after all that', () => {
  it('the database holds exactly what it held before', async () => {
    expect(databaseFingerprint()).toEqual(before);
    const res = await shop.call('POST', '/store-api/product', { body: { limit: 1, 'total-count-mode': 'exact' } });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(productTotalBefore);
    expect(before.product).toBeGreaterThan(0);
  });
});
