import { isShopwareId } from '../../platform/relay/shopwareId';
import { allowedQuantity, purchaseBounds, type PurchaseBounds } from './purchaseQuantity';

// The cart's pure rules, shared by the cart page, the add-to-cart page and the no-JS form handler
// (server/cartForms.ts), so each is tested once. Prices and the rules themselves are the Store API's:
// these only shape what the shopper asks for.

/** The largest quantity a link or form may ask for; the Store API clamps to the product's own maximum. */
export const QUANTITY_LIMIT = 999;

/** A quantity from a URL or form field: a whole number from 0 to QUANTITY_LIMIT, else null. */
export function parseQuantity(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 0 && raw <= QUANTITY_LIMIT ? raw : null;
  if (typeof raw !== 'string' || !/^\s*\d{1,4}\s*$/.test(raw)) return null;
  const value = Number(raw.trim());
  return value <= QUANTITY_LIMIT ? value : null;
}

export type AddToCartRequest = { ok: true; productId: string; quantity: number } | { ok: false; reason: 'missingProduct' | 'invalidProduct' | 'invalidQuantity' };

/**
 * What /checkout/add-to-cart?productId=…&quantity=… asks for (SPEC §2 add-to-cart links). The quantity
 * defaults to 1 (SPEC §9); an id that cannot be a product is refused before any call.
 */
export function addToCartRequest(productId: string | null | undefined, quantity: string | null | undefined): AddToCartRequest {
  if (productId == null || productId.trim() === '') return { ok: false, reason: 'missingProduct' };
  if (!isShopwareId(productId.trim())) return { ok: false, reason: 'invalidProduct' };
  const amount = quantity == null || quantity.trim() === '' ? 1 : parseQuantity(quantity);
  if (amount === null || amount < 1) return { ok: false, reason: 'invalidQuantity' };
  return { ok: true, productId: productId.trim().toLowerCase(), quantity: amount };
}

/** A cart line's quantity rules as the graph gives them (CartLineItem.quantityMin/Max/Step). */
export interface LineQuantityRules {
  quantityMin: number;
  quantityMax: number;
  quantityStep: number;
}

export function lineBounds(line: LineQuantityRules): PurchaseBounds {
  return purchaseBounds({ minPurchase: line.quantityMin, maxPurchase: line.quantityMax, purchaseSteps: line.quantityStep });
}

/**
 * The quantity a line's stepper leads to. One step below the minimum is 0: the line is removed (SPEC §4:
 * quantity 0 or less removes), so the "−" button at the minimum reads "remove".
 */
export function steppedLineQuantity(current: number, direction: 1 | -1, line: LineQuantityRules): number {
  const bounds = lineBounds(line);
  if (direction === -1 && current <= bounds.min) return 0;
  return allowedQuantity(allowedQuantity(current, bounds) + direction * bounds.step, bounds);
}

/**
 * What the shopper typed into a line's quantity field: 0 (or less) removes, anything else is snapped to the grid.
 * Above the line's maximum it is sent as typed (up to QUANTITY_LIMIT): the Store API corrects it and says so,
 * rather than the page cutting it silently.
 */
export function typedLineQuantity(typed: string, line: LineQuantityRules): number | null {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  if (value <= 0) return 0;
  const bounds = lineBounds(line);
  return allowedQuantity(Math.min(value, QUANTITY_LIMIT), { ...bounds, max: null });
}

/** The answer of a cart mutation (CartPayload), as far as the storefront reacts to it. */
export interface CartPayloadErrors {
  readonly errors: ReadonlyArray<{ readonly code: string; readonly message: string; readonly field?: string | null }>;
}

export type CartChangeOutcome =
  | { kind: 'changed' }
  /** Click & Collect and delivery items would meet: ask "replace the cart or cancel" (SPEC §4). */
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; code: string; message: string };

export function cartChangeOutcome(payload: CartPayloadErrors | null | undefined): CartChangeOutcome {
  const errors = payload?.errors ?? [];
  const conflict = errors.find((error) => error.code === 'FULFILMENT_CONFLICT');
  if (conflict) return { kind: 'conflict', message: conflict.message };
  const first = errors[0];
  if (first) return { kind: 'refused', code: first.code, message: first.message };
  return { kind: 'changed' };
}

/**
 * Cart errors the checkout page resolves itself (the Click & Collect pharmacy, issue 19): the cart offers the same
 * choice and says so, but never shuts the way to the checkout or raises an alarm over them.
 */
export const RESOLVED_AT_CHECKOUT: ReadonlySet<string> = new Set(['pharmacy-required']);

/** Whether an error of the cart keeps it from the checkout: an ERROR the checkout cannot resolve. */
export function blocksCheckout(errors: ReadonlyArray<{ readonly level: string; readonly messageKey: string }>): boolean {
  return errors.some((error) => error.level === 'ERROR' && !RESOLVED_AT_CHECKOUT.has(error.messageKey));
}

/** Cart errors (Shopware's keyed errors) by their level, for how loudly they are shown. */
export type CartErrorLevel = 'NOTICE' | 'WARNING' | 'ERROR' | '%future added value';

export function notificationTypeOf(level: CartErrorLevel): 'info' | 'warning' | 'danger' {
  if (level === 'ERROR') return 'danger';
  if (level === 'WARNING') return 'warning';
  return 'info';
}

/** What a no-JavaScript cart form leaves in the cart's URL after its redirect (server/cartForms.ts). */
export interface CartRedirectNotice {
  /** a ShopErrorCode (only the shape is checked here; the page has its own words for each) */
  error: string | null;
  conflict: { productId: string; quantity: number } | null;
}

const ERROR_CODE = /^[A-Z_]{1,40}$/;

/** The notice of /checkout/cart?error=…&conflict=…&quantity=…; anything malformed is ignored. */
export function cartRedirectNotice(search: Readonly<Record<string, string | undefined>>): CartRedirectNotice {
  const error = search.error && ERROR_CODE.test(search.error) ? search.error : null;
  const add = search.conflict ? addToCartRequest(search.conflict, search.quantity) : null;
  return { error, conflict: add?.ok ? { productId: add.productId, quantity: add.quantity } : null };
}

/** The query string that carries a notice to the cart page ("" when there is none). */
export function cartRedirectSearch(notice: { error?: string | null; conflict?: { productId: string; quantity: number } | null }): string {
  const params = new URLSearchParams();
  if (notice.error && ERROR_CODE.test(notice.error)) params.set('error', notice.error);
  if (notice.conflict) {
    params.set('conflict', notice.conflict.productId);
    params.set('quantity', String(notice.conflict.quantity));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
