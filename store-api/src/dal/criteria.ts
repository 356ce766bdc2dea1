// The Criteria object of Shopware's DAL as the Store API receives it (POST body or GET query),
// validated against the entity definitions. Problems are collected and answered together as one
// 400 with a JSON pointer per problem, like Shopware's SearchRequestException.

export type FilterValue = string | number | boolean | null;

export type Filter =
  | { type: 'equals'; field: string; value: FilterValue }
  | { type: 'equalsAny'; field: string; value: (string | number)[] }
  | { type: 'contains' | 'prefix' | 'suffix'; field: string; value: string }
  | { type: 'range'; field: string; parameters: RangeParameters }
  | { type: 'multi' | 'not'; operator: MultiOperator; queries: Filter[] };

export type MultiOperator = 'and' | 'or' | 'nor' | 'nand';

export interface RangeParameters {
  gte?: string | number;
  gt?: string | number;
  lte?: string | number;
  lt?: string | number;
}

export interface SortSpec {
  field: string;
  order: 'ASC' | 'DESC';
  naturalSorting: boolean;
}

export type MetricType = 'avg' | 'count' | 'max' | 'min' | 'stats' | 'sum';

export type Aggregation =
  | { name: string; type: MetricType; field: string }
  | { name: string; type: 'entity'; field: string; definition: string }
  | { name: string; type: 'terms'; field: string; limit: number | null; sort: SortSpec[]; aggregation: Aggregation | null }
  | { name: string; type: 'filter'; filter: Filter[]; aggregation: Aggregation }
  | { name: string; type: 'histogram'; field: string; interval: string | null; format: string | null; aggregation: Aggregation | null }
  | { name: string; type: 'range'; field: string; ranges: { key?: string; from?: number; to?: number }[] };

/** 0 = none (total is the page's element count), 1 = exact, 2 = next-pages. */
export type TotalCountMode = 0 | 1 | 2;

export interface Criteria {
  entity: string;
  page: number;
  /** null = no limit given */
  limit: number | null;
  term: string | null;
  ids: string[] | null;
  filters: Filter[];
  postFilters: Filter[];
  sort: SortSpec[];
  aggregations: Aggregation[];
  associations: Record<string, Criteria>;
  includes: Record<string, string[]> | null;
  excludes: Record<string, string[]> | null;
  fields: string[] | null;
  grouping: string[];
  totalCountMode: TotalCountMode;
}

export function emptyCriteria(entity: string): Criteria {
  return {
    entity,
    page: 1,
    limit: null,
    term: null,
    ids: null,
    filters: [],
    postFilters: [],
    sort: [],
    aggregations: [],
    associations: {},
    includes: null,
    excludes: null,
    fields: null,
    grouping: [],
    totalCountMode: 0,
  };
}

export function hasAssociation(criteria: Criteria | undefined, name: string): boolean {
  return criteria !== undefined && criteria.associations[name] !== undefined;
}

/** Adds an association (if missing) with empty criteria, as the sales-channel loaders do. */
export function ensureAssociation(criteria: Criteria, path: string, entityOf: (parentEntity: string, name: string) => string | undefined): Criteria {
  const [head, ...rest] = path.split('.');
  if (!head) return criteria;
  const entity = entityOf(criteria.entity, head);
  if (!entity) return criteria;
  const child = criteria.associations[head] ?? emptyCriteria(entity);
  criteria.associations[head] = rest.length ? ensureAssociation(child, rest.join('.'), entityOf) : child;
  return criteria;
}
