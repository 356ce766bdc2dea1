import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { openTestShop } from '../support/shop';

// ProductListing on the real embedded Store API: filters, sorting, aggregations, paging, bad arguments.

let gw: TestGateway;
let categoryId: string;

beforeAll(async () => {
  gw = await openTestGateway();
  const shop = await openTestShop();
  // the category with the most products, so that filters have something to narrow
  categoryId = (
    shop.db
      .prepare("SELECT c.id FROM category c JOIN category_translation t ON t.category_id = c.id WHERE c.active = 1 AND c.parent_id IS NOT NULL AND c.type = 'page' ORDER BY c.level, c.id LIMIT 1")
      .get() as { id: string }
  ).id;
  shop.close();
});
afterAll(() => gw?.close());

const LISTING = `query Listing($categoryId: ID!, $filters: ListingFilterInput, $sort: String, $page: Int, $limit: Int, $first: Int, $after: String, $locale: Locale) {
  listing(categoryId: $categoryId, filters: $filters, sort: $sort, page: $page, limit: $limit, first: $first, after: $after, locale: $locale) {
    total page limit sorting
    availableSortings { key label }
    currentFilters { brandIds propertyIds price { min max } minRating shippingFree search }
    filters { brands { brand { brandId name } } price { min max } maxRating shippingFreeAvailable properties { group { id name } options { id name } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { productId name url shippingFree ratingAverage brand { brandId } price { unitPrice } cheapestPrice { unitPrice } properties { options { id } } } }
  }
}`;

type Listing = {
  total: number;
  page: number;
  limit: number;
  sorting: string;
  availableSortings: { key: string; label: string }[];
  currentFilters: { brandIds: string[]; propertyIds: string[]; price: { min: number | null; max: number | null }; shippingFree: boolean };
  filters: {
    brands: { brand: { brandId: string; name: string } }[];
    price: { min: number; max: number };
    maxRating: number | null;
    shippingFreeAvailable: boolean;
    properties: { group: { id: string; name: string }; options: { id: string; name: string }[] }[];
  };
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
  edges: {
    cursor: string;
    node: {
      productId: string;
      url: string;
      shippingFree: boolean;
      brand: { brandId: string } | null;
      price: { unitPrice: number };
      cheapestPrice: { unitPrice: number } | null;
      properties: { options: { id: string }[] }[];
    };
  }[];
};

async function listing(variables: Record<string, unknown>): Promise<Listing> {
  const result = await gw.gql(LISTING, { categoryId, ...variables });
  expect(result.body.errors).toBeUndefined();
  return result.body.data.listing as Listing;
}

describe('listing', () => {
  it('gives products, total, sortings and the filters as typed aggregations', async () => {
    const all = await listing({ limit: 24 });
    expect(all.total).toBeGreaterThan(24);
    expect(all.edges).toHaveLength(24);
    expect(all.limit).toBe(24);
    expect(all.page).toBe(1);
    expect(all.availableSortings.map((s) => s.key)).toEqual(expect.arrayContaining(['price-asc', 'price-desc', 'name-asc']));
    expect(all.filters.brands.length).toBeGreaterThan(1);
    expect(all.filters.price.min).toBeLessThanOrEqual(all.filters.price.max);
    expect(all.filters.properties.length).toBeGreaterThan(0);
    expect(all.filters.properties[0]!.options.length).toBeGreaterThan(0);
    expect(all.currentFilters).toMatchObject({ brandIds: [], propertyIds: [], price: { min: null, max: null }, shippingFree: false });
    expect(all.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('narrows to a brand: the total drops and every product carries that brand', async () => {
    const all = await listing({ limit: 24 });
    const brandId = all.filters.brands[0]!.brand.brandId;
    const narrowed = await listing({ limit: 24, filters: { brandIds: [brandId] } });
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(all.total);
    expect(narrowed.edges.every((e) => e.node.brand?.brandId === brandId)).toBe(true);
    expect(narrowed.currentFilters.brandIds).toEqual([brandId]);
    // two brands (sent |-joined) match either
    const secondId = all.filters.brands[1]!.brand.brandId;
    const two = await listing({ limit: 24, filters: { brandIds: [brandId, secondId] } });
    expect(two.total).toBeGreaterThan(narrowed.total);
    expect(two.edges.every((e) => [brandId, secondId].includes(e.node.brand?.brandId ?? ''))).toBe(true);
  });

  it('filters by property, price and free shipping', async () => {
    const all = await listing({ limit: 24 });
    const option = all.filters.properties[0]!.options[0]!;
    const byProperty = await listing({ limit: 24, filters: { propertyIds: [option.id] } });
    expect(byProperty.total).toBeLessThan(all.total);
    expect(byProperty.edges.every((e) => e.node.properties.some((g) => g.options.some((o) => o.id === option.id)))).toBe(true);

    const cheap = await listing({ limit: 24, filters: { maxPrice: 15 } });
    expect(cheap.total).toBeLessThan(all.total);
    expect(cheap.currentFilters.price.max).toBe(15);

    if (all.filters.shippingFreeAvailable) {
      const free = await listing({ limit: 24, filters: { shippingFree: true } });
      expect(free.total).toBeGreaterThan(0);
      expect(free.edges.every((e) => e.node.shippingFree)).toBe(true);
      expect(free.currentFilters.shippingFree).toBe(true);
    }
  });

  it('sorts by price ascending and descending', async () => {
    const up = await listing({ limit: 24, sort: 'price-asc' });
    expect(up.sorting).toBe('price-asc');
    const prices = up.edges.map((e) => (e.node.cheapestPrice ?? e.node.price).unitPrice);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const down = await listing({ limit: 24, sort: 'price-desc' });
    const downPrices = down.edges.map((e) => (e.node.cheapestPrice ?? e.node.price).unitPrice);
    expect([...downPrices].sort((a, b) => b - a)).toEqual(downPrices);
    expect(downPrices[0]).toBeGreaterThan(prices[0]!);
  });

  it('pages with page numbers and with Relay cursors alike', async () => {
    const page1 = await listing({ first: 10, sort: 'name-asc' });
    const byCursor = await listing({ first: 10, after: page1.pageInfo.endCursor, sort: 'name-asc' });
    const byPage = await listing({ page: 2, limit: 10, sort: 'name-asc' });
    expect(byCursor.page).toBe(2);
    expect(byCursor.pageInfo.hasPreviousPage).toBe(true);
    expect(byCursor.edges.map((e) => e.node.productId)).toEqual(byPage.edges.map((e) => e.node.productId));
    const seen = new Set([...page1.edges, ...byCursor.edges].map((e) => e.node.productId));
    expect(seen.size).toBe(20);
  });

  it('reads in the asked language: Italian links carry /it', async () => {
    const it = await listing({ limit: 5, locale: 'IT' });
    expect(it.edges.every((e) => e.node.url.startsWith('/it/'))).toBe(true);
    expect(it.availableSortings.find((s) => s.key === 'price-asc')?.label).not.toBe(
      (await listing({ limit: 5, locale: 'DE' })).availableSortings.find((s) => s.key === 'price-asc')?.label,
    );
  });

  it.each([
    ['a negative page', { page: -1 }, 'page'],
    ['a limit above 100', { limit: 101 }, 'limit'],
    ['a zero limit', { limit: 0 }, 'limit'],
    ['a non-hex category id', { categoryId: 'vitamine' }, 'categoryId'],
    ['a non-hex brand id', { filters: { brandIds: ['xyz'] } }, 'filters.brandIds'],
    ['a negative price', { filters: { minPrice: -5 } }, 'filters.minPrice'],
    ['a rating above 5', { filters: { minRating: 6 } }, 'filters.minRating'],
    ['a foreign cursor', { after: 'bm9wZQ' }, 'after'],
    ['a malformed sort key', { sort: 'price asc; drop' }, 'sort'],
  ])('refuses %s with a clear error before calling the Store API', async (_name, variables, argument) => {
    const result = await gw.gql(LISTING, { categoryId, ...variables });
    expect(result.storeCalls).toBe(0);
    expect(result.body.data?.listing ?? null).toBeNull();
    const error = result.body.errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.extensions?.argument).toBe(argument);
    expect(error?.message).toContain(argument);
  });

  it('passes the Store API’s refusal of an unknown sorting on as a bad argument', async () => {
    const result = await gw.gql(LISTING, { categoryId, sort: 'no-such-sorting' });
    expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('the home category’s bestsellers (the cart’s and the search page’s slider)', () => {
  const PRODUCTS = 'nodes { productId name url price { unitPrice } }';
  it('are the home page’s topseller listing, in the asked language, read without the home page itself', async () => {
    for (const locale of ['DE', 'FR'] as const) {
      const viaHome = await gw.gql(
        `query ($locale: Locale) { route(path: "/", locale: $locale) { ... on CategoryPage { category { productListing(sort: "topseller", limit: 12) { ${PRODUCTS} } } } } }`,
        { locale },
      );
      gw.storeCalls.reset();
      const direct = await gw.gql(`query ($locale: Locale) { context { homeProductListing(sort: "topseller", limit: 12, locale: $locale) { ${PRODUCTS} } } }`, { locale });
      expect(direct.body.errors).toBeUndefined();
      const products = (direct.body.data.context as { homeProductListing: { nodes: { productId: string; url: string }[] } }).homeProductListing.nodes;
      expect(products).toHaveLength(12);
      expect(products).toEqual((viaHome.body.data.route as { category: { productListing: { nodes: unknown[] } } }).category.productListing.nodes);
      if (locale === 'FR') expect(products.every((product) => product.url.startsWith('/fr/'))).toBe(true);
      // the session's context and the listing: no read of the home category and its CMS page
      expect(gw.storeCalls.list.map((call) => call.path.replace(/\?.*/, ''))).not.toContainEqual(expect.stringMatching(/\/category\//));
    }
  });
});
