import type { SalesChannelContext } from '../context';
import { registerEntity } from '../dal/definition';
import { domainUrl, prepared, type Json } from './system';

// seo_url rows as Shopware serialises them, with `url` filled from the language's domain.

export const ROUTE_DETAIL = 'frontend.detail.page';
export const ROUTE_NAVIGATION = 'frontend.navigation.page';
export const ROUTE_LANDING = 'frontend.landing.page';

export interface SeoUrlRow {
  id: string;
  language_id: string;
  foreign_key: string;
  route_name: string;
  path_info: string;
  seo_path_info: string;
  is_canonical: number;
  is_modified: number;
  is_deleted: number;
}

/** The absolute storefront URL of an SEO path in a language (its domain prefix + path). */
export function seoPathUrl(ctx: SalesChannelContext, languageId: string, seoPathInfo: string): string {
  const domain = prepared(ctx.db, 'SELECT url FROM sales_channel_domain WHERE sales_channel_id = ? AND language_id = ? LIMIT 1').get(
    ctx.salesChannel.id,
    languageId,
  ) as { url: string } | undefined;
  const base = domainUrl(ctx, domain?.url ?? '');
  return `${base.replace(/\/+$/, '')}/${seoPathInfo}`;
}

export function seoUrlJson(ctx: SalesChannelContext, row: SeoUrlRow): Json {
  return {
    id: row.id,
    salesChannelId: ctx.salesChannel.id,
    languageId: row.language_id,
    foreignKey: row.foreign_key,
    routeName: row.route_name,
    pathInfo: row.path_info,
    seoPathInfo: row.seo_path_info,
    isCanonical: row.is_canonical === 1,
    isModified: row.is_modified === 1,
    isDeleted: row.is_deleted === 1,
    error: null,
    url: seoPathUrl(ctx, row.language_id, row.seo_path_info),
    customFields: null,
    createdAt: '2024-01-01T00:00:00.000+00:00',
    updatedAt: null,
    apiAlias: 'seo_url',
  };
}

/** seo_url JSON by id, in the order of the ids. */
export function loadSeoUrls(ctx: SalesChannelContext, ids: string[]): Json[] {
  if (!ids.length) return [];
  const rows = prepared(ctx.db, 'SELECT * FROM seo_url WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as SeoUrlRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [seoUrlJson(ctx, row)] : [];
  });
}

/**
 * The canonical SEO URLs of entities in the context language, grouped by foreign key: what
 * `seoUrls` holds on categories, products and landing pages when sw-include-seo-urls is set.
 */
export function canonicalSeoUrls(ctx: SalesChannelContext, routeName: string, foreignKeys: string[]): Map<string, Json[]> {
  const result = new Map<string, Json[]>();
  if (!foreignKeys.length) return result;
  const rows = prepared(
    ctx.db,
    `SELECT * FROM seo_url WHERE foreign_key IN (SELECT value FROM json_each(?)) AND language_id = ? AND route_name = ?
     AND is_canonical = 1 AND is_deleted = 0`,
  ).all(JSON.stringify(foreignKeys), ctx.languageId, routeName) as SeoUrlRow[];
  for (const row of rows) {
    const list = result.get(row.foreign_key) ?? [];
    list.push(seoUrlJson(ctx, row));
    result.set(row.foreign_key, list);
  }
  return result;
}

registerEntity({
  name: 'seo_url',
  table: 'seo_url',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    languageId: { column: 'language_id', type: 'id' },
    foreignKey: { column: 'foreign_key', type: 'id' },
    routeName: { column: 'route_name', type: 'string' },
    pathInfo: { column: 'path_info', type: 'string' },
    seoPathInfo: { column: 'seo_path_info', type: 'string' },
    isCanonical: { column: 'is_canonical', type: 'bool' },
    isModified: { column: 'is_modified', type: 'bool' },
    isDeleted: { column: 'is_deleted', type: 'bool' },
  },
  associations: {},
  // Shopware's SalesChannelSeoUrlDefinition: the context language, canonical, not deleted.
  baseCondition: (ctx, alias) => ({
    sql: `${alias}.language_id = ? AND ${alias}.is_canonical = 1 AND ${alias}.is_deleted = 0`,
    params: [ctx.languageId],
  }),
  hydrate: (ctx, ids) => loadSeoUrls(ctx, ids),
});
