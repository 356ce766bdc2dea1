import type { SalesChannelContext } from '../context';
import { translatedColumn } from '../dal/translation';
import type { Criteria, SortSpec } from '../dal/criteria';
import { entityDefinition, type SqlFragment } from '../dal/definition';
import { AliasSource, filtersSql, fragment } from '../dal/filter-sql';
import { parseCriteria } from '../dal/parse-criteria';
import { aggregate, searchIds } from '../dal/search';
import { idList, queryAll, queryOne } from '../dal/statements';
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
    searchRank = searchProductIds(ctx, scope.search);
    // a variant's match shows its main product
    conditions.push(
      fragment('(t0.id IN (SELECT value FROM json_each(?)) OR t0.id IN (SELECT parent_id FROM product WHERE id IN (SELECT value FROM json_each(?))))', [
        idList(searchRank),
        idList(searchRank),
      ]),
    );
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
  let orderBy: SqlFragment[] | undefined;
  if (sorting?.url_key === SCORE_SORTING_KEY && searchRank) {
    orderBy = [fragment('(SELECT MIN(key) FROM json_each(?) WHERE value = t0.id OR value IN (SELECT id FROM product WHERE parent_id = t0.id)) ASC', [idList(searchRank)])];
  } else if (sorting) {
    criteria.sort = sortSpecs(sorting);
  }

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
    const found = searchIds(ctx, criteria, { conditions: [...conditions, ...filters.map((f) => f.condition)], ...(orderBy ? { orderBy } : {}) });
    total = found.total;
    elements = loadProducts(ctx, found.ids, criteria);
  }

  let aggregations: Json | [] = [];
  if (!noAggregations) {
    const forFacet = (name: ListingFilter['name']): SqlFragment[] => [
      ...conditions,
      ...(reduce ? filters.filter((f) => f.name !== name).map((f) => f.condition) : []),
    ];
    const result: Json = {};
    if (enabled.manufacturer) result.manufacturer = manufacturerFacet(ctx, criteria, forFacet('manufacturer'));
    if (enabled.price) result.price = priceFacet(ctx, criteria, forFacet('price'));
    if (enabled.rating) result.rating = maxFacet(ctx, criteria, forFacet('rating'), 'ratingAverage', 'rating');
    if (enabled['shipping-free']) result['shipping-free'] = shippingFreeFacet(ctx, criteria, forFacet('shipping-free'));
    if (enabled.properties) result.properties = propertiesFacet(ctx, criteria, forFacet('properties'), idsOf(input['property-whitelist']));
    result.options = optionsFacet(ctx, criteria, forFacet('properties'));
    const own = aggregate(ctx, criteria, { conditions: [...conditions, ...(reduce ? filters.map((f) => f.condition) : [])] });
    aggregations = Array.isArray(own) ? result : { ...result, ...own };
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

function manufacturerFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const ids = queryAll<{ id: string }>(ctx.db, `SELECT DISTINCT t0.manufacturer_id AS id FROM product t0 WHERE ${where.sql} AND t0.manufacturer_id IS NOT NULL`, where.params).map(
    (r) => r.id,
  );
  const manufacturers = [...loadManufacturers(ctx, ids).values()].sort((a, b) => String(a.name).localeCompare(String(b.name)));
  return { entities: manufacturers, apiAlias: 'manufacturer_aggregation' };
}

function priceFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const row = queryOne<{ min: number | null; max: number | null; avg: number | null; sum: number | null }>(
    ctx.db,
    `SELECT MIN(t0.cheapest_price) AS min, MAX(t0.cheapest_price) AS max, AVG(t0.cheapest_price) AS avg, SUM(t0.cheapest_price) AS sum FROM product t0 WHERE ${where.sql}`,
    where.params,
  );
  return { min: decimalString(row?.min), max: decimalString(row?.max), avg: decimalString(row?.avg), sum: decimalString(row?.sum), apiAlias: 'price_aggregation' };
}

function maxFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[], _field: 'ratingAverage', name: string): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const row = queryOne<{ max: number | null }>(ctx.db, `SELECT MAX(t0.rating_average) AS max FROM product t0 WHERE ${where.sql}`, where.params);
  return { max: row?.max ?? null, apiAlias: `${name}_aggregation` };
}

function shippingFreeFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const row = queryOne<{ max: number | null }>(ctx.db, `SELECT MAX(t0.shipping_free) AS max FROM product t0 WHERE ${where.sql} AND t0.shipping_free = 1`, where.params);
  return { max: row?.max ?? null, apiAlias: 'shipping-free_aggregation' };
}

function propertiesFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[], whitelist: string[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const ids = queryAll<{ id: string }>(
    ctx.db,
    `SELECT DISTINCT pp.property_group_option_id AS id FROM product_property pp
     JOIN property_group_option o ON o.id = pp.property_group_option_id JOIN property_group g ON g.id = o.group_id AND g.filterable = 1
     WHERE pp.product_id IN (SELECT t0.id FROM product t0 WHERE ${where.sql})`,
    where.params,
  ).map((r) => r.id);
  let groups = groupsWithOptions(ctx, ids);
  if (whitelist.length) groups = groups.filter((g) => whitelist.includes(g.id as string));
  return { entities: groups, apiAlias: 'properties_aggregation' };
}

function optionsFacet(ctx: SalesChannelContext, criteria: Criteria, conditions: SqlFragment[]): Json {
  const where = facetWhere(ctx, criteria, conditions);
  const ids = queryAll<{ id: string }>(
    ctx.db,
    `SELECT DISTINCT po.property_group_option_id AS id FROM product_option po JOIN product v ON v.id = po.product_id
     WHERE v.parent_id IN (SELECT t0.id FROM product t0 WHERE ${where.sql})`,
    where.params,
  ).map((r) => r.id);
  return { entities: groupsWithOptions(ctx, ids), apiAlias: 'options_aggregation' };
}
