import { describe, expect, it } from 'vitest';
import { expectStoreApiContract, expectStoreApiSchema, mergeOverride } from '../support/contract';

// The contract validator itself: overrides merge like Shopware's api-gen, only the documented runtime
// deviations are accepted, and anything else off-schema fails — so the contract tests can fail.

const listing = {
  elements: [],
  aggregations: {},
  currentFilters: { navigationId: '0123456789abcdef0123456789abcdef', manufacturer: [], price: { min: 0, max: 0 }, rating: null, 'shipping-free': false, properties: [] },
  availableSortings: [{ key: 'name-asc', label: 'Name A-Z', translated: { label: 'Name A-Z' }, priority: 1, apiAlias: 'product_sorting' }],
  apiAlias: 'product_listing',
};

describe('mergeOverride (api-gen semantics)', () => {
  it('lets the patch win, merges objects deeply, unites arrays and deletes "_DELETE_" keys', () => {
    const merged = mergeOverride(
      { type: 'object', required: ['id'], properties: { a: { type: 'string' }, b: { type: 'number' } }, $ref: '#/x' },
      { required: ['cover', 'id'], properties: { a: { type: 'integer' } }, $ref: '_DELETE_' },
    );
    expect(merged).toEqual({ type: 'object', required: ['cover', 'id'], properties: { a: { type: 'integer' }, b: { type: 'number' } } });
  });
});

describe('expectStoreApiContract', () => {
  it('accepts a minimal valid listing', () => {
    expect(() => expectStoreApiContract('POST', '/product-listing/{categoryId}', 200, listing)).not.toThrow();
    expect(() => expectStoreApiContract('POST', '/store-api/search', 200, listing)).not.toThrow();
  });

  it('refuses a listing without availableSortings, with a readable message', () => {
    const { availableSortings: _dropped, ...broken } = listing;
    expect(() => expectStoreApiContract('POST', '/product-listing/{categoryId}', 200, broken)).toThrow(/availableSortings/);
  });

  it('refuses a wrong apiAlias and a non-hex manufacturer id in currentFilters', () => {
    expect(() => expectStoreApiContract('POST', '/search', 200, { ...listing, apiAlias: 'listing' })).toThrow(/apiAlias/);
    expect(() =>
      expectStoreApiContract('POST', '/search', 200, { ...listing, currentFilters: { ...listing.currentFilters, manufacturer: ['nike'] } }),
    ).toThrow(/manufacturer/);
  });

  it('takes aggregations keyed by name (ENDPOINTS.md §6.1) and refuses other shapes', () => {
    const keyed = { ...listing, aggregations: { price: { min: '1.00', max: '9.00', avg: '4.00', sum: '20.00', apiAlias: 'price_aggregation' } } };
    expect(() => expectStoreApiContract('POST', '/search', 200, keyed)).not.toThrow();
    expect(() => expectStoreApiContract('POST', '/search', 200, { ...listing, aggregations: 'none' })).toThrow(/aggregations/);
  });

  it('takes null for an optional field (§6.11) but not for a required one', () => {
    const category = {
      id: '0123456789abcdef0123456789abcdef',
      name: 'Vitamine',
      type: 'page',
      breadcrumb: ['Vitamine'],
      childCount: 0,
      children: [],
      translated: { breadcrumb: ['Vitamine'], name: 'Vitamine' },
      apiAlias: 'category',
      parentId: null,
      media: null,
    };
    expect(() => expectStoreApiSchema('Category', category)).not.toThrow();
    expect(() => expectStoreApiSchema('Category', { ...category, name: null })).toThrow(/name/);
  });

  it('knows a ContextTokenResponse may carry redirectUrl null (§1.3/§6.9)', () => {
    expect(() => expectStoreApiContract('PATCH', '/context', 200, { redirectUrl: null })).not.toThrow();
    expect(() => expectStoreApiContract('PATCH', '/context', 200, { redirectUrl: 5 })).toThrow(/redirectUrl/);
  });

  it('validates errors against @failure, which allows no extra keys', () => {
    const error = { errors: [{ status: '404', code: 'CONTENT__PRODUCT_NOT_FOUND', title: 'Not Found', detail: 'Product not found.' }] };
    expect(() => expectStoreApiContract('POST', '/product/{productId}', 404, error)).not.toThrow();
    expect(() => expectStoreApiContract('POST', '/product/{productId}', 404, { ...error, message: 'x' })).toThrow(/additional/);
    expect(() => expectStoreApiContract('POST', '/product/{productId}', 404, { errors: [{ status: 404 }] })).toThrow(/status/);
  });

  it('accepts 204 only where §6.4 documents it, and only without a body', () => {
    expect(() => expectStoreApiContract('POST', '/product/{productId}/review', 204, undefined)).not.toThrow();
    expect(() => expectStoreApiContract('POST', '/product/{productId}/review', 204, { success: true })).toThrow(/no body/);
    expect(() => expectStoreApiContract('POST', '/product/{productId}', 204, undefined)).toThrow(/documents no 204/);
  });

  it('refuses paths and methods the schema does not have', () => {
    expect(() => expectStoreApiContract('POST', '/no-such-route', 200, {})).toThrow(/no path/);
    expect(() => expectStoreApiContract('DELETE', '/product', 200, {})).toThrow(/no DELETE/);
  });
});

describe('composed closed schemas', () => {
  const price = {
    unitPrice: 9.9,
    quantity: 1,
    totalPrice: 9.9,
    calculatedTaxes: [{ tax: 0.2, taxRate: 2.6, price: 9.9, apiAlias: 'cart_tax_calculated' }],
    taxRules: [{ taxRate: 2.6, percentage: 100 }],
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
  const product = {
    id: '0123456789abcdef0123456789abcdef',
    productNumber: 'SW-1',
    name: 'Vitamin D3 Tropfen',
    taxId: '0123456789abcdef0123456789abcdef',
    stock: 5,
    type: 'physical',
    translated: { name: 'Vitamin D3 Tropfen' },
    calculatedPrice: price,
    calculatedPrices: [price],
    seoCategory: null,
    apiAlias: 'product',
  };

  it('reads additionalProperties:false beside allOf as "exactly the composed schema"', () => {
    // seoCategory is required and not nullable in the schema: a product must carry it.
    expect(() => expectStoreApiSchema('Product', product)).toThrow(/seoCategory/);
    const withCategory = { ...product, seoCategory: { id: product.id, name: 'Vitamine', type: 'page', breadcrumb: ['Vitamine'], childCount: 0, children: [], translated: { breadcrumb: ['Vitamine'] }, apiAlias: 'category' } };
    expect(() => expectStoreApiSchema('Product', withCategory)).not.toThrow();
    expect(() => expectStoreApiSchema('Product', { ...withCategory, calculatedPrices: [{ ...price, surprise: 1 }] })).toThrow(/surprise/);
  });
});
