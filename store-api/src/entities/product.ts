import type { SalesChannelContext } from '../context';
import { translatedColumn } from '../dal/translation';
import { emptyCriteria, type Criteria } from '../dal/criteria';
import { inIdOrder, registerEntity, type SqlFragment } from '../dal/definition';
import { idList, queryAll, queryAllRemembered } from '../dal/statements';
import { freeShippingThresholdChf } from '../domain/cart';
import { insuredTierOf, insuredUnitPrice, medicationKindOf } from '../domain/insurer';
import { calculatedCheapestPrice, calculatedPrice, tierPrices, type PriceReferenceInput, type TierPrice } from '../domain/pricing';
import { stableId } from '../ids';
import { categoriesJson, categoryRowsByIds } from './category';
import { loadManufacturers } from './manufacturer';
import { loadMedia } from './media';
import { groupsWithOptions, loadPropertyOptions } from './property';
import { canonicalSeoUrls, ROUTE_DETAIL } from './seo-url';
import { loadDeliveryTimes, loadTaxes } from './system';

// Products as Shopware's sales-channel product loader answers them: the full @Product shape with
// prices calculated, cover.media, unit, deliveryTime and prices always loaded, and variants
// inheriting what they leave empty from their parent. Associations load in batches for all ids.

type Json = Record<string, unknown>;

export interface ProductRow {
  id: string;
  /** 'generic' | 'original' for medicines (insurer discounts) */
  medication_kind?: string | null;
  parent_id: string | null;
  product_number: string;
  type: string;
  manufacturer_id: string | null;
  tax_id: string;
  unit_id: string | null;
  delivery_time_id: string | null;
  cover_id: string | null;
  active: number;
  stock: number;
  available_stock: number;
  available: number;
  is_closeout: number;
  min_purchase: number;
  max_purchase: number | null;
  purchase_steps: number;
  shipping_free: number;
  mark_as_topseller: number;
  ean: string | null;
  pharmacode: string | null;
  manufacturer_number: string | null;
  weight: number | null;
  width: number | null;
  height: number | null;
  length: number | null;
  purchase_unit: number | null;
  reference_unit: number | null;
  price: number;
  list_price: number | null;
  cheapest_price: number;
  price_range: number;
  promotion_discount: number | null;
  click_collect_only: number;
  prescription_required: number;
  rating_average: number | null;
  sales: number;
  child_count: number;
  variant_listing_config: string | null;
  release_date: string | null;
  created_at: string;
  tags: string;
}

interface TranslationRow {
  product_id: string;
  language_id: string;
  name: string | null;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
  pack_unit: string | null;
  pack_unit_plural: string | null;
  custom_fields: string | null;
}

/** Shopware's default when a product sets no maximum purchase (core.cart.maxQuantity). */
const DEFAULT_MAX_PURCHASE = 100;

export interface LoadProductOptions {
  /** product detail: adds sortedProperties */
  detail?: boolean;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const bool = (value: number | null | undefined): boolean => value === 1;

/** Product rows by id (with the parents of any variants, for inheritance). */
function loadRows(ctx: SalesChannelContext, ids: readonly string[]): Map<string, ProductRow> {
  const rows = queryAll<ProductRow>(ctx.db, 'SELECT * FROM product WHERE id IN (SELECT value FROM json_each(?))', [idList(ids)]);
  const map = new Map(rows.map((r) => [r.id, r]));
  const missingParents = [...new Set(rows.flatMap((r) => (r.parent_id && !map.has(r.parent_id) ? [r.parent_id] : [])))];
  if (missingParents.length) {
    for (const r of queryAll<ProductRow>(ctx.db, 'SELECT * FROM product WHERE id IN (SELECT value FROM json_each(?))', [idList(missingParents)])) {
      map.set(r.id, r);
    }
  }
  return map;
}

/** The JSON of the given products in the order of `ids`; unknown ids are left out. */
export function loadProducts(ctx: SalesChannelContext, ids: readonly string[], criteria?: Criteria, loadOptions: LoadProductOptions = {}): Json[] {
  if (!ids.length) return [];
  const db = ctx.db;
  const rows = loadRows(ctx, ids);
  const allIds = [...rows.keys()];
  const all = idList(allIds);
  const chain = ctx.languageIdChain;
  const freeShippingThreshold = freeShippingThresholdChf(db);
  const parentOf = (row: ProductRow): ProductRow | undefined => (row.parent_id ? rows.get(row.parent_id) : undefined);
  /** a variant's own value, else its parent's (Shopware inheritance) */
  const inherit = <K extends keyof ProductRow>(row: ProductRow, key: K): ProductRow[K] => {
    const own = row[key];
    if (own !== null && own !== undefined) return own;
    return (parentOf(row)?.[key] ?? own) as ProductRow[K];
  };

  const translations = queryAll<TranslationRow>(
    db,
    'SELECT * FROM product_translation WHERE product_id IN (SELECT value FROM json_each(?)) AND language_id IN (SELECT value FROM json_each(?))',
    [all, JSON.stringify(chain)],
  );
  const translationOf = new Map(translations.map((t) => [`${t.product_id}:${t.language_id}`, t]));
  const translated = (row: ProductRow, column: keyof TranslationRow): string | null => {
    const parent = parentOf(row);
    for (const languageId of chain) {
      const own = translationOf.get(`${row.id}:${languageId}`)?.[column];
      if (own !== null && own !== undefined) return own;
      const inherited = parent ? translationOf.get(`${parent.id}:${languageId}`)?.[column] : undefined;
      if (inherited !== null && inherited !== undefined) return inherited;
    }
    return null;
  };

  const prices = groupBy(
    queryAll<{ product_id: string; quantity_start: number; quantity_end: number | null; price: number; list_price: number | null }>(
      db,
      'SELECT product_id, quantity_start, quantity_end, price, list_price FROM product_price WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY quantity_start',
      [all],
    ),
    (r) => r.product_id,
  );
  const productMedia = groupBy(
    queryAll<{ id: string; product_id: string; media_id: string; position: number }>(
      db,
      'SELECT id, product_id, media_id, position FROM product_media WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY position',
      [all],
    ),
    (r) => r.product_id,
  );
  const properties = groupBy(
    queryAll<{ product_id: string; option_id: string }>(
      db,
      'SELECT product_id, property_group_option_id AS option_id FROM product_property WHERE product_id IN (SELECT value FROM json_each(?))',
      [all],
    ),
    (r) => r.product_id,
  );
  const options = groupBy(
    queryAll<{ product_id: string; option_id: string }>(
      db,
      'SELECT product_id, property_group_option_id AS option_id FROM product_option WHERE product_id IN (SELECT value FROM json_each(?))',
      [all],
    ),
    (r) => r.product_id,
  );
  const categories = groupBy(
    queryAll<{ product_id: string; category_id: string }>(
      db,
      'SELECT product_id, category_id FROM product_category WHERE product_id IN (SELECT value FROM json_each(?))',
      [all],
    ),
    (r) => r.product_id,
  );
  const categoryTree = groupBy(
    queryAll<{ product_id: string; category_id: string }>(
      db,
      'SELECT product_id, category_id FROM product_category_tree WHERE product_id IN (SELECT value FROM json_each(?))',
      [all],
    ),
    (r) => r.product_id,
  );
  // The cheapest active variant of each parent: the variantId of calculatedCheapestPrice.
  const cheapestVariant = new Map(
    queryAll<{ parent_id: string; id: string }>(
      db,
      `SELECT parent_id, id FROM (SELECT parent_id, id, ROW_NUMBER() OVER (PARTITION BY parent_id ORDER BY price, product_number) AS n
         FROM product WHERE parent_id IN (SELECT value FROM json_each(?)) AND active = 1) WHERE n = 1`,
      [all],
    ).map((r) => [r.parent_id, r.id]),
  );

  const inheritedList = <T>(map: Map<string, T[]>, row: ProductRow): T[] => {
    const own = map.get(row.id);
    if (own?.length) return own;
    const parent = parentOf(row);
    return parent ? (map.get(parent.id) ?? []) : [];
  };

  const requested = inIdOrder(rows, ids);
  const mediaIds = new Set<string>();
  const optionIds = new Set<string>();
  for (const row of requested) {
    for (const m of inheritedList(productMedia, row)) mediaIds.add(m.media_id);
    for (const p of inheritedList(properties, row)) optionIds.add(p.option_id);
    for (const o of options.get(row.id) ?? []) optionIds.add(o.option_id);
  }
  const media = loadMedia(ctx, [...mediaIds]);
  const optionJson = loadPropertyOptions(ctx, [...optionIds]);
  const manufacturers = loadManufacturers(
    ctx,
    requested.flatMap((r) => {
      const id = inherit(r, 'manufacturer_id');
      return id ? [id] : [];
    }),
  );
  const taxes = new Map(loadTaxes(ctx).map((tax) => [tax.id as string, tax]));
  const units = loadUnits(ctx);
  const deliveryTimes = loadDeliveryTimes(ctx);
  const seoUrls = ctx.includeSeoUrls || criteria?.associations.seoUrls ? canonicalSeoUrls(ctx, ROUTE_DETAIL, [...ids]) : null;
  // seoCategory: the product's first own category, as the sales-channel loader fills it
  const seoCategoryIds = [...new Set(requested.flatMap((r) => inheritedList(categories, r).slice(0, 1).map((c) => c.category_id)))];
  const seoCategories = new Map(
    categoriesJson(ctx, categoryRowsByIds(ctx, seoCategoryIds), loadMedia).map((c) => [c.id as string, c]),
  );
  const tagsOf = (row: ProductRow): string[] => parseJson<string[]>(row.tags === '[]' ? (parentOf(row)?.tags ?? row.tags) : row.tags, []);
  const crossSellings = criteria?.associations.crossSellings ? loadCrossSellings(ctx, [...ids]) : null;

  const productMediaJson = (pm: { id: string; product_id: string; media_id: string; position: number }): Json => ({
    id: pm.id,
    productId: pm.product_id,
    mediaId: pm.media_id,
    position: pm.position,
    customFields: null,
    media: media.get(pm.media_id) ?? null,
    createdAt: null,
    updatedAt: null,
    apiAlias: 'product_media',
  });

  // Insured customers (their customer group) pay less for medicines; everyone else sees the regular prices.
  const insuredTier = insuredTierOf(ctx);
  return requested.map((row) => {
    const parent = parentOf(row);
    const medicationKind = insuredTier ? medicationKindOf(inherit(row, 'medication_kind')) : null;
    const insured = (gross: number) => insuredUnitPrice(insuredTier, medicationKind, gross);
    const tax = taxes.get(row.tax_id) ?? { id: row.tax_id, taxRate: 0, name: '', position: 0 };
    const taxRate = tax.taxRate as number;
    const unitId = inherit(row, 'unit_id');
    const unit = unitId ? (units.get(unitId) ?? null) : null;
    const reference: PriceReferenceInput = {
      purchaseUnit: inherit(row, 'purchase_unit'),
      referenceUnit: inherit(row, 'reference_unit'),
      unitName: unit ? (unit.name as string) : null,
    };
    const tiers: TierPrice[] = inheritedList(prices, row).map((p) => ({
      quantityStart: p.quantity_start,
      quantityEnd: p.quantity_end,
      price: insured(p.price).unitPrice,
      listPrice: insured(p.price).regularPrice ?? p.list_price,
    }));
    const firstTier = tiers.length > 1 ? tiers[0] : undefined;
    const insuredPrice = insured(row.price);
    const unitPrice = firstTier?.price ?? insuredPrice.unitPrice;
    const listPrice = firstTier ? firstTier.listPrice : (insuredPrice.regularPrice ?? row.list_price);
    const price = calculatedPrice({ unitPrice, quantity: 1, taxRate, listPrice, reference });
    const isParent = row.child_count > 0;
    // the denormalised cheapest_price is what sorting and the price filter use, so the shown price agrees
    const cheapestUnit = insured(row.cheapest_price).unitPrice;
    const hasRange = row.price_range === 1 || tiers.length > 1;
    const variantId = isParent ? (cheapestVariant.get(row.id) ?? null) : row.id;
    const cheapest = calculatedCheapestPrice({ unitPrice: cheapestUnit, quantity: 1, taxRate, listPrice: isParent ? null : listPrice, reference, hasRange, variantId });

    const pmList = inheritedList(productMedia, row);
    const coverId = inherit(row, 'cover_id');
    const cover = pmList.find((pm) => pm.id === coverId);
    const propertyIds = inheritedList(properties, row).map((p) => p.option_id);
    const optionIdList = (options.get(row.id) ?? []).map((o) => o.option_id);
    const manufacturerId = inherit(row, 'manufacturer_id');
    const deliveryTimeId = inherit(row, 'delivery_time_id');
    const maxPurchase = row.max_purchase;
    let calculatedMaxPurchase = maxPurchase ?? DEFAULT_MAX_PURCHASE;
    if (row.is_closeout === 1) calculatedMaxPurchase = Math.min(calculatedMaxPurchase, row.available_stock);
    const steps = Math.max(1, row.purchase_steps);
    calculatedMaxPurchase = Math.max(0, calculatedMaxPurchase - ((calculatedMaxPurchase - row.min_purchase) % steps));

    const text = {
      name: translated(row, 'name'),
      description: translated(row, 'description'),
      metaTitle: translated(row, 'meta_title'),
      metaDescription: translated(row, 'meta_description'),
      keywords: translated(row, 'keywords'),
      packUnit: translated(row, 'pack_unit'),
      packUnitPlural: translated(row, 'pack_unit_plural'),
    };
    const customFields = {
      ...parseJson<Json>(translated(row, 'custom_fields'), {}),
      pharmacy_pharmacode: inherit(row, 'pharmacode'),
      pharmacy_click_collect_only: bool(row.click_collect_only),
      pharmacy_prescription_required: bool(row.prescription_required),
      pharmacy_promotion_discount: row.promotion_discount ?? parent?.promotion_discount ?? null,
    };
    const releaseDate = inherit(row, 'release_date');
    const json: Json = {
      id: row.id,
      versionId: null,
      parentId: row.parent_id,
      parentVersionId: null,
      manufacturerId,
      productManufacturerVersionId: null,
      unitId,
      taxId: row.tax_id,
      coverId,
      productMediaVersionId: null,
      deliveryTimeId,
      canonicalProductId: null,
      cmsPageId: null,
      productNumber: row.product_number,
      restockTime: null,
      active: bool(row.active),
      available: bool(row.available),
      isCloseout: bool(row.is_closeout),
      availableStock: row.available_stock,
      stock: row.stock,
      displayGroup: row.parent_id ?? row.id,
      manufacturerNumber: inherit(row, 'manufacturer_number'),
      ean: row.ean ?? (parent ? parent.ean : null),
      purchaseSteps: row.purchase_steps,
      maxPurchase,
      minPurchase: row.min_purchase,
      purchaseUnit: reference.purchaseUnit,
      referenceUnit: reference.referenceUnit,
      shippingFree: bool(row.shipping_free),
      markAsTopseller: bool(row.mark_as_topseller),
      weight: inherit(row, 'weight'),
      width: inherit(row, 'width'),
      height: inherit(row, 'height'),
      length: inherit(row, 'length'),
      releaseDate,
      ratingAverage: row.rating_average ?? parent?.rating_average ?? null,
      categoryTree: inheritedList(categoryTree, row).map((c) => c.category_id),
      propertyIds,
      optionIds: optionIdList,
      streamIds: null,
      tagIds: tagsOf(row).map((name) => stableId('tag', name)),
      categoryIds: inheritedList(categories, row).map((c) => c.category_id),
      childCount: row.child_count,
      sales: row.sales,
      states: row.type === 'digital' ? ['is-download'] : ['is-physical'],
      ...text,
      customFields,
      type: row.type === 'digital' ? 'digital' : 'physical',
      calculatedPrice: price,
      calculatedPrices: tierPrices(tiers, taxRate, reference),
      calculatedMaxPurchase,
      calculatedCheapestPrice: cheapest,
      cheapestPrice: {
        hasRange,
        variantId,
        parentId: row.parent_id ?? (isParent ? row.id : null),
        ruleId: null,
        purchase: reference.purchaseUnit,
        reference: reference.referenceUnit,
        unitId,
        price: [{ currencyId: ctx.currencyId, gross: cheapestUnit, net: netOf(cheapestUnit, taxRate), linked: true, listPrice: null, percentage: null, regulationPrice: null, apiAlias: 'price' }],
        apiAlias: 'cheapest_price',
      },
      isNew: releaseDate !== null && Date.now() - Date.parse(releaseDate) < 30 * 86_400_000,
      // a PropertyGroupCollection: serialised keyed by group id
      sortedProperties: loadOptions.detail
        ? Object.fromEntries(groupsWithOptions(ctx, propertyIds).filter((g) => g.visibleOnProductDetailPage !== false).map((g) => [g.id as string, g]))
        : null,
      measurements: null,
      variantListingConfig: parseJson<Json | null>(row.variant_listing_config ?? parent?.variant_listing_config, null),
      translated: { ...text, customFields, slotConfig: null, customSearchKeywords: null },
      manufacturer: manufacturerId ? (manufacturers.get(manufacturerId) ?? null) : null,
      unit,
      tax,
      deliveryTime: deliveryTimeId ? (deliveryTimes.get(deliveryTimeId) ?? null) : null,
      cover: cover ? productMediaJson(cover) : null,
      media: pmList.map(productMediaJson),
      properties: inIdOrder(optionJson, propertyIds),
      options: inIdOrder(optionJson, optionIdList),
      seoUrls: seoUrls ? (seoUrls.get(row.id) ?? []) : null,
      seoCategory: seoCategories.get(inheritedList(categories, row)[0]?.category_id ?? '') ?? null,
      crossSellings: crossSellings ? (crossSellings.get(row.id) ?? []) : null,
      tags: tagsOf(row).map((name) => ({ id: stableId('tag', name), name, apiAlias: 'tag' })),
      createdAt: row.created_at,
      updatedAt: null,
      extensions: {
        // the shop's own: the insured customer's discount on this medicine (absent for everyone else)
        ...(insuredPrice.discount ? { insurerDiscount: { ...insuredPrice.discount, apiAlias: 'insurer_discount' } } : {}),
        // the cart's free-shipping threshold, so the product page promises what the cart grants
        'pharmacy-shop': { freeShippingThreshold },
      },
      apiAlias: 'product',
    };
    return json;
  });
}

function netOf(gross: number, taxRate: number): number {
  return Math.round((gross / (1 + taxRate / 100)) * 1e6) / 1e6;
}

function pickTranslated(chain: string[], table: string, fk: string, column: string): string {
  return translatedColumn(chain, table, fk, 'x.id', column);
}

function loadUnits(ctx: SalesChannelContext): Map<string, Json> {
  const chain = ctx.languageIdChain;
  const rows = queryAll<{ id: string; short_code: string; name: string }>(
    ctx.db,
    `SELECT x.id, ${pickTranslated(chain, 'unit_translation', 'unit_id', 'short_code')} AS short_code,
       ${pickTranslated(chain, 'unit_translation', 'unit_id', 'name')} AS name FROM unit x`,
    [...chain, ...chain],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        shortCode: r.short_code,
        name: r.name,
        customFields: null,
        translated: { shortCode: r.short_code, name: r.name, customFields: {} },
        createdAt: null,
        updatedAt: null,
        apiAlias: 'unit',
      },
    ]),
  );
}


function loadCrossSellings(ctx: SalesChannelContext, productIds: string[]): Map<string, Json[]> {
  const chain = ctx.languageIdChain;
  const rows = queryAll<{ id: string; product_id: string; position: number; type: string; active: number; product_ids: string; name: string }>(
    ctx.db,
    `SELECT x.*, ${pickTranslated(chain, 'product_cross_selling_translation', 'product_cross_selling_id', 'name')} AS name
     FROM product_cross_selling x WHERE x.product_id IN (SELECT value FROM json_each(?)) AND x.active = 1 ORDER BY x.position`,
    [...chain, idList(productIds)],
  );
  return groupByJson(rows, (r) => ({
    id: r.id,
    productId: r.product_id,
    name: r.name,
    position: r.position,
    sortBy: 'name',
    sortDirection: 'ASC',
    type: r.type,
    active: r.active === 1,
    limit: 24,
    assignedProductIds: parseJson<string[]>(r.product_ids, []),
    translated: { name: r.name },
    createdAt: null,
    updatedAt: null,
    apiAlias: 'product_cross_selling',
  }));
}

function groupByJson<T extends { product_id: string }>(rows: T[], toJson: (row: T) => Json): Map<string, Json[]> {
  const map = new Map<string, Json[]>();
  for (const row of rows) {
    const list = map.get(row.product_id) ?? [];
    list.push(toJson(row));
    map.set(row.product_id, list);
  }
  return map;
}

// ---- full-text search -------------------------------------------------------------------------

/**
 * An FTS5 query for what a shopper typed: every word as a quoted prefix term, all required.
 * Quoting keeps FTS syntax characters (", *, -, :, parentheses, NEAR, OR) from being read as syntax.
 */
export function ftsQuery(term: string): string | null {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12)
    .map((w) => w.slice(0, 64));
  if (!words.length) return null;
  return words.map((w) => `"${w}"*`).join(' ');
}

/** Product ids matching the term in the context language, best match first. */
export function searchProductIds(ctx: SalesChannelContext, term: string): string[] {
  const query = ftsQuery(term);
  if (!query) return [];
  const rows = queryAllRemembered<{ product_id: string }>(
    ctx.db,
    `SELECT product_id, MIN(rank) AS score FROM product_search WHERE product_search MATCH ? AND language_id IN (SELECT value FROM json_each(?))
     GROUP BY product_id ORDER BY score, product_id LIMIT 5000`,
    [query, JSON.stringify(ctx.languageIdChain)],
  );
  return rows.map((r) => r.product_id);
}

function productTermCondition(ctx: SalesChannelContext, alias: string, term: string): SqlFragment {
  const ids = searchProductIds(ctx, term);
  return { sql: `(${alias}.id IN (SELECT value FROM json_each(?)) OR ${alias}.parent_id IN (SELECT value FROM json_each(?)))`, params: [idList(ids), idList(ids)] };
}

registerEntity({
  name: 'product',
  table: 'product',
  idColumn: 'id',
  translationTable: 'product_translation',
  translationForeignKey: 'product_id',
  fields: {
    id: { column: 'id', type: 'id' },
    parentId: { column: 'parent_id', type: 'id' },
    productNumber: { column: 'product_number', type: 'string' },
    type: { column: 'type', type: 'string' },
    manufacturerId: { column: 'manufacturer_id', type: 'id' },
    taxId: { column: 'tax_id', type: 'id' },
    unitId: { column: 'unit_id', type: 'id' },
    deliveryTimeId: { column: 'delivery_time_id', type: 'id' },
    coverId: { column: 'cover_id', type: 'id' },
    active: { column: 'active', type: 'bool' },
    stock: { column: 'stock', type: 'int' },
    availableStock: { column: 'available_stock', type: 'int' },
    available: { column: 'available', type: 'bool' },
    isCloseout: { column: 'is_closeout', type: 'bool' },
    minPurchase: { column: 'min_purchase', type: 'int' },
    maxPurchase: { column: 'max_purchase', type: 'int' },
    purchaseSteps: { column: 'purchase_steps', type: 'int' },
    shippingFree: { column: 'shipping_free', type: 'bool' },
    markAsTopseller: { column: 'mark_as_topseller', type: 'bool' },
    ean: { column: 'ean', type: 'string' },
    manufacturerNumber: { column: 'manufacturer_number', type: 'string' },
    weight: { column: 'weight', type: 'float' },
    width: { column: 'width', type: 'float' },
    height: { column: 'height', type: 'float' },
    length: { column: 'length', type: 'float' },
    purchaseUnit: { column: 'purchase_unit', type: 'float' },
    referenceUnit: { column: 'reference_unit', type: 'float' },
    // the sales-channel price fields read the gross CHF price (cheapest over variants for parents)
    price: { column: 'price', type: 'float' },
    cheapestPrice: { column: 'cheapest_price', type: 'float' },
    ratingAverage: { column: 'rating_average', type: 'float' },
    sales: { column: 'sales', type: 'int' },
    childCount: { column: 'child_count', type: 'int' },
    releaseDate: { column: 'release_date', type: 'date' },
    createdAt: { column: 'created_at', type: 'date' },
    name: { column: 'name', type: 'string', translated: true },
    description: { column: 'description', type: 'string', translated: true },
    metaTitle: { column: 'meta_title', type: 'string', translated: true },
    metaDescription: { column: 'meta_description', type: 'string', translated: true },
    keywords: { column: 'keywords', type: 'string', translated: true },
    packUnit: { column: 'pack_unit', type: 'string', translated: true },
    packUnitPlural: { column: 'pack_unit_plural', type: 'string', translated: true },
  },
  associations: {
    parent: { kind: 'manyToOne', entity: 'product', localColumn: 'parent_id' },
    children: { kind: 'oneToMany', entity: 'product', foreignColumn: 'parent_id' },
    manufacturer: { kind: 'manyToOne', entity: 'product_manufacturer', localColumn: 'manufacturer_id' },
    unit: { kind: 'manyToOne', entity: 'unit', localColumn: 'unit_id' },
    tax: { kind: 'manyToOne', entity: 'tax', localColumn: 'tax_id' },
    deliveryTime: { kind: 'manyToOne', entity: 'delivery_time', localColumn: 'delivery_time_id' },
    cover: { kind: 'manyToOne', entity: 'product_media', localColumn: 'cover_id' },
    media: { kind: 'oneToMany', entity: 'product_media', foreignColumn: 'product_id' },
    prices: { kind: 'oneToMany', entity: 'product_price', foreignColumn: 'product_id' },
    properties: { kind: 'manyToMany', entity: 'property_group_option', mappingTable: 'product_property', mappingLocal: 'product_id', mappingForeign: 'property_group_option_id' },
    options: { kind: 'manyToMany', entity: 'property_group_option', mappingTable: 'product_option', mappingLocal: 'product_id', mappingForeign: 'property_group_option_id' },
    categories: { kind: 'manyToMany', entity: 'category', mappingTable: 'product_category', mappingLocal: 'product_id', mappingForeign: 'category_id' },
    categoriesRo: { kind: 'manyToMany', entity: 'category', mappingTable: 'product_category_tree', mappingLocal: 'product_id', mappingForeign: 'category_id' },
    seoUrls: { kind: 'oneToMany', entity: 'seo_url', foreignColumn: 'foreign_key' },
    productReviews: { kind: 'oneToMany', entity: 'product_review', foreignColumn: 'product_id' },
    crossSellings: { kind: 'oneToMany', entity: 'product_cross_selling', foreignColumn: 'product_id' },
    configuratorSettings: { kind: 'oneToMany', entity: 'product_configurator_setting', foreignColumn: 'product_id' },
  },
  // Shopware's product has both; here no product has a layout of its own or an Open Graph image
  unfilledAssociations: { cmsPage: 'cms_page', openGraphMedia: 'media' },
  idListFields: { propertyIds: 'properties', optionIds: 'options' },
  defaultSort: [{ field: 'productNumber', order: 'ASC' }],
  // the sales channel shows active products only
  baseCondition: (_ctx, alias) => ({ sql: `${alias}.active = 1`, params: [] }),
  termCondition: productTermCondition,
  hydrate: (ctx, ids, criteria) => loadProducts(ctx, ids, criteria),
});

/** Small entities the product refers to, registered so Criteria can filter across them. */
registerEntity({
  name: 'product_media',
  table: 'product_media',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    productId: { column: 'product_id', type: 'id' },
    mediaId: { column: 'media_id', type: 'id' },
    position: { column: 'position', type: 'int' },
  },
  associations: { media: { kind: 'manyToOne', entity: 'media', localColumn: 'media_id' } },
  hydrate: () => [],
});

registerEntity({
  name: 'product_price',
  table: 'product_price',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    productId: { column: 'product_id', type: 'id' },
    quantityStart: { column: 'quantity_start', type: 'int' },
    quantityEnd: { column: 'quantity_end', type: 'int' },
  },
  associations: {},
  hydrate: () => [],
});

registerEntity({
  name: 'tax',
  table: 'tax',
  idColumn: 'id',
  fields: { id: { column: 'id', type: 'id' }, taxRate: { column: 'tax_rate', type: 'float' }, name: { column: 'name', type: 'string' } },
  associations: {},
  hydrate: (ctx, ids) => {
    const taxes = new Map(loadTaxes(ctx).map((tax) => [tax.id as string, tax]));
    return inIdOrder(taxes, ids);
  },
});

registerEntity({
  name: 'unit',
  table: 'unit',
  idColumn: 'id',
  translationTable: 'unit_translation',
  translationForeignKey: 'unit_id',
  fields: { id: { column: 'id', type: 'id' }, shortCode: { column: 'short_code', type: 'string', translated: true }, name: { column: 'name', type: 'string', translated: true } },
  associations: {},
  hydrate: (ctx, ids) => {
    const units = loadUnits(ctx);
    return inIdOrder(units, ids);
  },
});


registerEntity({
  name: 'product_cross_selling',
  table: 'product_cross_selling',
  idColumn: 'id',
  translationTable: 'product_cross_selling_translation',
  translationForeignKey: 'product_cross_selling_id',
  fields: {
    id: { column: 'id', type: 'id' },
    productId: { column: 'product_id', type: 'id' },
    position: { column: 'position', type: 'int' },
    type: { column: 'type', type: 'string' },
    active: { column: 'active', type: 'bool' },
    name: { column: 'name', type: 'string', translated: true },
  },
  associations: {},
  hydrate: () => [],
});

registerEntity({
  name: 'product_configurator_setting',
  table: 'product_configurator_setting',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    productId: { column: 'product_id', type: 'id' },
    optionId: { column: 'property_group_option_id', type: 'id' },
    position: { column: 'position', type: 'int' },
  },
  associations: { option: { kind: 'manyToOne', entity: 'property_group_option', localColumn: 'property_group_option_id' } },
  hydrate: () => [],
});

export function productCriteria(): Criteria {
  return emptyCriteria('product');
}
