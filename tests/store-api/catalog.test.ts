import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ID, ROOT_CATEGORY_ID } from '../../store-api/src/known-ids';
import { openTestShop, type StoreApiCall } from '../support/shop';

// The catalogue endpoints against the seeded shop, as a storefront developer would call them.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let call: StoreApiCall;
let shop: Awaited<ReturnType<typeof openTestShop>>;

function one<T>(sql: string, ...params: unknown[]): T {
  return shop.db.prepare(sql).get(...params) as T;
}

beforeAll(async () => {
  shop = await openTestShop();
  call = shop.call;
});

describe('POST /product', () => {
  it('pages through active products with an exact total', async () => {
    const res = await call('POST', '/store-api/product', { body: { limit: 5, page: 2, 'total-count-mode': 'exact' } });
    expect(res.status).toBe(200);
    expect(res.json.apiAlias).toBe('dal_entity_search_result');
    expect(res.json.elements).toHaveLength(5);
    expect(res.json.page).toBe(2);
    expect(res.json.limit).toBe(5);
    const active = one<{ n: number }>('SELECT COUNT(*) AS n FROM product WHERE active = 1').n;
    expect(res.json.total).toBe(active);
    expect(res.json.elements[0].apiAlias).toBe('product');
  });

  it('answers ids in the order given, and includes shape the payload per apiAlias', async () => {
    const ids = (shop.db.prepare('SELECT id FROM product WHERE parent_id IS NULL ORDER BY product_number DESC LIMIT 3').all() as { id: string }[]).map((r) => r.id);
    const res = await call('POST', '/store-api/product', {
      body: { ids, includes: { product: ['id', 'name', 'calculatedPrice'], calculated_price: ['unitPrice'] } },
    });
    expect(res.status).toBe(200);
    expect(res.json.elements.map((p: Json) => p.id)).toEqual(ids);
    const product = res.json.elements[0];
    expect(Object.keys(product).sort()).toEqual(['apiAlias', 'calculatedPrice', 'id', 'name']);
    expect(Object.keys(product.calculatedPrice).sort()).toEqual(['apiAlias', 'unitPrice']);
  });

  it('filters with every filter type', async () => {
    const sample = one<{ id: string; product_number: string; manufacturer_id: string; ean: string }>(
      'SELECT id, product_number, manufacturer_id, ean FROM product WHERE parent_id IS NULL AND ean IS NOT NULL LIMIT 1',
    );
    const search = async (filter: Json[]): Promise<Json> => {
      const res = await call('POST', '/store-api/product', { body: { filter, limit: 500, 'total-count-mode': 1 } });
      expect(res.status).toBe(200);
      return res.json;
    };
    expect((await search([{ type: 'equals', field: 'productNumber', value: sample.product_number }])).elements.map((p: Json) => p.id)).toEqual([sample.id]);
    expect((await search([{ type: 'equalsAny', field: 'id', value: `${sample.id}|${'0'.repeat(32)}` }])).total).toBe(1);
    const brand = await search([{ type: 'equals', field: 'manufacturerId', value: sample.manufacturer_id }]);
    expect(brand.total).toBeGreaterThan(0);
    expect(brand.elements.every((p: Json) => p.manufacturerId === sample.manufacturer_id)).toBe(true);
    expect((await search([{ type: 'prefix', field: 'ean', value: sample.ean.slice(0, 12) }])).elements.some((p: Json) => p.id === sample.id)).toBe(true);
    expect((await search([{ type: 'suffix', field: 'productNumber', value: sample.product_number.slice(-4) }])).elements.some((p: Json) => p.id === sample.id)).toBe(true);
    const vitamins = await search([{ type: 'contains', field: 'name', value: 'vitamin' }]);
    expect(vitamins.total).toBeGreaterThan(0);
    expect(vitamins.elements.every((p: Json) => /vitamin/i.test(p.name))).toBe(true);
    const cheap = await search([{ type: 'range', field: 'price', parameters: { gte: 5, lt: 10 } }]);
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.elements.every((p: Json) => p.calculatedPrice.unitPrice >= 5 && p.calculatedPrice.unitPrice < 10)).toBe(true);
    const notFree = await search([{ type: 'not', operator: 'and', queries: [{ type: 'equals', field: 'shippingFree', value: true }] }]);
    expect(notFree.elements.every((p: Json) => p.shippingFree === false)).toBe(true);
    const either = await search([
      {
        type: 'multi',
        operator: 'OR',
        queries: [
          { type: 'equals', field: 'productNumber', value: sample.product_number },
          { type: 'equals', field: 'manufacturerId', value: sample.manufacturer_id },
        ],
      },
    ]);
    expect(either.total).toBe(brand.total);
    const nor = await search([{ type: 'multi', operator: 'nor', queries: [{ type: 'equals', field: 'shippingFree', value: true }, { type: 'equals', field: 'shippingFree', value: false }] }]);
    expect(nor.total).toBe(0);
  });

  it('filters across associations (manufacturer.name, properties.group.id, categories.id)', async () => {
    const brand = one<{ id: string; name: string }>(
      `SELECT m.id, t.name FROM product_manufacturer m JOIN product_manufacturer_translation t ON t.product_manufacturer_id = m.id AND t.language_id = ?
       WHERE EXISTS (SELECT 1 FROM product p WHERE p.manufacturer_id = m.id AND p.active = 1) LIMIT 1`,
      LANGUAGE_ID.de,
    );
    const byName = await call('POST', '/store-api/product', { body: { filter: [{ type: 'equals', field: 'manufacturer.name', value: brand.name }], limit: 50 } });
    expect(byName.status).toBe(200);
    expect(byName.json.elements.length).toBeGreaterThan(0);
    expect(byName.json.elements.every((p: Json) => p.manufacturer.name === brand.name)).toBe(true);

    const option = one<{ id: string; group_id: string }>('SELECT o.id, o.group_id FROM product_property pp JOIN property_group_option o ON o.id = pp.property_group_option_id LIMIT 1');
    const byGroup = await call('POST', '/store-api/product', { body: { filter: [{ type: 'equals', field: 'properties.group.id', value: option.group_id }], limit: 20 } });
    expect(byGroup.json.elements.length).toBeGreaterThan(0);
    expect(byGroup.json.elements.every((p: Json) => p.properties.some((o: Json) => o.groupId === option.group_id))).toBe(true);

    const category = one<{ category_id: string }>('SELECT category_id FROM product_category LIMIT 1');
    const byCategory = await call('POST', '/store-api/product', { body: { filter: [{ type: 'equals', field: 'categories.id', value: category.category_id }], limit: 20 } });
    expect(byCategory.json.elements.length).toBeGreaterThan(0);
    expect(byCategory.json.elements.every((p: Json) => p.categoryIds.includes(category.category_id))).toBe(true);
  });

  it('sorts by price ascending and by translated name', async () => {
    const res = await call('POST', '/store-api/product', { body: { sort: [{ field: 'price', order: 'ASC' }], limit: 30, filter: [{ type: 'equals', field: 'parentId', value: null }] } });
    const prices = res.json.elements.map((p: Json) => p.calculatedPrice.unitPrice as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byName = await call('POST', '/store-api/product', { body: { sort: [{ field: 'name', order: 'DESC' }], limit: 30 }, headers: { 'sw-language-id': LANGUAGE_ID.fr } });
    const names = byName.json.elements.map((p: Json) => p.translated.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('aggregates (stats, terms, entity, count, filter, range, histogram)', async () => {
    const res = await call('POST', '/store-api/product', {
      body: {
        limit: 1,
        aggregations: [
          { name: 'price-stats', type: 'stats', field: 'price' },
          { name: 'brands', type: 'terms', field: 'manufacturerId', limit: 3, sort: { field: '_count', order: 'DESC' } },
          { name: 'brand-entities', type: 'entity', field: 'manufacturerId', definition: 'product_manufacturer' },
          { name: 'n', type: 'count', field: 'id' },
          { name: 'free', type: 'filter', filter: [{ type: 'equals', field: 'shippingFree', value: true }], aggregation: { name: 'free-count', type: 'count', field: 'id' } },
          { name: 'bands', type: 'range', field: 'price', ranges: [{ to: 10 }, { from: 10, to: 50 }, { from: 50 }] },
          { name: 'released', type: 'histogram', field: 'releaseDate', interval: 'year' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const aggs = res.json.aggregations;
    const active = one<{ n: number; min: number; max: number }>('SELECT COUNT(*) AS n, MIN(price) AS min, MAX(price) AS max FROM product WHERE active = 1');
    expect(aggs['price-stats']).toMatchObject({ min: active.min, max: active.max, apiAlias: 'price-stats_aggregation' });
    expect(aggs.n.count).toBe(active.n);
    expect(aggs.brands.buckets).toHaveLength(3);
    expect(aggs.brands.buckets[0].count).toBeGreaterThanOrEqual(aggs.brands.buckets[2].count);
    expect(aggs['brand-entities'].entities[0].apiAlias).toBe('product_manufacturer');
    expect(aggs['free-count'].count).toBe(one<{ n: number }>('SELECT COUNT(*) AS n FROM product WHERE active = 1 AND shipping_free = 1').n);
    const bands = Object.values(aggs.bands.ranges as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(bands).toBe(active.n);
    expect(aggs.released.buckets.length).toBeGreaterThan(0);
  });

  it('serves the same Criteria on GET (brackets and _criteria)', async () => {
    const { gzipSync } = await import('node:zlib');
    const get = await call('GET', '/store-api/product?limit=3&filter[0][type]=equals&filter[0][field]=shippingFree&filter[0][value]=1');
    expect(get.status).toBe(200);
    expect(get.json.elements).toHaveLength(3);
    expect(get.json.elements.every((p: Json) => p.shippingFree)).toBe(true);
    const packed = gzipSync(JSON.stringify({ limit: 2, filter: [{ type: 'equals', field: 'shippingFree', value: true }] })).toString('base64url');
    const viaPacked = await call('GET', `/store-api/product?_criteria=${packed}`);
    expect(viaPacked.status).toBe(200);
    expect(viaPacked.json.elements).toHaveLength(2);
  });

  it('refuses bad Criteria with 400 and a pointer to the problem', async () => {
    const cases: [Json, string, string][] = [
      [{ limit: -1 }, '/limit', 'FRAMEWORK__INVALID_LIMIT_QUERY'],
      [{ limit: 501 }, '/limit', 'FRAMEWORK__INVALID_LIMIT_QUERY'],
      [{ page: 'two' }, '/page', 'FRAMEWORK__INVALID_PAGE_QUERY'],
      [{ filter: [{ type: 'nope', field: 'id', value: 1 }] }, '/filter/0/type', 'FRAMEWORK__INVALID_FILTER_QUERY'],
      [{ filter: [{ type: 'equals', field: 'notAField', value: 1 }] }, '/filter/0/field', 'FRAMEWORK__UNMAPPED_FIELD'],
      [{ filter: [{ type: 'multi', operator: 'and', queries: [{ type: 'equals', field: 'manufacturer.nope', value: 1 }] }] }, '/filter/0/queries/0/field', 'FRAMEWORK__UNMAPPED_FIELD'],
      [{ sort: [{ field: 'price; DROP TABLE product', order: 'ASC' }] }, '/sort/0/field', 'FRAMEWORK__UNMAPPED_FIELD'],
      [{ associations: { nope: {} } }, '/associations/nope', 'FRAMEWORK__ASSOCIATION_NOT_FOUND'],
      [{ ids: ['not-an-id'] }, '/ids/0', 'FRAMEWORK__INVALID_UUID'],
      [{ aggregations: [{ name: 'x', type: 'median', field: 'price' }] }, '/aggregations/0/type', 'FRAMEWORK__INVALID_AGGREGATION_QUERY'],
    ];
    for (const [body, pointer, code] of cases) {
      const res = await call('POST', '/store-api/product', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ status: '400', code, source: { pointer } });
    }
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM product').n).toBeGreaterThan(0);
  });

  it('keeps SQL-looking values as plain values', async () => {
    const res = await call('POST', '/store-api/product', {
      body: { filter: [{ type: 'contains', field: 'name', value: "%' OR 1=1 --" }, { type: 'equalsAny', field: 'productNumber', value: ["x') OR ('1'='1"] }] },
    });
    expect(res.status).toBe(200);
    expect(res.json.elements).toEqual([]);
  });
});

describe('product JSON', () => {
  it('has the full Shopware shape with media, prices and custom fields', async () => {
    const id = one<{ id: string }>('SELECT id FROM product WHERE parent_id IS NULL AND list_price IS NOT NULL AND purchase_unit IS NOT NULL LIMIT 1').id;
    const res = await call('POST', '/store-api/product', { body: { ids: [id] } });
    const product = res.json.elements[0];
    expect(product).toMatchObject({ id, apiAlias: 'product', type: 'physical', states: ['is-physical'] });
    expect(product.seoCategory.apiAlias).toBe('category');
    expect(product.cover.media.url).toMatch(/^http:\/\/shop\.test\/media\//);
    expect(product.cover.media.thumbnails.map((t: Json) => t.width)).toEqual([400, 800, 1900]);
    expect(product.unit.apiAlias).toBe('unit');
    expect(product.deliveryTime.apiAlias).toBe('delivery_time');
    expect(product.manufacturer.apiAlias).toBe('product_manufacturer');
    const price = product.calculatedPrice;
    expect(price.apiAlias).toBe('calculated_price');
    expect(price.listPrice.price).toBeGreaterThan(price.unitPrice);
    expect(price.listPrice.discount).toBeLessThan(0);
    expect(price.calculatedTaxes[0].tax).toBeGreaterThan(0);
    expect(price.referencePrice.apiAlias).toBe('cart_price_reference');
    expect(product.calculatedCheapestPrice.apiAlias).toBe('calculated_cheapest_price');
    expect(product.customFields).toHaveProperty('pharmacy_pharmacode');
    expect(typeof product.customFields.pharmacy_click_collect_only).toBe('boolean');
    expect(product.seoUrls).toBeNull();
  });

  it('lists one calculated price per tier, with the tier end as quantity', async () => {
    const id = one<{ product_id: string }>('SELECT product_id FROM product_price GROUP BY product_id HAVING COUNT(*) > 1 LIMIT 1').product_id;
    const tiers = shop.db.prepare('SELECT quantity_start, quantity_end, price FROM product_price WHERE product_id = ? ORDER BY quantity_start').all(id) as {
      quantity_start: number;
      quantity_end: number | null;
      price: number;
    }[];
    const res = await call('POST', `/store-api/product/${id}`, { body: {} });
    expect(res.status).toBe(200);
    const prices = res.json.product.calculatedPrices as Json[];
    expect(prices.map((p) => p.quantity)).toEqual(tiers.map((t) => t.quantity_end ?? t.quantity_start));
    expect(prices.map((p) => p.unitPrice)).toEqual(tiers.map((t) => t.price));
    const single = one<{ id: string }>('SELECT id FROM product p WHERE parent_id IS NULL AND child_count = 0 AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id) LIMIT 1').id;
    const plain = await call('POST', `/store-api/product/${single}`, { body: {} });
    expect(plain.json.product.calculatedPrices).toEqual([]);
  });

  it('translates by sw-language-id and fills seoUrls only with sw-include-seo-urls', async () => {
    const id = one<{ id: string }>('SELECT id FROM product WHERE parent_id IS NULL LIMIT 1').id;
    const names = new Set<string>();
    for (const lang of [LANGUAGE_ID.de, LANGUAGE_ID.it, LANGUAGE_ID.fr]) {
      const res = await call('POST', '/store-api/product', { body: { ids: [id] }, headers: { 'sw-language-id': lang } });
      const expected = one<{ name: string }>('SELECT name FROM product_translation WHERE product_id = ? AND language_id = ?', id, lang).name;
      expect(res.json.elements[0].translated.name).toBe(expected);
      names.add(res.json.elements[0].name);
    }
    expect(names.size).toBeGreaterThan(1);
    const withSeo = await call('POST', `/store-api/product/${id}`, { body: {}, headers: { 'sw-include-seo-urls': 'true', 'sw-language-id': LANGUAGE_ID.it } });
    const seoUrls = withSeo.json.product.seoUrls as Json[];
    expect(seoUrls.length).toBeGreaterThan(0);
    expect(seoUrls[0]).toMatchObject({ routeName: 'frontend.detail.page', languageId: LANGUAGE_ID.it, pathInfo: `/detail/${id}` });
  });
});

describe('POST /product/{id}', () => {
  it('answers 404 CONTENT__PRODUCT_NOT_FOUND for an unknown id', async () => {
    for (const id of ['0'.repeat(32), 'not-an-id']) {
      const res = await call('POST', `/store-api/product/${id}`, { body: {} });
      expect(res.status).toBe(404);
      expect(res.json.errors[0].code).toBe('CONTENT__PRODUCT_NOT_FOUND');
    }
  });

  it('picks a variant for a parent id and answers the configurator', async () => {
    const parent = one<{ id: string }>('SELECT id FROM product WHERE child_count > 0 AND active = 1 LIMIT 1').id;
    const res = await call('POST', `/store-api/product/${parent}`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.json.apiAlias).toBe('product_detail');
    expect(res.json.product.parentId).toBe(parent);
    expect(res.json.product.optionIds.length).toBeGreaterThan(0);
    expect(res.json.product.name).toBeTruthy();
    expect(res.json.product.cover).not.toBeNull();
    const groups = res.json.configurator as Json[];
    expect(groups.length).toBeGreaterThan(0);
    expect(groups[0]!.apiAlias).toBe('property_group');
    const optionIds = groups.flatMap((g) => (g.options as Json[]).map((o) => o.id));
    for (const id of res.json.product.optionIds) expect(optionIds).toContain(id);
    const skipped = await call('POST', `/store-api/product/${parent}?skipConfigurator=true`, { body: {} });
    expect(skipped.json.configurator).toBeNull();
  });

  it('reads approved reviews with Criteria', async () => {
    const id = one<{ product_id: string }>('SELECT product_id FROM product_review WHERE status = 1 GROUP BY product_id HAVING COUNT(*) > 1 LIMIT 1').product_id;
    const res = await call('POST', `/store-api/product/${id}/reviews`, {
      body: { limit: 1, 'total-count-mode': 'exact', aggregations: [{ name: 'points', type: 'avg', field: 'points' }] },
    });
    expect(res.status).toBe(200);
    expect(res.json.elements).toHaveLength(1);
    expect(res.json.elements[0]).toMatchObject({ productId: id, status: true, apiAlias: 'product_review' });
    expect(res.json.total).toBeGreaterThan(1);
    expect(res.json.aggregations.points.avg).toBeGreaterThan(0);
  });
});

describe('POST /product-listing/{categoryId}', () => {
  let categoryId: string;
  beforeAll(() => {
    categoryId = one<{ category_id: string }>(
      `SELECT category_id FROM product_category_tree t JOIN category c ON c.id = t.category_id WHERE c.level >= 2
       GROUP BY category_id HAVING COUNT(*) > 60 ORDER BY COUNT(*) LIMIT 1`,
    ).category_id;
  });

  it('answers the default page size, sortings, facets and current filters', async () => {
    const res = await call('POST', `/store-api/product-listing/${categoryId}`, { body: {} });
    expect(res.status).toBe(200);
    const listing = res.json;
    expect(listing.apiAlias).toBe('product_listing');
    expect(listing.limit).toBe(10);
    expect(listing.elements).toHaveLength(10);
    expect(listing.elements.every((p: Json) => p.parentId === null && p.categoryTree.includes(categoryId))).toBe(true);
    expect(listing.total).toBe(one<{ n: number }>('SELECT COUNT(*) AS n FROM product_category_tree t JOIN product p ON p.id = t.product_id WHERE t.category_id = ? AND p.active = 1 AND p.parent_id IS NULL', categoryId).n);
    expect(listing.sorting).toBe('topseller');
    expect(listing.availableSortings.map((s: Json) => s.key)).toContain('price-asc');
    expect(listing.availableSortings[0].translated.label).toBeTruthy();
    expect(Object.keys(listing.aggregations)).toEqual(expect.arrayContaining(['manufacturer', 'price', 'rating', 'shipping-free', 'properties']));
    expect(listing.currentFilters).toMatchObject({ navigationId: categoryId, manufacturer: [], properties: [], 'shipping-free': false, rating: null, price: { min: 0, max: 0 } });
  });

  it('narrows by manufacturer, price, shipping-free and properties', async () => {
    const base = (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { limit: 100 } })).json;
    const brand = base.aggregations.manufacturer.entities[0].id as string;
    const byBrand = (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { manufacturer: brand, limit: 100 } })).json;
    expect(byBrand.total).toBeGreaterThan(0);
    expect(byBrand.total).toBeLessThan(base.total);
    expect(byBrand.elements.every((p: Json) => p.manufacturerId === brand)).toBe(true);
    expect(byBrand.currentFilters.manufacturer).toEqual([brand]);
    // facets keep every brand while a brand is chosen
    expect(byBrand.aggregations.manufacturer.entities.length).toBe(base.aggregations.manufacturer.entities.length);

    const priced = (await call('GET', `/store-api/product-listing/${categoryId}?min-price=5&max-price=20&limit=100&order=price-asc`)).json;
    const prices = priced.elements.map((p: Json) => p.calculatedCheapestPrice.unitPrice as number);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: number) => p >= 5 && p <= 20)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(priced.sorting).toBe('price-asc');

    const free = (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { 'shipping-free': true, limit: 100 } })).json;
    expect(free.elements.every((p: Json) => p.shippingFree)).toBe(true);

    const groups = base.aggregations.properties.entities as Json[];
    const group = groups.find((g) => (g.options as Json[]).length > 1)!;
    const [a, b] = group.options as Json[];
    const other = groups.find((g) => g.id !== group.id)!;
    const count = async (properties: string): Promise<number> =>
      (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { properties, limit: 1 } })).json.total as number;
    const onlyA = await count(a!.id);
    const onlyB = await count(b!.id);
    const aOrB = await count(`${a!.id}|${b!.id}`);
    expect(aOrB).toBeGreaterThanOrEqual(Math.max(onlyA, onlyB));
    const c = (other.options as Json[])[0]!.id as string;
    const aAndC = await count(`${a!.id}|${c}`);
    expect(aAndC).toBeLessThanOrEqual(Math.min(onlyA, await count(c)));
  });

  it('drops aggregations on request and refuses an unknown order', async () => {
    const none = (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { 'no-aggregations': true } })).json;
    expect(none.aggregations).toEqual({});
    const noBrand = (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { 'manufacturer-filter': false } })).json;
    expect(noBrand.aggregations.manufacturer).toBeUndefined();
    const onlyAggs = (await call('POST', `/store-api/product-listing/${categoryId}`, { body: { 'only-aggregations': true } })).json;
    expect(onlyAggs.elements).toEqual([]);
    expect(onlyAggs.aggregations.price).toBeDefined();
    const bad = await call('POST', `/store-api/product-listing/${categoryId}`, { body: { order: 'cheapest-first' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].code).toBe('PRODUCT_SORTING_NOT_FOUND');
  });

  it('answers 404 CONTENT__CATEGORY_NOT_FOUND for an unknown category', async () => {
    const res = await call('POST', `/store-api/product-listing/${'f'.repeat(32)}`, { body: {} });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CONTENT__CATEGORY_NOT_FOUND');
  });

  it('lists the whole catalogue under the root category', async () => {
    const res = await call('POST', `/store-api/product-listing/${ROOT_CATEGORY_ID}`, { body: { limit: 24 } });
    expect(res.status).toBe(200);
    expect(res.json.elements).toHaveLength(24);
  });
});

describe('search', () => {
  it('finds a product by its name in de, it and fr, and by EAN', async () => {
    const product = one<{ id: string; ean: string }>('SELECT id, ean FROM product WHERE parent_id IS NULL AND ean IS NOT NULL AND child_count = 0 LIMIT 1 OFFSET 7');
    for (const lang of [LANGUAGE_ID.de, LANGUAGE_ID.it, LANGUAGE_ID.fr]) {
      const name = one<{ name: string }>('SELECT name FROM product_translation WHERE product_id = ? AND language_id = ?', product.id, lang).name;
      const res = await call('POST', '/store-api/search', { body: { search: name, limit: 24 }, headers: { 'sw-language-id': lang } });
      expect(res.status).toBe(200);
      expect(res.json.elements.map((p: Json) => p.id), `${lang}: ${name}`).toContain(product.id);
      expect(res.json.currentFilters.search).toBe(name);
      expect(res.json.sorting).toBe('score');
    }
    const byEan = await call('GET', `/store-api/search?search=${product.ean}`);
    expect(byEan.json.elements.map((p: Json) => p.id)).toEqual([product.id]);
  });

  it('needs a search term and survives FTS syntax in it', async () => {
    const missing = await call('POST', '/store-api/search', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].code).toBe('FRAMEWORK__MISSING_REQUEST_PARAMETER');
    for (const term of ['"vitamin', 'NEAR(a b)', 'vitamin* OR -x', "'; DROP TABLE product; --", 'a:b', '***', 'x'.repeat(5000)]) {
      const res = await call('POST', '/store-api/search', { body: { search: term } });
      expect(res.status, term).toBe(200);
    }
  });

  it('suggests with empty facets and sortings', async () => {
    const res = await call('POST', '/store-api/search-suggest', { body: { search: 'vitamin' } });
    expect(res.status).toBe(200);
    expect(res.json.elements.length).toBeGreaterThan(0);
    expect(res.json.aggregations).toEqual({});
    expect(res.json.availableSortings).toEqual([]);
  });
});

describe('POST /product/{id} with its layout', () => {
  const slotsOf = (page: Json): Json[] => page.sections.flatMap((s: Json) => s.blocks.flatMap((b: Json) => b.slots));

  it('answers the product page layout with the buy box and the cross-selling products resolved', async () => {
    const { product_id: productId, product_ids: assigned } = one<{ product_id: string; product_ids: string }>(
      `SELECT x.product_id, x.product_ids FROM product_cross_selling x JOIN product p ON p.id = x.product_id
       WHERE x.active = 1 AND p.active = 1 AND p.child_count = 0 ORDER BY x.id LIMIT 1`,
    );
    const res = await call('POST', `/store-api/product/${productId}`, { body: {} });
    expect(res.status).toBe(200);
    const page = res.json.product.cmsPage;
    expect(page.type).toBe('product_detail');
    const slots = slotsOf(page);
    expect(slots.find((s) => s.type === 'buy-box')?.data.product.id).toBe(productId);
    const crossSelling = slots.find((s) => s.type === 'cross-selling')?.data;
    expect(crossSelling.crossSellings.length).toBeGreaterThan(0);
    const shown = crossSelling.crossSellings[0].products.map((p: Json) => p.id);
    expect(shown.length).toBeGreaterThan(0);
    expect(JSON.parse(assigned)).toEqual(expect.arrayContaining(shown));
  });

  it('leaves the layout out with skipCmsPage', async () => {
    const { id } = one<{ id: string }>('SELECT id FROM product WHERE parent_id IS NULL AND child_count = 0 AND active = 1 LIMIT 1');
    const res = await call('POST', `/store-api/product/${id}?skipCmsPage=1`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.json.product.cmsPage ?? null).toBeNull();
  });
});
