import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { StoreApiError, type Violation } from '../errors';
import { isId } from '../ids';
import { readBody } from '../request';
import {
  emptyCriteria,
  type Aggregation,
  type Criteria,
  type Filter,
  type FilterValue,
  type MultiOperator,
  type RangeParameters,
  type SortSpec,
  type TotalCountMode,
} from './criteria';
import { findEntity, type EntityDefinition } from './definition';
import { resolveFieldPath } from './field-path';

export interface ParseCriteriaOptions {
  entity: string;
  /** Shopware refuses a limit above its configured maximum (shopware.api.max_limit) with a 400. */
  maxLimit: number;
  /** prefix of every source.pointer, e.g. '/associations/media' for nested criteria */
  pointerPrefix?: string;
}

const MAX_FILTER_DEPTH = 16;

class ViolationList {
  readonly list: Violation[] = [];
  add(pointer: string, code: string, detail: string, parameters?: Record<string, unknown>): void {
    this.list.push({ pointer, code, detail, parameters });
  }
}

/**
 * Validates a Criteria from a request body (or the object built from a GET query) and returns it.
 * Throws StoreApiError.violations with every problem found.
 */
export function parseCriteria(input: Record<string, unknown>, options: ParseCriteriaOptions): Criteria {
  const problems = new ViolationList();
  const criteria = parseInto(input, options.entity, options.pointerPrefix ?? '', options.maxLimit, problems, 0);
  if (problems.list.length) throw StoreApiError.violations(problems.list);
  return criteria;
}

function unfilledAssociation(def: EntityDefinition | undefined, name: string): { entity: string } | undefined {
  const entity = def?.unfilledAssociations && Object.hasOwn(def.unfilledAssociations, name) ? def.unfilledAssociations[name] : undefined;
  return entity ? { entity } : undefined;
}

function parseInto(
  input: Record<string, unknown>,
  entity: string,
  prefix: string,
  maxLimit: number,
  problems: ViolationList,
  depth: number,
): Criteria {
  const def = findEntity(entity);
  const criteria = emptyCriteria(entity);

  if (input.page !== undefined && input.page !== null && input.page !== '') {
    const page = integerOf(input.page);
    if (page === null || page < 1) {
      problems.add(`${prefix}/page`, 'FRAMEWORK__INVALID_PAGE_QUERY', `The page parameter must be a positive integer, was "${String(input.page)}".`);
    } else criteria.page = page;
  }
  if (input.limit !== undefined && input.limit !== null && input.limit !== '') {
    const limit = integerOf(input.limit);
    if (limit === null || limit < 1) {
      problems.add(`${prefix}/limit`, 'FRAMEWORK__INVALID_LIMIT_QUERY', 'The limit parameter must be a positive integer greater or equals than 1.');
    } else if (limit > maxLimit) {
      problems.add(`${prefix}/limit`, 'FRAMEWORK__INVALID_LIMIT_QUERY', `The limit must be lower than or equal to ${maxLimit}.`, { limit, maxLimit });
    } else criteria.limit = limit;
  }
  if (input.term !== undefined && input.term !== null) {
    if (typeof input.term !== 'string' && typeof input.term !== 'number') {
      problems.add(`${prefix}/term`, 'FRAMEWORK__INVALID_TERM_QUERY', 'The term parameter must be a string.');
    } else {
      const term = String(input.term).trim();
      if (term !== '') criteria.term = term.slice(0, 500);
    }
  }
  if (input.ids !== undefined && input.ids !== null) {
    const ids = typeof input.ids === 'string' ? input.ids.split('|') : input.ids;
    if (!Array.isArray(ids)) {
      problems.add(`${prefix}/ids`, 'FRAMEWORK__INVALID_CRITERIA_IDS', 'The ids parameter must be an array of ids.');
    } else {
      const valid: string[] = [];
      ids.forEach((id, i) => {
        if (isId(id)) valid.push(id);
        else problems.add(`${prefix}/ids/${i}`, 'FRAMEWORK__INVALID_UUID', `Value "${String(id)}" is not a valid id.`);
      });
      criteria.ids = valid;
    }
  }
  criteria.filters = parseFilterList(input.filter, def, `${prefix}/filter`, problems);
  criteria.postFilters = parseFilterList(input['post-filter'], def, `${prefix}/post-filter`, problems);
  criteria.sort = parseSortList(input.sort, def, `${prefix}/sort`, problems);
  criteria.aggregations = parseAggregationList(input.aggregations, def, `${prefix}/aggregations`, problems);

  if (input.associations !== undefined && input.associations !== null) {
    if (!isPlainObject(input.associations)) {
      if (!(Array.isArray(input.associations) && input.associations.length === 0)) {
        problems.add(`${prefix}/associations`, 'FRAMEWORK__INVALID_CRITERIA_ASSOCIATIONS', 'The associations parameter must be an object.');
      }
    } else if (depth > 8) {
      problems.add(`${prefix}/associations`, 'FRAMEWORK__INVALID_CRITERIA_ASSOCIATIONS', 'Associations are nested too deeply.');
    } else {
      for (const [name, nested] of Object.entries(input.associations)) {
        const association = def?.associations[name] ?? unfilledAssociation(def, name);
        if (!association) {
          problems.add(`${prefix}/associations/${name}`, 'FRAMEWORK__ASSOCIATION_NOT_FOUND', `Can not find association by name ${name}`, { association: name });
          continue;
        }
        const nestedInput = isPlainObject(nested) ? nested : {};
        criteria.associations[name] = parseInto(nestedInput, association.entity, `${prefix}/associations/${name}`, maxLimit, problems, depth + 1);
      }
    }
  }
  criteria.includes = parseAliasMap(input.includes, `${prefix}/includes`, problems);
  criteria.excludes = parseAliasMap(input.excludes, `${prefix}/excludes`, problems);

  if (input.fields !== undefined && input.fields !== null) {
    const fields = typeof input.fields === 'string' ? input.fields.split(',') : input.fields;
    if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string')) {
      problems.add(`${prefix}/fields`, 'FRAMEWORK__INVALID_CRITERIA_FIELDS', 'The fields parameter must be an array of field names.');
    } else {
      fields.forEach((field, i) => checkField(def, field as string, `${prefix}/fields/${i}`, problems));
      criteria.fields = fields as string[];
    }
  }
  if (input.grouping !== undefined && input.grouping !== null) {
    const grouping = typeof input.grouping === 'string' ? input.grouping.split(',') : input.grouping;
    if (!Array.isArray(grouping) || !grouping.every((f) => typeof f === 'string')) {
      problems.add(`${prefix}/grouping`, 'FRAMEWORK__INVALID_GROUPING_QUERY', 'The grouping parameter must be an array of field names.');
    } else {
      grouping.forEach((field, i) => checkField(def, field as string, `${prefix}/grouping/${i}`, problems));
      criteria.grouping = grouping as string[];
    }
  }
  const mode = input['total-count-mode'];
  if (mode !== undefined && mode !== null && mode !== '') {
    const parsed = totalCountModeOf(mode);
    if (parsed === null) {
      problems.add(`${prefix}/total-count-mode`, 'FRAMEWORK__INVALID_TOTAL_COUNT_MODE', `Invalid total-count-mode "${String(mode)}": expected none, exact, next-pages, 0, 1 or 2.`);
    } else criteria.totalCountMode = parsed;
  }
  return criteria;
}

function totalCountModeOf(value: unknown): TotalCountMode | null {
  const text = String(value).toLowerCase();
  if (text === '0' || text === 'none') return 0;
  if (text === '1' || text === 'exact') return 1;
  if (text === '2' || text === 'next-pages') return 2;
  return null;
}

function integerOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Field paths may be prefixed with the entity name (`product.name`), as Shopware allows. */
function stripEntityPrefix(def: EntityDefinition | undefined, field: string): string {
  return def && field.startsWith(`${def.name}.`) ? field.slice(def.name.length + 1) : field;
}

function checkField(def: EntityDefinition | undefined, field: string, pointer: string, problems: ViolationList): boolean {
  if (!def) return true;
  const path = stripEntityPrefix(def, field);
  const resolved = resolveFieldPath(def, path);
  if ('error' in resolved) {
    problems.add(pointer, 'FRAMEWORK__UNMAPPED_FIELD', `Field "${resolved.error.field}" in entity "${resolved.error.entity}" was not found.`, {
      field: resolved.error.field,
      entity: resolved.error.entity,
    });
    return false;
  }
  return true;
}

function listOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  // GET queries with explicit indexes arrive as objects keyed '0', '1', …
  if (isPlainObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) return Object.values(value);
  return null;
}

function parseFilterList(value: unknown, def: EntityDefinition | undefined, pointer: string, problems: ViolationList): Filter[] {
  if (value === undefined || value === null) return [];
  const list = listOf(value);
  if (!list) {
    problems.add(pointer, 'FRAMEWORK__INVALID_FILTER_QUERY', 'The filter parameter has to be a list of filters.');
    return [];
  }
  const filters: Filter[] = [];
  list.forEach((item, i) => {
    const filter = parseFilter(item, def, `${pointer}/${i}`, problems, 0);
    if (filter) filters.push(filter);
  });
  return filters;
}

function scalarValue(value: unknown): value is FilterValue {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function parseFilter(item: unknown, def: EntityDefinition | undefined, pointer: string, problems: ViolationList, depth: number): Filter | null {
  if (!isPlainObject(item)) {
    problems.add(pointer, 'FRAMEWORK__INVALID_FILTER_QUERY', 'A filter must be an object with a type.');
    return null;
  }
  const type = typeof item.type === 'string' ? item.type : '';
  if (type === '') {
    problems.add(`${pointer}/type`, 'FRAMEWORK__INVALID_FILTER_QUERY', 'Parameter "type" for filter is missing.');
    return null;
  }
  if (type === 'multi' || type === 'not') {
    const operator = (typeof item.operator === 'string' ? item.operator : 'and').toLowerCase();
    if (!['and', 'or', 'nor', 'nand'].includes(operator)) {
      problems.add(`${pointer}/operator`, 'FRAMEWORK__INVALID_FILTER_QUERY', `Unsupported operator "${String(item.operator)}": expected and, or, nor or nand.`);
      return null;
    }
    if (depth >= MAX_FILTER_DEPTH) {
      problems.add(pointer, 'FRAMEWORK__INVALID_FILTER_QUERY', 'Filters are nested too deeply.');
      return null;
    }
    const list = listOf(item.queries);
    if (!list) {
      problems.add(`${pointer}/queries`, 'FRAMEWORK__INVALID_FILTER_QUERY', 'Parameter "queries" for multi filter is missing.');
      return null;
    }
    const queries: Filter[] = [];
    list.forEach((q, i) => {
      const parsed = parseFilter(q, def, `${pointer}/queries/${i}`, problems, depth + 1);
      if (parsed) queries.push(parsed);
    });
    return { type, operator: operator as MultiOperator, queries };
  }
  if (!['equals', 'equalsAny', 'contains', 'prefix', 'suffix', 'range'].includes(type)) {
    problems.add(`${pointer}/type`, 'FRAMEWORK__INVALID_FILTER_QUERY', `Unsupported filter type: ${type}`, { type });
    return null;
  }
  if (typeof item.field !== 'string' || item.field === '') {
    problems.add(`${pointer}/field`, 'FRAMEWORK__INVALID_FILTER_QUERY', `Parameter "field" for ${type} filter is missing.`);
    return null;
  }
  const field = stripEntityPrefix(def, item.field);
  if (!checkField(def, field, `${pointer}/field`, problems)) return null;

  switch (type) {
    case 'equals': {
      const value = item.value;
      if (!scalarValue(value)) {
        problems.add(`${pointer}/value`, 'FRAMEWORK__INVALID_FILTER_QUERY', 'Parameter "value" for equals filter must be a scalar or null.');
        return null;
      }
      return { type, field, value };
    }
    case 'equalsAny': {
      const raw = item.value;
      const values = typeof raw === 'string' ? raw.split('|') : typeof raw === 'number' ? [raw] : listOf(raw);
      if (!values || values.length === 0 || !values.every((v) => typeof v === 'string' || typeof v === 'number')) {
        problems.add(`${pointer}/value`, 'FRAMEWORK__INVALID_FILTER_QUERY', 'Parameter "value" for equalsAny filter is missing or invalid.');
        return null;
      }
      return { type, field, value: values as (string | number)[] };
    }
    case 'contains':
    case 'prefix':
    case 'suffix': {
      if (typeof item.value !== 'string' && typeof item.value !== 'number') {
        problems.add(`${pointer}/value`, 'FRAMEWORK__INVALID_FILTER_QUERY', `Parameter "value" for ${type} filter is missing.`);
        return null;
      }
      return { type, field, value: String(item.value) };
    }
    default: {
      // range
      if (!isPlainObject(item.parameters)) {
        problems.add(`${pointer}/parameters`, 'FRAMEWORK__INVALID_FILTER_QUERY', 'Parameter "parameters" for range filter is missing.');
        return null;
      }
      const parameters: RangeParameters = {};
      for (const [key, value] of Object.entries(item.parameters)) {
        if (!['gte', 'gt', 'lte', 'lt'].includes(key)) {
          problems.add(`${pointer}/parameters/${key}`, 'FRAMEWORK__INVALID_FILTER_QUERY', `Unsupported range parameter "${key}": expected gte, gt, lte or lt.`);
          continue;
        }
        if (typeof value !== 'string' && typeof value !== 'number') {
          problems.add(`${pointer}/parameters/${key}`, 'FRAMEWORK__INVALID_FILTER_QUERY', `Range parameter "${key}" must be a number or a date.`);
          continue;
        }
        parameters[key as keyof RangeParameters] = value;
      }
      return { type: 'range', field, parameters };
    }
  }
}

function parseSortList(value: unknown, def: EntityDefinition | undefined, pointer: string, problems: ViolationList): SortSpec[] {
  if (value === undefined || value === null || value === '') return [];
  // GET: sort=-name,price (Shopware's short form); a leading '-' means DESC
  if (typeof value === 'string') {
    return value.split(',').flatMap((part, i): SortSpec[] => {
      const desc = part.startsWith('-');
      const field = stripEntityPrefix(def, desc ? part.slice(1) : part);
      return checkField(def, field, `${pointer}/${i}/field`, problems) ? [{ field, order: desc ? 'DESC' : 'ASC', naturalSorting: false }] : [];
    });
  }
  const list = listOf(value);
  if (!list) {
    problems.add(pointer, 'FRAMEWORK__INVALID_SORT_QUERY', 'The sort parameter has to be a list of sortings.');
    return [];
  }
  const sort: SortSpec[] = [];
  list.forEach((item, i) => {
    const parsed = parseSort(item, def, `${pointer}/${i}`, problems);
    if (parsed) sort.push(parsed);
  });
  return sort;
}

function parseSort(item: unknown, def: EntityDefinition | undefined, pointer: string, problems: ViolationList): SortSpec | null {
  if (!isPlainObject(item) || typeof item.field !== 'string' || item.field === '') {
    problems.add(`${pointer}/field`, 'FRAMEWORK__INVALID_SORT_QUERY', 'A sorting needs a "field".');
    return null;
  }
  const field = stripEntityPrefix(def, item.field);
  if (!checkField(def, field, `${pointer}/field`, problems)) return null;
  const order = String(item.order ?? 'ASC').toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') {
    problems.add(`${pointer}/order`, 'FRAMEWORK__INVALID_SORT_QUERY', `Invalid sort direction "${String(item.order)}": expected ASC or DESC.`);
    return null;
  }
  const natural = item.naturalSorting === true || item.naturalSorting === 'true' || item.naturalSorting === 1 || item.naturalSorting === '1';
  return { field, order, naturalSorting: natural };
}

const METRICS = ['avg', 'count', 'max', 'min', 'stats', 'sum'];

function parseAggregationList(value: unknown, def: EntityDefinition | undefined, pointer: string, problems: ViolationList): Aggregation[] {
  if (value === undefined || value === null) return [];
  const list = listOf(value);
  if (!list) {
    problems.add(pointer, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', 'The aggregations parameter has to be a list of aggregations.');
    return [];
  }
  const result: Aggregation[] = [];
  const names = new Set<string>();
  list.forEach((item, i) => {
    const parsed = parseAggregation(item, def, `${pointer}/${i}`, problems, 0);
    if (!parsed) return;
    if (names.has(parsed.name)) {
      problems.add(`${pointer}/${i}/name`, 'FRAMEWORK__DUPLICATE_AGGREGATION_NAME', `The aggregation name "${parsed.name}" is used more than once.`);
      return;
    }
    names.add(parsed.name);
    result.push(parsed);
  });
  return result;
}

function parseAggregation(item: unknown, def: EntityDefinition | undefined, pointer: string, problems: ViolationList, depth: number): Aggregation | null {
  if (!isPlainObject(item)) {
    problems.add(pointer, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', 'An aggregation must be an object.');
    return null;
  }
  const name = typeof item.name === 'string' ? item.name.trim() : '';
  if (name === '') {
    problems.add(`${pointer}/name`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', 'The aggregation should have a name.');
    return null;
  }
  if (/[?:]/.test(name)) {
    problems.add(`${pointer}/name`, 'FRAMEWORK__INVALID_AGGREGATION_NAME', `The aggregation name "${name}" contains invalid characters (? or :).`);
    return null;
  }
  const type = typeof item.type === 'string' ? item.type : '';
  if (depth > 4) {
    problems.add(pointer, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', 'Aggregations are nested too deeply.');
    return null;
  }
  const needField = (): string | null => {
    if (typeof item.field !== 'string' || item.field === '') {
      problems.add(`${pointer}/field`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', `The field "field" should be a non-empty string for the aggregation "${name}".`);
      return null;
    }
    const field = stripEntityPrefix(def, item.field);
    return checkField(def, field, `${pointer}/field`, problems) ? field : null;
  };
  const nested = (): Aggregation | null | undefined => {
    if (item.aggregation === undefined || item.aggregation === null) return null;
    return parseAggregation(item.aggregation, def, `${pointer}/aggregation`, problems, depth + 1) ?? undefined;
  };

  if (METRICS.includes(type)) {
    const field = needField();
    return field ? { name, type: type as 'avg', field } : null;
  }
  switch (type) {
    case 'entity': {
      const field = needField();
      if (typeof item.definition !== 'string' || !findEntity(item.definition)) {
        problems.add(`${pointer}/definition`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', `The aggregation "${name}" needs a known "definition".`);
        return null;
      }
      return field ? { name, type, field, definition: item.definition } : null;
    }
    case 'terms': {
      const field = needField();
      const limit = item.limit === undefined || item.limit === null ? null : integerOf(item.limit);
      if (limit !== null && limit < 1) problems.add(`${pointer}/limit`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', 'The terms limit must be a positive integer.');
      const sortInput = item.sort === undefined ? [] : isPlainObject(item.sort) && !listOf(item.sort) ? [item.sort] : item.sort;
      // `_count` sorts the buckets by their size, as in Shopware
      const sortList = listOf(sortInput) ?? [];
      const byCount = sortList.find((s) => isPlainObject(s) && s.field === '_count') as Record<string, unknown> | undefined;
      const sort: SortSpec[] = byCount
        ? [{ field: '_count', order: String(byCount.order ?? 'DESC').toUpperCase() === 'ASC' ? 'ASC' : 'DESC', naturalSorting: false }]
        : parseSortList(sortInput, def, `${pointer}/sort`, problems);
      const aggregation = nested();
      if (!field || aggregation === undefined) return null;
      return { name, type, field, limit, sort, aggregation };
    }
    case 'filter': {
      const filter = parseFilterList(item.filter, def, `${pointer}/filter`, problems);
      const aggregation = nested();
      if (!aggregation) {
        if (aggregation === null) problems.add(`${pointer}/aggregation`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', `The aggregation "${name}" of type filter needs a nested "aggregation".`);
        return null;
      }
      return { name, type, filter, aggregation };
    }
    case 'histogram': {
      const field = needField();
      const aggregation = nested();
      if (!field || aggregation === undefined) return null;
      const interval = item.interval === undefined || item.interval === null ? null : String(item.interval);
      const format = typeof item.format === 'string' ? item.format : null;
      return { name, type, field, interval, format, aggregation };
    }
    case 'range': {
      const field = needField();
      const ranges = listOf(item.ranges);
      if (!ranges || !ranges.every(isPlainObject)) {
        problems.add(`${pointer}/ranges`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', `The aggregation "${name}" of type range needs "ranges".`);
        return null;
      }
      const parsed = (ranges as Record<string, unknown>[]).map((r) => ({
        ...(typeof r.key === 'string' ? { key: r.key } : {}),
        ...(r.from !== undefined && r.from !== null ? { from: Number(r.from) } : {}),
        ...(r.to !== undefined && r.to !== null ? { to: Number(r.to) } : {}),
      }));
      return field ? { name, type, field, ranges: parsed } : null;
    }
    default:
      problems.add(`${pointer}/type`, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', `The aggregation type "${type}" used as key does not exists.`, { type });
      return null;
  }
}

function parseAliasMap(value: unknown, pointer: string, problems: ViolationList): Record<string, string[]> | null {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) {
    if (Array.isArray(value) && value.length === 0) return null;
    problems.add(pointer, 'FRAMEWORK__INVALID_CRITERIA_INCLUDES', 'The parameter must be an object of apiAlias → field names.');
    return null;
  }
  const map: Record<string, string[]> = {};
  for (const [alias, fields] of Object.entries(value)) {
    const list = typeof fields === 'string' ? fields.split(',') : listOf(fields);
    if (!list || !list.every((f) => typeof f === 'string')) {
      problems.add(`${pointer}/${alias}`, 'FRAMEWORK__INVALID_CRITERIA_INCLUDES', `The fields for "${alias}" must be a list of field names.`);
      continue;
    }
    map[alias] = list as string[];
  }
  return map;
}

// ---- GET requests -------------------------------------------------------------------------

/**
 * Parses a query string the way PHP does (`filter[0][field]=x&ids[]=a`), so GET requests carry
 * the same Criteria as POST bodies.
 */
export function parseBracketQuery(search: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const params = new URLSearchParams(search);
  for (const [rawKey, value] of params) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) {
      root[rawKey] = value;
      continue;
    }
    const head = match[1]!;
    const keys = [head, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    // deep or prototype-touching keys are dropped whole
    if (keys.length > 12 || keys.some((k) => k === '__proto__' || k === 'constructor' || k === 'prototype')) continue;
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, unknown> & unknown[];
      if (Array.isArray(node) && key === '') {
        if (last) node.push(value);
        else {
          const next = {};
          node.push(next);
          node = next;
        }
        return;
      }
      const slot = key === '' ? String(Object.keys(node).length) : key;
      if (last) {
        container[slot as never] = value as never;
        return;
      }
      const nextKey = keys[i + 1];
      let next = container[slot as never] as unknown;
      if (next === undefined || typeof next !== 'object' || next === null) {
        next = nextKey === '' ? [] : {};
        container[slot as never] = next as never;
      }
      node = next as Record<string, unknown>;
    });
  }
  return root;
}

/** `_criteria` = base64url(gzip(JSON)), as Shopware's GET routes accept it. */
function unpackCriteriaParameter(packed: string): Record<string, unknown> {
  try {
    const json = gunzipSync(Buffer.from(packed, 'base64url'), { maxOutputLength: 1_000_000 }).toString('utf8');
    const parsed: unknown = JSON.parse(json);
    if (isPlainObject(parsed)) return parsed;
  } catch {
    // answered below
  }
  throw StoreApiError.violation('/_criteria', 'FRAMEWORK__INVALID_CRITERIA', 'The _criteria parameter must be base64url-encoded gzipped JSON.');
}

/**
 * The request's parameters with the Criteria of a GET query (brackets and `_criteria`) folded in:
 * what parseCriteria and the listing parameters read.
 */
export async function readCriteriaInput(c: Context): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  const url = new URL(c.req.url);
  const query = parseBracketQuery(url.search);
  const packed = typeof query._criteria === 'string' ? unpackCriteriaParameter(query._criteria) : {};
  delete query._criteria;
  const fromBody = c.req.method === 'GET' || c.req.method === 'HEAD' ? {} : body;
  return { ...query, ...packed, ...fromBody };
}
