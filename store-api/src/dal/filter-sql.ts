import type { SalesChannelContext } from '../context';
import type { Filter, FilterValue } from './criteria';
import { isTranslated, type EntityDefinition, type FieldDefinition, type FieldType, type SqlFragment } from './definition';
import { resolveFieldPath, type ResolvedField } from './field-path';
import { translatedColumn } from './translation';

// Turns Criteria filters and sortings into SQL. Identifiers come from the entity definitions only;
// every value of a request is a bound parameter. Conditions across to-many associations are EXISTS
// subqueries, so a product matches when one of its related rows matches.

/** Hands out table aliases unique within one statement. */
export class AliasSource {
  private n = 0;
  next(): string {
    this.n += 1;
    return `a${this.n}`;
  }
}

export function fragment(sql: string, params: unknown[] = []): SqlFragment {
  return { sql, params };
}

export function joinFragments(parts: SqlFragment[], glue: string): SqlFragment {
  return { sql: parts.map((p) => p.sql).join(glue), params: parts.flatMap((p) => p.params) };
}

export function resolveOrThrow(def: EntityDefinition, path: string): ResolvedField {
  const resolved = resolveFieldPath(def, path.startsWith(`${def.name}.`) ? path.slice(def.name.length + 1) : path);
  if ('error' in resolved) throw new Error(`unknown field ${path} of ${def.name}`);
  return resolved;
}

/** SQL of one field of `def` for the row aliased `alias` (translated fields with language fallback). */
export function fieldExpression(ctx: SalesChannelContext, def: EntityDefinition, alias: string, field: FieldDefinition): SqlFragment {
  if (!isTranslated(field)) return fragment(`${alias}.${field.column}`);
  const table = def.translationTable;
  const fk = def.translationForeignKey;
  if (!table || !fk) throw new Error(`${def.name} has translated fields but no translation table`);
  return fragment(translatedColumn(ctx.languageIdChain, table, fk, `${alias}.${def.idColumn}`, field.column), [...ctx.languageIdChain]);
}

/** Applies `condition` to the field at the end of the path, wrapping each association hop. */
function onPath(
  ctx: SalesChannelContext,
  resolved: ResolvedField,
  alias: string,
  aliases: AliasSource,
  condition: (expr: SqlFragment) => SqlFragment,
  hopIndex = 0,
): SqlFragment {
  const hops = resolved.hops;
  if (hopIndex === hops.length) return condition(fieldExpression(ctx, resolved.entity, alias, resolved.field));
  const hop = hops[hopIndex]!;
  const lastIdHop = hopIndex === hops.length - 1 && resolved.fieldName === 'id';
  const a = aliases.next();
  const from = hop.from;
  const to = hop.to;
  const inner = (): SqlFragment => onPath(ctx, resolved, a, aliases, condition, hopIndex + 1);
  switch (hop.association.kind) {
    case 'manyToOne': {
      if (lastIdHop) return condition(fragment(`${alias}.${hop.association.localColumn}`));
      const rest = inner();
      return fragment(`EXISTS (SELECT 1 FROM ${to.table} ${a} WHERE ${a}.${to.idColumn} = ${alias}.${hop.association.localColumn} AND ${rest.sql})`, rest.params);
    }
    case 'oneToMany': {
      const rest = inner();
      return fragment(`EXISTS (SELECT 1 FROM ${to.table} ${a} WHERE ${a}.${hop.association.foreignColumn} = ${alias}.${from.idColumn} AND ${rest.sql})`, rest.params);
    }
    case 'manyToMany': {
      const m = aliases.next();
      const { mappingTable, mappingLocal, mappingForeign } = hop.association;
      if (lastIdHop) {
        const rest = condition(fragment(`${m}.${mappingForeign}`));
        return fragment(`EXISTS (SELECT 1 FROM ${mappingTable} ${m} WHERE ${m}.${mappingLocal} = ${alias}.${from.idColumn} AND ${rest.sql})`, rest.params);
      }
      const rest = inner();
      return fragment(
        `EXISTS (SELECT 1 FROM ${mappingTable} ${m} JOIN ${to.table} ${a} ON ${a}.${to.idColumn} = ${m}.${mappingForeign} WHERE ${m}.${mappingLocal} = ${alias}.${from.idColumn} AND ${rest.sql})`,
        rest.params,
      );
    }
  }
}

/** better-sqlite3 binds no booleans; request values are coerced to the field's type. */
function bindable(value: FilterValue, type: FieldType): unknown {
  if (value === null) return null;
  if (type === 'bool') {
    if (value === true || value === 1 || value === '1' || value === 'true') return 1;
    if (value === false || value === 0 || value === '0' || value === 'false') return 0;
    return -1;
  }
  if (type === 'int' || type === 'float') {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
    return typeof value === 'boolean' ? (value ? 1 : 0) : String(value);
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return type === 'id' ? String(value).toLowerCase() : value;
}

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type LeafFilter = Exclude<Filter, { type: 'multi' | 'not' }>;

export function filterSql(ctx: SalesChannelContext, def: EntityDefinition, alias: string, given: Filter, aliases: AliasSource): SqlFragment {
  if (given.type === 'multi' || given.type === 'not') {
    const filter = given;
    const parts = filter.queries.map((q) => filterSql(ctx, def, alias, q, aliases));
    const glue = filter.operator === 'or' || filter.operator === 'nor' ? ' OR ' : ' AND ';
    const negated = (filter.type === 'not') !== (filter.operator === 'nor' || filter.operator === 'nand');
    const body = parts.length ? joinFragments(parts.map((p) => fragment(`(${p.sql})`, p.params)), glue) : fragment(glue === ' OR ' ? '0' : '1');
    return negated ? fragment(`NOT (${body.sql})`, body.params) : fragment(`(${body.sql})`, body.params);
  }
  const filter = given as LeafFilter;
  const resolved = resolveOrThrow(def, filter.field);
  const type = resolved.field.type;
  switch (filter.type) {
    case 'equals': {
      if (filter.value === null) {
        if (resolved.hops.length === 0) return onPath(ctx, resolved, alias, aliases, (e) => fragment(`${e.sql} IS NULL`, e.params));
        const some = onPath(ctx, resolved, alias, aliases, (e) => fragment(`${e.sql} IS NOT NULL`, e.params));
        return fragment(`NOT (${some.sql})`, some.params);
      }
      const value = bindable(filter.value, type);
      return onPath(ctx, resolved, alias, aliases, (e) => fragment(`${e.sql} = ?`, [...e.params, value]));
    }
    case 'equalsAny': {
      const values = filter.value.map((v) => bindable(v, type));
      // one parameter whatever the list length, so the statement text (and its cache entry) stays the same
      return onPath(ctx, resolved, alias, aliases, (e) => fragment(`${e.sql} IN (SELECT value FROM json_each(?))`, [...e.params, JSON.stringify(values)]));
    }
    case 'contains':
    case 'prefix':
    case 'suffix': {
      const value = filter.value;
      // no stored text holds a NUL, and SQLite would cut the pattern there
      if (value.includes('\u0000')) return fragment('0');
      // SQLite refuses LIKE patterns over 50,000 bytes; such values are compared without LIKE
      if (value.length > 10_000) {
        const exact =
          filter.type === 'contains' ? (e: SqlFragment) => fragment(`instr(${e.sql}, ?) > 0`, [...e.params, value])
          : filter.type === 'prefix' ? (e: SqlFragment) => fragment(`substr(${e.sql}, 1, ?) = ?`, [...e.params, value.length, value])
          : (e: SqlFragment) => fragment(`substr(${e.sql}, ?) = ?`, [...e.params, -value.length, value]);
        return onPath(ctx, resolved, alias, aliases, exact);
      }
      const pattern = filter.type === 'contains' ? `%${likeEscape(value)}%` : filter.type === 'prefix' ? `${likeEscape(value)}%` : `%${likeEscape(value)}`;
      return onPath(ctx, resolved, alias, aliases, (e) => fragment(`${e.sql} LIKE ? ESCAPE '\\'`, [...e.params, pattern]));
    }
    case 'range': {
      const ops: [keyof typeof filter.parameters, string][] = [
        ['gte', '>='],
        ['gt', '>'],
        ['lte', '<='],
        ['lt', '<'],
      ];
      const used = ops.filter(([key]) => filter.parameters[key] !== undefined);
      if (!used.length) return fragment('1');
      return onPath(ctx, resolved, alias, aliases, (e) =>
        joinFragments(
          used.map(([key, op]) => fragment(`${e.sql} ${op} ?`, [...e.params, bindable(filter.parameters[key]!, type)])),
          ' AND ',
        ),
      );
    }
  }
}

export function filtersSql(ctx: SalesChannelContext, def: EntityDefinition, alias: string, filters: Filter[], aliases: AliasSource): SqlFragment[] {
  return filters.map((f) => {
    const part = filterSql(ctx, def, alias, f, aliases);
    return fragment(`(${part.sql})`, part.params);
  });
}

/**
 * One value per row for a field path (sorting): to-one hops are scalar subqueries; across a
 * to-many association the lowest (ASC) or highest (DESC) related value counts.
 */
export function valueOnPath(
  ctx: SalesChannelContext,
  resolved: ResolvedField,
  alias: string,
  aliases: AliasSource,
  pick: 'MIN' | 'MAX',
  hopIndex = 0,
): SqlFragment {
  const hops = resolved.hops;
  if (hopIndex === hops.length) return fieldExpression(ctx, resolved.entity, alias, resolved.field);
  const hop = hops[hopIndex]!;
  const a = aliases.next();
  const lastIdHop = hopIndex === hops.length - 1 && resolved.fieldName === 'id';
  const from = hop.from;
  const to = hop.to;
  switch (hop.association.kind) {
    case 'manyToOne': {
      if (lastIdHop) return fragment(`${alias}.${hop.association.localColumn}`);
      const inner = valueOnPath(ctx, resolved, a, aliases, pick, hopIndex + 1);
      return fragment(`(SELECT ${inner.sql} FROM ${to.table} ${a} WHERE ${a}.${to.idColumn} = ${alias}.${hop.association.localColumn})`, inner.params);
    }
    case 'oneToMany': {
      const inner = valueOnPath(ctx, resolved, a, aliases, pick, hopIndex + 1);
      return fragment(`(SELECT ${pick}(${inner.sql}) FROM ${to.table} ${a} WHERE ${a}.${hop.association.foreignColumn} = ${alias}.${from.idColumn})`, inner.params);
    }
    case 'manyToMany': {
      const m = aliases.next();
      const { mappingTable, mappingLocal, mappingForeign } = hop.association;
      const inner = valueOnPath(ctx, resolved, a, aliases, pick, hopIndex + 1);
      return fragment(
        `(SELECT ${pick}(${inner.sql}) FROM ${mappingTable} ${m} JOIN ${to.table} ${a} ON ${a}.${to.idColumn} = ${m}.${mappingForeign} WHERE ${m}.${mappingLocal} = ${alias}.${from.idColumn})`,
        inner.params,
      );
    }
  }
}

/**
 * Joins from the root row to the field at the end of the path, for aggregations (one result row
 * per related value). Returns the joins and the value expression.
 */
export function joinPath(ctx: SalesChannelContext, resolved: ResolvedField, alias: string, aliases: AliasSource): { joins: SqlFragment; value: SqlFragment } {
  const joins: SqlFragment[] = [];
  let current = alias;
  for (let i = 0; i < resolved.hops.length; i++) {
    const hop = resolved.hops[i]!;
    const lastIdHop = i === resolved.hops.length - 1 && resolved.fieldName === 'id';
    const a = aliases.next();
    switch (hop.association.kind) {
      case 'manyToOne':
        if (lastIdHop) return { joins: joinFragments(joins, ' '), value: fragment(`${current}.${hop.association.localColumn}`) };
        joins.push(fragment(`JOIN ${hop.to.table} ${a} ON ${a}.${hop.to.idColumn} = ${current}.${hop.association.localColumn}`));
        break;
      case 'oneToMany':
        joins.push(fragment(`JOIN ${hop.to.table} ${a} ON ${a}.${hop.association.foreignColumn} = ${current}.${hop.from.idColumn}`));
        break;
      case 'manyToMany': {
        const m = aliases.next();
        const { mappingTable, mappingLocal, mappingForeign } = hop.association;
        joins.push(fragment(`JOIN ${mappingTable} ${m} ON ${m}.${mappingLocal} = ${current}.${hop.from.idColumn}`));
        if (lastIdHop) return { joins: joinFragments(joins, ' '), value: fragment(`${m}.${mappingForeign}`) };
        joins.push(fragment(`JOIN ${hop.to.table} ${a} ON ${a}.${hop.to.idColumn} = ${m}.${mappingForeign}`));
        break;
      }
    }
    current = a;
  }
  return { joins: joinFragments(joins, ' '), value: fieldExpression(ctx, resolved.entity, current, resolved.field) };
}
