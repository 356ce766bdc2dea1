import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandSlug } from '../../gateway/src/schema/brand';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { openTestShop } from '../support/shop';

// Brands in the graph: the A–Z overview (brands) and a brand page (brand(slug) with its listing).

let gw: TestGateway;
let shop: Awaited<ReturnType<typeof openTestShop>>;

function one<T>(sql: string, params: unknown[] = []): T {
  return shop.db.prepare(sql).get(...params) as T;
}

beforeAll(async () => {
  gw = await openTestGateway();
  shop = await openTestShop();
});
afterAll(() => {
  gw?.close();
  shop?.close();
});

interface BrandEntry {
  brandId: string;
  name: string;
  slug: string;
  url: string;
  productCount: number;
  logo: { url: string } | null;
}

describe('brands', () => {
  it('lists every brand with products A–Z, with its page URL per language and its product count, in two Store API calls', async () => {
    const result = await gw.gql('{ brands(locale: FR) { brandId name slug url productCount logo { url } } }');
    expect(result.body.errors).toBeUndefined();
    const brands = result.body.data.brands as BrandEntry[];
    const expected = one<{ n: number }>('SELECT count(DISTINCT manufacturer_id) AS n FROM product WHERE active = 1 AND manufacturer_id IS NOT NULL').n;
    expect(brands).toHaveLength(expected);
    const names = brands.map((b) => b.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' }))).toEqual(names);
    expect(names.indexOf('Bébéo')).toBeLessThan(names.indexOf('Bergkraft'));
    const alpinamed = brands.find((b) => b.name === 'Alpinamed')!;
    expect(alpinamed).toMatchObject({ slug: 'alpinamed', url: '/fr/b/alpinamed' });
    const count = one<{ n: number }>(
      'SELECT count(*) AS n FROM product WHERE parent_id IS NULL AND active = 1 AND manufacturer_id = ?',
      [alpinamed.brandId],
    ).n;
    expect(alpinamed.productCount).toBe(count);
    expect(brands.some((b) => b.logo?.url)).toBe(true);
    expect(result.storeCalls).toBeLessThanOrEqual(3);
    const de = await gw.gql('{ brands(locale: DE) { url } }');
    expect(de.body.data.brands.map((b: { url: string }) => b.url)).toContain('/b/alpinamed');
  });

  it('makes language-independent slugs', () => {
    expect(brandSlug('Säntis Med')).toBe('santis-med');
    expect(brandSlug('Glutenfrei+')).toBe('glutenfrei');
    expect(brandSlug('Bébéo')).toBe('bebeo');
  });
});

const BRAND_PAGE = `query Brand($slug: String!, $locale: Locale, $filters: ListingFilterInput, $sort: String, $page: Int) {
  brand(slug: $slug, locale: $locale) {
    brandId name description url
    listing(filters: $filters, sort: $sort, page: $page, limit: 12) {
      total page limit sorting
      availableSortings { key label }
      currentFilters { brandIds price { min max } }
      filters { price { min max } properties { group { name } } }
      nodes { brand { brandId } cheapestPrice { unitPrice } url }
    }
  }
}`;

describe('brand(slug)', () => {
  it('reads the brand page in the asked language with only its products, filterable by price and sortable', async () => {
    const brandId = one<{ id: string }>(
      "SELECT manufacturer_id AS id FROM product WHERE parent_id IS NULL AND active = 1 AND manufacturer_id IS NOT NULL GROUP BY manufacturer_id ORDER BY count(*) DESC LIMIT 1",
    ).id;
    const name = one<{ name: string }>('SELECT name FROM product_manufacturer_translation WHERE product_manufacturer_id = ? LIMIT 1', [brandId]).name;
    const slug = brandSlug(name);
    const all = await gw.gql(BRAND_PAGE, { slug, locale: 'IT', sort: 'price-asc' });
    expect(all.body.errors).toBeUndefined();
    const brand = all.body.data.brand;
    expect(brand).toMatchObject({ brandId, name, url: `/it/b/${slug}` });
    // In Italian, about what the shop sells of the brand (no invented history).
    expect(brand.description).toContain(name);
    expect(brand.description).toMatch(/team della farmacia|nel nostro assortimento|Tutti gli articoli/);
    const listing = brand.listing;
    expect(listing.total).toBe(one<{ n: number }>('SELECT count(*) AS n FROM product WHERE parent_id IS NULL AND active = 1 AND manufacturer_id = ?', [brandId]).n);
    expect(listing.nodes).toHaveLength(12);
    expect(listing.nodes.every((p: { brand: { brandId: string }; url: string }) => p.brand.brandId === brandId && p.url.startsWith('/it/'))).toBe(true);
    const prices = listing.nodes.map((p: { cheapestPrice: { unitPrice: number } }) => p.cheapestPrice.unitPrice);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(listing.availableSortings.length).toBeGreaterThan(1);
    expect(listing.filters.properties.length).toBeGreaterThan(0);

    const maxPrice = Math.ceil(prices[5]);
    const cheap = await gw.gql(BRAND_PAGE, { slug, locale: 'IT', filters: { maxPrice }, page: 1 });
    expect(cheap.body.errors).toBeUndefined();
    const filtered = cheap.body.data.brand.listing;
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(listing.total);
    expect(filtered.currentFilters.price.max).toBe(maxPrice);
    expect(filtered.nodes.every((p: { brand: { brandId: string }; cheapestPrice: { unitPrice: number } }) => p.brand.brandId === brandId && p.cheapestPrice.unitPrice <= maxPrice)).toBe(true);

    // another brand's id given as filter does not widen the brand's listing
    const other = one<{ id: string }>('SELECT manufacturer_id AS id FROM product WHERE active = 1 AND manufacturer_id != ? LIMIT 1', [brandId]).id;
    const widened = await gw.gql(BRAND_PAGE, { slug, filters: { brandIds: [other] } });
    expect(widened.body.data.brand.listing.total).toBe(listing.total);
  });

  it('answers null for an unknown slug, and refuses id and slug together', async () => {
    const unknown = await gw.gql('{ brand(slug: "does-not-exist") { name } }');
    expect(unknown.body.errors).toBeUndefined();
    expect(unknown.body.data.brand).toBeNull();
    const odd = await gw.gql('{ brand(slug: "../etc/passwd") { name } }');
    expect(odd.body.data.brand).toBeNull();
    expect(odd.storeCalls).toBe(0);
    const both = await gw.gql('{ brand(slug: "x", id: "0123456789abcdef0123456789abcdef") { name } }');
    expect(both.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(both.storeCalls).toBe(0);
  });
});
