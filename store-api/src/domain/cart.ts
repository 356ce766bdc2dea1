import type { SalesChannelContext } from '../context';
import { saveContextPayload } from '../context';
import type { Db } from '../db/connection';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CHF } from '../config';
import { cachedStatement, idList, queryAll, queryOne } from '../dal/statements';
import { loadMedia } from '../entities/media';
import { openingHoursJson } from '../entities/pharmacy';
import { languagePair, loadCountries, loadDeliveryTimes, loadShippingMethods } from '../entities/system';
import { StoreApiError } from '../errors';
import { isId, randomId } from '../ids';
import type {
  CalculatedCart,
  CalculatedLineItem,
  CartError,
  CartErrorLevel,
  ExpectedDelivery,
  Fulfilment,
  StoredCart,
  StoredLineItem,
} from './cart-types';
import { expectedDelivery } from './delivery-dates';
import { calculatedPrice, includedTax, roundPrice, taxRulesJson } from './pricing';
import { insuredTierOf, insuredUnitPrice, medicationKinds, promotionReservedFor } from './insurer';
import { discountFor, findPromotionByCode, meetsMinimumOrderValue, promotionRefusal, type DiscountType, type PromotionRow } from './promotions';
import { decideShipping, roundWeightKg } from './shipping';

// The server-side cart (SPEC §4 Cart, issue 5): the `cart` table keeps what the shopper asked for per
// context token; everything with a price is calculated here on every read from the catalogue of now —
// tier prices, VAT per line, promotions, weight-based shipping, Click & Collect, the expected delivery and
// the cart's errors in Shopware's keyed form. Nothing the browser sends is trusted beyond ids and quantities.

type Json = Record<string, unknown>;

/** Shopware's core.cart.maxQuantity: the most of one product when the product sets no maximum. */
export const DEFAULT_MAX_PURCHASE = 100;
/** Lines per request and per cart: a cart is bought by a person, not a script. */
export const MAX_LINE_ITEMS = 100;

const STANDARD_VAT_RATE = 8.1;

// --- settings ------------------------------------------------------------------------------------------

export interface CartSettings {
  freeShippingThresholdChf: number;
}

const settingsByDb = new WeakMap<Db, CartSettings>();

/** The Store API binds its configuration to its database when it is created (app.ts). */
export function configureCart(db: Db, settings: CartSettings): void {
  settingsByDb.set(db, settings);
}

function settingsOf(db: Db): CartSettings {
  return settingsByDb.get(db) ?? { freeShippingThresholdChf: DEFAULT_FREE_SHIPPING_THRESHOLD_CHF };
}

/** The order value (CHF) from which delivery is free: the cart's rule, which product pages promise too. */
export function freeShippingThresholdChf(db: Db): number {
  return settingsOf(db).freeShippingThresholdChf;
}

// --- storage -------------------------------------------------------------------------------------------

function emptyCart(): StoredCart {
  return { lineItems: [], pharmacyId: null, pendingErrors: [] };
}

/** The stored cart of a context token, or null when it has none. */
export function readStoredCart(db: Db, token: string): StoredCart | null {
  const row = queryOne<{ payload: string }>(db, 'SELECT payload FROM cart WHERE token = ?', [token]);
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.payload) as Partial<StoredCart>;
    return { ...parsed, lineItems: Array.isArray(parsed.lineItems) ? parsed.lineItems : [] };
  } catch {
    return emptyCart();
  }
}

function isEmptyStoredCart(cart: StoredCart): boolean {
  return cart.lineItems.length === 0 && !cart.pharmacyId && !cart.pendingErrors?.length;
}

/**
 * Writes the cart of a token (an empty cart is deleted: nothing is kept for it). Used by the cart routes
 * and by the order code (login carries a cart to the new token; a failed payment restores one).
 */
export function writeStoredCart(db: Db, token: string, salesChannelId: string, cart: StoredCart): void {
  // A cart without products is an emptied cart: it no longer stands for a restored order.
  if (!cart.lineItems.some((l) => l.type === 'product')) cart.restoredFromOrderId = null;
  if (isEmptyStoredCart(cart)) {
    cachedStatement(db, 'DELETE FROM cart WHERE token = ?').run(token);
    return;
  }
  const payload: StoredCart = { lineItems: cart.lineItems, pharmacyId: cart.pharmacyId ?? null };
  if (cart.pendingErrors?.length) payload.pendingErrors = cart.pendingErrors;
  if (cart.restoredFromOrderId) payload.restoredFromOrderId = cart.restoredFromOrderId;
  const now = new Date().toISOString();
  cachedStatement(
    db,
    `INSERT INTO cart (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`,
  ).run(token, salesChannelId, JSON.stringify(payload), now, now);
}

/** Deletes the cart of the context (DELETE /checkout/cart; the order code after placing an order). */
export function deleteCart(ctx: SalesChannelContext): void {
  cachedStatement(ctx.db, 'DELETE FROM cart WHERE token = ?').run(ctx.token);
}

// --- errors --------------------------------------------------------------------------------------------

export function cartError(key: string, messageKey: string, level: CartErrorLevel, message: string, parameters: Json = {}): CartError {
  return { ...parameters, key, messageKey, level, message, code: level };
}

const PROMOTION_NOT_FOUND = 'promotion-not-found';
/** Errors of level 20 whose Shopware class answers blockOrder() false: told to the shopper, the order still goes. */
const ORDER_NOT_BLOCKED_BY: ReadonlySet<string> = new Set([PROMOTION_NOT_FOUND]);

/** The errors that block placing the order (level 20, unless Shopware lets the order go with them). */
export function cartBlockingErrors(cart: CalculatedCart): CartError[] {
  return cart.errors.filter((error) => error.level === 20 && !ORDER_NOT_BLOCKED_BY.has(error.messageKey));
}

function mergeErrors(...lists: CartError[][]): CartError[] {
  const byKey = new Map<string, CartError>();
  for (const list of lists) for (const error of list) byKey.set(error.key, error);
  return [...byKey.values()];
}

// --- product facts -------------------------------------------------------------------------------------

/** What the cart needs to know about a product; variants inherit what they leave empty from their parent. */
export interface ProductFacts {
  id: string;
  parentId: string | null;
  productNumber: string;
  name: string;
  buyable: boolean;
  /** active and available, but maybe not buyable as a variant parent */
  active: boolean;
  available: boolean;
  isParent: boolean;
  taxId: string;
  taxRate: number;
  price: number;
  listPrice: number | null;
  tiers: { quantityStart: number; quantityEnd: number | null; price: number; listPrice: number | null }[];
  weightKg: number;
  width: number | null;
  height: number | null;
  length: number | null;
  isDownload: boolean;
  shippingFree: boolean;
  clickCollectOnly: boolean;
  prescriptionRequired: boolean;
  stock: number;
  availableStock: number;
  isCloseout: boolean;
  minPurchase: number;
  maxPurchase: number | null;
  purchaseSteps: number;
  coverMediaId: string | null;
  deliveryTimeId: string | null;
  manufacturerId: string | null;
  options: { group: string; option: string }[];
}

interface ProductFactsRow {
  id: string;
  parent_id: string | null;
  product_number: string;
  type: string;
  tax_id: string;
  tax_rate: number | null;
  active: number;
  parent_active: number | null;
  available: number;
  child_count: number;
  price: number;
  list_price: number | null;
  weight: number | null;
  width: number | null;
  height: number | null;
  length: number | null;
  shipping_free: number;
  click_collect_only: number;
  prescription_required: number;
  stock: number;
  available_stock: number;
  is_closeout: number;
  min_purchase: number;
  max_purchase: number | null;
  purchase_steps: number;
  cover_media_id: string | null;
  delivery_time_id: string | null;
  manufacturer_id: string | null;
  name: string | null;
}

const PRODUCT_FACTS_SQL = `SELECT p.id, p.parent_id, p.product_number, p.type, p.tax_id, tax.tax_rate, p.active, par.active AS parent_active,
    p.available, p.child_count, p.price, p.list_price,
    COALESCE(p.weight, par.weight) AS weight, COALESCE(p.width, par.width) AS width, COALESCE(p.height, par.height) AS height,
    COALESCE(p.length, par.length) AS length, p.shipping_free, p.click_collect_only, p.prescription_required, p.stock,
    p.available_stock, p.is_closeout, p.min_purchase, p.max_purchase, p.purchase_steps,
    (SELECT pm.media_id FROM product_media pm WHERE pm.id = COALESCE(p.cover_id, par.cover_id)) AS cover_media_id,
    COALESCE(p.delivery_time_id, par.delivery_time_id) AS delivery_time_id, COALESCE(p.manufacturer_id, par.manufacturer_id) AS manufacturer_id,
    COALESCE(tl.name, ptl.name, tf.name, ptf.name) AS name
  FROM product p
  LEFT JOIN product par ON par.id = p.parent_id
  LEFT JOIN tax ON tax.id = p.tax_id
  LEFT JOIN product_translation tl ON tl.product_id = p.id AND tl.language_id = ?
  LEFT JOIN product_translation ptl ON ptl.product_id = p.parent_id AND ptl.language_id = ?
  LEFT JOIN product_translation tf ON tf.product_id = p.id AND tf.language_id = ?
  LEFT JOIN product_translation ptf ON ptf.product_id = p.parent_id AND ptf.language_id = ?
  WHERE p.id IN (SELECT value FROM json_each(?))`;

/** Facts of the given products (unknown ids are left out): three indexed queries for any number of lines. */
function loadProductFacts(ctx: SalesChannelContext, ids: readonly string[]): Map<string, ProductFacts> {
  const facts = new Map<string, ProductFacts>();
  const wanted = [...new Set(ids.filter(isId))];
  if (!wanted.length) return facts;
  const [own, fallback] = languagePair(ctx);
  const rows = queryAll<ProductFactsRow>(ctx.db, PRODUCT_FACTS_SQL, [own, own, fallback, fallback, idList(wanted)]);
  if (!rows.length) return facts;
  const withParents = [...new Set(rows.flatMap((r) => (r.parent_id ? [r.id, r.parent_id] : [r.id])))];
  const tiers = queryAll<{ product_id: string; quantity_start: number; quantity_end: number | null; price: number; list_price: number | null }>(
    ctx.db,
    'SELECT product_id, quantity_start, quantity_end, price, list_price FROM product_price WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY quantity_start',
    [idList(withParents)],
  );
  const options = queryAll<{ product_id: string; grp: string | null; opt: string | null }>(
    ctx.db,
    `SELECT po.product_id, COALESCE(gt.name, gf.name) AS grp, COALESCE(ot.name, of.name) AS opt
     FROM product_option po
     JOIN property_group_option o ON o.id = po.property_group_option_id
     LEFT JOIN property_group_option_translation ot ON ot.property_group_option_id = o.id AND ot.language_id = ?
     LEFT JOIN property_group_option_translation of ON of.property_group_option_id = o.id AND of.language_id = ?
     LEFT JOIN property_group_translation gt ON gt.property_group_id = o.group_id AND gt.language_id = ?
     LEFT JOIN property_group_translation gf ON gf.property_group_id = o.group_id AND gf.language_id = ?
     WHERE po.product_id IN (SELECT value FROM json_each(?))`,
    [own, fallback, own, fallback, idList(wanted)],
  );
  for (const row of rows) {
    const ownTiers = tiers.filter((t) => t.product_id === row.id);
    const inheritedTiers = ownTiers.length ? ownTiers : tiers.filter((t) => t.product_id === row.parent_id);
    const active = row.active === 1 && (row.parent_active === null || row.parent_active === 1);
    const available = row.available === 1;
    const isParent = row.child_count > 0;
    facts.set(row.id, {
      id: row.id,
      parentId: row.parent_id,
      productNumber: row.product_number,
      name: row.name ?? row.product_number,
      buyable: active && available && !isParent,
      active,
      available,
      isParent,
      taxId: row.tax_id,
      taxRate: row.tax_rate ?? STANDARD_VAT_RATE,
      price: row.price,
      listPrice: row.list_price,
      tiers: inheritedTiers.map((t) => ({ quantityStart: t.quantity_start, quantityEnd: t.quantity_end, price: t.price, listPrice: t.list_price })),
      weightKg: row.type === 'digital' ? 0 : Math.max(0, row.weight ?? 0),
      width: row.width,
      height: row.height,
      length: row.length,
      isDownload: row.type === 'digital',
      shippingFree: row.shipping_free === 1,
      clickCollectOnly: row.click_collect_only === 1,
      prescriptionRequired: row.prescription_required === 1,
      stock: row.stock,
      availableStock: row.available_stock,
      isCloseout: row.is_closeout === 1,
      minPurchase: Math.max(1, row.min_purchase),
      maxPurchase: row.max_purchase,
      purchaseSteps: Math.max(1, row.purchase_steps),
      coverMediaId: row.cover_media_id,
      deliveryTimeId: row.delivery_time_id,
      manufacturerId: row.manufacturer_id,
      options: options.filter((o) => o.product_id === row.id).map((o) => ({ group: o.grp ?? '', option: o.opt ?? '' })),
    });
  }
  return facts;
}

// --- rules (pure) --------------------------------------------------------------------------------------

export interface QuantityLimits {
  minPurchase: number;
  maxPurchase: number | null;
  purchaseSteps: number;
  isCloseout: boolean;
  availableStock: number;
}

/** The most of a product one cart may hold: its max purchase (default 100), and its stock when it is a closeout. */
function maxQuantityOf(limits: QuantityLimits): number {
  let max = limits.maxPurchase ?? DEFAULT_MAX_PURCHASE;
  if (limits.isCloseout) max = Math.min(max, Math.max(0, limits.availableStock));
  return max;
}

export type QuantityAdjustment = 'min' | 'max' | 'stock' | 'steps' | 'out-of-stock' | null;

/**
 * The quantity a line may have (Shopware's ProductCartProcessor): at least min purchase, at most max purchase
 * (and the stock of a closeout), in purchase steps from the minimum. 0 with 'out-of-stock' when even the
 * minimum is not there.
 */
export function clampQuantity(requested: number, limits: QuantityLimits): { quantity: number; adjusted: QuantityAdjustment } {
  const min = Math.max(1, limits.minPurchase);
  const steps = Math.max(1, limits.purchaseSteps);
  const max = maxQuantityOf(limits);
  const stockBound = limits.isCloseout && Math.max(0, limits.availableStock) < (limits.maxPurchase ?? DEFAULT_MAX_PURCHASE);
  if (max < min) return { quantity: 0, adjusted: 'out-of-stock' };
  let quantity = requested;
  let adjusted: QuantityAdjustment = null;
  if (quantity < min) {
    quantity = min;
    adjusted = 'min';
  }
  if (quantity > max) {
    quantity = max;
    adjusted = stockBound ? 'stock' : 'max';
  }
  const aligned = min + Math.floor((quantity - min) / steps) * steps;
  if (aligned !== quantity) {
    quantity = aligned;
    adjusted = adjusted ?? 'steps';
  }
  return { quantity, adjusted };
}

/** The unit price for a quantity: the tier whose range holds it, else the product's price. */
export function tierUnitPrice(
  facts: Pick<ProductFacts, 'price' | 'listPrice' | 'tiers'>,
  quantity: number,
): { unitPrice: number; listPrice: number | null } {
  const tier = facts.tiers.find((t) => quantity >= t.quantityStart && (t.quantityEnd === null || quantity <= t.quantityEnd));
  if (tier) return { unitPrice: tier.price, listPrice: tier.listPrice };
  return { unitPrice: facts.price, listPrice: facts.listPrice };
}

export interface FulfilmentConflict {
  cartFulfilment: Fulfilment;
  productFulfilment: Fulfilment;
}

/**
 * Click & Collect items and items for delivery never share a cart (SPEC §4 Cart). Downloads go with either.
 * When the shopper has chosen Click & Collect for the whole cart, everything is collected: no conflict.
 */
export function fulfilmentConflict(
  cart: { hasClickCollectOnly: boolean; hasDeliverable: boolean },
  product: { clickCollectOnly: boolean; isDownload: boolean },
  clickAndCollectChosen: boolean,
): FulfilmentConflict | null {
  if (product.isDownload || clickAndCollectChosen) return null;
  if (product.clickCollectOnly && cart.hasDeliverable) return { cartFulfilment: 'delivery', productFulfilment: 'click_and_collect' };
  if (!product.clickCollectOnly && cart.hasClickCollectOnly) return { cartFulfilment: 'click_and_collect', productFulfilment: 'delivery' };
  return null;
}

/** The fields that make two addresses the same place for the same person (phone and salutation do not). */
export interface PostalAddress {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  department: string | null;
  street: string | null;
  additional_address_line1: string | null;
  additional_address_line2: string | null;
  zipcode: string | null;
  city: string | null;
  country_id: string | null;
  country_state_id: string | null;
}

const POSTAL_FIELDS: (keyof PostalAddress)[] = [
  'first_name',
  'last_name',
  'company',
  'department',
  'street',
  'additional_address_line1',
  'additional_address_line2',
  'zipcode',
  'city',
  'country_id',
  'country_state_id',
];

const normalised = (value: string | null | undefined): string => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Invoice needs the billing address to be the shipping address (SPEC §8): compared by content, not by id. */
export function addressesDiffer(billing: PostalAddress, shipping: PostalAddress): boolean {
  return POSTAL_FIELDS.some((field) => normalised(billing[field]) !== normalised(shipping[field]));
}

// --- context facts -------------------------------------------------------------------------------------

interface ShippingMethodFacts {
  id: string;
  clickAndCollect: boolean;
}

/** The shop's active shipping methods in their order (two rows: post and Click & Collect). */
function activeShippingMethods(db: Db): ShippingMethodFacts[] {
  return queryAll<{ id: string; click_and_collect: number }>(
    db,
    'SELECT id, click_and_collect FROM shipping_method WHERE active = 1 ORDER BY position, technical_name',
  ).map((r) => ({ id: r.id, clickAndCollect: r.click_and_collect === 1 }));
}

function clickAndCollectChosen(ctx: SalesChannelContext): boolean {
  return activeShippingMethods(ctx.db).find((m) => m.id === ctx.shippingMethodId)?.clickAndCollect ?? false;
}

const ADDRESS_SQL = `SELECT first_name, last_name, company, department, street, additional_address_line1, additional_address_line2,
  zipcode, city, country_id, country_state_id FROM customer_address WHERE id = ? AND customer_id = ?`;

/** The context's billing and shipping address (chosen ones, else the customer's defaults), or null. */
function contextAddresses(ctx: SalesChannelContext): { billing: PostalAddress; shipping: PostalAddress } | null {
  if (!ctx.customerId) return null;
  let billingId = typeof ctx.payload.billingAddressId === 'string' ? ctx.payload.billingAddressId : null;
  let shippingId = typeof ctx.payload.shippingAddressId === 'string' ? ctx.payload.shippingAddressId : null;
  if (!billingId || !shippingId) {
    const customer = queryOne<{ default_billing_address_id: string | null; default_shipping_address_id: string | null }>(
      ctx.db,
      'SELECT default_billing_address_id, default_shipping_address_id FROM customer WHERE id = ?',
      [ctx.customerId],
    );
    billingId ??= customer?.default_billing_address_id ?? null;
    shippingId ??= customer?.default_shipping_address_id ?? billingId;
  }
  if (!billingId || !shippingId) return null;
  const billing = queryOne<PostalAddress>(ctx.db, ADDRESS_SQL, [billingId, ctx.customerId]);
  const shipping = billingId === shippingId ? billing : queryOne<PostalAddress>(ctx.db, ADDRESS_SQL, [shippingId, ctx.customerId]);
  return billing && shipping ? { billing, shipping } : null;
}

function paymentMethodFacts(db: Db, id: string, languageId: string): { technicalName: string; name: string } | null {
  const row = queryOne<{ technical_name: string; name: string | null }>(
    db,
    `SELECT p.technical_name, t.name FROM payment_method p
     LEFT JOIN payment_method_translation t ON t.payment_method_id = p.id AND t.language_id = ? WHERE p.id = ?`,
    [languageId, id],
  );
  return row ? { technicalName: row.technical_name, name: row.name ?? row.technical_name } : null;
}

/** The invoice payment method (SPEC §5: only when billing and shipping are one address). */
export const INVOICE_TECHNICAL_NAME = 'payment_invoice';

/** Whether a Click & Collect pharmacy with this id exists. */
export function clickAndCollectPharmacyExists(db: Db, pharmacyId: string): boolean {
  return pickupPharmacy(db, pharmacyId) !== null;
}

/** Date.getUTCDay() order: 0 Sunday … 6 Saturday. */
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The preferred pharmacy of the session's customer (PATCH /customer-pharmacy), or null. */
function preferredPharmacyId(ctx: SalesChannelContext): string | null {
  if (!ctx.customerId) return null;
  return queryOne<{ id: string | null }>(ctx.db, 'SELECT preferred_pharmacy_id AS id FROM customer WHERE id = ? AND guest = 0', [ctx.customerId])?.id ?? null;
}

/** A Click & Collect pharmacy and the weekdays (0 Sunday … 6 Saturday) it is open (none known: the next working day applies), or null. */
function pickupPharmacy(db: Db, pharmacyId: string): { id: string; openWeekdays: Set<number> } | null {
  const row = queryOne<{ id: string; opening_hours: string }>(db, 'SELECT id, opening_hours FROM pharmacy WHERE id = ? AND click_and_collect = 1', [
    pharmacyId,
  ]);
  if (!row) return null;
  const hours = openingHoursJson(row.opening_hours);
  return { id: row.id, openWeekdays: new Set(WEEKDAY_KEYS.flatMap((key, weekday) => (hours[key].length > 0 ? [weekday] : []))) };
}

/**
 * The promotion of a code; one change asks for the same code up to three times (add, re-check, calculate).
 * `customerId`: whose cart it is, for the promotions only one customer may redeem (loyalty vouchers);
 * `loggedIn`: whether that is a logged-in account (a guest or visitor must log in to redeem a voucher).
 */
interface PromotionLookup {
  (code: string): PromotionRow | null;
  customerId: string | null;
  loggedIn(): boolean;
}

function promotionLookup(ctx: SalesChannelContext): PromotionLookup {
  const found = new Map<string, PromotionRow | null>();
  const lookup = (code: string) => {
    // the insurer's welcome voucher is no code at all for customers it is not meant for
    if (!found.has(code)) found.set(code, promotionReservedFor(ctx, code) ? null : findPromotionByCode(ctx.db, code, ctx.languageIdChain));
    return found.get(code) ?? null;
  };
  let account: boolean | undefined;
  // asked only when a voucher is refused
  const loggedIn = () =>
    (account ??= Boolean(ctx.customerId && queryOne<{ id: string }>(ctx.db, 'SELECT id FROM customer WHERE id = ? AND guest = 0 AND active = 1', [ctx.customerId])));
  return Object.assign(lookup, { customerId: ctx.customerId ?? null, loggedIn });
}

/** The refusal of a code the cart cannot take now (null when it can), as the shopper is told it. */
function promotionRefused(code: string, findPromotion: PromotionLookup, now: Date): CartError | null {
  const promotion = findPromotion(code);
  const refusal = promotionRefusal(promotion, now, findPromotion.customerId);
  if (!refusal) return null;
  const shown = code.trim().toUpperCase().slice(0, 100);
  // A customer's own voucher says why it is refused; an unknown or public code just "not found" (SPEC §5).
  // Not logged in, the shopper may be its owner: the voucher needs the customer account (SPEC §6).
  if (refusal === 'not-own' && !findPromotion.loggedIn()) {
    return cartError(`promotion-login-required-${shown}`, 'promotion-login-required', 10, `The voucher "${shown}" can only be redeemed when logged in to the customer account it was issued to.`, {
      promotionCode: shown,
      name: shown,
    });
  }
  if (refusal === 'not-own') {
    return cartError(`promotion-not-own-${shown}`, 'promotion-not-own', 10, `The voucher "${shown}" can only be redeemed by the customer it was issued to.`, {
      promotionCode: shown,
      name: shown,
    });
  }
  if (refusal === 'exhausted' && promotion?.customer_id) {
    return cartError(`promotion-redeemed-${shown}`, 'promotion-redeemed', 10, `The voucher "${shown}" has already been redeemed.`, { promotionCode: shown, name: shown });
  }
  return promotionNotFound(code);
}

// --- calculation ---------------------------------------------------------------------------------------

export interface CalculateOptions {
  /** the clock of the expected delivery and of promotion validity */
  now?: Date;
  /** errors raised by the change that led to this calculation (answered once) */
  changeErrors?: CartError[];
  /** product facts already loaded by the change */
  facts?: Map<string, ProductFacts>;
  /** the change's promotion lookup (codes it has already read) */
  findPromotion?: PromotionLookup;
}

function taxEntry(tax: number, taxRate: number, price: number): Json {
  return { tax, taxRate, price, apiAlias: 'cart_tax_calculated' };
}

function productLineJson(
  line: StoredLineItem,
  facts: ProductFacts,
  quantity: number,
  price: Json,
  cover: Json | null,
  deliveryTime: Json | null,
  insurerDiscount: Json | null = null,
): Json {
  const unitPrice = price.unitPrice as number;
  const maxPurchase = maxQuantityOf(facts);
  const state = facts.isDownload ? 'is-download' : 'is-physical';
  return {
    id: line.id,
    referencedId: facts.id,
    label: facts.name,
    quantity,
    type: 'product',
    good: true,
    description: null,
    removable: true,
    stackable: true,
    modified: false,
    modifiedByApp: false,
    uniqueIdentifier: line.id,
    states: [state],
    payload: {
      // Shopware's product snapshot (plus the fields its schema asks for: id, name, options)
      id: facts.id,
      type: facts.isDownload ? 'digital' : 'physical',
      parentId: facts.parentId,
      productNumber: facts.productNumber,
      name: facts.name,
      taxId: facts.taxId,
      manufacturerId: facts.manufacturerId,
      stock: facts.stock,
      availableStock: facts.availableStock,
      isCloseout: facts.isCloseout,
      shippingFree: facts.shippingFree,
      options: facts.options.map((o) => ({ group: o.group, option: o.option, translated: { group: o.group, option: o.option } })),
      // the shop's own
      clickAndCollect: facts.clickCollectOnly,
      prescriptionRequired: facts.prescriptionRequired,
      isDownload: facts.isDownload,
      ...(insurerDiscount ? { insurerDiscount } : {}),
    },
    price,
    priceDefinition: {
      type: 'quantity',
      price: unitPrice,
      quantity,
      isCalculated: true,
      taxRules: taxRulesJson(facts.taxRate),
      listPrice: null,
      regulationPrice: null,
      referencePriceDefinition: null,
      apiAlias: 'cart_price_quantity',
    },
    deliveryInformation: {
      stock: facts.availableStock,
      weight: facts.weightKg,
      freeDelivery: facts.shippingFree,
      restockTime: null,
      deliveryTime,
      width: facts.width,
      height: facts.height,
      length: facts.length,
      apiAlias: 'cart_delivery_information',
    },
    quantityInformation: {
      minPurchase: facts.minPurchase,
      maxPurchase,
      purchaseSteps: facts.purchaseSteps,
      apiAlias: 'cart_quantity_information',
    },
    cover,
    children: [],
    dataTimestamp: null,
    dataContextHash: null,
    extensions: {},
    apiAlias: 'cart_line_item',
  };
}

function cartTaxJson(taxes: { taxRate: number; tax: number; price: number }[]): { calculatedTaxes: Json[]; taxRules: Json[] } {
  const total = taxes.reduce((sum, t) => sum + t.price, 0);
  return {
    calculatedTaxes: taxes.map((t) => taxEntry(t.tax, t.taxRate, t.price)),
    taxRules: taxes.map((t) => ({
      taxRate: t.taxRate,
      percentage: total > 0 ? roundPrice((t.price / total) * 100) : 100 / taxes.length,
      apiAlias: 'cart_tax_rule',
    })),
  };
}

/** Recalculates a stored cart: prices, promotions, shipping, delivery dates and errors. Reads only. */
export function calculateCart(ctx: SalesChannelContext, stored: StoredCart, options: CalculateOptions = {}): CalculatedCart {
  const now = options.now ?? new Date();
  const settings = settingsOf(ctx.db);
  const findPromotion = options.findPromotion ?? promotionLookup(ctx);
  const productLines = stored.lineItems.filter((l) => l.type === 'product');
  const facts = options.facts ?? loadProductFacts(ctx, productLines.map((l) => l.referencedId));
  const persistent: CartError[] = [];

  // Products: a line whose product is gone from the catalogue is left out; one that can no longer be bought
  // stays (so the shopper sees it) with an error that blocks the order.
  const deliveryTimes = productLines.length ? loadDeliveryTimes(ctx) : undefined;
  const covers = loadMedia(ctx, productLines.flatMap((l) => facts.get(l.referencedId)?.coverMediaId ?? []));
  // Insured customers' discount on medicines (insurer partnership): a lower unit price, the regular one as list price.
  const insuredTier = insuredTierOf(ctx);
  const kinds = insuredTier ? medicationKinds(ctx.db, productLines.map((l) => l.referencedId)) : new Map();
  const lines: CalculatedLineItem[] = [];
  for (const line of productLines) {
    const product = facts.get(line.referencedId);
    if (!product) continue;
    const clamped = clampQuantity(line.quantity, product);
    const quantity = clamped.quantity > 0 ? clamped.quantity : line.quantity;
    if (!product.buyable || clamped.adjusted === 'out-of-stock') {
      persistent.push(
        cartError(`product-not-available-${product.id}`, 'product-not-available', 20, `The product ${product.name} is not available.`, {
          name: product.name,
          productId: product.id,
        }),
      );
    } else if ((clamped.adjusted === 'stock' || clamped.adjusted === 'max') && clamped.quantity < line.quantity) {
      // The stock of a closeout fell since the line was added: the shopper gets what is there.
      persistent.push(stockReached(product, clamped.quantity, clamped.adjusted === 'max' ? 'max-purchase' : 'stock'));
    }
    const tierPrice = tierUnitPrice(product, quantity);
    const insured = insuredUnitPrice(insuredTier, kinds.get(product.id) ?? null, tierPrice.unitPrice);
    const price = calculatedPrice({ unitPrice: insured.unitPrice, quantity, taxRate: product.taxRate, listPrice: insured.regularPrice ?? tierPrice.listPrice });
    const totalPrice = price.totalPrice as number;
    const deliveryTime = product.deliveryTimeId ? deliveryTimes?.get(product.deliveryTimeId) : undefined;
    lines.push({
      id: line.id,
      type: 'product',
      referencedId: product.id,
      label: product.name,
      quantity,
      unitPrice: price.unitPrice as number,
      totalPrice,
      taxRate: product.taxRate,
      tax: includedTax(totalPrice, product.taxRate),
      listPrice: (price.listPrice as { price: number } | null)?.price ?? null,
      product: {
        productNumber: product.productNumber,
        weightKg: product.weightKg,
        clickAndCollectOnly: product.clickCollectOnly,
        prescriptionRequired: product.prescriptionRequired,
        isDownload: product.isDownload,
        shippingFree: product.shippingFree,
        coverMediaId: product.coverMediaId,
        stock: product.availableStock,
        minPurchase: product.minPurchase,
        maxPurchase: maxQuantityOf(product),
        purchaseSteps: product.purchaseSteps,
      },
      json: productLineJson(
        line,
        product,
        quantity,
        price,
        product.coverMediaId ? (covers.get(product.coverMediaId) ?? null) : null,
        deliveryTime
          ? { name: deliveryTime.name, min: deliveryTime.min, max: deliveryTime.max, unit: deliveryTime.unit, apiAlias: 'cart_delivery_time' }
          : null,
        insured.discount,
      ),
    });
  }

  const goods = lines.filter((l) => l.type === 'product');
  const physical = goods.filter((l) => !l.product?.isDownload);
  const isVirtual = goods.length > 0 && physical.length === 0;
  const hasClickCollectOnly = physical.some((l) => l.product?.clickAndCollectOnly);
  const shippingMethods = activeShippingMethods(ctx.db);
  const chosenMethod = shippingMethods.find((m) => m.id === ctx.shippingMethodId) ?? null;
  const fulfilment: Fulfilment | null =
    goods.length === 0 ? null : !isVirtual && (hasClickCollectOnly || chosenMethod?.clickAndCollect) ? 'click_and_collect' : 'delivery';

  // Promotions, in the order they were added, each on what earlier ones left of the goods.
  const remainingByRate = new Map<number, number>();
  for (const line of goods) remainingByRate.set(line.taxRate, roundPrice((remainingByRate.get(line.taxRate) ?? 0) + line.totalPrice));
  const goodsTotal = roundPrice(goods.reduce((sum, l) => sum + l.totalPrice, 0));
  let freeShippingPromotion = false;
  const promotionCodes: string[] = [];
  for (const line of stored.lineItems.filter((l) => l.type === 'promotion')) {
    const promotion = findPromotion(line.referencedId);
    const refused = promotionRefused(line.referencedId, findPromotion, now);
    if (!promotion || refused) {
      persistent.push(refused ?? promotionNotFound(line.referencedId));
      continue;
    }
    promotionCodes.push(promotion.code);
    if (goods.length === 0) continue;
    if (!meetsMinimumOrderValue(promotion, goodsTotal)) {
      persistent.push(
        cartError(`promotion-not-eligible-${promotion.code}`, 'promotion-not-eligible', 10, `Promotion ${promotion.name ?? promotion.code} not eligible for cart!`, {
          name: promotion.name ?? promotion.code,
          promotionCode: promotion.code,
          minOrderValue: promotion.min_order_value,
        }),
      );
      continue;
    }
    const discount = discountFor(promotion.discount_type, promotion.value, remainingByRate);
    for (const part of discount.parts) remainingByRate.set(part.taxRate, roundPrice((remainingByRate.get(part.taxRate) ?? 0) + part.price));
    if (promotion.discount_type === 'free_shipping') freeShippingPromotion = true;
    lines.push(promotionLine(line, promotion, discount));
  }

  const positionPrice = roundPrice(lines.reduce((sum, l) => sum + l.totalPrice, 0));
  const weightKg = roundWeightKg(physical.reduce((sum, l) => sum + (l.product?.weightKg ?? 0) * l.quantity, 0));
  const shipping = decideShipping({
    fulfilment,
    isVirtual,
    weightKg,
    positionPrice,
    thresholdChf: settings.freeShippingThresholdChf,
    freeShippingPromotion,
    allItemsShipFree: physical.length > 0 && physical.every((l) => l.product?.shippingFree),
  });
  // Shopware's "auto" shipping tax: the highest rate among the goods.
  const shippingTaxRate = goods.length ? Math.max(...goods.map((l) => l.taxRate)) : STANDARD_VAT_RATE;
  const shippingCosts = calculatedPrice({ unitPrice: shipping.costs, quantity: 1, taxRate: shippingTaxRate });

  // VAT per rate: the lines' own VAT (Shopware's horizontal calculation), then shipping.
  const taxesByRate = new Map<number, { tax: number; price: number }>();
  const addTax = (taxRate: number, tax: number, price: number) => {
    const entry = taxesByRate.get(taxRate) ?? { tax: 0, price: 0 };
    taxesByRate.set(taxRate, { tax: roundPrice(entry.tax + tax), price: roundPrice(entry.price + price) });
  };
  for (const line of lines) {
    for (const t of (line.json.price as { calculatedTaxes: { tax: number; taxRate: number; price: number }[] }).calculatedTaxes) addTax(t.taxRate, t.tax, t.price);
  }
  const hasDelivery = fulfilment !== null && !isVirtual;
  if (hasDelivery && shipping.costs > 0) addTax(shippingTaxRate, includedTax(shipping.costs, shippingTaxRate), shipping.costs);
  const taxes = [...taxesByRate.entries()].sort((a, b) => b[0] - a[0]).map(([taxRate, t]) => ({ taxRate, tax: t.tax, price: t.price }));
  const rawTotal = roundPrice(positionPrice + (hasDelivery ? shipping.costs : 0));
  // Swiss cash rounding of the total (the currency's total rounding, 5 Rappen); rawTotal keeps the exact sum.
  const totalPrice = cashRound(rawTotal, totalRoundingInterval(ctx));
  const netPrice = roundPrice(rawTotal - taxes.reduce((sum, t) => sum + t.tax, 0));

  // Click & Collect needs a pharmacy (none chosen: the customer's preferred one, issue 6); invoice needs one
  // address for billing and shipping.
  const wantedPharmacyId = stored.pharmacyId ?? (fulfilment === 'click_and_collect' ? preferredPharmacyId(ctx) : null);
  const pharmacy = wantedPharmacyId ? pickupPharmacy(ctx.db, wantedPharmacyId) : null;
  const pharmacyId = pharmacy?.id ?? null;
  if (fulfilment === 'click_and_collect' && !pharmacyId) {
    persistent.push(cartError('pharmacy-required', 'pharmacy-required', 20, 'Please choose a pharmacy for Click & Collect.'));
  }
  const payment = goods.length > 0 ? paymentMethodFacts(ctx.db, ctx.paymentMethodId, ctx.languageId) : null;
  if (payment?.technicalName === INVOICE_TECHNICAL_NAME) {
    const addresses = contextAddresses(ctx);
    if (addresses && addressesDiffer(addresses.billing, addresses.shipping)) {
      persistent.push(
        cartError(
          'payment-method-blocked-invoice',
          'payment-method-blocked',
          20,
          `The payment method ${payment.name} is not possible when the billing address differs from the shipping address.`,
          { name: payment.name, reason: 'billing-address-differs' },
        ),
      );
    }
  }

  const delivery: ExpectedDelivery | null = fulfilment
    ? expectedDelivery({
        now,
        isVirtual,
        clickAndCollect: fulfilment === 'click_and_collect',
        prescription: goods.some((l) => l.product?.prescriptionRequired),
        pharmacyOpenWeekdays: pharmacy?.openWeekdays,
      })
    : null;
  // Click & Collect carts use the Click & Collect method whatever the context says; others the chosen post method.
  const shippingMethodId =
    fulfilment === 'click_and_collect'
      ? (shippingMethods.find((m) => m.clickAndCollect)?.id ?? ctx.shippingMethodId)
      : chosenMethod && !chosenMethod.clickAndCollect
        ? chosenMethod.id
        : (shippingMethods.find((m) => !m.clickAndCollect)?.id ?? ctx.shippingMethodId);

  // A code that waits for its minimum was not "added" (Shopware says one or the other, never both).
  const waiting = new Set(persistent.filter((e) => e.messageKey === 'promotion-not-eligible').map((e) => String(e.promotionCode).toUpperCase()));
  const changeErrors = (options.changeErrors ?? []).filter((e) => e.messageKey !== 'promotion-discount-added' || !waiting.has(String(e.promotionCode).toUpperCase()));
  const errors = mergeErrors(stored.pendingErrors ?? [], changeErrors, persistent);
  const cart: CalculatedCart = {
    token: ctx.token,
    lineItems: lines,
    fulfilment,
    isVirtual,
    positionPrice,
    shippingCosts: hasDelivery ? shipping.costs : 0,
    totalPrice,
    netPrice,
    rawTotal,
    taxes,
    weightKg,
    freeShipping: { threshold: settings.freeShippingThresholdChf, missingAmount: shipping.missingAmount, reached: shipping.reached },
    expectedDelivery: delivery,
    pharmacyId,
    shippingMethodId,
    paymentMethodId: ctx.paymentMethodId,
    errors,
    promotionCodes,
    hasPrescription: goods.some((l) => l.product?.prescriptionRequired),
    hasDownloads: goods.some((l) => l.product?.isDownload),
    json: {},
  };
  cart.json = cartJson(ctx, cart, shippingCosts, hasDelivery, deliveryTimes);
  return cart;
}

/** The currency's total rounding interval (CHF: 0.05), 0.01 when none is set. */
function totalRoundingInterval(ctx: SalesChannelContext): number {
  const row = queryOne<{ total_interval: number }>(ctx.db, 'SELECT total_interval FROM currency WHERE id = ?', [ctx.currencyId]);
  return row && row.total_interval > 0 ? row.total_interval : 0.01;
}

/** Rounds a total to the cash interval (Shopware's CashRounding): 18.32 → 18.30, 18.33 → 18.35 at 0.05. */
export function cashRound(value: number, interval: number): number {
  if (!(interval > 0.01)) return roundPrice(value);
  const steps = Math.round(roundPrice(value / interval) + (value >= 0 ? 1e-9 : -1e-9));
  return roundPrice(steps * interval);
}

/** Shopware's error for a quantity cut to what may be bought; `reason` tells the shop's maximum per order from stock. */
function stockReached(product: ProductFacts, quantity: number, reason: 'stock' | 'max-purchase' = 'stock'): CartError {
  return cartError(`product-stock-reached-${product.id}`, 'product-stock-reached', 10, `The product ${product.name} is only available ${quantity} times`, {
    name: product.name,
    quantity,
    reason,
  });
}

/** Shopware's PromotionNotFoundError: one key for every unknown code, level error, yet the order stays possible. */
function promotionNotFound(code: string): CartError {
  const shown = code.trim().toUpperCase().slice(0, 100);
  return cartError(PROMOTION_NOT_FOUND, PROMOTION_NOT_FOUND, 20, `Promotion with code ${shown} not found!`, {
    promotionCode: shown,
    name: shown,
  });
}

function promotionLine(
  line: StoredLineItem,
  promotion: { id: string; code: string; name: string | null; discount_type: DiscountType; value: number },
  discount: ReturnType<typeof discountFor>,
): CalculatedLineItem {
  const label = promotion.name ?? promotion.code;
  const total = discount.total;
  const rates = discount.parts.length ? discount.parts : [];
  const priceJson: Json = {
    unitPrice: total,
    quantity: 1,
    totalPrice: total,
    calculatedTaxes: rates.map((p) => taxEntry(p.tax, p.taxRate, p.price)),
    taxRules: rates.map((p) => ({ taxRate: p.taxRate, percentage: total !== 0 ? roundPrice((p.price / total) * 100) : 100, apiAlias: 'cart_tax_rule' })),
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
  const priceDefinition: Json =
    promotion.discount_type === 'percentage'
      ? { type: 'percentage', percentage: -promotion.value, filter: null, isCalculated: true, apiAlias: 'cart_price_percentage' }
      : { type: 'absolute', price: promotion.discount_type === 'absolute' ? -promotion.value : 0, filter: null, isCalculated: true, apiAlias: 'cart_price_absolute' };
  const topRate = rates.length ? Math.max(...rates.map((p) => p.taxRate)) : STANDARD_VAT_RATE;
  return {
    id: line.id,
    type: 'promotion',
    referencedId: promotion.code,
    label,
    quantity: 1,
    unitPrice: total,
    totalPrice: total,
    taxRate: topRate,
    tax: roundPrice(rates.reduce((sum, p) => sum + p.tax, 0)),
    listPrice: null,
    promotion: { id: promotion.id, code: promotion.code, discountType: promotion.discount_type, value: promotion.value },
    json: {
      id: line.id,
      referencedId: promotion.code,
      label,
      quantity: 1,
      type: 'promotion',
      good: false,
      description: promotion.code,
      removable: true,
      stackable: false,
      modified: false,
      modifiedByApp: false,
      uniqueIdentifier: line.id,
      states: [],
      payload: {
        code: promotion.code,
        promotionId: promotion.id,
        discountType: promotion.discount_type,
        value: promotion.value,
        discountScope: promotion.discount_type === 'free_shipping' ? 'delivery' : 'cart',
        promotionCodeType: 'fixed',
      },
      price: priceJson,
      priceDefinition,
      deliveryInformation: null,
      quantityInformation: null,
      cover: null,
      children: [],
      dataTimestamp: null,
      dataContextHash: null,
      extensions: {},
      apiAlias: 'cart_line_item',
    },
  };
}

function isoDateTime(date: string): string {
  return `${date}T00:00:00.000+00:00`;
}

function cartJson(ctx: SalesChannelContext, cart: CalculatedCart, shippingCosts: Json, hasDelivery: boolean, deliveryTimes?: Map<string, Json>): Json {
  const { calculatedTaxes, taxRules } = cartTaxJson(cart.taxes);
  const deliveries: Json[] = [];
  if (hasDelivery) {
    const method = loadShippingMethods(ctx, { ids: [cart.shippingMethodId], deliveryTimes })[0] ?? null;
    const deliveryDate = {
      earliest: isoDateTime(cart.expectedDelivery?.earliest ?? new Date().toISOString().slice(0, 10)),
      latest: isoDateTime(cart.expectedDelivery?.latest ?? new Date().toISOString().slice(0, 10)),
      apiAlias: 'cart_delivery_date',
    };
    deliveries.push({
      deliveryDate,
      location: { country: loadCountries(ctx, { ids: [ctx.countryId] })[0] ?? null, state: null, address: null, apiAlias: 'cart_delivery_shipping_location' },
      positions: cart.lineItems
        .filter((l) => l.type === 'product' && !l.product?.isDownload)
        .map((l) => ({ identifier: l.id, lineItem: l.json, quantity: l.quantity, price: l.json.price, deliveryDate, apiAlias: 'cart_delivery_position' })),
      shippingCosts,
      shippingMethod: method,
      apiAlias: 'cart_delivery',
    });
  }
  const errors = cart.errors.length ? Object.fromEntries(cart.errors.map((e) => [e.key, e])) : [];
  return {
    name: 'sales-channel',
    token: cart.token,
    price: {
      netPrice: cart.netPrice,
      totalPrice: cart.totalPrice,
      positionPrice: cart.positionPrice,
      rawTotal: cart.rawTotal ?? cart.totalPrice,
      taxStatus: 'gross',
      calculatedTaxes,
      taxRules,
      apiAlias: 'cart_price',
    },
    lineItems: cart.lineItems.map((l) => l.json),
    errors,
    deliveries,
    transactions: [
      {
        paymentMethodId: cart.paymentMethodId,
        amount: {
          unitPrice: cart.totalPrice,
          quantity: 1,
          totalPrice: cart.totalPrice,
          calculatedTaxes,
          taxRules,
          referencePrice: null,
          listPrice: null,
          regulationPrice: null,
          apiAlias: 'calculated_price',
        },
        validationStruct: null,
        apiAlias: 'cart_transaction',
      },
    ],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions: {
      'cart-promotions': { addedCodes: cart.promotionCodes ?? [], blockedPromotionIds: [], apiAlias: 'cart_promotions_data' },
      'pharmacy-shop': {
        fulfilment: cart.fulfilment,
        isVirtual: cart.isVirtual,
        weightKg: cart.weightKg,
        freeShipping: cart.freeShipping,
        expectedDelivery: cart.expectedDelivery
          ? {
              kind: cart.expectedDelivery.kind,
              earliest: cart.expectedDelivery.earliest,
              latest: cart.expectedDelivery.latest,
              dispatchDay: cart.expectedDelivery.dispatchDay ?? null,
            }
          : null,
        pharmacyId: cart.pharmacyId,
        taxes: cart.taxes,
        apiAlias: 'pharmacy_shop_cart',
      },
    },
    apiAlias: 'cart',
  };
}

// --- reading -------------------------------------------------------------------------------------------

/** The context's cart, recalculated (for the order code: pending errors stay pending). */
export function loadCalculatedCart(ctx: SalesChannelContext): CalculatedCart {
  return calculateCart(ctx, readStoredCart(ctx.db, ctx.token) ?? emptyCart());
}

/**
 * GET /checkout/cart: the cart with the errors of the last change, which this read consumes. Only clearing
 * those writes; an empty cart writes nothing.
 */
export function readCart(ctx: SalesChannelContext, now?: Date): CalculatedCart {
  const stored = readStoredCart(ctx.db, ctx.token);
  if (!stored) return calculateCart(ctx, emptyCart(), { now });
  if (!stored.pendingErrors?.length) return calculateCart(ctx, stored, { now });
  return ctx.db
    .transaction(() => {
      const current = readStoredCart(ctx.db, ctx.token) ?? emptyCart();
      const pending = current.pendingErrors ?? [];
      writeStoredCart(ctx.db, ctx.token, ctx.salesChannel.id, { ...current, pendingErrors: [] });
      return calculateCart(ctx, { ...current, pendingErrors: [] }, { now, changeErrors: pending });
    })
    .immediate();
}

// --- changes -------------------------------------------------------------------------------------------

/** One requested item of POST /checkout/cart/line-item, validated. */
export interface AddLineItemInput {
  type: 'product' | 'promotion';
  /** product id, or the promotion code */
  referencedId: string;
  quantity: number;
}

export interface UpdateLineItemInput {
  id: string;
  quantity: number;
}

/**
 * Runs one change of the cart in a write transaction: read, change, write, then calculate. The errors the
 * change raises are answered with this response and not kept (consumed once). A visitor's first change
 * also stores the context token, so the cart is found again.
 */
function changeCart(
  ctx: SalesChannelContext,
  change: (cart: StoredCart, errors: CartError[], findPromotion: PromotionLookup) => Map<string, ProductFacts> | void,
  now?: Date,
): CalculatedCart {
  return ctx.db
    .transaction(() => {
      const cart = readStoredCart(ctx.db, ctx.token) ?? emptyCart();
      const errors: CartError[] = [...(cart.pendingErrors ?? [])];
      cart.pendingErrors = [];
      const findPromotion = promotionLookup(ctx);
      const facts = change(cart, errors, findPromotion) ?? undefined;
      dropInvalidPromotions(cart, errors, now ?? new Date(), findPromotion);
      writeStoredCart(ctx.db, ctx.token, ctx.salesChannel.id, cart);
      if (!ctx.persisted && !isEmptyStoredCart(cart)) saveContextPayload(ctx, {});
      return calculateCart(ctx, cart, { now, changeErrors: errors, facts, findPromotion });
    })
    .immediate();
}

/**
 * Codes that expired, were switched off or used up since they were added leave the cart with the next change
 * (the shopper is told once); until then each read says promotion-not-found for them.
 */
function dropInvalidPromotions(cart: StoredCart, errors: CartError[], now: Date, findPromotion: PromotionLookup): void {
  cart.lineItems = cart.lineItems.filter((line) => {
    if (line.type !== 'promotion') return true;
    const refused = promotionRefused(line.referencedId, findPromotion, now);
    if (!refused) return true;
    errors.push(refused);
    return false;
  });
}

function productNotFound(productId: string): CartError {
  const shown = productId.slice(0, 64);
  return cartError(`product-not-found-${shown}`, 'product-not-found', 10, `The product ${shown} could not be found.`, { id: shown });
}

function quantityErrors(product: ProductFacts, requested: number, result: ReturnType<typeof clampQuantity>): CartError[] {
  if (!result.adjusted || result.quantity === requested) return [];
  switch (result.adjusted) {
    case 'out-of-stock':
      return [
        cartError(`product-out-of-stock-${product.id}`, 'product-out-of-stock', 10, `The product ${product.name} is no longer available`, { name: product.name }),
      ];
    case 'stock':
    case 'max':
      return [stockReached(product, result.quantity, result.adjusted === 'max' ? 'max-purchase' : 'stock')];
    case 'min':
      return [
        cartError(`min-order-quantity-${product.id}`, 'min-order-quantity', 10, `The quantity of ${product.name} was raised to its minimum order quantity ${result.quantity}.`, {
          name: product.name,
          quantity: result.quantity,
        }),
      ];
    case 'steps':
      return [
        cartError(`purchase-steps-quantity-${product.id}`, 'purchase-steps-quantity', 10, `The quantity of ${product.name} was changed to ${result.quantity} to match its purchase steps.`, {
          name: product.name,
          quantity: result.quantity,
        }),
      ];
  }
}

/** POST /checkout/cart/line-item: adds products (quantities add up) and promotion codes. */
export function addLineItems(ctx: SalesChannelContext, items: AddLineItemInput[], now: Date = new Date()): CalculatedCart {
  return changeCart(
    ctx,
    (cart, errors, findPromotion) => {
      const productIds = [...cart.lineItems, ...items].filter((l) => l.type === 'product').map((l) => l.referencedId);
      const facts = loadProductFacts(ctx, productIds);
      const chosenClickAndCollect = clickAndCollectChosen(ctx);
      for (const item of items) {
        if (item.type === 'promotion') {
          addPromotion(cart, item.referencedId, errors, now, findPromotion);
          continue;
        }
        const product = facts.get(item.referencedId);
        if (!product || !product.buyable) {
          errors.push(productNotFound(item.referencedId));
          continue;
        }
        const inCart = cart.lineItems.filter((l) => l.type === 'product').map((l) => facts.get(l.referencedId));
        const conflict = fulfilmentConflict(
          {
            hasClickCollectOnly: inCart.some((p) => p && !p.isDownload && p.clickCollectOnly),
            hasDeliverable: inCart.some((p) => p && !p.isDownload && !p.clickCollectOnly),
          },
          product,
          chosenClickAndCollect,
        );
        if (conflict) {
          throw StoreApiError.of(
            400,
            'PHARMACY__CART_FULFILMENT_CONFLICT',
            conflict.productFulfilment === 'click_and_collect'
              ? `The product ${product.productNumber} is for Click & Collect only and cannot join a cart for delivery.`
              : `The product ${product.productNumber} is delivered and cannot join a Click & Collect cart.`,
            { productId: product.id, cartFulfilment: conflict.cartFulfilment, productFulfilment: conflict.productFulfilment },
          );
        }
        const existing = cart.lineItems.find((l) => l.type === 'product' && l.referencedId === product.id);
        const requested = (existing?.quantity ?? 0) + item.quantity;
        const result = clampQuantity(requested, product);
        errors.push(...quantityErrors(product, requested, result));
        if (result.quantity <= 0) continue;
        if (existing) existing.quantity = result.quantity;
        else {
          if (cart.lineItems.length >= MAX_LINE_ITEMS) throw tooManyLines();
          cart.lineItems.push({ id: product.id, type: 'product', referencedId: product.id, quantity: result.quantity });
        }
      }
      dropVanishedProducts(cart, facts);
      return facts;
    },
    now,
  );
}

function tooManyLines(): StoreApiError {
  return StoreApiError.violation('/items', 'VIOLATION::TOO_MANY_ERROR', `A cart holds at most ${MAX_LINE_ITEMS} line items.`, { '{{ limit }}': MAX_LINE_ITEMS });
}

/** Lines of products deleted from the catalogue go with the next change. */
function dropVanishedProducts(cart: StoredCart, facts: Map<string, ProductFacts>): void {
  cart.lineItems = cart.lineItems.filter((l) => l.type !== 'product' || facts.has(l.referencedId));
}

function addPromotion(cart: StoredCart, code: string, errors: CartError[], now: Date, findPromotion: PromotionLookup): void {
  const promotion = findPromotion(code);
  const refused = promotionRefused(code, findPromotion, now);
  if (!promotion || refused) {
    errors.push(refused ?? promotionNotFound(code));
    return;
  }
  // A code already in the cart is not added twice.
  if (cart.lineItems.some((l) => l.type === 'promotion' && l.referencedId.toUpperCase() === promotion.code.toUpperCase())) return;
  if (cart.lineItems.length >= MAX_LINE_ITEMS) throw tooManyLines();
  cart.lineItems.push({ id: randomId(), type: 'promotion', referencedId: promotion.code, quantity: 1 });
  const name = promotion.name ?? promotion.code;
  errors.push(
    cartError(`promotion-discount-added-${promotion.id}`, 'promotion-discount-added', 0, `Discount ${name} has been added`, {
      name,
      promotionCode: promotion.code,
    }),
  );
}

function lineItemNotFound(id: string): StoreApiError {
  return StoreApiError.of(404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', `Line item with identifier ${id.slice(0, 64)} not found.`, { identifier: id.slice(0, 64) });
}

/** PATCH /checkout/cart/line-item: new quantities; 0 or less removes the line (SPEC §4 Cart). */
export function updateLineItems(ctx: SalesChannelContext, items: UpdateLineItemInput[], now?: Date): CalculatedCart {
  return changeCart(
    ctx,
    (cart, errors) => {
      for (const item of items) if (!cart.lineItems.some((l) => l.id === item.id)) throw lineItemNotFound(item.id);
      const facts = loadProductFacts(ctx, cart.lineItems.filter((l) => l.type === 'product').map((l) => l.referencedId));
      for (const item of items) {
        const line = cart.lineItems.find((l) => l.id === item.id);
        if (!line) continue;
        if (item.quantity <= 0) {
          cart.lineItems = cart.lineItems.filter((l) => l !== line);
          continue;
        }
        if (line.type !== 'product') continue; // a promotion has no quantity to change
        const product = facts.get(line.referencedId);
        if (!product) continue;
        const result = clampQuantity(item.quantity, product);
        errors.push(...quantityErrors(product, item.quantity, result));
        if (result.quantity <= 0) cart.lineItems = cart.lineItems.filter((l) => l !== line);
        else line.quantity = result.quantity;
      }
      dropVanishedProducts(cart, facts);
      return facts;
    },
    now,
  );
}

/** POST /checkout/cart/line-item/delete (and the deprecated DELETE): removes lines by id. */
export function removeLineItems(ctx: SalesChannelContext, ids: string[], now?: Date): CalculatedCart {
  return changeCart(
    ctx,
    (cart) => {
      for (const id of ids) if (!cart.lineItems.some((l) => l.id === id)) throw lineItemNotFound(id);
      cart.lineItems = cart.lineItems.filter((l) => !ids.includes(l.id));
    },
    now,
  );
}

/** POST /checkout/cart/pharmacy: the Click & Collect pharmacy (null clears it). */
export function selectPharmacy(ctx: SalesChannelContext, pharmacyId: string | null, now?: Date): CalculatedCart {
  if (pharmacyId !== null && !clickAndCollectPharmacyExists(ctx.db, pharmacyId)) {
    throw StoreApiError.notFound('PHARMACY__NOT_FOUND', `No Click & Collect pharmacy with id ${pharmacyId.slice(0, 64)} was found.`, {
      pharmacyId: pharmacyId.slice(0, 64),
    });
  }
  return changeCart(
    ctx,
    (cart) => {
      cart.pharmacyId = pharmacyId;
    },
    now,
  );
}
