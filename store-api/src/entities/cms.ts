import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { inIdOrder, registerEntity } from '../dal/definition';
import { isId } from '../ids';
import { loadMedia } from './media';
import { loadProducts } from './product';
import { productConfigurator } from './product-configurator';
import { productListing } from './product-listing';
import { bool, languagePair, LIVE_VERSION_ID, prepared, type Json } from './system';

// CMS pages (page → sections → blocks → slots) with every slot's `data` resolved the way
// Shopware's CmsSlotsDataResolver does for the element types the shop uses.

/** What CMS slots need from the catalogue; the content routes plug in the catalogue's loaders. */
export interface CmsCatalogue {
  loadProducts(ctx: SalesChannelContext, ids: string[]): Json[];
  /** ProductListingResult for a category, with the request's listing parameters. */
  productListing(ctx: SalesChannelContext, categoryId: string | null, params: Record<string, unknown>): Json;
  loadMedia(ctx: SalesChannelContext, ids: string[]): Map<string, Json>;
}

/** The page the CMS page is shown for: mapped slot values (`category.name`, `product.description`) read from it. */
export interface CmsEntityContext {
  category?: Json;
  product?: Json;
  landingPage?: Json;
}

export interface ResolveCmsOptions {
  /** only these slot ids get `data` (Shopware's `slots` parameter); all when undefined */
  slotIds?: string[];
  /** the request's listing parameters, passed to product-listing slots */
  listingParams: Record<string, unknown>;
  entity?: CmsEntityContext;
  /** the category whose products a product-listing slot lists */
  navigationId?: string | null;
  /** per-slot config overrides (category/landing page slotConfig) */
  slotConfig?: Record<string, Record<string, unknown>> | null;
}

interface PageRow {
  id: string;
  type: string;
  entity: string | null;
  css_class: string | null;
  config: string | null;
  created_at: string;
  name: string | null;
}

interface SectionRow {
  id: string;
  page_id: string;
  position: number;
  type: string;
  name: string | null;
  sizing_mode: string;
  mobile_behavior: string;
  background_color: string | null;
  background_media_id: string | null;
  background_media_mode: string | null;
  css_class: string | null;
  visibility: string;
}

interface BlockRow {
  id: string;
  section_id: string;
  position: number;
  type: string;
  name: string | null;
  section_position: string;
  margin_top: string | null;
  margin_bottom: string | null;
  margin_left: string | null;
  margin_right: string | null;
  background_color: string | null;
  background_media_id: string | null;
  background_media_mode: string | null;
  css_class: string | null;
  visibility: string;
}

interface SlotRow {
  id: string;
  block_id: string;
  slot: string;
  type: string;
  locked: number;
  config: string | null;
}

type SlotConfig = Record<string, { source?: string; value?: unknown }>;

function parseJson<T>(value: string | null, fallback: T): T {
  if (!value) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

function visibilityJson(value: string): Json {
  const v = parseJson<Record<string, unknown>>(value, {});
  return { mobile: v.mobile !== false, tablet: v.tablet !== false, desktop: v.desktop !== false };
}

export function cmsPageNotFound(id: string): StoreApiError {
  return StoreApiError.notFound('CONTENT__CMS_PAGE_NOT_FOUND', `Page with id "${id}" was not found.`, { pageId: id });
}

/** `slots=id1|id2` from the body or query, as Shopware splits it. */
export function requestedSlotIds(params: Record<string, unknown>): string[] | undefined {
  const value = params.slots;
  if (typeof value === 'string' && value.trim() !== '') return value.split('|').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return undefined;
}

/** Reads `category.name` / `product.translated.description` style paths from the page's entity. */
function mappedValue(entity: CmsEntityContext | undefined, path: unknown): unknown {
  if (typeof path !== 'string' || !entity) return null;
  const [head, ...rest] = path.split('.');
  let node: unknown =
    head === 'category' ? entity.category : head === 'product' ? entity.product : head === 'landing_page' ? entity.landingPage : undefined;
  for (const key of rest) {
    if (node === null || typeof node !== 'object') return null;
    const record = node as Record<string, unknown>;
    // Shopware reads translated values through the entity's translated fields.
    node = record.translated && typeof record.translated === 'object' && key in (record.translated as object)
      ? (record.translated as Record<string, unknown>)[key]
      : record[key];
  }
  return node ?? null;
}

function configValue(config: SlotConfig, key: string, entity: CmsEntityContext | undefined): unknown {
  const field = config[key];
  if (!field) return null;
  if (field.source === 'mapped') return mappedValue(entity, field.value);
  return field.value ?? null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function reviewCount(ctx: SalesChannelContext, productId: string): number {
  const row = prepared(ctx.db, 'SELECT COUNT(*) AS n FROM product_review WHERE product_id = ? AND status = 1').get(productId) as { n: number };
  return row.n;
}

/** A product-box / buy-box product: a static id, or the page's product when mapped. */
function configuredProduct(config: SlotConfig, entity: CmsEntityContext | undefined, products: Map<string, Json>): Json | null {
  const value = configValue(config, 'product', entity);
  if (isId(value)) return products.get(value) ?? null;
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  return null;
}

/** Gallery / slider items: static `[{mediaId, url, newTab}]`, or mapped `product.media` (product_media rows). */
function sliderItems(config: SlotConfig, entity: CmsEntityContext | undefined, media: Map<string, Json>): Json[] {
  const value = configValue(config, 'sliderItems', entity);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): Json[] => {
    const record = (item ?? {}) as Record<string, unknown>;
    const found =
      record.media && typeof record.media === 'object' ? (record.media as Json) : isId(record.mediaId) ? media.get(record.mediaId) : undefined;
    if (!found) return [];
    return [{ url: stringOrNull(record.url), newTab: bool(record.newTab), media: found, apiAlias: 'cms_image_slider_item' }];
  });
}

const LISTING_FILTERS = ['manufacturer-filter', 'rating-filter', 'price-filter', 'shipping-free-filter', 'property-filter'];

/**
 * The listing parameters a product-listing slot runs with: the request's, restricted by the slot's
 * `filters` / `propertyWhitelist` and defaulting to its `defaultSorting`, as Shopware's resolver does.
 */
function listingParams(config: SlotConfig, request: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = { ...request };
  delete params.slots;
  // Shopware's listing slot starts from a new Criteria: the page request's associations (meant for the category) do not reach it.
  delete params.associations;
  const filters = config.filters?.value;
  if (typeof filters === 'string' && filters.trim() !== '') {
    const enabled = new Set(filters.split(',').map((f) => f.trim()));
    for (const filter of LISTING_FILTERS) if (!enabled.has(filter)) params[filter] = false;
  }
  const whitelist = config.propertyWhitelist?.value;
  if (Array.isArray(whitelist) && whitelist.length && params['property-whitelist'] === undefined) {
    params['property-whitelist'] = whitelist.filter(isId).join('|');
  }
  const defaultSorting = config.defaultSorting?.value;
  if (typeof defaultSorting === 'string' && defaultSorting !== '' && params.order === undefined && params.sort === undefined) {
    params.order = defaultSorting;
  }
  return params;
}

interface ResolveState {
  ctx: SalesChannelContext;
  catalogue: CmsCatalogue;
  options: ResolveCmsOptions;
}

/**
 * Shopware resolves each cross-selling of the product into a CrossSellingElement {crossSelling, products,
 * total}; the products of all groups are loaded in one batch.
 */
function crossSellingElements(state: ResolveState, groups: Json[]): Json[] {
  const assigned = (group: Json): string[] => (Array.isArray(group.assignedProductIds) ? (group.assignedProductIds as string[]) : []);
  const ids = [...new Set(groups.flatMap(assigned))];
  const products = new Map(ids.length ? state.catalogue.loadProducts(state.ctx, ids).map((p) => [p.id as string, p]) : []);
  return groups.map((group) => {
    const list = inIdOrder(products, assigned(group));
    return { crossSelling: group, products: list, total: list.length, streamId: null, apiAlias: 'cross_selling_element' };
  });
}

/** The `data` of one slot; null for element types that have no data (category-navigation, sidebar-filter, …). */
function slotData(state: ResolveState, type: string, config: SlotConfig, media: Map<string, Json>, products: Map<string, Json>): Json | null {
  const { ctx, catalogue, options } = state;
  const entity = options.entity;
  switch (type) {
    case 'text': {
      const content = configValue(config, 'content', entity);
      return { content: typeof content === 'string' ? content : '', apiAlias: 'cms_text' };
    }
    case 'image': {
      const mediaId = stringOrNull(configValue(config, 'media', entity));
      return {
        mediaId,
        url: stringOrNull(configValue(config, 'url', entity)),
        newTab: bool(configValue(config, 'newTab', entity)),
        media: mediaId ? (media.get(mediaId) ?? null) : null,
        apiAlias: 'cms_image',
      };
    }
    case 'image-slider':
    case 'image-gallery': {
      return { sliderItems: sliderItems(config, entity, media), navigation: null, apiAlias: 'cms_image_slider' };
    }
    case 'product-slider': {
      const ids = configValue(config, 'products', entity);
      const list = Array.isArray(ids) ? ids.filter(isId) : [];
      return { products: list.flatMap((id) => products.get(id) ?? []), streamId: null, apiAlias: 'cms_product_slider' };
    }
    case 'product-box': {
      const product = configuredProduct(config, entity, products);
      return { productId: (product?.id as string | undefined) ?? null, product, apiAlias: 'cms_product_box' };
    }
    case 'buy-box': {
      const product = configuredProduct(config, entity, products);
      return {
        productId: (product?.id as string | undefined) ?? null,
        product,
        // Shopware's BuyBoxCmsElementResolver: the variant selector of the product's family (none for a single product)
        configuratorSettings: isId(product?.parentId) ? productConfigurator(ctx, product.parentId, product.optionIds as string[]) : [],
        totalReviews: product ? reviewCount(ctx, product.id as string) : 0,
        apiAlias: 'cms_buy_box',
      };
    }
    case 'product-description-reviews': {
      const product = configuredProduct(config, entity, products);
      return { productId: (product?.id as string | undefined) ?? null, product, reviews: null, ratingSuccess: false, apiAlias: 'cms_product_description_reviews' };
    }
    case 'cross-selling': {
      const product = entity?.product;
      const groups = product && Array.isArray(product.crossSellings) ? (product.crossSellings as Json[]) : [];
      return { crossSellings: crossSellingElements(state, groups), apiAlias: 'cms_cross_selling' };
    }
    case 'product-listing':
      return {
        listing: catalogue.productListing(ctx, options.navigationId ?? null, listingParams(config, options.listingParams)),
        apiAlias: 'cms_product_listing',
      };
    default:
      return null;
  }
}

/** Collects the media and product ids all slots need, so each is loaded once per page. */
function referencedIds(type: string, config: SlotConfig, entity: CmsEntityContext | undefined): { media: string[]; products: string[] } {
  const media: string[] = [];
  const products: string[] = [];
  if (type === 'image') {
    const id = configValue(config, 'media', entity);
    if (isId(id)) media.push(id);
  } else if ((type === 'image-slider' || type === 'image-gallery') && config.sliderItems?.source !== 'mapped') {
    const items = configValue(config, 'sliderItems', entity);
    if (Array.isArray(items)) for (const item of items) if (isId((item as Record<string, unknown>)?.mediaId)) media.push((item as { mediaId: string }).mediaId);
  } else if (type === 'product-slider') {
    const ids = configValue(config, 'products', entity);
    if (Array.isArray(ids)) products.push(...ids.filter(isId));
  } else if (type === 'product-box' || type === 'buy-box' || type === 'product-description-reviews') {
    const id = config.product?.source === 'mapped' ? null : configValue(config, 'product', entity);
    if (isId(id)) products.push(id);
  }
  return { media, products };
}

/** The CmsPage JSON with sections, blocks and slots sorted by position and slot data resolved. */
export function resolveCmsPage(ctx: SalesChannelContext, catalogue: CmsCatalogue, pageId: string, options: ResolveCmsOptions): Json {
  const page = isId(pageId)
    ? (prepared(
        ctx.db,
        `SELECT p.*, COALESCE(t.name, f.name) AS name FROM cms_page p
         LEFT JOIN cms_page_translation t ON t.cms_page_id = p.id AND t.language_id = ?
         LEFT JOIN cms_page_translation f ON f.cms_page_id = p.id AND f.language_id = ?
         WHERE p.id = ?`,
      ).get(...languagePair(ctx), pageId) as PageRow | undefined)
    : undefined;
  if (!page) throw cmsPageNotFound(pageId);

  const sections = prepared(ctx.db, 'SELECT * FROM cms_section WHERE page_id = ? ORDER BY position, id').all(page.id) as SectionRow[];
  const blocks = prepared(
    ctx.db,
    `SELECT b.* FROM cms_block b JOIN cms_section s ON s.id = b.section_id WHERE s.page_id = ? ORDER BY b.position, b.id`,
  ).all(page.id) as BlockRow[];
  const [languageId, fallbackId] = languagePair(ctx);
  const slots = prepared(
    ctx.db,
    `SELECT sl.*, COALESCE(t.config, f.config) AS config FROM cms_slot sl
     JOIN cms_block b ON b.id = sl.block_id JOIN cms_section s ON s.id = b.section_id
     LEFT JOIN cms_slot_translation t ON t.cms_slot_id = sl.id AND t.language_id = ?
     LEFT JOIN cms_slot_translation f ON f.cms_slot_id = sl.id AND f.language_id = ?
     WHERE s.page_id = ? ORDER BY sl.slot, sl.id`,
  ).all(languageId, fallbackId, page.id) as SlotRow[];

  const configs = new Map<string, SlotConfig>();
  for (const slot of slots) {
    const own = parseJson<SlotConfig>(slot.config, {});
    const override = options.slotConfig?.[slot.id] as SlotConfig | undefined;
    configs.set(slot.id, override ? { ...own, ...override } : own);
  }
  const resolvable = (slot: SlotRow) => !options.slotIds || options.slotIds.includes(slot.id);

  const mediaIds = new Set<string>();
  const productIds = new Set<string>();
  for (const section of sections) if (section.background_media_id) mediaIds.add(section.background_media_id);
  for (const block of blocks) if (block.background_media_id) mediaIds.add(block.background_media_id);
  for (const slot of slots) {
    if (!resolvable(slot)) continue;
    const refs = referencedIds(slot.type, configs.get(slot.id) ?? {}, options.entity);
    refs.media.forEach((id) => mediaIds.add(id));
    refs.products.forEach((id) => productIds.add(id));
  }
  const media = mediaIds.size ? catalogue.loadMedia(ctx, [...mediaIds]) : new Map<string, Json>();
  const products = new Map<string, Json>();
  if (productIds.size) for (const product of catalogue.loadProducts(ctx, [...productIds])) products.set(product.id as string, product);

  const state: ResolveState = { ctx, catalogue, options };
  const slotsByBlock = new Map<string, Json[]>();
  for (const slot of slots) {
    const config = configs.get(slot.id) ?? {};
    const json: Json = {
      id: slot.id,
      versionId: LIVE_VERSION_ID,
      cmsBlockVersionId: LIVE_VERSION_ID,
      fieldConfig: Object.entries(config).map(([name, field]) => ({
        name,
        source: field.source ?? 'static',
        value: field.value ?? null,
        apiAlias: 'cms_data_resolver_field_config',
      })),
      type: slot.type,
      slot: slot.slot,
      locked: bool(slot.locked),
      config,
      customFields: null,
      data: resolvable(slot) ? slotData(state, slot.type, config, media, products) : null,
      blockId: slot.block_id,
      createdAt: page.created_at,
      updatedAt: null,
      translated: { config, customFields: {} },
      apiAlias: 'cms_slot',
    };
    const list = slotsByBlock.get(slot.block_id) ?? [];
    list.push(json);
    slotsByBlock.set(slot.block_id, list);
  }

  const blocksBySection = new Map<string, Json[]>();
  for (const block of blocks) {
    const list = blocksBySection.get(block.section_id) ?? [];
    list.push({
      id: block.id,
      versionId: LIVE_VERSION_ID,
      cmsSectionVersionId: LIVE_VERSION_ID,
      position: block.position,
      type: block.type,
      name: block.name,
      sectionPosition: block.section_position,
      marginTop: block.margin_top,
      marginBottom: block.margin_bottom,
      marginLeft: block.margin_left,
      marginRight: block.margin_right,
      backgroundColor: block.background_color,
      backgroundMediaId: block.background_media_id,
      backgroundMediaMode: block.background_media_mode,
      cssClass: block.css_class,
      visibility: visibilityJson(block.visibility),
      sectionId: block.section_id,
      customFields: null,
      createdAt: page.created_at,
      updatedAt: null,
      backgroundMedia: block.background_media_id ? (media.get(block.background_media_id) ?? null) : null,
      slots: slotsByBlock.get(block.id) ?? [],
      apiAlias: 'cms_block',
    });
    blocksBySection.set(block.section_id, list);
  }

  const pageConfig = parseJson<Record<string, unknown> | null>(page.config, null);
  return {
    id: page.id,
    versionId: LIVE_VERSION_ID,
    name: page.name,
    type: page.type,
    entity: page.entity,
    cssClass: page.css_class,
    config: pageConfig,
    previewMediaId: null,
    customFields: null,
    createdAt: page.created_at,
    updatedAt: null,
    translated: { name: page.name, customFields: {} },
    sections: sections.map((section) => ({
      id: section.id,
      cmsPageVersionId: LIVE_VERSION_ID,
      position: section.position,
      type: section.type,
      name: section.name,
      sizingMode: section.sizing_mode,
      mobileBehavior: section.mobile_behavior,
      backgroundColor: section.background_color,
      backgroundMediaId: section.background_media_id,
      backgroundMediaMode: section.background_media_mode,
      cssClass: section.css_class,
      pageId: section.page_id,
      visibility: visibilityJson(section.visibility),
      customFields: null,
      createdAt: page.created_at,
      updatedAt: null,
      backgroundMedia: section.background_media_id ? (media.get(section.background_media_id) ?? null) : null,
      blocks: blocksBySection.get(section.id) ?? [],
      apiAlias: 'cms_section',
    })),
    previewMedia: null,
    landingPages: null,
    apiAlias: 'cms_page',
  };
}

/** The catalogue's loaders as CMS slots use them; `maxLimit` caps a listing slot's `limit` like the listing route. */
export function cmsCatalogue(maxLimit?: number): CmsCatalogue {
  return {
    loadProducts: (ctx, ids) => loadProducts(ctx, ids),
    productListing: (ctx, categoryId, params) => productListing(ctx, { categoryId }, params, { maxLimit }),
    loadMedia: (ctx, ids) => loadMedia(ctx, ids),
  };
}

registerEntity({
  name: 'cms_page',
  table: 'cms_page',
  idColumn: 'id',
  translationTable: 'cms_page_translation',
  translationForeignKey: 'cms_page_id',
  fields: {
    id: { column: 'id', type: 'id' },
    type: { column: 'type', type: 'string' },
    entity: { column: 'entity', type: 'string' },
    cssClass: { column: 'css_class', type: 'string' },
    createdAt: { column: 'created_at', type: 'date' },
    name: { column: 'name', type: 'string', translated: true },
  },
  associations: {},
  // A page read through a search has its structure but no slot data (as Shopware's repository read).
  hydrate: (ctx, ids) => ids.map((id) => resolveCmsPage(ctx, cmsCatalogue(), id, { slotIds: [], listingParams: {} })),
});
