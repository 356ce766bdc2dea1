import type { SalesChannelContext } from '../context';
import { translatedColumn } from '../dal/translation';
import type { Criteria, SortSpec } from '../dal/criteria';
import { entityDefinition, type SqlFragment } from '../dal/definition';
import { AliasSource, filtersSql, fragment } from '../dal/filter-sql';
import { parseCriteria } from '../dal/parse-criteria';
import { aggregate, searchIds } from '../dal/search';
import { idList, queryAll, queryAllRemembered, queryOne, remembered } from '../dal/statements';
import { StoreApiError } from '../errors';
import { isId } from '../ids';
import { loadManufacturers } from './manufacturer';
import { loadProducts, searchProductIds } from './product';
import { groupsWithOptions } from './property';

// The product listing of a category, of a search and of a search suggestion (Shopware's
// ProductListingRoute with its listing features): listing filters, facets, sortings.

type Json = Record<string, unknown>;

/** SPEC §9: default page size 10. */
export const DEFAULT_LISTING_LIMIT = 10;

export interface ListingScope {
  categoryId: string | null;
  /** the search term of /search and /search-suggest */
  search?: string;
  /** /search-suggest: no facets, no sortings, no filters */
  suggest?: boolean;
}

export interface ListingOptions {
  maxLimit?: number;
}

interface SortingRow {
  id: string;
  url_key: string;
  priority: number;
  fields: string;
  label: string;
}

const SCORE_SORTING_KEY = 'score';

const byText = new Intl.Collator('de', { numeric: true }).compare;

function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const text = String(value).toLowerCase();
  return !(text === 'false' || text === '0' || text === 'no' || text === 'off');
}

/** A flag that counts when present at all (`no-aggregations`, `only-aggregations`, `reduce-aggregations`). */
function presenceFlag(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (value === false || value === 0 || value === 'false' || value === '0') return false;
  return true;
}

/** Ids given as `a|b` or as an array; anything that is not an id is ignored, as Shopware does. */
function idsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split('|') : [];
  return [...new Set(list.filter((v): v is string => isId(v)))];
}

function nonNegativeNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function loadSortings(ctx: SalesChannelContext): SortingRow[] {
  const chain = ctx.languageIdChain;
  const label = translatedColumn(chain, 'product_sorting_translation', 'product_sorting_id', 's.id', 'label');
  return queryAll<SortingRow>(ctx.db, `SELECT s.id, s.url_key, s.priority, s.fields, ${label} AS label FROM product_sorting s WHERE s.active = 1 ORDER BY s.priority DESC`, [
    ...chain,
  ]);
}

const SCORE_LABELS: Record<string, string> = { de: 'Beste Ergebnisse', it: 'Migliori risultati', fr: 'Meilleurs résultats' };

function scoreSorting(ctx: SalesChannelContext): SortingRow {
  const code = queryOne<{ short_code: string }>(ctx.db, 'SELECT short_code FROM language WHERE id = ?', [ctx.languageId])?.short_code ?? 'de';
  return { id: 'score', url_key: SCORE_SORTING_KEY, priority: 0, fields: '[]', label: SCORE_LABELS[code] ?? SCORE_LABELS.de! };
}

function sortingJson(row: SortingRow): Json {
  return {
    id: row.id,
    key: row.url_key,
    priority: row.priority,
    label: row.label,
    translated: { label: row.label },
    apiAlias: 'product_sorting',
  };
}

function sortSpecs(row: SortingRow): SortSpec[] {
  let fields: { field: string; order: string; priority?: number; naturalSorting?: number | boolean }[] = [];
  try {
    fields = JSON.parse(row.fields) as typeof fields;
  } catch {
    fields = [];
  }
  return [...fields]
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))
    .map((f) => ({
      field: f.field.replace(/^product\./, ''),
      order: f.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
      naturalSorting: f.naturalSorting === true || f.naturalSorting === 1,
    }));
}

interface ListingFilter {
  name: 'manufacturer' | 'price' | 'rating' | 'shipping-free' | 'properties';
  condition: SqlFragment;
}

/** Option ids grouped by their property group: OR within a group, AND across groups. */
function propertyCondition(ctx: SalesChannelContext, optionIds: string[]): SqlFragment | null {
  if (!optionIds.length) return null;
  const rows = queryAll<{ id: string; group_id: string }>(ctx.db, 'SELECT id, group_id FROM property_group_option WHERE id IN (SELECT value FROM json_each(?))', [
    idList(optionIds),
  ]);
  if (!rows.length) return fragment('0');
  const byGroup = new Map<string, string[]>();
  for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row.id]);
  const parts = [...byGroup.values()].map((ids) =>
    fragment('EXISTS (SELECT 1 FROM product_property pp WHERE pp.product_id = t0.id AND pp.property_group_option_id IN (SELECT value FROM json_each(?)))', [idList(ids)]),
  );
  return { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/** Main products matching a search term, best first; a variant's match counts for its main product. */
function rankedMainProducts(ctx: SalesChannelContext, term: string): string[] {
  const hits = searchProductIds(ctx, term);
  if (!hits.length) return [];
  const parents = new Map(
    queryAll<{ id: string; parent_id: string }>(ctx.db, 'SELECT id, parent_id FROM product WHERE id IN (SELECT value FROM json_each(?)) AND parent_id IS NOT NULL', [
      idList(hits),
    ]).map((r) => [r.id, r.parent_id]),
  );
  return [...new Set(hits.map((id) => parents.get(id) ?? id))];
}

/** Formats an aggregated price as Shopware's MySQL answers it: a decimal string. */
function decimalString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(4) : null;
}

/**
 * The ProductListingResult of a category (categoryId) or of a search, for `params` (the request's
 * body and query). Used by /product-listing, /search, /search-suggest and CMS product-listing slots.
 */
export function productListing(ctx: SalesChannelContext, scope: ListingScope, params: Record<string, unknown>, options: ListingOptions = {}): Json {
  const maxLimit = options.maxLimit ?? 500;
  const input: Record<string, unknown> = { ...params };
  if (input.p !== undefined && input.page === undefined) input.page = input.p;
  if (input.limit === undefined || input.limit === null || input.limit === '') input.limit = DEFAULT_LISTING_LIMIT;
  // listing routes take the search term from `search`, never from `term`
  delete input.term;
  const criteria: Criteria = parseCriteria(input, { entity: 'product', maxLimit });
  criteria.totalCountMode = 1;

  const conditions: SqlFragment[] = [fragment('t0.parent_id IS NULL')];
  if (scope.categoryId) {
    conditions.push(fragment('t0.id IN (SELECT product_id FROM product_category_tree WHERE category_id = ?)', [scope.categoryId]));
  }
  let searchRank: string[] | null = null;
  if (scope.search !== undefined) {
    searchRank = rankedMainProducts(ctx, scope.search);
    conditions.push(fragment('t0.id IN (SELECT value FROM json_each(?))', [idList(searchRank)]));
  }

  // Sortings: `order` picks one of availableSortings; an unknown key is a 400 like Shopware's.
  const sortings = scope.suggest ? [] : loadSortings(ctx);
  if (scope.search !== undefined && !scope.suggest) sortings.unshift(scoreSorting(ctx));
  const orderKey = typeof input.order === 'string' && input.order !== '' ? input.order : null;
  let sorting: SortingRow | undefined;
  if (orderKey) {
    sorting = scope.suggest && orderKey === SCORE_SORTING_KEY ? scoreSorting(ctx) : sortings.find((s) => s.url_key === orderKey);
    if (!sorting) {
      throw StoreApiError.of(400, 'PRODUCT_SORTING_NOT_FOUND', `Could not find sorting with key "${orderKey}"`, { key: orderKey });
    }
  } else if (!criteria.sort.length) {
    sorting = scope.search !== undefined ? scoreSorting(ctx) : sortings[0];
  }
  const byScore = sorting?.url_key === SCORE_SORTING_KEY && searchRank !== null;
  if (sorting && !byScore) criteria.sort = sortSpecs(sorting);

  // Listing filters (Shopware adds them as post-filters: the facets keep all their values).
  const manufacturerIds = idsOf(input.manufacturer);
  const propertyIds = idsOf(input.properties);
  const minPrice = nonNegativeNumber(input['min-price']);
  const maxPrice = nonNegativeNumber(input['max-price']);
  const rating = input.rating === undefined || input.rating === null || input.rating === '' ? null : nonNegativeNumber(input.rating);
  const shippingFree = flag(input['shipping-free'], false);
  const enabled = {
    manufacturer: flag(input['manufacturer-filter'], true) && !scope.suggest,
    price: flag(input['price-filter'], true) && !scope.suggest,
    rating: flag(input['rating-filter'], true) && !scope.suggest,
    'shipping-free': flag(input['shipping-free-filter'], true) && !scope.suggest,
    properties: flag(input['property-filter'], true) && !scope.suggest,
  };
  const filters: ListingFilter[] = [];
  if (enabled.manufacturer && manufacturerIds.length) {
    filters.push({ name: 'manufacturer', condition: fragment('t0.manufacturer_id IN (SELECT value FROM json_each(?))', [idList(manufacturerIds)]) });
  }
  if (enabled.price && (minPrice > 0 || maxPrice > 0)) {
    const parts: SqlFragment[] = [];
    if (minPrice > 0) parts.push(fragment('t0.cheapest_price >= ?', [minPrice]));
    if (maxPrice > 0) parts.push(fragment('t0.cheapest_price <= ?', [maxPrice]));
    filters.push({ name: 'price', condition: { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) } });
  }
  if (enabled.rating && rating !== null && rating > 0) {
    filters.push({ name: 'rating', condition: fragment('t0.rating_average >= ?', [rating]) });
  }
  if (enabled['shipping-free'] && shippingFree) filters.push({ name: 'shipping-free', condition: fragment('t0.shipping_free = 1') });
  if (enabled.properties && propertyIds.length) {
    const condition = propertyCondition(ctx, propertyIds);
    if (condition) filters.push({ name: 'properties', condition });
  }

  const onlyAggregations = presenceFlag(input['only-aggregations']);
  const noAggregations = presenceFlag(input['no-aggregations']) || scope.suggest === true;
  const reduce = presenceFlag(input['reduce-aggregations']);

  let elements: Json[] = [];
  let total = 0;
  if (!onlyAggregations) {
    const listingConditions = [...conditions, ...filters.map((f) => f.condition)];
    if (byScore && searchRank) {
      // best match first: page through the ranked ids that pass the filters
      const all = new Set(searchIds(ctx, { ...criteria, page: 1, limit: null, sort: [], totalCountMode: 0 }, { conditions: listingConditions, remember: true }).ids);
      const ranked = searchRank.filter((id) => all.has(id));
      const limit = criteria.limit ?? DEFAULT_LISTING_LIMIT;
      total = ranked.length;
      elements = loadProducts(ctx, ranked.slice((criteria.page - 1) * limit, criteria.page * limit), criteria);
    } else {
      const found = searchIds(ctx, criteria, { conditions: listingConditions, remember: true });
      total = found.total;
      elements = loadProducts(ctx, found.ids, criteria);
    }
  }

  let aggregations: Json = {};
  if (!noAggregations) {
    const forFacet = (name: ListingFilter['name']): SqlFragment[] => [
      ...conditions,
      ...(reduce ? filters.filter((f) => f.name !== name).map((f) => f.condition) : []),
    ];
    const result: Json = {};
    // without reduce-aggregations every facet sees the same rows: one pass answers them all
    const shared = reduce ? null : scalarFacets(ctx, criteria, conditions);
    const facetsFor = (name: ListingFilter['name']): ScalarFacets => shared ?? scalarFacets(ctx, criteria, forFacet(name));
    if (enabled.manufacturer) result.manufacturer = manufacturerFacet(ctx, facetsFor('manufacturer'));
    if (enabled.price) result.price = priceFacet(facetsFor('price'));
    if (enabled.rating) result.rating = { max: facetsFor('rating').rating, apiAlias: 'rating_aggregation' };
    if (enabled['shipping-free']) result['shipping-free'] = { max: facetsFor('shipping-free').shippingFree, apiAlias: 'shipping-free_aggregation' };
    if (enabled.properties) result.properties = propertiesFacet(ctx, criteria, forFacet('properties'), idsOf(input['property-whitelist']));
    result.options = optionsFacet(ctx, criteria, forFacet('properties'));
    const own = aggregate(ctx, criteria, { conditions: [...conditions, ...(reduce ? filters.map((f) => f.condition) : [])] });
    aggregations = { ...result, ...own };
  }

  const navigationId = scope.categoryId ?? ctx.salesChannel.navigationCategoryId;
  const currentFilters: Json = {
    navigationId,
    manufacturer: scope.suggest ? [] : manufacturerIds,
    price: { min: scope.suggest ? 0 : minPrice, max: scope.suggest ? 0 : maxPrice },
    rating: scope.suggest ? null : rating,
    'shipping-free': scope.suggest ? false : shippingFree,
    properties: scope.suggest ? [] : propertyIds,
    ...(scope.search !== undefined ? { search: scope.search } : {}),
  };
  return {
    sorting: scope.suggest ? null : (sorting?.url_key ?? null),
    currentFilters,
    page: criteria.page,
    limit: criteria.limit,
    entity: 'product',
    total,
    aggregations,
    elements,
    availableSortings: sortings.map(sortingJson),
    states: [],
    apiAlias: 'product_listing',
  };
}

/** Rows of the listing (scope, the request's Criteria filters, listing filters) for a facet query. */
function facetWhere(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): SqlFragment {
  const parts: SqlFragment[] = [fragment('t0.active = 1'), ...filtersSql(ctx, entityDefinition('product'), 't0', criteria.filters, new AliasSource()), ...conditions];
  return { sql: parts.map((p) => `(${p.sql})`).join(' AND '), params: parts.flatMap((p) => p.params) };
}

interface ScalarFacets {
  manufacturerIds: string[];
  min: number | null;
  max: number | null;
  avg: number | null;
  sum: number | null;
  rating: number | null;
  shippingFree: number | null;
}

/** Price stats, best rating, shipping-free and the brands of the listing in one pass over its rows. */
function scalarFacets(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): ScalarFacets {
  const where = facetWhere(ctx, criteria, conditions);
  const [row] = queryAllRemembered<{ min: number | null; max: number | null; avg: number | null; sum: number | null; rating: number | null; free: number | null; brands: string }>(
    ctx.db,
    `SELECT MIN(t0.cheapest_price) AS min, MAX(t0.cheapest_price) AS max, AVG(t0.cheapest_price) AS avg, SUM(t0.cheapest_price) AS sum,
       MAX(t0.rating_average) AS rating, MAX(CASE WHEN t0.shipping_free = 1 THEN 1 END) AS free,
       json_group_array(DISTINCT t0.manufacturer_id) AS brands
     FROM product t0 WHERE ${where.sql}`,
    where.params,
  );
  const brands = JSON.parse(row?.brands ?? '[]') as (string | null)[];
  return {
    manufacturerIds: brands.filter((b): b is string => typeof b === 'string'),
    min: row?.min ?? null,
    max: row?.max ?? null,
    avg: row?.avg ?? null,
    sum: row?.sum ?? null,
    rating: row?.rating ?? null,
    shippingFree: row?.free ?? null,
  };
}

/** Facet entities depend on the data, the language and the media origin only: remembered until the data changes. */
function facetKey(ctx: SalesChannelContext, kind: string, ids: string[]): string {
  return `${kind}|${ctx.origin}|${ctx.languageIdChain.join(',')}|${ids.join(',')}`;
}

function manufacturerFacet(ctx: SalesChannelContext, facets: ScalarFacets): Json {
  const manufacturers = remembered(ctx.db, facetKey(ctx, 'manufacturer', facets.manufacturerIds), () =>
    [...loadManufacturers(ctx, facets.manufacturerIds).values()].sort((a, b) => byText(String(a.name), String(b.name))),
  );
  return { entities: manufacturers, apiAlias: 'manufacturer_aggregation' };
}

function priceFacet(facets: ScalarFacets): Json {
  return { min: decimalString(facets.min), max: decimalString(facets.max), avg: decimalString(facets.avg), sum: decimalString(facets.sum), apiAlias: 'price_aggregation' };
}

function propertiesFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[], whitelist: string[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  // CROSS JOIN keeps SQLite walking the listing's products first, then their properties
  const ids = queryAllRemembered<{ id: string }>(
    ctx.db,
    `SELECT DISTINCT pp.property_group_option_id AS id FROM product t0 CROSS JOIN product_property pp ON pp.product_id = t0.id WHERE ${where.sql}`,
    where.params,
  ).map((r) => r.id);
  let groups = remembered(ctx.db, facetKey(ctx, 'properties', ids), () => groupsWithOptions(ctx, ids).filter((g) => g.filterable === true));
  if (whitelist.length) groups = groups.filter((g) => whitelist.includes(g.id as string));
  return { entities: groups, apiAlias: 'properties_aggregation' };
}

function optionsFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const ids = queryAllRemembered<{ id: string }>(
    ctx.db,
    `SELECT DISTINCT po.property_group_option_id AS id FROM product v CROSS JOIN product_option po ON po.product_id = v.id
     WHERE v.parent_id IS NOT NULL AND v.parent_id IN (SELECT t0.id FROM product t0 WHERE ${where.sql})`,
    where.params,
  ).map((r) => r.id);
  return { entities: remembered(ctx.db, facetKey(ctx, 'options', ids), () => groupsWithOptions(ctx, ids)), apiAlias: 'options_aggregation' };
}
