import type { SalesChannelContext } from '../context';
import { translatedColumn } from '../dal/translation';
import { inIdOrder, registerEntity } from '../dal/definition';
import { idList, queryAll } from '../dal/statements';
import { loadMedia } from './media';

// Properties (filterable facts such as dosage form) and variant options (size, flavour): both are
// property_group_option rows inside a property_group.

type Json = Record<string, unknown>;

interface GroupRow {
  id: string;
  display_type: string;
  sorting_type: string;
  position: number;
  filterable: number;
  visible_on_product_detail_page: number;
  name: string;
  description: string | null;
}

interface OptionRow {
  id: string;
  group_id: string;
  position: number;
  color_hex_code: string | null;
  media_id: string | null;
  name: string;
}

function pick(chain: string[], table: string, fk: string, alias: string, column: string): string {
  return translatedColumn(chain, table, fk, `${alias}.id`, column);
}

/** Property group JSON by id (without options). */
export function loadPropertyGroups(ctx: SalesChannelContext, ids: readonly string[]): Map<string, Json> {
  const result = new Map<string, Json>();
  const unique = [...new Set(ids)];
  if (!unique.length) return result;
  const chain = ctx.languageIdChain;
  const t = 'property_group_translation';
  const rows = queryAll<GroupRow>(
    ctx.db,
    `SELECT g.*, ${pick(chain, t, 'property_group_id', 'g', 'name')} AS name, ${pick(chain, t, 'property_group_id', 'g', 'description')} AS description
     FROM property_group g WHERE g.id IN (SELECT value FROM json_each(?))`,
    [...chain, ...chain, idList(unique)],
  );
  for (const row of rows) result.set(row.id, groupJson(row));
  return result;
}

function groupJson(row: GroupRow): Json {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    displayType: row.display_type,
    sortingType: row.sorting_type,
    filterable: row.filterable === 1,
    visibleOnProductDetailPage: row.visible_on_product_detail_page === 1,
    position: row.position,
    customFields: null,
    translated: { name: row.name, description: row.description, position: row.position, customFields: {} },
    createdAt: null,
    updatedAt: null,
    apiAlias: 'property_group',
  };
}

/** Option JSON by id; `withGroup` nests the group (as the product's options and properties carry it). */
export function loadPropertyOptions(ctx: SalesChannelContext, ids: readonly string[], withGroup = true): Map<string, Json> {
  const result = new Map<string, Json>();
  const unique = [...new Set(ids)];
  if (!unique.length) return result;
  const chain = ctx.languageIdChain;
  const rows = queryAll<OptionRow>(
    ctx.db,
    `SELECT o.id, o.group_id, o.position, o.color_hex_code, o.media_id,
       ${pick(chain, 'property_group_option_translation', 'property_group_option_id', 'o', 'name')} AS name
     FROM property_group_option o WHERE o.id IN (SELECT value FROM json_each(?))`,
    [...chain, idList(unique)],
  );
  const groups = withGroup ? loadPropertyGroups(ctx, rows.map((r) => r.group_id)) : new Map<string, Json>();
  const media = loadMedia(
    ctx,
    rows.flatMap((r) => (r.media_id ? [r.media_id] : [])),
  );
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      groupId: row.group_id,
      name: row.name,
      position: row.position,
      colorHexCode: row.color_hex_code,
      mediaId: row.media_id,
      combinable: false,
      customFields: null,
      media: row.media_id ? (media.get(row.media_id) ?? null) : null,
      ...(withGroup ? { group: groups.get(row.group_id) ?? null } : {}),
      // the Store API schema lists `option` (the option's name) as required on every option
      option: row.name,
      translated: { name: row.name, position: row.position, customFields: {} },
      createdAt: null,
      updatedAt: null,
      apiAlias: 'property_group_option',
    });
  }
  return result;
}

// one collator for all comparisons: localeCompare with options builds a new one per call
const byText = new Intl.Collator('de', { numeric: true }).compare;

/** Groups with the given options nested (listing facets, the configurator), ordered by position then name. */
export function groupsWithOptions(ctx: SalesChannelContext, optionIds: readonly string[]): Json[] {
  const options = [...loadPropertyOptions(ctx, optionIds).values()];
  const groups = loadPropertyGroups(
    ctx,
    options.map((o) => o.groupId as string),
  );
  const byGroup = new Map<string, Json[]>();
  for (const option of options) {
    const list = byGroup.get(option.groupId as string) ?? [];
    list.push(option);
    byGroup.set(option.groupId as string, list);
  }
  return [...groups.values()]
    .sort((a, b) => (a.position as number) - (b.position as number) || byText(String(a.name), String(b.name)))
    .map((group) => {
      const list = byGroup.get(group.id as string) ?? [];
      const byName = group.sortingType === 'alphanumeric' || group.sortingType === 'name';
      list.sort((a, b) =>
        byName ? byText(String(a.name), String(b.name)) : (a.position as number) - (b.position as number) || byText(String(a.name), String(b.name)),
      );
      return { ...group, options: list };
    });
}

registerEntity({
  name: 'property_group',
  table: 'property_group',
  idColumn: 'id',
  translationTable: 'property_group_translation',
  translationForeignKey: 'property_group_id',
  fields: {
    id: { column: 'id', type: 'id' },
    displayType: { column: 'display_type', type: 'string' },
    sortingType: { column: 'sorting_type', type: 'string' },
    position: { column: 'position', type: 'int' },
    filterable: { column: 'filterable', type: 'bool' },
    visibleOnProductDetailPage: { column: 'visible_on_product_detail_page', type: 'bool' },
    name: { column: 'name', type: 'string', translated: true },
    description: { column: 'description', type: 'string', translated: true },
  },
  associations: {
    options: { kind: 'oneToMany', entity: 'property_group_option', foreignColumn: 'group_id' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
  hydrate: (ctx, ids, criteria) => {
    const groups = loadPropertyGroups(ctx, ids);
    let options = new Map<string, Json[]>();
    if (criteria.associations.options) {
      const rows = queryAll<{ id: string }>(ctx.db, 'SELECT id FROM property_group_option WHERE group_id IN (SELECT value FROM json_each(?))', [idList(ids)]);
      options = new Map(groupsWithOptions(ctx, rows.map((r) => r.id)).map((g) => [g.id as string, g.options as Json[]]));
    }
    return ids.flatMap((id) => {
      const group = groups.get(id);
      if (!group) return [];
      return [criteria.associations.options ? { ...group, options: options.get(id) ?? [] } : group];
    });
  },
});

registerEntity({
  name: 'property_group_option',
  table: 'property_group_option',
  idColumn: 'id',
  translationTable: 'property_group_option_translation',
  translationForeignKey: 'property_group_option_id',
  fields: {
    id: { column: 'id', type: 'id' },
    groupId: { column: 'group_id', type: 'id' },
    position: { column: 'position', type: 'int' },
    colorHexCode: { column: 'color_hex_code', type: 'string' },
    mediaId: { column: 'media_id', type: 'id' },
    name: { column: 'name', type: 'string', translated: true },
  },
  associations: {
    group: { kind: 'manyToOne', entity: 'property_group', localColumn: 'group_id' },
    media: { kind: 'manyToOne', entity: 'media', localColumn: 'media_id' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
  hydrate: (ctx, ids) => {
    const loaded = loadPropertyOptions(ctx, ids);
    return inIdOrder(loaded, ids);
  },
});
