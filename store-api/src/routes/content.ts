import type { StoreApiApp } from '../app';
import type { SalesChannelContext } from '../context';
import { applyIncludes, parseCriteria, readCriteriaInput, searchEntities } from '../dal';
import { remembered } from '../dal/statements';
import { StoreApiError } from '../errors';
import { isId } from '../ids';
import { categoriesJson, findSalesChannelCategory, loadNavigation, resolveCategoryAlias } from '../entities/category';
import { cmsCatalogue as contentCatalogue, requestedSlotIds, resolveCmsPage } from '../entities/cms';
import { landingPageNotFound, landingPagesByIds } from '../entities/landing-page';
import type { Json } from '../entities/system';
import '../entities/seo-url';

// /category, /navigation, /landing-page, /cms and /seo-url, answered like Shopware 6.7.

const NAVIGATION_DEFAULT_DEPTH = 2;
/** A depth beyond the deepest tree only costs queries; Shopware has no cap, we keep it sane. */
const NAVIGATION_MAX_DEPTH = 10;

function booleanParam(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return true;
}

function depthParam(value: unknown): number {
  if (value === undefined || value === null || value === '') return NAVIGATION_DEFAULT_DEPTH;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw StoreApiError.violation('/depth', 'FRAMEWORK__INVALID_CRITERIA', 'The depth parameter must be a non-negative integer.');
  }
  return Math.min(n, NAVIGATION_MAX_DEPTH);
}

function categoryWithPage(ctx: SalesChannelContext, categoryId: string, input: Record<string, unknown>, maxLimit: number): Json {
  const row = findSalesChannelCategory(ctx, categoryId);
  const catalogue = contentCatalogue(maxLimit);
  const category = categoriesJson(ctx, [row], catalogue.loadMedia)[0]!;
  if (row.cms_page_id) {
    category.cmsPage = resolveCmsPage(ctx, catalogue, row.cms_page_id, {
      slotIds: requestedSlotIds(input),
      listingParams: input,
      entity: { category },
      navigationId: row.id,
    });
  }
  return category;
}

/**
 * The includes/excludes of a page request. The rest of its body is the product listing's Criteria
 * (filters on product fields, limit, order), which the listing slot validates, not the page.
 */
function responseShape(input: Record<string, unknown>, entity: string, maxLimit: number) {
  return parseCriteria({ includes: input.includes, excludes: input.excludes }, { entity, maxLimit });
}

export function registerContentRoutes(app: StoreApiApp): void {
  app.on(['GET', 'POST'], '/category/:navigationId', async (c) => {
    const ctx = c.get('ctx');
    const input = await readCriteriaInput(c);
    const id = resolveCategoryAlias(ctx, c.req.param('navigationId'));
    const category = categoryWithPage(ctx, id, input, c.get('deps').config.maxLimit);
    const shape = responseShape(input, 'category', c.get('deps').config.maxLimit);
    return c.json(applyIncludes(category, shape.includes, shape.excludes));
  });

  app.on(['GET', 'POST'], '/navigation/:activeId/:rootId', async (c) => {
    const ctx = c.get('ctx');
    const input = await readCriteriaInput(c);
    const criteria = parseCriteria(input, { entity: 'category', maxLimit: c.get('deps').config.maxLimit });
    const depth = depthParam(input.depth);
    const buildTree = booleanParam(input.buildTree, true);
    // Every page's header and footer ask for the same menu: its answer is the same for every visitor of a
    // language, so it is remembered until the database changes.
    const key = JSON.stringify([
      'navigation', ctx.salesChannel.id, ctx.languageId, ctx.includeSeoUrls, ctx.origin,
      c.req.param('activeId'), c.req.param('rootId'), depth, buildTree, criteria.includes, criteria.excludes,
    ]);
    const body = remembered(ctx.db, key, () => {
      const tree = loadNavigation(ctx, c.req.param('activeId'), c.req.param('rootId'), { depth, buildTree, loadMedia: contentCatalogue().loadMedia });
      return JSON.stringify(applyIncludes(tree, criteria.includes, criteria.excludes));
    });
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  app.on(['GET', 'POST'], '/landing-page/:landingPageId', async (c) => {
    const ctx = c.get('ctx');
    const input = await readCriteriaInput(c);
    const id = c.req.param('landingPageId');
    const page = landingPagesByIds(ctx, [id])[0];
    if (!page) throw landingPageNotFound(id);
    if (isId(page.cmsPageId)) {
      page.cmsPage = resolveCmsPage(ctx, contentCatalogue(c.get('deps').config.maxLimit), page.cmsPageId, {
        slotIds: requestedSlotIds(input),
        listingParams: input,
        entity: { landingPage: page },
        navigationId: ctx.salesChannel.navigationCategoryId,
      });
    }
    const shape = responseShape(input, 'landing_page', c.get('deps').config.maxLimit);
    return c.json(applyIncludes(page, shape.includes, shape.excludes));
  });

  app.on(['GET', 'POST'], '/cms/:id', async (c) => {
    const ctx = c.get('ctx');
    const input = await readCriteriaInput(c);
    const page = resolveCmsPage(ctx, contentCatalogue(c.get('deps').config.maxLimit), c.req.param('id'), {
      slotIds: requestedSlotIds(input),
      listingParams: input,
      navigationId: ctx.salesChannel.navigationCategoryId,
    });
    const shape = responseShape(input, 'cms_page', c.get('deps').config.maxLimit);
    return c.json(applyIncludes(page, shape.includes, shape.excludes));
  });

  app.on(['GET', 'POST'], '/seo-url', async (c) => {
    const ctx = c.get('ctx');
    const criteria = parseCriteria(await readCriteriaInput(c), { entity: 'seo_url', maxLimit: c.get('deps').config.maxLimit });
    return c.json(applyIncludes(searchEntities(ctx, 'seo_url', criteria), criteria.includes, criteria.excludes));
  });
}
