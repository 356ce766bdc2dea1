import { describe, expect, it } from 'vitest';
import { hasResettableFilters, listingParamsFromUrl, listingUrl, paginationPages } from '../../storefront/features/catalog/listingUrl';

const A = '429a1d4db7b738a50977e4cd729ba122';
const B = '54618a93b25c2525f56d68eb966143a0';
const P = 'aec7c19a818b8a836ae97da976a943d9';

describe('listingParamsFromUrl', () => {
  it('reads every filter, the sorting and the page', () => {
    const params = listingParamsFromUrl(`?brands=${A}|${B}&properties=${P}&minPrice=5&maxPrice=20.5&rating=4&shippingFree=1&sort=price-asc&page=3`);
    expect(params).toEqual({
      filters: { brandIds: [A, B], propertyIds: [P], minPrice: 5, maxPrice: 20.5, minRating: 4, shippingFree: true },
      sort: 'price-asc',
      page: 3,
    });
  });

  it('gives no filters, no sorting and page 1 for an empty query', () => {
    expect(listingParamsFromUrl('')).toEqual({ filters: {}, sort: null, page: 1 });
  });

  it('ignores ids that are not Shopware ids and repeats, and lower-cases the rest', () => {
    const params = listingParamsFromUrl(new URLSearchParams({ brands: `${A.toUpperCase()}|xyz|${A}|1234|<script>`, properties: 'nothex'.repeat(6) }));
    expect(params.filters).toEqual({ brandIds: [A] });
  });

  it('accepts repeated keys as a plain form sends them', () => {
    expect(listingParamsFromUrl(`brands=${A}&brands=${B}`).filters.brandIds).toEqual([A, B]);
  });

  it('ignores negative, non-numeric and absurd prices, and a maximum below the minimum', () => {
    expect(listingParamsFromUrl('minPrice=-1&maxPrice=abc').filters).toEqual({});
    expect(listingParamsFromUrl('minPrice=Infinity&maxPrice=1e12').filters).toEqual({});
    expect(listingParamsFromUrl('minPrice=30&maxPrice=10').filters).toEqual({ minPrice: 30 });
    expect(listingParamsFromUrl('minPrice=0').filters).toEqual({ minPrice: 0 });
  });

  it('ignores a page below 1 or not a whole number, a rating outside 1..5 and unknown sortings', () => {
    for (const page of ['0', '-2', '1.5', 'abc', '']) expect(listingParamsFromUrl(`page=${page}`).page).toBe(1);
    expect(listingParamsFromUrl('rating=0').filters).toEqual({});
    expect(listingParamsFromUrl('rating=6').filters).toEqual({});
    expect(listingParamsFromUrl('sort=drop-table').sort).toBeNull();
    expect(listingParamsFromUrl('shippingFree=0').filters).toEqual({});
  });

  it('reads Vike’s parsed search object', () => {
    expect(listingParamsFromUrl({ sort: 'name-desc', page: '2' })).toEqual({ filters: {}, sort: 'name-desc', page: 2 });
  });
});

describe('listingUrl', () => {
  it('adds a brand with | between values and starts again at page 1', () => {
    expect(listingUrl(`/vitamine?brands=${A}&page=4`, { toggleBrand: B })).toBe(`/vitamine?brands=${A}|${B}`);
  });

  it('removes a brand chosen before', () => {
    expect(listingUrl(`/vitamine?brands=${A}|${B}`, { toggleBrand: A })).toBe(`/vitamine?brands=${B}`);
    expect(listingUrl(`/vitamine?brands=${A}`, { toggleBrand: A })).toBe('/vitamine');
  });

  it('sets and clears the price span, the rating and free shipping', () => {
    expect(listingUrl('/x', { price: { min: 5, max: 20 } })).toBe('/x?minPrice=5&maxPrice=20');
    expect(listingUrl('/x?minPrice=5&maxPrice=20', { price: { min: null, max: 20 } })).toBe('/x?maxPrice=20');
    expect(listingUrl('/x', { rating: 4 })).toBe('/x?rating=4');
    expect(listingUrl('/x?rating=4', { rating: null })).toBe('/x');
    expect(listingUrl('/x', { shippingFree: true })).toBe('/x?shippingFree=1');
    expect(listingUrl('/x?shippingFree=1', { shippingFree: false })).toBe('/x');
  });

  it('changes the sorting and the page, keeping the filters', () => {
    expect(listingUrl(`/fr/vitamines?brands=${A}&page=2`, { sort: 'price-asc' })).toBe(`/fr/vitamines?brands=${A}&sort=price-asc`);
    expect(listingUrl(`/x?sort=price-asc`, { page: 2 })).toBe('/x?sort=price-asc&page=2');
    expect(listingUrl(`/x?sort=price-asc&page=2`, { page: 1 })).toBe('/x?sort=price-asc');
  });

  it('keeps other parameters such as the search term, in front', () => {
    expect(listingUrl('/search?search=vitamin%20d&page=2', { toggleBrand: A })).toBe(`/search?search=vitamin%20d&brands=${A}`);
  });

  it('resets brands, properties and price (SPEC §4) but keeps rating, free shipping and sorting', () => {
    const url = `/x?brands=${A}&properties=${P}&minPrice=1&maxPrice=9&rating=3&shippingFree=1&sort=price-desc&page=3`;
    expect(listingUrl(url, { reset: true })).toBe('/x?rating=3&shippingFree=1&sort=price-desc');
  });

  it('drops invalid values of the current URL and the hash, and accepts absolute URLs', () => {
    expect(listingUrl('http://localhost:3000/x?brands=nope&page=-1#top', { page: 2 })).toBe('/x?page=2');
  });

  it('reads back what it writes', () => {
    const url = listingUrl(listingUrl(`/x?brands=${A}`, { toggleProperty: P }), { price: { min: 2.5, max: 10 } });
    expect(listingParamsFromUrl(new URL(url, 'http://x').searchParams)).toEqual({
      filters: { brandIds: [A], propertyIds: [P], minPrice: 2.5, maxPrice: 10 },
      sort: null,
      page: 1,
    });
  });
});

describe('hasResettableFilters', () => {
  it('is true only for brand, property or price filters', () => {
    expect(hasResettableFilters({})).toBe(false);
    expect(hasResettableFilters({ minRating: 3, shippingFree: true })).toBe(false);
    expect(hasResettableFilters({ brandIds: [A] })).toBe(true);
    expect(hasResettableFilters({ maxPrice: 0 })).toBe(true);
  });
});

describe('paginationPages', () => {
  it('links all pages of a short listing', () => {
    expect(paginationPages(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('keeps the first, the last and two around the current page, with gaps', () => {
    expect(paginationPages(1, 15)).toEqual([1, 2, 3, null, 15]);
    expect(paginationPages(8, 15)).toEqual([1, null, 6, 7, 8, 9, 10, null, 15]);
    expect(paginationPages(15, 15)).toEqual([1, null, 13, 14, 15]);
  });
});
