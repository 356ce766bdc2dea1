import type { SalesChannelContext } from '../context';
import { emptyCriteria, type Aggregation, type Criteria, type Filter } from './criteria';
import { entityDefinition, type EntityDefinition, type SqlFragment } from './definition';
import { AliasSource, filterSql, filtersSql, fragment, joinFragments, joinPath, resolveOrThrow, valueOnPath } from './filter-sql';
import { applyFields } from './includes';
import { idList, queryAll, queryAllRemembered, queryOne } from './statements';

export interface EntitySearchResult {
  elements: Record<string, unknown>[];
  total: number;
  /** keyed by aggregation name (an object even when empty, as the Store API schema and clients expect) */
  aggregations: Record<string, unknown>;
  page: number;
  limit: number | null;
  entity: string;
  apiAlias: 'dal_entity_search_result';
}

export interface SearchOptions {
  /** more conditions on the root row (alias t0); they restrict the result and the aggregations */
  conditions?: SqlFragment[];
  /** ORDER BY terms that replace the criteria's sortings (alias t0), e.g. a search score */
  orderBy?: SqlFragment[];
  /** used when the criteria has no limit */
  defaultLimit?: number | null;
  /** answer repeated identical searches from memory until the database changes (listings) */
  remember?: boolean;
}

const ROOT = 't0';

/** WHERE parts shared by the result and the aggregations (everything but the post-filters). */
function baseWhere(ctx: SalesChannelContext, def: EntityDefinition, criteria: Criteria, options: SearchOptions, aliases: AliasSource): SqlFragment[] {
  const parts: SqlFragment[] = [];
  const base = def.baseCondition?.(ctx, ROOT);
  if (base) parts.push(base);
  if (criteria.ids) parts.push(fragment(`${ROOT}.${def.idColumn} IN (SELECT value FROM json_each(?))`, [idList(criteria.ids)]));
  if (criteria.term && def.termCondition) parts.push(def.termCondition(ctx, ROOT, criteria.term));
  parts.push(...filtersSql(ctx, def, ROOT, criteria.filters, aliases));
  parts.push(...(options.conditions ?? []));
  return parts;
}

function whereClause(parts: SqlFragment[]): SqlFragment {
  if (!parts.length) return fragment('');
  const joined = joinFragments(parts, ' AND ');
  return fragment(` WHERE ${joined.sql}`, joined.params);
}

function orderClause(ctx: SalesChannelContext, def: EntityDefinition, criteria: Criteria, options: SearchOptions, aliases: AliasSource): SqlFragment {
  const terms: SqlFragment[] = [];
  if (options.orderBy?.length) terms.push(...options.orderBy);
  else if (criteria.sort.length) {
    for (const sort of criteria.sort) {
      const value = valueOnPath(ctx, resolveOrThrow(def, sort.field), ROOT, aliases, sort.order === 'ASC' ? 'MIN' : 'MAX');
      // naturalSorting is approximated by a case-insensitive order
      const collate = sort.naturalSorting ? ' COLLATE NOCASE' : '';
      terms.push(fragment(`${value.sql}${collate} ${sort.order}`, value.params));
    }
  } else if (criteria.ids && !criteria.term) {
    // a read by ids answers in the order of the ids
    terms.push(fragment(`(SELECT key FROM json_each(?) WHERE value = ${ROOT}.${def.idColumn})`, [idList(criteria.ids)]));
  } else {
    for (const sort of def.defaultSort ?? []) {
      const value = valueOnPath(ctx, resolveOrThrow(def, sort.field), ROOT, aliases, sort.order === 'ASC' ? 'MIN' : 'MAX');
      terms.push(fragment(`${value.sql} ${sort.order}`, value.params));
    }
  }
  terms.push(fragment(`${ROOT}.${def.idColumn} ASC`));
  const joined = joinFragments(terms, ', ');
  return fragment(` ORDER BY ${joined.sql}`, joined.params);
}

function groupClause(ctx: SalesChannelContext, def: EntityDefinition, criteria: Criteria, aliases: AliasSource): SqlFragment {
  if (!criteria.grouping.length) return fragment('');
  const parts = criteria.grouping.map((field) => valueOnPath(ctx, resolveOrThrow(def, field), ROOT, aliases, 'MIN'));
  const joined = joinFragments(parts, ', ');
  return fragment(` GROUP BY ${joined.sql}`, joined.params);
}

/** The page of ids and the total, as Shopware's entity searcher answers. */
export function searchIds(
  ctx: SalesChannelContext,
  criteria: Criteria,
  options: SearchOptions = {},
): { ids: string[]; total: number; limit: number | null } {
  const def = entityDefinition(criteria.entity);
  const aliases = new AliasSource();
  const parts = baseWhere(ctx, def, criteria, options, aliases);
  parts.push(...filtersSql(ctx, def, ROOT, criteria.postFilters, aliases));
  const where = whereClause(parts);
  const group = groupClause(ctx, def, criteria, aliases);
  const order = orderClause(ctx, def, criteria, options, aliases);
  const limit = criteria.limit ?? options.defaultLimit ?? null;
  const offset = limit === null ? 0 : (criteria.page - 1) * limit;
  const from = `FROM ${def.table} ${ROOT}${where.sql}${group.sql}`;
  const paging = limit === null ? '' : ' LIMIT ? OFFSET ?';
  const read = options.remember ? queryAllRemembered : queryAll;
  const ids = read<{ id: string }>(ctx.db, `SELECT ${ROOT}.${def.idColumn} AS id ${from}${order.sql}${paging}`, [
    ...where.params,
    ...group.params,
    ...order.params,
    ...(limit === null ? [] : [limit, offset]),
  ]).map((r) => r.id);

  let total = ids.length;
  if (criteria.totalCountMode === 1 && limit !== null) {
    const sql = group.sql ? `SELECT COUNT(*) AS n FROM (SELECT 1 ${from})` : `SELECT COUNT(*) AS n ${from}`;
    total = read<{ n: number }>(ctx.db, sql, [...where.params, ...group.params])[0]?.n ?? 0;
  } else if (criteria.totalCountMode === 2 && limit !== null) {
    // next-pages: enough to know whether up to five more pages exist
    const sql = `SELECT COUNT(*) AS n FROM (SELECT 1 ${from} LIMIT ? OFFSET ?)`;
    total = offset + (queryOne<{ n: number }>(ctx.db, sql, [...where.params, ...group.params, limit * 5 + 1, offset])?.n ?? 0);
  } else if (criteria.totalCountMode !== 0 || limit === null) {
    total = offset + ids.length;
  }
  return { ids, total, limit };
}

/** Searches, hydrates and aggregates: the body of a Store API entity search route. */
export function searchEntities(ctx: SalesChannelContext, entityName: string, criteria: Criteria, options: SearchOptions = {}): EntitySearchResult {
  const def = entityDefinition(entityName);
  const scoped = criteria.entity === entityName ? criteria : { ...criteria, entity: entityName };
  const { ids, total, limit } = searchIds(ctx, scoped, options);
  const hydrated = ids.length ? def.hydrate(ctx, ids, scoped) : [];
  const elements = scoped.fields ? applyFields(hydrated, scoped.fields) : hydrated;
  return {
    elements,
    total,
    aggregations: aggregate(ctx, scoped, options),
    page: scoped.page,
    limit,
    entity: entityName,
    apiAlias: 'dal_entity_search_result',
  };
}

// ---- aggregations ---------------------------------------------------------------------------

/** Runs the criteria's aggregations over the filtered rows (post-filters do not narrow them). */
export function aggregate(ctx: SalesChannelContext, criteria: Criteria, options: SearchOptions = {}): Record<string, unknown> {
  if (!criteria.aggregations.length) return {};
  const def = entityDefinition(criteria.entity);
  const aliases = new AliasSource();
  const where = baseWhere(ctx, def, criteria, options, aliases);
  const result: Record<string, unknown> = {};
  for (const aggregation of criteria.aggregations) {
    const [name, value] = runAggregation(ctx, def, where, aggregation, aliases);
    result[name] = value;
  }
  return result;
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function runAggregation(
  ctx: SalesChannelContext,
  def: EntityDefinition,
  where: SqlFragment[],
  aggregation: Aggregation,
  aliases: AliasSource,
): [string, unknown] {
  const apiAlias = `${aggregation.name}_aggregation`;
  if (aggregation.type === 'filter') {
    const extra = filtersSql(ctx, def, ROOT, aggregation.filter, aliases);
    // Shopware answers a filter aggregation under the name of the aggregation inside it
    return runAggregation(ctx, def, [...where, ...extra], aggregation.aggregation, aliases);
  }
  const resolved = resolveOrThrow(def, aggregation.field);
  const { joins, value } = joinPath(ctx, resolved, ROOT, aliases);
  const w = whereClause(where);
  const from = `FROM ${def.table} ${ROOT} ${joins.sql}${w.sql}`;
  const fromParams = [...joins.params, ...w.params];
  const distinct = resolved.hops.some((h) => h.association.kind !== 'manyToOne');

  switch (aggregation.type) {
    case 'avg':
    case 'sum':
    case 'max':
    case 'min': {
      const fn = aggregation.type.toUpperCase();
      const row = queryOne<{ v: unknown }>(ctx.db, `SELECT ${fn}(${value.sql}) AS v ${from}`, [...value.params, ...fromParams]);
      return [aggregation.name, { [aggregation.type]: numberOrNull(row?.v), apiAlias }];
    }
    case 'count': {
      const row = queryOne<{ v: number }>(ctx.db, `SELECT COUNT(${distinct ? 'DISTINCT ' : ''}${value.sql}) AS v ${from}`, [...value.params, ...fromParams]);
      return [aggregation.name, { count: row?.v ?? 0, apiAlias }];
    }
    case 'stats': {
      const row = queryOne<{ min: unknown; max: unknown; avg: unknown; sum: unknown }>(
        ctx.db,
        `SELECT MIN(${value.sql}) AS min, MAX(${value.sql}) AS max, AVG(${value.sql}) AS avg, SUM(${value.sql}) AS sum ${from}`,
        [...value.params, ...value.params, ...value.params, ...value.params, ...fromParams],
      );
      return [aggregation.name, { min: numberOrNull(row?.min), max: numberOrNull(row?.max), avg: numberOrNull(row?.avg), sum: numberOrNull(row?.sum), apiAlias }];
    }
    case 'entity': {
      const ids = queryAll<{ v: string }>(ctx.db, `SELECT DISTINCT ${value.sql} AS v ${from}`, [...value.params, ...fromParams])
        .map((r) => r.v)
        .filter((v): v is string => typeof v === 'string');
      const target = entityDefinition(aggregation.definition);
      const criteria: Criteria = { ...emptyCriteria(target.name), ids, sort: (target.defaultSort ?? []).map((s) => ({ ...s, naturalSorting: false })) };
      const entities = ids.length ? searchEntities(ctx, target.name, criteria).elements : [];
      return [aggregation.name, { entities, apiAlias }];
    }
    case 'terms': {
      const sort = aggregation.sort[0];
      const order = sort && sort.field !== aggregation.field ? 'count' : 'key';
      const direction = sort?.order ?? 'ASC';
      const limit = aggregation.limit === null ? '' : ' LIMIT ?';
      const rows = queryAll<{ key: unknown; count: number }>(
        ctx.db,
        `SELECT ${value.sql} AS key, COUNT(DISTINCT ${ROOT}.${def.idColumn}) AS count ${from} GROUP BY 1 HAVING key IS NOT NULL ORDER BY ${order} ${direction}, key ASC${limit}`,
        [...value.params, ...fromParams, ...(aggregation.limit === null ? [] : [aggregation.limit])],
      );
      const buckets = rows.map((row) => {
        const bucket: Record<string, unknown> = { key: String(row.key), count: row.count, apiAlias: 'aggregation_bucket' };
        if (aggregation.aggregation) {
          const narrowed: Filter = { type: 'equals', field: aggregation.field, value: row.key as string | number };
          const [name, nested] = runAggregation(ctx, def, [...where, filterSql(ctx, def, ROOT, narrowed, aliases)], aggregation.aggregation, aliases);
          bucket[name] = nested;
        }
        return bucket;
      });
      return [aggregation.name, { buckets, apiAlias }];
    }
    case 'histogram': {
      const key = histogramKey(value, resolved.field.type, aggregation.interval);
      const rows = queryAll<{ key: unknown; count: number }>(
        ctx.db,
        `SELECT ${key.sql} AS key, COUNT(DISTINCT ${ROOT}.${def.idColumn}) AS count ${from} GROUP BY 1 HAVING key IS NOT NULL ORDER BY 1`,
        [...key.params, ...fromParams],
      );
      const buckets = rows.map((row) => {
        const bucket: Record<string, unknown> = { key: String(row.key), count: row.count, apiAlias: 'aggregation_bucket' };
        if (aggregation.aggregation) {
          const bucketWhere = fragment(`${key.sql} = ?`, [...key.params, row.key]);
          const [name, nested] = runAggregationWith(ctx, def, where, joins, bucketWhere, aggregation.aggregation, aliases);
          bucket[name] = nested;
        }
        return bucket;
      });
      return [aggregation.name, { buckets, apiAlias }];
    }
    case 'range': {
      const ranges: Record<string, number> = {};
      for (const range of aggregation.ranges) {
        const conds: SqlFragment[] = [];
        if (range.from !== undefined) conds.push(fragment(`${value.sql} >= ?`, [...value.params, range.from]));
        if (range.to !== undefined) conds.push(fragment(`${value.sql} < ?`, [...value.params, range.to]));
        const cond = conds.length ? joinFragments(conds, ' AND ') : fragment('1');
        const row = queryOne<{ n: number }>(ctx.db, `SELECT COUNT(DISTINCT ${ROOT}.${def.idColumn}) AS n ${from}${w.sql ? ' AND ' : ' WHERE '}${cond.sql}`, [
          ...fromParams,
          ...cond.params,
        ]);
        const key = range.key ?? `${range.from ?? '*'}-${range.to ?? '*'}`;
        ranges[key] = row?.n ?? 0;
      }
      return [aggregation.name, { ranges, apiAlias }];
    }
  }
}

/** A nested aggregation of a histogram bucket: the bucket condition needs the histogram's joins. */
function runAggregationWith(
  ctx: SalesChannelContext,
  def: EntityDefinition,
  where: SqlFragment[],
  joins: SqlFragment,
  bucket: SqlFragment,
  aggregation: Aggregation,
  aliases: AliasSource,
): [string, unknown] {
  const w = whereClause(where);
  const inBucket = fragment(
    `${ROOT}.${def.idColumn} IN (SELECT ${ROOT}.${def.idColumn} FROM ${def.table} ${ROOT} ${joins.sql}${w.sql}${w.sql ? ' AND ' : ' WHERE '}${bucket.sql})`,
    [...joins.params, ...w.params, ...bucket.params],
  );
  return runAggregation(ctx, def, [...where, inBucket], aggregation, aliases);
}

const DATE_FORMATS: Record<string, string> = {
  minute: '%Y-%m-%d %H:%M:00',
  hour: '%Y-%m-%d %H:00:00',
  day: '%Y-%m-%d 00:00:00',
  month: '%Y-%m-01 00:00:00',
  year: '%Y-01-01 00:00:00',
};

/** Histogram buckets: calendar intervals for dates, fixed steps for numbers (an approximation of Shopware's). */
function histogramKey(value: SqlFragment, type: string, interval: string | null): SqlFragment {
  if (type === 'date') {
    if (interval === 'week') return fragment(`strftime('%Y-%m-%d 00:00:00', ${value.sql}, 'weekday 1', '-7 days')`, value.params);
    if (interval === 'quarter') {
      return fragment(
        `strftime('%Y-', ${value.sql}) || printf('%02d', ((CAST(strftime('%m', ${value.sql}) AS INTEGER) - 1) / 3) * 3 + 1) || '-01 00:00:00'`,
        [...value.params, ...value.params],
      );
    }
    const format = DATE_FORMATS[interval ?? 'day'] ?? DATE_FORMATS.day!;
    return fragment(`strftime('${format}', ${value.sql})`, value.params);
  }
  const step = Number(interval);
  if (Number.isFinite(step) && step > 0) return fragment(`CAST(${value.sql} / ? AS INTEGER) * ?`, [...value.params, step, step]);
  return value;
}
