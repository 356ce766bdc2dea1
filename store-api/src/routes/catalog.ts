import type { Context } from 'hono';
import type { StoreApiApp, StoreApiEnv } from '../app';
import type { SalesChannelContext } from '../context';
import type { Criteria } from '../dal/criteria';
import { fragment } from '../dal/filter-sql';
import { applyIncludes } from '../dal/includes';
import { parseCriteria, readCriteriaInput } from '../dal/parse-criteria';
import { searchEntities } from '../dal/search';
import { idList, queryAll, queryOne } from '../dal/statements';
import { StoreApiError } from '../errors';
import { isId } from '../ids';
import { productListing, type ListingScope } from '../entities/product-listing';
import { cmsCatalogue, resolveCmsPage } from '../entities/cms';
import { loadProducts } from '../entities/product';
import { findVariant, productConfigurator, readVariantOptions } from '../entities/product-configurator';
import { saveProductReview } from '../domain/product-reviews';
import { readBody } from '../request';
import '../entities/media';
import '../entities/manufacturer';
import '../entities/product-review';

// The catalogue routes of the Store API: /product, /product/{id}, /product/{id}/reviews,
// /product-listing/{categoryId}, /search and /search-suggest, each as POST and GET; POST /product/{id}/review.

type Json = Record<string, unknown>;
type StoreApiContext = Context<StoreApiEnv>;

function maxLimitOf(c: StoreApiContext): number {
  return c.get('deps').config.maxLimit;
}

function respond(c: StoreApiContext, body: Json, criteria: Pick<Criteria, 'includes' | 'excludes'> | null): Response {
  return c.json(criteria ? applyIncludes(body, criteria.includes, criteria.excludes) : body);
}

function productNotFound(productId: string): StoreApiError {
  return StoreApiError.notFound('CONTENT__PRODUCT_NOT_FOUND', `Product for id ${productId} not found.`, { productId });
}

interface ProductHead {
  id: string;
  parent_id: string | null;
  child_count: number;
  variant_listing_config: string | null;
}

function findActiveProduct(ctx: SalesChannelContext, productId: string): ProductHead | undefined {
  if (!isId(productId)) return undefined;
  return queryOne<ProductHead>(ctx.db, 'SELECT id, parent_id, child_count, variant_listing_config FROM product WHERE id = ? AND active = 1', [productId]);
}

/**
 * The variant a parent id stands for: its configured main variant, else the first available
 * variant by the position of its options (group by group), as Shopware's variant finder does.
 */
function bestVariant(ctx: SalesChannelContext, parent: ProductHead): string | null {
  let mainVariantId: string | null = null;
  try {
    const config = parent.variant_listing_config ? (JSON.parse(parent.variant_listing_config) as { mainVariantId?: string | null }) : null;
    mainVariantId = config?.mainVariantId ?? null;
  } catch {
    mainVariantId = null;
  }
  const variants = queryAll<{ id: string; available: number; product_number: string; group_position: number | null; option_position: number | null }>(
    ctx.db,
    `SELECT p.id, p.available, p.product_number, g.position AS group_position, o.position AS option_position
     FROM product p LEFT JOIN product_option po ON po.product_id = p.id
     LEFT JOIN property_group_option o ON o.id = po.property_group_option_id LEFT JOIN property_group g ON g.id = o.group_id
     WHERE p.parent_id = ? AND p.active = 1`,
    [parent.id],
  );
  if (!variants.length) return null;
  if (mainVariantId && variants.some((v) => v.id === mainVariantId)) return mainVariantId;
  const keys = new Map<string, { available: number; number: string; positions: [number, number][] }>();
  for (const v of variants) {
    const entry = keys.get(v.id) ?? { available: v.available, number: v.product_number, positions: [] };
    if (v.group_position !== null && v.option_position !== null) entry.positions.push([v.group_position, v.option_position]);
    keys.set(v.id, entry);
  }
  const sorted = [...keys.entries()].sort(([, a], [, b]) => {
    if (a.available !== b.available) return b.available - a.available;
    const pa = a.positions.sort((x, y) => x[0] - y[0]).map((p) => p[1]);
    const pb = b.positions.sort((x, y) => x[0] - y[0]).map((p) => p[1]);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const d = (pa[i] ?? 0) - (pb[i] ?? 0);
      if (d !== 0) return d;
    }
    return a.number.localeCompare(b.number);
  });
  return sorted[0]![0];
}

async function readProductDetail(c: StoreApiContext): Promise<Response> {
  const ctx = c.get('ctx');
  const productId = c.req.param('productId') ?? '';
  const input = await readCriteriaInput(c);
  const criteria = parseCriteria({ ...input, fields: undefined }, { entity: 'product', maxLimit: maxLimitOf(c) });
  const head = findActiveProduct(ctx, productId);
  if (!head) throw productNotFound(productId);
  let shownId = head.id;
  let parentId = head.parent_id;
  if (head.child_count > 0 && !head.parent_id) {
    const variant = bestVariant(ctx, head);
    if (variant) {
      shownId = variant;
      parentId = head.id;
    }
  }
  const [product] = loadProducts(ctx, [shownId], criteria, { detail: true });
  if (!product) throw productNotFound(productId);
  const skip = isFlagSet(input.skipConfigurator);
  if (!isFlagSet(input.skipCmsPage)) product.cmsPage = productDetailLayout(c, shownId, input);
  const body: Json = {
    product,
    configurator: skip || !parentId ? null : productConfigurator(ctx, parentId, product.optionIds as string[]),
    apiAlias: 'product_detail',
  };
  return respond(c, body, criteria);
}

function isFlagSet(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

/**
 * Like Shopware, a product page answers with its layout resolved: the product's own CMS page, else the
 * shop's default product_detail layout. Its cross-selling slot needs the product's cross-sellings.
 */
function productDetailLayout(c: StoreApiContext, productId: string, input: Record<string, unknown>): Json | null {
  const ctx = c.get('ctx');
  const layout = queryOne<{ id: string }>(ctx.db, "SELECT id FROM cms_page WHERE type = 'product_detail' ORDER BY created_at, id LIMIT 1");
  if (!layout) return null;
  const withCrossSellings = parseCriteria({ associations: { crossSellings: {} } }, { entity: 'product', maxLimit: maxLimitOf(c) });
  const [product] = loadProducts(ctx, [productId], withCrossSellings, { detail: true });
  if (!product) return null;
  return resolveCmsPage(ctx, cmsCatalogue(maxLimitOf(c)), layout.id, {
    entity: { product },
    listingParams: {},
    slotIds: typeof input.slots === 'string' ? input.slots.split('|') : undefined,
  });
}

async function readProductReviews(c: StoreApiContext): Promise<Response> {
  const ctx = c.get('ctx');
  const productId = c.req.param('productId') ?? '';
  const head = findActiveProduct(ctx, productId);
  if (!head) throw productNotFound(productId);
  const input = await readCriteriaInput(c);
  const criteria = parseCriteria(input, { entity: 'product_review', maxLimit: maxLimitOf(c) });
  // a variant shows the reviews of its whole product family
  const family = queryAll<{ id: string }>(ctx.db, 'SELECT id FROM product WHERE id = ? OR parent_id = ? OR id = ?', [
    head.id,
    head.parent_id ?? head.id,
    head.parent_id ?? head.id,
  ]).map((r) => r.id);
  const result = searchEntities(ctx, 'product_review', criteria, {
    conditions: [fragment('t0.product_id IN (SELECT value FROM json_each(?))', [idList(family)])],
  });
  return respond(c, { ...result }, criteria);
}

async function readProductList(c: StoreApiContext): Promise<Response> {
  const ctx = c.get('ctx');
  const input = await readCriteriaInput(c);
  const criteria = parseCriteria(input, { entity: 'product', maxLimit: maxLimitOf(c) });
  return respond(c, { ...searchEntities(ctx, 'product', criteria) }, criteria);
}

function categoryNotFound(categoryId: string): StoreApiError {
  return StoreApiError.notFound('CONTENT__CATEGORY_NOT_FOUND', `Category "${categoryId}" not found.`, { categoryId });
}

async function readProductListing(c: StoreApiContext): Promise<Response> {
  const ctx = c.get('ctx');
  const categoryId = c.req.param('categoryId') ?? '';
  const input = await readCriteriaInput(c);
  if (!isId(categoryId) || !queryOne(ctx.db, 'SELECT 1 AS found FROM category WHERE id = ? AND active = 1', [categoryId])) {
    throw categoryNotFound(categoryId);
  }
  return listingResponse(c, { categoryId }, input);
}

function listingResponse(c: StoreApiContext, scope: ListingScope, input: Record<string, unknown>): Response {
  const listing = productListing(c.get('ctx'), scope, input, { maxLimit: maxLimitOf(c) });
  const criteria = parseCriteria({ includes: input.includes, excludes: input.excludes }, { entity: 'product', maxLimit: maxLimitOf(c) });
  return respond(c, listing, criteria);
}

function searchTermOf(input: Record<string, unknown>): string {
  const raw = input.search;
  const term = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (term === '') {
    throw StoreApiError.of(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', 'Parameter "search" is missing.', { parameterName: 'search' });
  }
  return term.slice(0, 500);
}

async function searchPage(c: StoreApiContext): Promise<Response> {
  const input = await readCriteriaInput(c);
  return listingResponse(c, { categoryId: null, search: searchTermOf(input) }, input);
}

async function searchSuggest(c: StoreApiContext): Promise<Response> {
  const input = await readCriteriaInput(c);
  return listingResponse(c, { categoryId: null, search: searchTermOf(input), suggest: true }, input);
}

/** POST /product/{productId}/find-variant (GET with `options[]` in the query, as the 6.7 schema lists it). */
async function findProductVariant(c: StoreApiContext): Promise<Response> {
  const ctx = c.get('ctx');
  const productId = c.req.param('productId') ?? '';
  const input = c.req.method === 'GET' ? { options: c.req.queries('options[]') ?? c.req.queries('options'), switchedGroup: c.req.query('switchedGroup') } : await readCriteriaInput(c);
  const switchedGroup = typeof input.switchedGroup === 'string' ? input.switchedGroup : null;
  const foundCombination = findVariant(ctx, productId, readVariantOptions(input.options), switchedGroup);
  return c.json({ foundCombination });
}

export function registerCatalogRoutes(app: StoreApiApp): void {
  for (const method of ['post', 'get'] as const) {
    app[method]('/product', readProductList);
    app[method]('/product/:productId', readProductDetail);
    app[method]('/product/:productId/reviews', readProductReviews);
    app[method]('/product/:productId/find-variant', findProductVariant);
    app[method]('/product-listing/:categoryId', readProductListing);
    app[method]('/search', searchPage);
    app[method]('/search-suggest', searchSuggest);
  }
  app.post('/product/:productId/review', async (c) => {
    saveProductReview(c.get('ctx'), c.req.param('productId'), await readBody(c));
    return c.body(null, 204);
  });
}

