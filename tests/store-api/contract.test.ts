import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStoreApiContract, expectStoreApiSchema } from '../support/contract';
import { openTestShop } from '../support/shop';

// Every catalogue and context endpoint of issue 2, called on the seeded shop, must answer what the
// Shopware Store API schema (from @shopware/api-client, overrides + ENDPOINTS.md §6 applied) documents.
// Ids are found through the Store API itself, as a client would.

type Shop = Awaited<ReturnType<typeof openTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: Shop;
const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';

/** Calls the Store API and validates the answer against the operation's response schema for its status. */
async function contract(
  method: string,
  template: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; status?: number } = {},
): Promise<{ json: Json; headers: Headers }> {
  const res = await shop.call(method, `/store-api${path}`, { body: options.body, headers: options.headers });
  expect(res.status, `${method} ${path} → ${res.text.slice(0, 500)}`).toBe(options.status ?? 200);
  expectStoreApiContract(method, template, res.status, res.json);
  return { json: res.json, headers: res.headers };
}

interface Found {
  languageIds: string[];
  topCategoryId: string;
  leafCategoryId: string;
  productId: string;
  parentId: string;
  manufacturerId: string;
}
const found = {} as Found;

function leafOf(category: Json): Json {
  const children: Json[] = Array.isArray(category.children) ? category.children : [];
  return children.length > 0 ? leafOf(children[0]) : category;
}

beforeAll(async () => {
  shop = await openTestShop();
  const languages = await shop.call('POST', '/store-api/language', { body: {} });
  found.languageIds = (languages.json?.elements ?? []).map((l: Json) => l.id);
  const navigation = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: { depth: 5 } });
  const tree: Json[] = Array.isArray(navigation.json) ? navigation.json : [];
  found.topCategoryId = tree[0]?.id;
  found.leafCategoryId = tree[0] ? leafOf(tree[0]).id : undefined!;
  const listing = await shop.call('POST', `/store-api/product-listing/${found.topCategoryId}`, { body: { limit: 5 } });
  found.productId = listing.json?.elements?.[0]?.id;
  found.manufacturerId = listing.json?.elements?.[0]?.manufacturerId;
  const parents = await shop.call('POST', '/store-api/product', {
    body: { limit: 1, filter: [{ type: 'range', field: 'childCount', parameters: { gt: 0 } }] },
  });
  found.parentId = parents.json?.elements?.[0]?.id;
});

afterAll(() => shop?.close());

describe('context and system endpoints', () => {
  it('GET /context answers a SalesChannelContext and issues a context token in the header', async () => {
    const { json, headers } = await contract('GET', '/context', '/context');
    expect(json.apiAlias).toBe('sales_channel_context');
    expect(headers.get('sw-context-token')).toMatch(/\S{8,}/);
  });

  it('PATCH /context answers a ContextTokenResponse and keeps the token', async () => {
    const token = (await shop.call('GET', '/store-api/context')).headers.get('sw-context-token') ?? '';
    const languageId = found.languageIds[1] ?? '';
    const { json, headers } = await contract('PATCH', '/context', '/context', {
      body: { languageId },
      headers: { 'sw-context-token': token },
    });
    expect(headers.get('sw-context-token')).toBe(token);
    expect(json).not.toHaveProperty('contextToken');
  });

  it.each([
    ['POST', '/language'],
    ['GET', '/language'],
    ['POST', '/salutation'],
    ['GET', '/salutation'],
    ['POST', '/currency'],
    ['POST', '/payment-method'],
    ['GET', '/payment-method'],
    ['POST', '/shipping-method'],
  ])('%s %s answers its documented list', async (method, path) => {
    const { json } = await contract(method, path, path, method === 'POST' ? { body: {} } : {});
    const elements = Array.isArray(json) ? json : json.elements;
    expect(elements.length).toBeGreaterThan(0);
  });

  it('POST /language lists de, it and fr', () => {
    expect(found.languageIds).toHaveLength(3);
  });

  it('POST /country answers countries with their states', async () => {
    const { json } = await contract('POST', '/country', '/country', { body: { associations: { states: {} } } });
    const isoCodes = json.elements.map((c: Json) => c.iso);
    expect(isoCodes).toEqual(expect.arrayContaining(['CH', 'LI']));
    const switzerland = json.elements.find((c: Json) => c.iso === 'CH');
    expect(switzerland.states.length).toBeGreaterThan(0);
    for (const state of switzerland.states) expectStoreApiSchema('CountryState', state);
  });
});

describe('catalogue endpoints', () => {
  it('POST /product answers products with their associations', async () => {
    const { json } = await contract('POST', '/product', '/product', {
      body: { limit: 5, associations: { manufacturer: {}, cover: {}, properties: { associations: { group: {} } }, media: {} } },
    });
    expect(json.elements).toHaveLength(5);
    expect(json.elements[0].manufacturer?.apiAlias).toBe('product_manufacturer');
  });

  it('POST /product with aggregations answers them keyed by name', async () => {
    const { json } = await contract('POST', '/product', '/product', {
      body: {
        limit: 1,
        aggregations: [
          { name: 'price-stats', type: 'stats', field: 'price' },
          { name: 'brands', type: 'entity', field: 'manufacturerId', definition: 'product_manufacturer' },
        ],
      },
    });
    expect(json.aggregations['price-stats']).toBeDefined();
    expect(json.aggregations.brands.entities.length).toBeGreaterThan(0);
  });

  it('POST /product/{productId} answers a product detail', async () => {
    const { json } = await contract('POST', '/product/{productId}', `/product/${found.productId}`, { body: {} });
    expect(json.product.id).toBe(found.productId);
  });

  it('POST /product/{productId} of a variant parent answers its configurator', async () => {
    const { json } = await contract('POST', '/product/{productId}', `/product/${found.parentId}`, { body: {} });
    expect(json.configurator.length).toBeGreaterThan(0);
    expect(json.configurator[0].options.length).toBeGreaterThan(0);
    // Shopware picks a variant of the parent to show.
    expect(json.product.parentId === found.parentId || json.product.id === found.parentId).toBe(true);
  });

  it('POST /product/{productId} in Italian with SEO URLs', async () => {
    const italian = found.languageIds[1] ?? '';
    const { json, headers } = await contract('POST', '/product/{productId}', `/product/${found.productId}`, {
      body: {},
      headers: { 'sw-language-id': italian, 'sw-include-seo-urls': 'true' },
    });
    expect(headers.get('sw-language-id')).toBe(italian);
    expect(json.product.seoUrls.length).toBeGreaterThan(0);
    expect(json.product.seoUrls.every((u: Json) => u.languageId === italian)).toBe(true);
  });

  it('GET /product/{productId} answers the same detail', async () => {
    await contract('GET', '/product/{productId}', `/product/${found.productId}`);
  });

  it('POST /product/{productId}/reviews answers reviews', async () => {
    const { json } = await contract('POST', '/product/{productId}/reviews', `/product/${found.productId}/reviews`, { body: { limit: 10 } });
    expect(Array.isArray(json.elements)).toBe(true);
  });

  it('POST /product-listing/{categoryId} answers a listing with aggregations, filters and sortings', async () => {
    const { json } = await contract('POST', '/product-listing/{categoryId}', `/product-listing/${found.topCategoryId}`, { body: { limit: 24 } });
    expect(json.apiAlias).toBe('product_listing');
    expect(json.elements.length).toBeGreaterThan(0);
    expect(Object.keys(json.aggregations)).toEqual(expect.arrayContaining(['manufacturer', 'price', 'rating', 'shipping-free', 'properties']));
    expect(json.availableSortings.length).toBeGreaterThan(0);
  });

  it('POST /product-listing/{categoryId} with filters answers the narrowed listing', async () => {
    const { json } = await contract('POST', '/product-listing/{categoryId}', `/product-listing/${found.topCategoryId}`, {
      body: { limit: 24, manufacturer: found.manufacturerId, 'min-price': 1, 'max-price': 500, order: 'price-asc' },
    });
    expect(json.currentFilters.manufacturer).toEqual([found.manufacturerId]);
    for (const product of json.elements) expect(product.manufacturerId).toBe(found.manufacturerId);
  });

  it('GET /product-listing/{categoryId} answers a listing from query parameters', async () => {
    await contract('GET', '/product-listing/{categoryId}', `/product-listing/${found.leafCategoryId}?limit=5&p=1`);
  });

  it('POST /search answers a listing with the search term', async () => {
    const { json } = await contract('POST', '/search', '/search', { body: { search: 'vitamin', limit: 10 } });
    expect(json.currentFilters.search).toBe('vitamin');
    expect(json.elements.length).toBeGreaterThan(0);
  });

  it('POST /search-suggest answers a listing', async () => {
    const { json } = await contract('POST', '/search-suggest', '/search-suggest', { body: { search: 'vit' } });
    expect(json.elements.length).toBeGreaterThan(0);
  });
});

describe('content endpoints', () => {
  it('POST /category/{navigationId} answers the category with its CMS page', async () => {
    const { json } = await contract('POST', '/category/{navigationId}', `/category/${found.leafCategoryId}`, { body: {} });
    expect(json.id).toBe(found.leafCategoryId);
    expect(json.cmsPage.sections.length).toBeGreaterThan(0);
  });

  it('POST /navigation/{activeId}/{rootId} answers the category tree', async () => {
    const { json } = await contract('POST', '/navigation/{activeId}/{rootId}', '/navigation/main-navigation/main-navigation', {
      body: { depth: 3, buildTree: true },
      headers: { 'sw-include-seo-urls': 'true' },
    });
    expect(json.length).toBeGreaterThan(3);
    expect(json.some((c: Json) => c.children.length > 0)).toBe(true);
  });

  it('POST /navigation/{activeId}/{rootId} with ids and a flat list', async () => {
    const { json } = await contract('POST', '/navigation/{activeId}/{rootId}', `/navigation/${found.leafCategoryId}/main-navigation`, {
      body: { depth: 2, buildTree: false },
    });
    expect(json.length).toBeGreaterThan(0);
  });

  it('POST /seo-url answers SEO URLs', async () => {
    const { json } = await contract('POST', '/seo-url', '/seo-url', {
      body: { limit: 5, filter: [{ type: 'equals', field: 'foreignKey', value: found.productId }] },
    });
    expect(json.elements.length).toBeGreaterThan(0);
    expect(json.elements[0].routeName).toBe('frontend.detail.page');
  });

  it('POST /landing-page/{landingPageId} answers a landing page with its CMS page', async () => {
    const seo = await contract('POST', '/seo-url', '/seo-url', {
      body: { limit: 1, filter: [{ type: 'equals', field: 'routeName', value: 'frontend.landing.page' }] },
    });
    const landingPageId = seo.json.elements[0]?.foreignKey;
    expect(landingPageId).toMatch(/^[0-9a-f]{32}$/);
    const { json } = await contract('POST', '/landing-page/{landingPageId}', `/landing-page/${landingPageId}`, { body: {} });
    expect(json.id).toBe(landingPageId);
    expect(json.cmsPage.sections.length).toBeGreaterThan(0);
  });
});

describe('GET forms (Criteria in the query string, new in 6.7)', () => {
  it.each([
    ['/country', () => '/country?limit=5'],
    ['/shipping-method', () => '/shipping-method'],
    ['/seo-url', () => `/seo-url?limit=2`],
    ['/category/{navigationId}', () => `/category/${found.leafCategoryId}`],
    ['/navigation/{activeId}/{rootId}', () => '/navigation/main-navigation/main-navigation?depth=1'],
    ['/search', () => '/search?search=vitamin&limit=5'],
    ['/search-suggest', () => '/search-suggest?search=vit'],
    ['/product/{productId}/reviews', () => `/product/${found.productId}/reviews?limit=3`],
  ])('GET %s', async (template, path) => {
    await contract('GET', template, path());
  });
});

describe('error responses (@failure)', () => {
  it.each([
    ['POST', '/product/{productId}', `/product/${UNKNOWN_ID}`],
    ['POST', '/category/{navigationId}', `/category/${UNKNOWN_ID}`],
    ['POST', '/product-listing/{categoryId}', `/product-listing/${UNKNOWN_ID}`],
    ['POST', '/landing-page/{landingPageId}', `/landing-page/${UNKNOWN_ID}`],
    ['POST', '/navigation/{activeId}/{rootId}', `/navigation/${UNKNOWN_ID}/${UNKNOWN_ID}`],
  ])('%s %s with an unknown id answers 404', async (method, template, path) => {
    const { json } = await contract(method, template, path, { body: {}, status: 404 });
    expect(json.errors[0].status).toBe('404');
  });

  it.each([
    ['/product', { limit: -1 }],
    ['/product', { filter: [{ type: 'no-such-filter', field: 'name', value: 'x' }] }],
    ['/seo-url', { sort: [{ field: 'noSuchField', order: 'ASC' }] }],
    ['/language', { page: 0 }],
  ])('POST %s with malformed Criteria answers 400', async (path, body) => {
    const { json } = await contract('POST', path, path, { body, status: 400 });
    expect(json.errors[0].status).toBe('400');
  });

  it('a request without sw-access-key answers 401', async () => {
    const res = await shop.call('GET', '/store-api/context', { accessKey: null });
    expect(res.status).toBe(401);
    expectStoreApiContract('GET', '/context', 401, res.json);
  });
});
