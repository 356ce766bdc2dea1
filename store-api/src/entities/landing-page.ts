import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { registerEntity } from '../dal/definition';
import { isId } from '../ids';
import { canonicalSeoUrls, ROUTE_LANDING } from './seo-url';
import { bool, languagePair, LIVE_VERSION_ID, prepared, type Json } from './system';

// Landing pages as Shopware's Store API answers them (without their CMS page, which the route adds).

interface LandingPageRow {
  id: string;
  active: number;
  cms_page_id: string | null;
  created_at: string;
  name: string | null;
  url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
}

export function landingPageNotFound(id: string): StoreApiError {
  return StoreApiError.notFound('CONTENT__LANDING_PAGE_NOT_FOUND', `Landing page "${id}" not found.`, { landingPageId: id });
}

export function landingPagesByIds(ctx: SalesChannelContext, ids: string[], onlyActive = true): Json[] {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  const rows = prepared(
    ctx.db,
    `SELECT l.*, COALESCE(t.name, f.name) AS name, COALESCE(t.url, f.url) AS url, COALESCE(t.meta_title, f.meta_title) AS meta_title,
       COALESCE(t.meta_description, f.meta_description) AS meta_description, COALESCE(t.keywords, f.keywords) AS keywords
     FROM landing_page l
     LEFT JOIN landing_page_translation t ON t.landing_page_id = l.id AND t.language_id = ?
     LEFT JOIN landing_page_translation f ON f.landing_page_id = l.id AND f.language_id = ?
     WHERE l.id IN (SELECT value FROM json_each(?))`,
  ).all(...languagePair(ctx), JSON.stringify(valid)) as LandingPageRow[];
  const byId = new Map(rows.filter((r) => !onlyActive || bool(r.active)).map((r) => [r.id, r]));
  const seoUrls = ctx.includeSeoUrls ? canonicalSeoUrls(ctx, ROUTE_LANDING, [...byId.keys()]) : undefined;
  return valid.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const translated = {
      name: row.name ?? '',
      url: row.url ?? '',
      slotConfig: null,
      metaTitle: row.meta_title,
      metaDescription: row.meta_description,
      keywords: row.keywords,
      customFields: {},
    };
    return [
      {
        id: row.id,
        versionId: LIVE_VERSION_ID,
        active: bool(row.active),
        name: translated.name,
        customFields: null,
        slotConfig: null,
        metaTitle: row.meta_title,
        metaDescription: row.meta_description,
        keywords: row.keywords,
        url: translated.url,
        cmsPageId: row.cms_page_id,
        cmsPageVersionId: row.cms_page_id ? LIVE_VERSION_ID : null,
        createdAt: row.created_at,
        updatedAt: null,
        translated,
        cmsPage: null,
        seoUrls: seoUrls ? (seoUrls.get(row.id) ?? []) : null,
        apiAlias: 'landing_page',
      },
    ];
  });
}

registerEntity({
  name: 'landing_page',
  table: 'landing_page',
  idColumn: 'id',
  translationTable: 'landing_page_translation',
  translationForeignKey: 'landing_page_id',
  fields: {
    id: { column: 'id', type: 'id' },
    active: { column: 'active', type: 'bool' },
    cmsPageId: { column: 'cms_page_id', type: 'id' },
    createdAt: { column: 'created_at', type: 'date' },
    name: { column: 'name', type: 'string', translated: true },
    url: { column: 'url', type: 'string', translated: true },
    metaTitle: { column: 'meta_title', type: 'string', translated: true },
    metaDescription: { column: 'meta_description', type: 'string', translated: true },
    keywords: { column: 'keywords', type: 'string', translated: true },
  },
  associations: {
    cmsPage: { kind: 'manyToOne', entity: 'cms_page', localColumn: 'cms_page_id' },
    seoUrls: { kind: 'oneToMany', entity: 'seo_url', foreignColumn: 'foreign_key' },
  },
  baseCondition: (_ctx, alias) => ({ sql: `${alias}.active = 1`, params: [] }),
  hydrate: (ctx, ids) => landingPagesByIds(ctx, ids),
});
