import type { Schemas } from '@shopware/api-client/store-api-types';
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context';
import { catalogLoaders, PRODUCT_ASSOCIATIONS, type ShopwareManufacturer, type ShopwareProduct } from '../loaders';
import { StoreApiRequestError } from '../store-client';
import { BrandRef } from './brand';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { badArgument, nonNegative, offsetCursor, offsetOfCursor, pageNumber, pageSize, shopwareId, shopwareIds } from './catalog-arguments';
import { groupOptions, localizedProducts, ProductRef, PropertyGroupWithOptionsRef } from './product';

export type ProductListingResult = Schemas['ProductListingResult'];

/** The filters a shopper set on a listing (sent `|`-joined to the Store API, SPEC §9). */
export interface ListingFilters {
  brandIds: string[];
  propertyIds: string[];
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  shippingFree?: boolean;
}

/** What a listing was asked for, kept beside the result so pagination and current filters can be read. */
export interface ListingArgs {
  filters?: ListingFilters;
  sort?: string | null;
  page?: number;
  limit?: number;
}

/** A ProductListing in the graph: the Store API's listing result in one language, with the request that made it. */
export interface ProductListingSource extends Localized<ProductListingResult> {
  args: ListingArgs;
}

/**
 * Wraps a Store API listing result (product-listing, search, search-suggest, or a CMS product-listing
 * slot's data) as a ProductListing of the graph.
 */
export function listingFromStoreResult(languageId: string, result: ProductListingResult, args: ListingArgs = {}): ProductListingSource {
  return { languageId, data: result, args };
}

// ---- reading the result ------------------------------------------------------------------------------

interface ListingAggregations {
  manufacturer?: { entities?: ShopwareManufacturer[] };
  price?: { min?: string | number | null; max?: string | number | null };
  rating?: { max?: string | number | null };
  'shipping-free'?: { max?: string | number | null };
  properties?: { entities?: (Schemas['PropertyGroup'] & { options?: Schemas['PropertyGroupOption'][] })[] };
}

function aggregationsOf(listing: ProductListingSource): ListingAggregations {
  const raw = listing.data.aggregations as unknown;
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as ListingAggregations) : {};
}

/** Aggregated numbers come as strings ("3.2000") from the Store API. */
function numberOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function pageOf(listing: ProductListingSource): number {
  return listing.data.page ?? listing.args.page ?? 1;
}

function limitOf(listing: ProductListingSource): number {
  return listing.data.limit ?? listing.args.limit ?? listing.data.elements.length;
}

function offsetOf(listing: ProductListingSource): number {
  return (pageOf(listing) - 1) * limitOf(listing);
}

/** The listing's products, put into the request's loaders so a later read of one of them costs nothing. */
function productsOf(listing: ProductListingSource, ctx: GatewayContext): Localized<ShopwareProduct>[] {
  const products = listing.data.elements ?? [];
  catalogLoaders(ctx).primeProducts(listing.languageId, products);
  return localizedProducts(listing.languageId, products);
}

// ---- types -------------------------------------------------------------------------------------------

const SortingRef = builder.objectRef<{ key: string; label: string }>('ListingSorting').implement({
  description: 'A way to sort a listing.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Pass as `sort`, e.g. price-asc.' }),
    label: t.exposeString('label', { description: 'Label in the listing’s language.' }),
  }),
});

const PriceBoundsRef = builder.objectRef<{ min: number | null; max: number | null }>('PriceBounds').implement({
  description: 'A price span in CHF.',
  fields: (t) => ({
    min: t.float({ nullable: true, description: 'Lowest price (null: open).', resolve: (p) => p.min }),
    max: t.float({ nullable: true, description: 'Highest price (null: open).', resolve: (p) => p.max }),
  }),
});

interface CurrentFilters {
  brandIds: string[];
  propertyIds: string[];
  price: { min: number | null; max: number | null };
  minRating: number | null;
  shippingFree: boolean;
  search: string | null;
}

const CurrentFiltersRef = builder.objectRef<CurrentFilters>('ListingCurrentFilters').implement({
  description: 'The filters the listing was made with.',
  fields: (t) => ({
    brandIds: t.stringList({ description: 'Shopware ids of the chosen brands.', resolve: (f) => f.brandIds }),
    propertyIds: t.stringList({ description: 'Shopware ids of the chosen property options.', resolve: (f) => f.propertyIds }),
    price: t.field({ type: PriceBoundsRef, description: 'The chosen price span.', resolve: (f) => f.price }),
    minRating: t.int({ nullable: true, description: 'The chosen minimum stars.', resolve: (f) => f.minRating }),
    shippingFree: t.boolean({ description: 'Only shipping-free products.', resolve: (f) => f.shippingFree }),
    search: t.string({ nullable: true, description: 'The search term, for a search.', resolve: (f) => f.search }),
  }),
});

function currentFiltersOf(listing: ProductListingSource): CurrentFilters {
  const given = (listing.data.currentFilters ?? {}) as Partial<ProductListingResult['currentFilters']> & { search?: string | null };
  const price = given.price ?? { min: 0, max: 0 };
  return {
    brandIds: given.manufacturer ?? listing.args.filters?.brandIds ?? [],
    propertyIds: given.properties ?? listing.args.filters?.propertyIds ?? [],
    // the Store API says 0 for "not set"
    price: { min: price.min ? price.min : null, max: price.max ? price.max : null },
    minRating: given.rating ?? null,
    shippingFree: given['shipping-free'] === true,
    search: given.search ?? null,
  };
}

const BrandFilterRef = builder.objectRef<Localized<ShopwareManufacturer>>('BrandFilterOption').implement({
  description: 'A brand that products of the listing carry.',
  fields: (t) => ({
    brand: t.field({ type: BrandRef, description: 'The brand.', resolve: (b) => b }),
  }),
});

const ListingFiltersRef = builder.objectRef<ProductListingSource>('ListingFilterOptions').implement({
  description: 'What the listing can still be filtered by (the Store API’s aggregations as typed filters).',
  fields: (t) => ({
    brands: t.field({
      type: [BrandFilterRef],
      description: 'Brands of the products, by name.',
      resolve: (listing, _args, ctx) => {
        const brands = aggregationsOf(listing).manufacturer?.entities ?? [];
        catalogLoaders(ctx).primeBrands(listing.languageId, brands);
        return brands.map((data) => ({ languageId: listing.languageId, data }));
      },
    }),
    price: t.field({
      type: PriceBoundsRef,
      description: 'Lowest and highest price of the products.',
      resolve: (listing) => ({ min: numberOf(aggregationsOf(listing).price?.min), max: numberOf(aggregationsOf(listing).price?.max) }),
    }),
    maxRating: t.int({
      nullable: true,
      description: 'The best average rating among the products (offer star filters up to it).',
      resolve: (listing) => {
        const max = numberOf(aggregationsOf(listing).rating?.max);
        return max === null ? null : Math.round(max);
      },
    }),
    shippingFreeAvailable: t.boolean({
      description: 'True when some products ship free (offer the free-shipping filter).',
      resolve: (listing) => (numberOf(aggregationsOf(listing)['shipping-free']?.max) ?? 0) > 0,
    }),
    properties: t.field({
      type: [PropertyGroupWithOptionsRef],
      description: 'Property groups with the options the products have.',
      resolve: (listing) => {
        const groups = aggregationsOf(listing).properties?.entities ?? [];
        return groupOptions(groups.flatMap((group) => (group.options ?? []).map((option) => ({ ...option, group: option.group ?? group }))));
      },
    }),
  }),
});

const ListingEdgeRef = builder.objectRef<{ product: Localized<ShopwareProduct>; offset: number }>('ProductListingEdge').implement({
  description: 'A product of the listing, with its cursor.',
  fields: (t) => ({
    cursor: t.string({ description: 'Opaque cursor of this product (for `after`).', resolve: (e) => offsetCursor(e.offset) }),
    node: t.field({ type: ProductRef, description: 'The product.', resolve: (e) => e.product }),
  }),
});

export const ProductListingRef = builder.objectRef<ProductListingSource>('ProductListing');

ProductListingRef.implement({
  description:
    'A page of products (a category listing, a search, a brand’s products) as a Relay connection, with its total, sortings, current filters and the filters still available.',
  fields: (t) => ({
    edges: t.field({
      type: [ListingEdgeRef],
      description: 'The products of this page, with cursors.',
      resolve: (listing, _args, ctx) => productsOf(listing, ctx).map((product, index) => ({ product, offset: offsetOf(listing) + index })),
    }),
    nodes: t.field({ type: [ProductRef], description: 'The products of this page (the same as edges.node).', resolve: (listing, _args, ctx) => productsOf(listing, ctx) }),
    pageInfo: t.field({
      type: builder.pageInfoRef(),
      description: 'Page-based cursors: endCursor continues with the next page of the same size.',
      resolve: (listing) => {
        const count = listing.data.elements?.length ?? 0;
        const offset = offsetOf(listing);
        return {
          hasNextPage: offset + count < (listing.data.total ?? 0),
          hasPreviousPage: offset > 0,
          startCursor: count ? offsetCursor(offset) : null,
          endCursor: count ? offsetCursor(offset + count - 1) : null,
        };
      },
    }),
    total: t.int({ description: 'How many products match in all.', resolve: (listing) => listing.data.total ?? listing.data.elements?.length ?? 0 }),
    page: t.int({ description: 'This page’s number, from 1.', resolve: (listing) => pageOf(listing) }),
    limit: t.int({ description: 'Products per page.', resolve: (listing) => limitOf(listing) }),
    sorting: t.string({ nullable: true, description: 'The active sorting key.', resolve: (listing) => listing.data.sorting ?? listing.args.sort ?? null }),
    availableSortings: t.field({
      type: [SortingRef],
      description: 'The sortings the shopper can choose, by priority.',
      resolve: (listing) =>
        [...(listing.data.availableSortings ?? [])]
          .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))
          .map((s) => ({ key: s.key, label: s.translated?.label ?? s.label })),
    }),
    currentFilters: t.field({ type: CurrentFiltersRef, description: 'The filters in effect.', resolve: (listing) => currentFiltersOf(listing) }),
    filters: t.field({ type: ListingFiltersRef, description: 'The filters that can be chosen.', resolve: (listing) => listing }),
  }),
});

// ---- arguments ---------------------------------------------------------------------------------------

export const ListingFilterInput = builder.inputType('ListingFilterInput', {
  description: 'Filters of a listing or search. Several brands or properties match any of them.',
  fields: (t) => ({
    brandIds: t.idList({ required: false, description: 'Shopware ids of brands.' }),
    propertyIds: t.idList({ required: false, description: 'Shopware ids of property options.' }),
    minPrice: t.float({ required: false, description: 'Lowest price in CHF.' }),
    maxPrice: t.float({ required: false, description: 'Highest price in CHF.' }),
    minRating: t.int({ required: false, description: 'Minimum average stars (1 to 5).' }),
    shippingFree: t.boolean({ required: false, description: 'Only products shipped free.' }),
  }),
});

interface RawListingArgs {
  filters?: {
    brandIds?: readonly (string | number)[] | null;
    propertyIds?: readonly (string | number)[] | null;
    minPrice?: number | null;
    maxPrice?: number | null;
    minRating?: number | null;
    shippingFree?: boolean | null;
  } | null;
  sort?: string | null;
  page?: number | null;
  limit?: number | null;
  first?: number | null;
  after?: string | null;
}

const SORT_KEY = /^[a-z0-9_-]{1,64}$/i;

/** Checks a listing's arguments before any Store API call; page/limit or Relay's first/after. */
export function readListingArgs(raw: RawListingArgs): ListingArgs {
  const f = raw.filters ?? {};
  const minPrice = nonNegative('filters.minPrice', f.minPrice);
  const maxPrice = nonNegative('filters.maxPrice', f.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) throw badArgument('filters.minPrice', 'filters.minPrice must not be above filters.maxPrice.');
  const minRating = f.minRating ?? undefined;
  if (minRating !== undefined && (!Number.isInteger(minRating) || minRating < 1 || minRating > 5)) {
    throw badArgument('filters.minRating', `filters.minRating must be between 1 and 5, got ${minRating}.`);
  }
  const filters: ListingFilters = {
    brandIds: shopwareIds('filters.brandIds', f.brandIds?.map(String)),
    propertyIds: shopwareIds('filters.propertyIds', f.propertyIds?.map(String)),
    minPrice,
    maxPrice,
    minRating,
    shippingFree: f.shippingFree ?? undefined,
  };
  const sort = raw.sort?.trim() || null;
  if (sort && !SORT_KEY.test(sort)) throw badArgument('sort', `sort must be a sorting key such as price-asc, got "${sort.slice(0, 64)}".`);
  let page = pageNumber('page', raw.page);
  let limit = pageSize('limit', raw.limit);
  const first = pageSize('first', raw.first);
  if (first !== undefined && limit !== undefined && first !== limit) throw badArgument('first', 'Give first or limit, not both.');
  limit = first ?? limit;
  const after = offsetOfCursor('after', raw.after);
  if (after !== undefined) {
    if (page !== undefined) throw badArgument('after', 'Give after or page, not both.');
    limit ??= 10; // SPEC §9 default page size
    const offset = after + 1;
    // The Store API pages by page number: a cursor continues only on a page boundary of the page size.
    if (offset % limit !== 0) throw badArgument('after', `after must end a page of ${limit} products; ask with the page size it was read with.`);
    page = offset / limit + 1;
  }
  return { filters, sort, page, limit };
}

/** The Store API listing parameters of SPEC §9 (filter values `|`-joined). */
export function listingBody(args: ListingArgs): Record<string, unknown> {
  const f = args.filters;
  return {
    ...(args.page !== undefined ? { p: args.page } : {}),
    ...(args.limit !== undefined ? { limit: args.limit } : {}),
    ...(args.sort ? { order: args.sort } : {}),
    ...(f?.brandIds.length ? { manufacturer: f.brandIds.join('|') } : {}),
    ...(f?.propertyIds.length ? { properties: f.propertyIds.join('|') } : {}),
    ...(f?.minPrice !== undefined ? { 'min-price': f.minPrice } : {}),
    ...(f?.maxPrice !== undefined ? { 'max-price': f.maxPrice } : {}),
    ...(f?.minRating !== undefined ? { rating: f.minRating } : {}),
    ...(f?.shippingFree ? { 'shipping-free': true } : {}),
    associations: PRODUCT_ASSOCIATIONS,
  };
}

/** A 400 of the Store API on a listing is the caller's bad argument (e.g. an unknown sorting). */
function asArgumentError(error: unknown): unknown {
  if (error instanceof StoreApiRequestError && error.statusCode === 400) {
    const detail = error.messages.map((m) => m.detail ?? m.title ?? m.code).join('; ');
    return new GraphQLError(detail || 'The shop refused the listing arguments.', {
      extensions: { code: 'BAD_USER_INPUT', storeApiErrors: error.messages.map((m) => ({ code: m.code, detail: m.detail })) },
    });
  }
  return error;
}

export async function readListing(
  ctx: GatewayContext,
  languageId: string,
  args: ListingArgs,
  call: (body: Record<string, unknown>) => Promise<unknown>,
): Promise<ProductListingSource> {
  try {
    return listingFromStoreResult(languageId, (await call(listingBody(args))) as ProductListingResult, args);
  } catch (error) {
    throw asArgumentError(error);
  }
}

const MAX_TERM_LENGTH = 200;

function searchTerm(raw: string): string {
  const term = raw.trim();
  if (!term) throw badArgument('term', 'term must not be empty.');
  if (term.length > MAX_TERM_LENGTH) throw badArgument('term', `term must be at most ${MAX_TERM_LENGTH} characters.`);
  return term;
}

// ---- root fields and Brand.products ------------------------------------------------------------------

/** A category's products, filtered, sorted and paged (POST /product-listing/{categoryId}). */
export function readCategoryListing(ctx: GatewayContext, languageId: string, categoryId: string, listingArgs: ListingArgs): Promise<ProductListingSource> {
  return readListing(ctx, languageId, listingArgs, (body) =>
    ctx.store(languageId).invoke('readProductListing post /product-listing/{categoryId}', { pathParams: { categoryId }, body }),
  );
}

builder.queryFields((t) => {
  const pagingArgs = {
    filters: t.arg({ type: ListingFilterInput, required: false, description: 'Filters.' }),
    sort: t.arg.string({ required: false, description: 'A key of availableSortings, e.g. price-asc (default: the shop’s).' }),
    page: t.arg.int({ required: false, description: 'Page number from 1.' }),
    limit: t.arg.int({ required: false, description: 'Products per page, 1 to 100 (default: the shop’s).' }),
    first: t.arg.int({ required: false, description: 'Relay: products per page (instead of limit).' }),
    after: t.arg.string({ required: false, description: 'Relay: the endCursor of the previous page (instead of page).' }),
    locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
  };
  return {
    listing: t.field({
      type: ProductListingRef,
      description: 'The products of a category, filtered, sorted and paged (POST /product-listing/{categoryId}).',
      args: { categoryId: t.arg.id({ required: true, description: 'The category’s Shopware id.' }), ...pagingArgs },
      resolve: (_root, args, ctx) => readCategoryListing(ctx, languageIdFor(ctx, args.locale), shopwareId('categoryId', String(args.categoryId)), readListingArgs(args)),
    }),
    search: t.field({
      type: ProductListingRef,
      description: 'Products found by a search term, filtered, sorted and paged (POST /search).',
      args: { term: t.arg.string({ required: true, description: 'What the shopper typed.' }), ...pagingArgs },
      resolve: (_root, args, ctx) => {
        const term = searchTerm(args.term);
        const listingArgs = readListingArgs(args);
        const languageId = languageIdFor(ctx, args.locale);
        return readListing(ctx, languageId, listingArgs, (body) => ctx.store(languageId).invoke('searchPage post /search', { body: { ...body, search: term } }));
      },
    }),
    searchSuggest: t.field({
      type: ProductListingRef,
      description: 'A few products for the search box while the shopper types (POST /search-suggest; no filters or sortings).',
      args: {
        term: t.arg.string({ required: true, description: 'What the shopper typed so far.' }),
        limit: t.arg.int({ required: false, description: 'How many products, 1 to 100 (default 10).' }),
        locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
      },
      resolve: (_root, args, ctx) => {
        const term = searchTerm(args.term);
        const limit = pageSize('limit', args.limit) ?? 10;
        const languageId = languageIdFor(ctx, args.locale);
        return readListing(ctx, languageId, { limit }, (body) =>
          ctx.store(languageId).invoke('searchSuggest post /search-suggest', { body: { ...body, search: term } }),
        );
      },
    }),
  };
});

/** Shopware sorting keys for a brand's products, read with a plain product search (no listing route for brands). */
const BRAND_SORTINGS: Record<string, { field: string; order: 'ASC' | 'DESC'; label: string }> = {
  'name-asc': { field: 'name', order: 'ASC', label: 'A-Z' },
  'name-desc': { field: 'name', order: 'DESC', label: 'Z-A' },
  'price-asc': { field: 'cheapestPrice', order: 'ASC', label: 'price ↑' },
  'price-desc': { field: 'cheapestPrice', order: 'DESC', label: 'price ↓' },
  topseller: { field: 'sales', order: 'DESC', label: 'topseller' },
};

builder.objectField(BrandRef, 'products', (t) =>
  t.field({
    type: ProductListingRef,
    description:
      'The brand’s products (POST /product filtered on manufacturerId; sortings name-asc, name-desc, price-asc, price-desc, topseller). Filter options are not computed here.',
    args: {
      sort: t.arg.string({ required: false, description: 'name-asc (default), name-desc, price-asc, price-desc or topseller.' }),
      page: t.arg.int({ required: false, description: 'Page number from 1.' }),
      limit: t.arg.int({ required: false, description: 'Products per page, 1 to 100 (default 24).' }),
    },
    resolve: async (brand, args, ctx) => {
      const page = pageNumber('page', args.page) ?? 1;
      const limit = pageSize('limit', args.limit) ?? 24;
      const sortKey = args.sort ?? 'name-asc';
      const sorting = BRAND_SORTINGS[sortKey];
      if (!sorting) throw badArgument('sort', `sort must be one of ${Object.keys(BRAND_SORTINGS).join(', ')}.`);
      const result = await ctx.store(brand.languageId).invoke('readProduct post /product', {
        body: {
          page,
          limit,
          'total-count-mode': 'exact',
          filter: [
            { type: 'equals', field: 'manufacturerId', value: brand.data.id },
            // the family is listed once, as in a category listing
            { type: 'equals', field: 'parentId', value: null },
          ],
          sort: [{ field: sorting.field, order: sorting.order }],
          associations: PRODUCT_ASSOCIATIONS,
        },
      });
      const listing: ProductListingResult = {
        apiAlias: 'product_listing',
        elements: result.elements ?? [],
        total: result.total,
        page,
        limit,
        sorting: sortKey,
        aggregations: {},
        availableSortings: Object.entries(BRAND_SORTINGS).map(([key, s], index) => ({
          key,
          label: s.label,
          translated: { label: s.label },
          priority: 10 - index,
          apiAlias: 'product_sorting',
        })),
        currentFilters: { navigationId: '', manufacturer: [brand.data.id], price: { min: 0, max: 0 }, rating: null, 'shipping-free': false, properties: [] },
      } as unknown as ProductListingResult;
      return listingFromStoreResult(brand.languageId, listing, { page, limit, sort: sortKey });
    },
  }),
);
