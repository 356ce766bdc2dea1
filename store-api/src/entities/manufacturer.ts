import type { SalesChannelContext } from '../context';
import { translatedColumn } from '../dal/translation';
import { inIdOrder, registerEntity } from '../dal/definition';
import { idList, queryAll } from '../dal/statements';
import { loadMedia } from './media';

// Brands (product_manufacturer), with their logo media.

type Json = Record<string, unknown>;

interface ManufacturerRow {
  id: string;
  media_id: string | null;
  link: string | null;
  name: string;
  description: string | null;
}

function selectSql(chain: string[]): string {
  const pick = (column: string): string => translatedColumn(chain, 'product_manufacturer_translation', 'product_manufacturer_id', 'm.id', column);
  return `SELECT m.id, m.media_id, m.link, ${pick('name')} AS name, ${pick('description')} AS description
    FROM product_manufacturer m WHERE m.id IN (SELECT value FROM json_each(?))`;
}

/** Manufacturer JSON by id, with media. */
export function loadManufacturers(ctx: SalesChannelContext, ids: readonly string[]): Map<string, Json> {
  const result = new Map<string, Json>();
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return result;
  const chain = ctx.languageIdChain;
  const rows = queryAll<ManufacturerRow>(ctx.db, selectSql(chain), [...chain, ...chain, idList(unique)]);
  const media = loadMedia(
    ctx,
    rows.flatMap((r) => (r.media_id ? [r.media_id] : [])),
  );
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      versionId: null,
      mediaId: row.media_id,
      link: row.link,
      name: row.name,
      description: row.description,
      customFields: null,
      media: row.media_id ? (media.get(row.media_id) ?? null) : null,
      translated: { name: row.name, description: row.description, customFields: {} },
      createdAt: null,
      updatedAt: null,
      apiAlias: 'product_manufacturer',
    });
  }
  return result;
}

registerEntity({
  name: 'product_manufacturer',
  table: 'product_manufacturer',
  idColumn: 'id',
  translationTable: 'product_manufacturer_translation',
  translationForeignKey: 'product_manufacturer_id',
  fields: {
    id: { column: 'id', type: 'id' },
    mediaId: { column: 'media_id', type: 'id' },
    link: { column: 'link', type: 'string' },
    name: { column: 'name', type: 'string', translated: true },
    description: { column: 'description', type: 'string', translated: true },
  },
  associations: {
    media: { kind: 'manyToOne', entity: 'media', localColumn: 'media_id' },
    products: { kind: 'oneToMany', entity: 'product', foreignColumn: 'manufacturer_id' },
  },
  defaultSort: [{ field: 'name', order: 'ASC' }],
  hydrate: (ctx, ids) => {
    const loaded = loadManufacturers(ctx, ids);
    return inIdOrder(loaded, ids);
  },
});
