import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { registerEntity } from '../dal/definition';
import { isId } from '../ids';
import { loadMedia } from './media';
import { canonicalSeoUrls, ROUTE_DETAIL, ROUTE_LANDING, ROUTE_NAVIGATION, seoPathUrl } from './seo-url';
import { bool, languagePair, LIVE_VERSION_ID, prepared, type Json } from './system';

// Categories as Shopware's Store API answers them, and the navigation tree of /navigation.

export interface CategoryRow {
  id: string;
  parent_id: string | null;
  level: number;
  path: string | null;
  position: number;
  type: string;
  link_type: string | null;
  internal_link: string | null;
  link_new_tab: number;
  cms_page_id: string | null;
  media_id: string | null;
  active: number;
  visible: number;
  display_nested_products: number;
  product_assignment_type: string;
  created_at: string;
  name: string | null;
  breadcrumb: string | null;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
  external_link: string | null;
  child_count: number;
  visible_child_count: number;
}

const categorySelect = `SELECT c.*,
  COALESCE(t.name, f.name) AS name, COALESCE(t.breadcrumb, f.breadcrumb) AS breadcrumb,
  COALESCE(t.description, f.description) AS description, COALESCE(t.meta_title, f.meta_title) AS meta_title,
  COALESCE(t.meta_description, f.meta_description) AS meta_description, COALESCE(t.keywords, f.keywords) AS keywords,
  COALESCE(t.external_link, f.external_link) AS external_link,
  (SELECT COUNT(*) FROM category k WHERE k.parent_id = c.id) AS child_count,
  (SELECT COUNT(*) FROM category k WHERE k.parent_id = c.id AND k.active = 1 AND k.visible = 1) AS visible_child_count
  FROM category c
  LEFT JOIN category_translation t ON t.category_id = c.id AND t.language_id = ?
  LEFT JOIN category_translation f ON f.category_id = c.id AND f.language_id = ?`;

/** Media JSON by id; the catalogue's media loader is plugged in by the content routes. */
export type MediaLoader = (ctx: SalesChannelContext, ids: string[]) => Map<string, Json>;

export interface CategoryJsonOptions {
  media?: Map<string, Json>;
  seoUrls?: Map<string, Json[]>;
}

function parseBreadcrumb(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** The storefront URL a category leads to: its own SEO path, or where its link points. */
function categorySeoUrl(ctx: SalesChannelContext, row: CategoryRow): string | null {
  if (row.type === 'link') {
    if (row.link_type === 'external' || !row.link_type) return row.external_link;
    if (!row.internal_link) return null;
    const route = row.link_type === 'product' ? ROUTE_DETAIL : row.link_type === 'landing_page' ? ROUTE_LANDING : ROUTE_NAVIGATION;
    const target = canonicalSeoUrls(ctx, route, [row.internal_link]).get(row.internal_link)?.[0];
    return (target?.url as string | undefined) ?? null;
  }
  const own = prepared(
    ctx.db,
    `SELECT seo_path_info FROM seo_url WHERE foreign_key = ? AND language_id = ? AND route_name = ?
     AND is_canonical = 1 AND is_deleted = 0 LIMIT 1`,
  ).get(row.id, ctx.languageId, ROUTE_NAVIGATION) as { seo_path_info: string } | undefined;
  return own ? seoPathUrl(ctx, ctx.languageId, own.seo_path_info) : null;
}

export function categoryJson(ctx: SalesChannelContext, row: CategoryRow, options: CategoryJsonOptions = {}): Json {
  const breadcrumb = parseBreadcrumb(row.breadcrumb);
  const name = row.name ?? '';
  const translated = {
    breadcrumb,
    name,
    customFields: {},
    slotConfig: null,
    linkType: row.link_type,
    internalLink: row.internal_link,
    externalLink: row.external_link,
    linkNewTab: bool(row.link_new_tab),
    description: row.description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    keywords: row.keywords,
  };
  return {
    id: row.id,
    versionId: LIVE_VERSION_ID,
    parentId: row.parent_id,
    parentVersionId: row.parent_id ? LIVE_VERSION_ID : null,
    afterCategoryId: null,
    afterCategoryVersionId: null,
    mediaId: row.media_id,
    displayNestedProducts: bool(row.display_nested_products),
    breadcrumb,
    level: row.level,
    path: row.path,
    childCount: row.child_count,
    type: row.type,
    productAssignmentType: row.product_assignment_type,
    visible: bool(row.visible),
    active: bool(row.active),
    cmsPageIdSwitched: false,
    visibleChildCount: row.visible_child_count,
    name,
    customFields: null,
    linkType: row.link_type,
    internalLink: row.internal_link,
    externalLink: row.external_link,
    linkNewTab: bool(row.link_new_tab),
    description: row.description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    keywords: row.keywords,
    cmsPageId: row.cms_page_id,
    cmsPageVersionId: row.cms_page_id ? LIVE_VERSION_ID : null,
    productStreamId: null,
    customEntityTypeId: null,
    seoUrl: ctx.includeSeoUrls ? categorySeoUrl(ctx, row) : null,
    createdAt: row.created_at,
    updatedAt: null,
    translated,
    parent: null,
    children: [],
    media: row.media_id ? (options.media?.get(row.media_id) ?? null) : null,
    cmsPage: null,
    seoUrls: ctx.includeSeoUrls ? (options.seoUrls?.get(row.id) ?? []) : null,
    apiAlias: 'category',
  };
}

export function categoryRowsByIds(ctx: SalesChannelContext, ids: string[]): CategoryRow[] {
  if (!ids.length) return [];
  const rows = prepared(ctx.db, `${categorySelect} WHERE c.id IN (SELECT value FROM json_each(?))`).all(
    ...languagePair(ctx),
    JSON.stringify(ids),
  ) as CategoryRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Category JSON for rows, with media (when a loader is given) and seoUrls (with sw-include-seo-urls). */
export function categoriesJson(ctx: SalesChannelContext, rows: CategoryRow[], loadMedia?: MediaLoader): Json[] {
  const mediaIds = [...new Set(rows.flatMap((r) => (r.media_id ? [r.media_id] : [])))];
  const media = loadMedia && mediaIds.length ? loadMedia(ctx, mediaIds) : undefined;
  const seoUrls = ctx.includeSeoUrls ? canonicalSeoUrls(ctx, ROUTE_NAVIGATION, rows.map((r) => r.id)) : undefined;
  return rows.map((row) => categoryJson(ctx, row, { media, seoUrls }));
}

/** The ids of the sales channel's three navigation roots; `home` and the aliases map onto them. */
export function navigationRoots(ctx: SalesChannelContext): string[] {
  const sc = ctx.salesChannel;
  return [sc.navigationCategoryId, sc.footerCategoryId, sc.serviceCategoryId].filter((id): id is string => !!id);
}

export function categoryNotFound(id: string): StoreApiError {
  return StoreApiError.notFound('CONTENT__CATEGORY_NOT_FOUND', `Category "${id}" not found.`, { id });
}

/** Resolves the navigation aliases (main/footer/service-navigation, home) to category ids. */
export function resolveCategoryAlias(ctx: SalesChannelContext, idOrAlias: string): string {
  const sc = ctx.salesChannel;
  switch (idOrAlias) {
    case 'home':
    case 'main-navigation':
      return sc.navigationCategoryId;
    case 'footer-navigation':
      if (!sc.footerCategoryId) throw categoryNotFound(idOrAlias);
      return sc.footerCategoryId;
    case 'service-navigation':
      if (!sc.serviceCategoryId) throw categoryNotFound(idOrAlias);
      return sc.serviceCategoryId;
    default:
      return idOrAlias;
  }
}

/**
 * The category row if it exists and belongs to one of the sales channel's trees (Shopware answers
 * 404 for a category of another sales channel as for an unknown one).
 */
export function findSalesChannelCategory(ctx: SalesChannelContext, id: string): CategoryRow {
  if (!isId(id)) throw categoryNotFound(id);
  const row = categoryRowsByIds(ctx, [id])[0];
  if (!row) throw categoryNotFound(id);
  const roots = navigationRoots(ctx);
  const ancestors = (row.path ?? '').split('|').filter(Boolean);
  if (!roots.includes(row.id) && !ancestors.some((a) => roots.includes(a))) throw categoryNotFound(id);
  return row;
}

export interface NavigationOptions {
  depth: number;
  buildTree: boolean;
  loadMedia?: MediaLoader;
}

const childrenSql = `${categorySelect} WHERE c.parent_id IN (SELECT value FROM json_each(?)) AND c.active = 1 AND c.visible = 1
  ORDER BY c.level, c.position, name`;

/**
 * Shopware's NavigationRoute: the root's active, visible descendants down to `depth` levels, plus
 * the children along the active category's path so the active branch is always open.
 */
export function loadNavigation(ctx: SalesChannelContext, activeIdOrAlias: string, rootIdOrAlias: string, options: NavigationOptions): Json[] {
  const rootId = resolveCategoryAlias(ctx, rootIdOrAlias);
  const root = findSalesChannelCategory(ctx, rootId);
  const activeId = resolveCategoryAlias(ctx, activeIdOrAlias);
  const active = isId(activeId) ? categoryRowsByIds(ctx, [activeId])[0] : undefined;
  if (!active) throw categoryNotFound(activeIdOrAlias);
  const activePath = (active.path ?? '').split('|').filter(Boolean);
  // An active category outside the root's tree counts as the root itself, as in Shopware.
  const activeInRoot = active.id === root.id || activePath.includes(root.id);

  const loaded = new Map<string, CategoryRow>();
  let parents = [root.id];
  for (let level = 1; level <= options.depth && parents.length; level++) {
    const rows = prepared(ctx.db, childrenSql).all(...languagePair(ctx), JSON.stringify(parents)) as CategoryRow[];
    for (const row of rows) loaded.set(row.id, row);
    parents = rows.map((r) => r.id);
  }
  if (activeInRoot) {
    // The children of every category from the root down to the active one.
    const rootIndex = activePath.indexOf(root.id);
    const branch = [...(rootIndex >= 0 ? activePath.slice(rootIndex) : []), active.id];
    const parentsLoaded = new Set([...loaded.values()].map((r) => r.parent_id));
    const missing = branch.filter((id) => !parentsLoaded.has(id));
    if (missing.length) {
      const rows = prepared(ctx.db, childrenSql).all(...languagePair(ctx), JSON.stringify(missing)) as CategoryRow[];
      for (const row of rows) loaded.set(row.id, row);
    }
  }

  const rows = [...loaded.values()].sort((a, b) => a.level - b.level || a.position - b.position);
  const json = categoriesJson(ctx, rows, options.loadMedia);
  if (!options.buildTree) return json;

  const byId = new Map(json.map((c) => [c.id as string, c]));
  const top: Json[] = [];
  for (const category of json) {
    const parent = byId.get(category.parentId as string);
    if (parent) (parent.children as Json[]).push(category);
    else if (category.parentId === root.id) top.push(category);
  }
  return top;
}

registerEntity({
  name: 'category',
  table: 'category',
  idColumn: 'id',
  translationTable: 'category_translation',
  translationForeignKey: 'category_id',
  fields: {
    id: { column: 'id', type: 'id' },
    parentId: { column: 'parent_id', type: 'id' },
    level: { column: 'level', type: 'int' },
    path: { column: 'path', type: 'string' },
    position: { column: 'position', type: 'int' },
    type: { column: 'type', type: 'string' },
    linkType: { column: 'link_type', type: 'string' },
    internalLink: { column: 'internal_link', type: 'id' },
    linkNewTab: { column: 'link_new_tab', type: 'bool' },
    cmsPageId: { column: 'cms_page_id', type: 'id' },
    mediaId: { column: 'media_id', type: 'id' },
    active: { column: 'active', type: 'bool' },
    visible: { column: 'visible', type: 'bool' },
    displayNestedProducts: { column: 'display_nested_products', type: 'bool' },
    productAssignmentType: { column: 'product_assignment_type', type: 'string' },
    createdAt: { column: 'created_at', type: 'date' },
    name: { column: 'name', type: 'string', translated: true },
    breadcrumb: { column: 'breadcrumb', type: 'json', translated: true },
    description: { column: 'description', type: 'string', translated: true },
    metaTitle: { column: 'meta_title', type: 'string', translated: true },
    metaDescription: { column: 'meta_description', type: 'string', translated: true },
    keywords: { column: 'keywords', type: 'string', translated: true },
    externalLink: { column: 'external_link', type: 'string', translated: true },
  },
  associations: {
    parent: { kind: 'manyToOne', entity: 'category', localColumn: 'parent_id' },
    children: { kind: 'oneToMany', entity: 'category', foreignColumn: 'parent_id' },
    media: { kind: 'manyToOne', entity: 'media', localColumn: 'media_id' },
    cmsPage: { kind: 'manyToOne', entity: 'cms_page', localColumn: 'cms_page_id' },
    seoUrls: { kind: 'oneToMany', entity: 'seo_url', foreignColumn: 'foreign_key' },
    products: { kind: 'manyToMany', entity: 'product', mappingTable: 'product_category', mappingLocal: 'category_id', mappingForeign: 'product_id' },
  },
  defaultSort: [
    { field: 'level', order: 'ASC' },
    { field: 'position', order: 'ASC' },
  ],
  hydrate: (ctx, ids) => categoriesJson(ctx, categoryRowsByIds(ctx, ids), (c, mediaIds) => loadMedia(c, mediaIds)),
});
