import type { StoreApiApp } from '../app';
import type { SalesChannelContext } from '../context';
import { queryAll, queryOne } from '../dal/statements';
import { categoryJson, categoryRowsByIds, navigationRoots, type CategoryRow } from '../entities/category';
import { canonicalSeoUrls, ROUTE_NAVIGATION } from '../entities/seo-url';
import type { Json } from '../entities/system';
import { isId } from '../ids';

// GET /breadcrumb/{id} (Shopware 6.7's BreadcrumbRoute and CategoryBreadcrumbBuilder): the categories from below
// the sales channel's navigation root down to a category, or to a product's category, each with its SEO path.

/** The category's ancestors and itself below the first sales-channel root on its path (CategoryBreadcrumbHelper). */
function breadcrumbIds(ctx: SalesChannelContext, category: CategoryRow): string[] {
  const trail = [...(category.path ?? '').split('|').filter(Boolean), category.id];
  const roots = navigationRoots(ctx);
  for (const root of roots) {
    const at = trail.indexOf(root);
    if (at >= 0) return trail.slice(at + 1);
  }
  return trail;
}

function inSalesChannel(ctx: SalesChannelContext, row: CategoryRow): boolean {
  const ancestors = (row.path ?? '').split('|');
  return navigationRoots(ctx).some((root) => ancestors.includes(root));
}

function isVisible(ctx: SalesChannelContext, row: CategoryRow): boolean {
  return row.active === 1 && row.visible === 1 && inSalesChannel(ctx, row);
}

function categoryBreadcrumb(ctx: SalesChannelContext, category: CategoryRow): Json[] {
  const rows = categoryRowsByIds(ctx, breadcrumbIds(ctx, category)).filter((row) => inSalesChannel(ctx, row));
  const seoUrls = canonicalSeoUrls(ctx, ROUTE_NAVIGATION, rows.map((row) => row.id));
  return rows.map((row) => {
    const { translated } = categoryJson(ctx, row) as { translated: Json };
    const { breadcrumb: _breadcrumb, name: _name, ...rest } = translated;
    // the translated values the category has (Shopware's getTranslated() without breadcrumb and name)
    const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null));
    const urls = seoUrls.get(row.id) ?? [];
    const first = urls[0];
    const path = first ? String(first.seoPathInfo || first.pathInfo) : row.type === 'folder' ? '' : `navigation/${row.id}`;
    return { name: row.name ?? '', categoryId: row.id, type: row.type, translated: values, path, seoUrls: urls, apiAlias: 'breadcrumb' };
  });
}

/**
 * The category a product's breadcrumb leads through: the referrer if it is on the product's category tree and
 * visible, else the deepest visible category the product (or its parent) is assigned to. Undefined: the product
 * is unknown; null: it has no such category.
 */
function productCategory(ctx: SalesChannelContext, productId: string, referrerCategoryId: string): CategoryRow | null | undefined {
  const product = queryOne<{ id: string; parent_id: string | null }>(ctx.db, 'SELECT id, parent_id FROM product WHERE id = ? AND active = 1', [productId]);
  if (!product) return undefined;
  const family = [product.id, ...(product.parent_id ? [product.parent_id] : [])];
  if (isId(referrerCategoryId)) {
    const onTree = queryOne(ctx.db, 'SELECT 1 AS found FROM product_category_tree WHERE category_id = ? AND product_id IN (?, ?)', [referrerCategoryId, family[0], family.at(-1)]);
    const referrer = onTree ? categoryRowsByIds(ctx, [referrerCategoryId])[0] : undefined;
    if (referrer && isVisible(ctx, referrer)) return referrer;
  }
  // a variant without categories of its own inherits its parent's
  for (const id of family) {
    const ids = queryAll<{ category_id: string }>(ctx.db, 'SELECT category_id FROM product_category WHERE product_id = ?', [id]).map((r) => r.category_id);
    if (!ids.length) continue;
    const visible = categoryRowsByIds(ctx, ids).filter((row) => isVisible(ctx, row));
    return visible.sort((a, b) => b.level - a.level)[0] ?? null;
  }
  return null;
}

export function registerBreadcrumbRoutes(app: StoreApiApp): void {
  app.get('/breadcrumb/:id{[0-9a-f]{32}}', (c) => {
    const ctx = c.get('ctx');
    const id = c.req.param('id');
    const ofCategory = (): Json[] => {
      const category = categoryRowsByIds(ctx, [id])[0];
      return category ? categoryBreadcrumb(ctx, category) : [];
    };
    if (c.req.query('type') === 'category') return c.json(ofCategory());
    const category = productCategory(ctx, id, c.req.query('referrerCategoryId') ?? '');
    // Shopware: an unknown product is tried as a category; a product without a category answers 204
    if (category === undefined) return c.json(ofCategory());
    if (category === null) return c.body(null, 204);
    return c.json(categoryBreadcrumb(ctx, category));
  });
}
