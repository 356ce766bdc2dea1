/**
 * A listing's state (filters, sorting, page) lives in the URL's query string so a reload, a shared link
 * and the back button all show the same products (SPEC §2, §4). Values of one filter are joined with
 * `|` (SPEC §9). Anything a shopper or a crawler puts there that the gateway would refuse — ids that are
 * not Shopware ids, negative prices, page 0 — is dropped here, so a bad link shows the unfiltered
 * listing instead of an error page.
 */

/** The graph's `ListingFilterInput`, with only the filters that are set. */
export interface ListingFilterVariables {
  brandIds?: string[];
  propertyIds?: string[];
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  shippingFree?: boolean;
}

/** The variables of a listing field read from the URL: filters, sort and page. */
export interface ListingParams {
  filters: ListingFilterVariables;
  sort: string | null;
  page: number;
}

/** The query-string keys of a listing (part of the shop's public URLs: do not rename). */
export const LISTING_KEYS = {
  brands: 'brands',
  properties: 'properties',
  minPrice: 'minPrice',
  maxPrice: 'maxPrice',
  rating: 'rating',
  shippingFree: 'shippingFree',
  sort: 'sort',
  page: 'page',
} as const;

/**
 * The sortings the shop offers (the listing's availableSortings). An unknown key would make the Store
 * API refuse the whole listing, so a URL can only choose one of these.
 */
export const LISTING_SORT_KEYS = ['topseller', 'price-asc', 'price-desc', 'name-asc', 'name-desc', 'rating'] as const;

const SHOPWARE_ID = /^[0-9a-f]{32}$/i;
/** Far beyond any real listing; keeps absurd numbers out of the Store API call. */
const MAX_PAGE = 10_000;
const MAX_PRICE = 1_000_000;

type SearchInput = URLSearchParams | string | Record<string, string | string[] | undefined>;

function toSearchParams(input: SearchInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (typeof input === 'string') return new URLSearchParams(input.startsWith('?') ? input.slice(1) : input);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

/** Ids from `a|b` (and from repeated keys, as a plain HTML form sends them), valid and unique, lower-cased. */
function idsOf(params: URLSearchParams, key: string): string[] {
  const ids = params
    .getAll(key)
    .flatMap((value) => value.split('|'))
    .map((id) => id.trim().toLowerCase())
    .filter((id) => SHOPWARE_ID.test(id));
  return [...new Set(ids)];
}

function priceOf(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key)?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE ? value : undefined;
}

function integerOf(params: URLSearchParams, key: string, min: number, max: number): number | undefined {
  const raw = params.get(key)?.trim();
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}

function isSortKey(value: string | null | undefined): value is string {
  return !!value && (LISTING_SORT_KEYS as readonly string[]).includes(value);
}

/** The listing variables a URL asks for; invalid values are ignored. */
export function listingParamsFromUrl(search: SearchInput): ListingParams {
  const params = toSearchParams(search);
  const filters: ListingFilterVariables = {};
  const brandIds = idsOf(params, LISTING_KEYS.brands);
  if (brandIds.length) filters.brandIds = brandIds;
  const propertyIds = idsOf(params, LISTING_KEYS.properties);
  if (propertyIds.length) filters.propertyIds = propertyIds;
  const minPrice = priceOf(params, LISTING_KEYS.minPrice);
  const maxPrice = priceOf(params, LISTING_KEYS.maxPrice);
  if (minPrice !== undefined) filters.minPrice = minPrice;
  // The gateway refuses min above max; the lower bound is the one the shopper most likely meant.
  if (maxPrice !== undefined && (minPrice === undefined || maxPrice >= minPrice)) filters.maxPrice = maxPrice;
  const rating = integerOf(params, LISTING_KEYS.rating, 1, 5);
  if (rating !== undefined) filters.minRating = rating;
  const shippingFree = params.get(LISTING_KEYS.shippingFree);
  if (shippingFree === '1' || shippingFree === 'true') filters.shippingFree = true;
  const sort = params.get(LISTING_KEYS.sort);
  return {
    filters,
    sort: isSortKey(sort) ? sort : null,
    page: integerOf(params, LISTING_KEYS.page, 1, MAX_PAGE) ?? 1,
  };
}

/** How a shopper changes a listing. Any change of filters or sorting starts again at page 1. */
export type ListingChange =
  | { toggleBrand: string }
  | { toggleProperty: string }
  | { price: { min?: number | null; max?: number | null } }
  | { rating: number | null }
  | { shippingFree: boolean }
  | { sort: string | null }
  | { page: number }
  /** SPEC §4: resetting clears brands, properties and price. */
  | { reset: true };

function toggle(list: string[] | undefined, id: string): string[] {
  const current = list ?? [];
  const normal = id.toLowerCase();
  return current.includes(normal) ? current.filter((x) => x !== normal) : [...current, normal];
}

/** The state after a change. */
export function applyListingChange(state: ListingParams, change: ListingChange): ListingParams {
  const filters = { ...state.filters };
  if ('page' in change) return { ...state, filters, page: Math.max(1, Math.floor(change.page)) };
  if ('toggleBrand' in change) filters.brandIds = toggle(filters.brandIds, change.toggleBrand);
  else if ('toggleProperty' in change) filters.propertyIds = toggle(filters.propertyIds, change.toggleProperty);
  else if ('price' in change) {
    filters.minPrice = change.price.min ?? undefined;
    filters.maxPrice = change.price.max ?? undefined;
  } else if ('rating' in change) filters.minRating = change.rating ?? undefined;
  else if ('shippingFree' in change) filters.shippingFree = change.shippingFree || undefined;
  else if ('sort' in change) return { filters, sort: change.sort, page: 1 };
  else if ('reset' in change) {
    delete filters.brandIds;
    delete filters.propertyIds;
    delete filters.minPrice;
    delete filters.maxPrice;
  }
  return { ...state, filters, page: 1 };
}

/** `|` stays readable in shop URLs (SPEC §9); everything else is percent-encoded. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%7C/gi, '|');
}

function formatPrice(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The query-string pairs of a listing state, in a fixed order (stable URLs, cacheable pages). */
function listingPairs(state: ListingParams): [string, string][] {
  const f = state.filters;
  const pairs: [string, string][] = [];
  if (f.brandIds?.length) pairs.push([LISTING_KEYS.brands, f.brandIds.join('|')]);
  if (f.propertyIds?.length) pairs.push([LISTING_KEYS.properties, f.propertyIds.join('|')]);
  if (f.minPrice !== undefined) pairs.push([LISTING_KEYS.minPrice, formatPrice(f.minPrice)]);
  if (f.maxPrice !== undefined) pairs.push([LISTING_KEYS.maxPrice, formatPrice(f.maxPrice)]);
  if (f.minRating !== undefined) pairs.push([LISTING_KEYS.rating, String(f.minRating)]);
  if (f.shippingFree) pairs.push([LISTING_KEYS.shippingFree, '1']);
  if (state.sort) pairs.push([LISTING_KEYS.sort, state.sort]);
  if (state.page > 1) pairs.push([LISTING_KEYS.page, String(state.page)]);
  return pairs;
}

/**
 * The URL of the listing after a change, from the current one (a path with its query string, or an
 * absolute URL: the result is path and query either way). Other parameters, such as `search` on the
 * search page, are kept in front; the hash is dropped.
 */
export function listingUrl(currentUrl: string, change: ListingChange): string {
  const url = new URL(currentUrl, 'http://shop.invalid');
  return urlOfListing(url, applyListingChange(listingParamsFromUrl(url.searchParams), change));
}

const LISTING_KEY_SET: ReadonlySet<string> = new Set(Object.values(LISTING_KEYS));

/** The parameters that are not the listing's (the search term), as the URL has them, in its order. */
function keptPairs(url: URL): [string, string][] {
  const kept: [string, string][] = [];
  url.searchParams.forEach((value, key) => {
    if (!LISTING_KEY_SET.has(key)) kept.push([key, value]);
  });
  return kept;
}

function urlOfListing(url: URL, state: ListingParams): string {
  const query = [...keptPairs(url), ...listingPairs(state)].map(([key, value]) => `${encodeURIComponent(key)}=${encodeValue(value)}`).join('&');
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The URL the enhanced listing would show for what a URL asks: a listing form sent without scripts (ticked boxes as
 * repeated keys, empty price fields, the shopper's order of the prices) reads the same as the enhanced form's URL.
 */
export function canonicalListingUrl(currentUrl: string): string {
  const url = new URL(currentUrl, 'http://shop.invalid');
  const params = new URLSearchParams(url.searchParams);
  const min = priceOf(params, LISTING_KEYS.minPrice);
  const max = priceOf(params, LISTING_KEYS.maxPrice);
  // The enhanced price filter swaps a span given the wrong way round, so a plain form does too.
  if (min !== undefined && max !== undefined && max < min) {
    params.set(LISTING_KEYS.minPrice, String(max));
    params.set(LISTING_KEYS.maxPrice, String(min));
  }
  return urlOfListing(url, listingParamsFromUrl(params));
}

/**
 * Where a request for a listing should go instead: its canonical URL when it carries listing parameters written
 * otherwise (a listing form sent without scripts), else null. A canonical URL leads to itself, so this never loops.
 */
export function listingRedirectOf(currentUrl: string): string | null {
  const url = new URL(currentUrl, 'http://shop.invalid');
  if (![...url.searchParams.keys()].some((key) => LISTING_KEY_SET.has(key))) return null;
  const canonical = canonicalListingUrl(currentUrl);
  return canonical === `${url.pathname}${url.search}` ? null : canonical;
}

/** The keys the filter panel's own controls send; the sort form's own key is `sort`. */
export const LISTING_FILTER_KEYS: readonly string[] = [
  LISTING_KEYS.brands,
  LISTING_KEYS.properties,
  LISTING_KEYS.minPrice,
  LISTING_KEYS.maxPrice,
  LISTING_KEYS.rating,
  LISTING_KEYS.shippingFree,
];

/**
 * The hidden fields a listing's GET form carries besides its own controls, so that its URL keeps the rest of the
 * listing (the search term, the other form's choices): the current URL's, without `ownKeys` and the page (a
 * change starts again at page 1, as in applyListingChange).
 */
export function listingKeptFields(currentUrl: string, ownKeys: readonly string[]): [string, string][] {
  const url = new URL(currentUrl, 'http://shop.invalid');
  const left = new Set([...ownKeys, LISTING_KEYS.page]);
  return [...keptPairs(url), ...listingPairs(listingParamsFromUrl(url.searchParams)).filter(([key]) => !left.has(key))];
}

/** Whether the URL sets any filter that "reset filters" would clear. */
export function hasResettableFilters(filters: ListingFilterVariables): boolean {
  return !!(filters.brandIds?.length || filters.propertyIds?.length || filters.minPrice !== undefined || filters.maxPrice !== undefined);
}

/** Which page numbers to link: the first, the last and two around the current one; null is a gap. */
export function paginationPages(current: number, last: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
