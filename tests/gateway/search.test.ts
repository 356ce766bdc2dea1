import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { openTestShop, STOCK_SHOPWARE } from '../support/shop';

// search and searchSuggest on the real embedded Store API, in each language.

let gw: TestGateway;
let product: { id: string; names: Record<'DE' | 'IT' | 'FR', string> };

beforeAll(async () => {
  gw = await openTestGateway();
  const shop = await openTestShop();
  const id = (shop.db.prepare('SELECT id FROM product WHERE parent_id IS NULL AND child_count = 0 AND active = 1 ORDER BY product_number LIMIT 1 OFFSET 7').get() as { id: string }).id;
  const names = {} as Record<'DE' | 'IT' | 'FR', string>;
  for (const locale of ['DE', 'IT', 'FR'] as const) {
    const result = await gw.gql(`{ product(id: "${id}", locale: ${locale}) { name } }`);
    names[locale] = result.body.data.product.name;
  }
  product = { id, names };
  shop.close();
});
afterAll(() => gw?.close());

describe('search', () => {
  it.each(['DE', 'IT', 'FR'] as const)('finds a product by its %s name', async (locale) => {
    const term = product.names[locale];
    const result = await gw.gql(
      `query S($term: String!, $locale: Locale) { search(term: $term, locale: $locale, limit: 24) { total currentFilters { search } edges { node { productId name url } } } }`,
      { term, locale },
    );
    expect(result.body.errors).toBeUndefined();
    const search = result.body.data.search;
    expect(search.total).toBeGreaterThan(0);
    expect(search.currentFilters.search).toBe(term);
    const hit = search.edges.find((e: { node: { productId: string } }) => e.node.productId === product.id);
    expect(hit?.node.name).toBe(term);
    if (locale !== 'DE') expect(hit.node.url.startsWith(`/${locale.toLowerCase()}/`)).toBe(true);
  });

  it('filters and sorts a search like a listing', async () => {
    const all = await gw.gql('{ search(term: "Vitamin", limit: 24) { total filters { brands { brand { brandId } } } } }');
    const brandId = all.body.data.search.filters.brands[0].brand.brandId;
    const narrowed = await gw.gql(
      `query S($b: [ID!]) { search(term: "Vitamin", limit: 24, sort: "price-asc", filters: { brandIds: $b }) { total edges { node { brand { brandId } cheapestPrice { unitPrice } } } } }`,
      { b: [brandId] },
    );
    expect(narrowed.body.errors).toBeUndefined();
    expect(narrowed.body.data.search.total).toBeLessThan(all.body.data.search.total);
    const nodes = narrowed.body.data.search.edges.map((e: { node: unknown }) => e.node) as { brand: { brandId: string }; cheapestPrice: { unitPrice: number } }[];
    expect(nodes.every((n) => n.brand.brandId === brandId)).toBe(true);
    const prices = nodes.map((n) => n.cheapestPrice.unitPrice);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('suggests a few products while typing', async () => {
    const term = product.names.DE.split(' ').slice(0, 2).join(' ');
    const result = await gw.gql(`query S($term: String!) { searchSuggest(term: $term, limit: 5) { total nodes { productId name url cover { url } } } }`, { term });
    expect(result.body.errors).toBeUndefined();
    const suggest = result.body.data.searchSuggest;
    expect(suggest.nodes.length).toBeGreaterThan(0);
    expect(suggest.nodes.length).toBeLessThanOrEqual(5);
    expect(result.storeCalls).toBe(1);
  });

  it.each([
    ['an empty term', '{ search(term: "  ") { total } }', 'term'],
    ['an empty suggest term', '{ searchSuggest(term: "") { total } }', 'term'],
    ['a suggest limit above 100', '{ searchSuggest(term: "Vit", limit: 500) { total } }', 'limit'],
    ['a negative page', '{ search(term: "Vit", page: 0) { total } }', 'page'],
  ])('refuses %s before calling the Store API', async (_name, query, argument) => {
    const result = await gw.gql(query);
    expect(result.storeCalls).toBe(0);
    expect(result.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
  });
});

// Issue 20 item 6: the search page's content slider and what a search without results suggests.
describe('contentSearch and searchAlternatives', () => {
  // the magazine is the shop plugin's: a stock Shopware has none (tests/gateway/stock-shopware.test.ts)
  it.skipIf(STOCK_SHOPWARE).each(['IT', 'FR'] as const)('finds a magazine article by a word of its %s title', async (locale) => {
    const magazine = await gw.gql(`query M($locale: Locale) { magazine(locale: $locale, first: 1) { articles { title url } } }`, { locale });
    const article = magazine.body.data.magazine.articles[0] as { title: string; url: string };
    const word = article.title.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0]!;
    const found = await gw.gql(`query C($term: String!, $locale: Locale) { contentSearch(term: $term, locale: $locale) { title url } }`, { term: word.toLowerCase(), locale });
    expect(found.body.errors).toBeUndefined();
    expect(found.body.data.contentSearch).toContainEqual({ title: article.title, url: article.url });
    expect(article.url.startsWith(`/${locale.toLowerCase()}/e/`)).toBe(true);
  });

  it.skipIf(STOCK_SHOPWARE)('finds topics too, and nothing for a word no article has', async () => {
    const topics = await gw.gql('{ contentSearch(term: "grippe", locale: FR) { url } }');
    expect(topics.body.data.contentSearch.some((a: { url: string }) => a.url.startsWith('/fr/t/'))).toBe(true);
    const none = await gw.gql('{ contentSearch(term: "zzzqx", locale: FR) { url } }');
    expect(none.body.data.contentSearch).toEqual([]);
  });

  it('suggests the categories whose names come closest to a misspelt term', async () => {
    const search = await gw.gql('{ search(term: "vitamim", limit: 1) { total } }');
    expect(search.body.data.search.total).toBe(0);
    const alternatives = await gw.gql('{ searchAlternatives(term: "vitamim") { name url } }');
    expect(alternatives.body.errors).toBeUndefined();
    const names = (alternatives.body.data.searchAlternatives as { name: string }[]).map((c) => c.name);
    expect(names.some((name) => /^Vitamin/.test(name))).toBe(true);
    const italian = await gw.gql('{ searchAlternatives(term: "raffredore", locale: IT) { name url } }');
    expect(italian.body.data.searchAlternatives[0]).toMatchObject({ name: expect.stringMatching(/raffreddore/i), url: expect.stringMatching(/^\/it\//) });
  });
});

