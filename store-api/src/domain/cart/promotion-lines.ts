import type { SalesChannelContext } from '../../context';
import { promotionReservedFor } from '../insurer';
import { roundPrice } from '../pricing';
import { discountFor, findPromotionByCode, meetsMinimumOrderValue, promotionRefusal, type DiscountPart, type PromotionRow } from '../promotions';
import { cartError, PROMOTION_NOT_FOUND } from './errors';
import type { CartCustomer } from './reads';
import { promotionLineJson } from './shopware-json';
import { STANDARD_VAT_RATE } from './taxes';
import type { CalculatedLineItem, CartError, StoredCart, StoredLineItem } from './types';

// The promotion codes in a cart (the rules of a code: ../promotions.ts): which the cart can take, and the
// discount lines of those it applies.

/**
 * The promotions of one request's codes: each code read once, and its refusal worked out once at the request's
 * clock, however often the change and the calculation ask (add, re-check, calculate).
 */
export interface PromotionLookup {
  (code: string): PromotionRow | null;
  /** the refusal of a code the cart cannot take now (null when it can), as the shopper is told it */
  refusal(code: string): CartError | null;
}

/** `customer`: whose cart it is (a loyalty voucher is its customer's only; a guest must log in to redeem it). */
export function promotionLookup(ctx: SalesChannelContext, now: Date, customer: () => CartCustomer | null): PromotionLookup {
  const found = new Map<string, PromotionRow | null>();
  const refusals = new Map<string, CartError | null>();
  const insuredTier = () => customer()?.insuredTier ?? null;
  const lookup = (code: string) => {
    // the insurer's welcome voucher is no code at all for customers it is not meant for
    if (!found.has(code)) found.set(code, promotionReservedFor(ctx, code, insuredTier) ? null : findPromotionByCode(ctx.db, code, ctx.languageIdChain));
    return found.get(code) ?? null;
  };
  const loggedIn = () => {
    const account = customer();
    return Boolean(account?.account && account.active);
  };
  const refusal = (code: string) => {
    if (!refusals.has(code)) refusals.set(code, promotionRefused(code, lookup(code), ctx.customerId ?? null, loggedIn, now));
    return refusals.get(code) ?? null;
  };
  return Object.assign(lookup, { refusal });
}

function promotionRefused(code: string, promotion: PromotionRow | null, customerId: string | null, loggedIn: () => boolean, now: Date): CartError | null {
  const refusal = promotionRefusal(promotion, now, customerId);
  if (!refusal) return null;
  const shown = code.trim().toUpperCase().slice(0, 100);
  // A customer's own voucher says why it is refused; an unknown or public code just "not found" (SPEC §5).
  // Not logged in, the shopper may be its owner: the voucher needs the customer account (SPEC §6).
  if (refusal === 'not-own' && !loggedIn()) {
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

/** Shopware's PromotionNotFoundError: one key for every unknown code, level error, yet the order stays possible. */
export function promotionNotFound(code: string): CartError {
  const shown = code.trim().toUpperCase().slice(0, 100);
  return cartError(PROMOTION_NOT_FOUND, PROMOTION_NOT_FOUND, 20, `Promotion with code ${shown} not found!`, {
    promotionCode: shown,
    name: shown,
  });
}

export interface PromotionLines {
  lines: CalculatedLineItem[];
  /** the codes in the cart: applied, or waiting for their minimum order value */
  codes: string[];
  freeShipping: boolean;
  errors: CartError[];
  /** the VAT of the discounts, split over the rates of the goods they discount, in the lines' order */
  taxes: DiscountPart[];
}

/** The cart's codes in the order they were added, each discounting what earlier ones left of the goods. */
export function applyPromotions(
  storedLines: StoredLineItem[],
  goods: CalculatedLineItem[],
  findPromotion: PromotionLookup,
): PromotionLines {
  const lines: CalculatedLineItem[] = [];
  const errors: CartError[] = [];
  const taxes: DiscountPart[] = [];
  const remainingByRate = new Map<number, number>();
  for (const line of goods) remainingByRate.set(line.taxRate, roundPrice((remainingByRate.get(line.taxRate) ?? 0) + line.totalPrice));
  const goodsTotal = roundPrice(goods.reduce((sum, l) => sum + l.totalPrice, 0));
  let freeShippingPromotion = false;
  const promotionCodes: string[] = [];
  for (const line of storedLines.filter((l) => l.type === 'promotion')) {
    const promotion = findPromotion(line.referencedId);
    const refused = findPromotion.refusal(line.referencedId);
    if (!promotion || refused) {
      errors.push(refused ?? promotionNotFound(line.referencedId));
      continue;
    }
    promotionCodes.push(promotion.code);
    if (goods.length === 0) continue;
    if (!meetsMinimumOrderValue(promotion, goodsTotal)) {
      errors.push(
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
    taxes.push(...discount.parts);
  }
  return { lines, codes: promotionCodes, freeShipping: freeShippingPromotion, errors, taxes };
}

function promotionLine(line: StoredLineItem, promotion: PromotionRow, discount: ReturnType<typeof discountFor>): CalculatedLineItem {
  const label = promotion.name ?? promotion.code;
  const total = discount.total;
  const rates = discount.parts;
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
    json: promotionLineJson(line, promotion, discount, label),
  };
}

/** A code that waits for its minimum was not "added" (Shopware says one or the other, never both). */
export function withoutAddedWhileWaiting(changeErrors: CartError[], found: CartError[]): CartError[] {
  const waiting = new Set(found.filter((e) => e.messageKey === 'promotion-not-eligible').map((e) => String(e.promotionCode).toUpperCase()));
  return changeErrors.filter((e) => e.messageKey !== 'promotion-discount-added' || !waiting.has(String(e.promotionCode).toUpperCase()));
}

/**
 * Codes that expired, were switched off or used up since they were added leave the cart with the next change
 * (the shopper is told once); until then each read says promotion-not-found for them.
 */
export function dropInvalidPromotions(cart: StoredCart, errors: CartError[], findPromotion: PromotionLookup): void {
  cart.lineItems = cart.lineItems.filter((line) => {
    if (line.type !== 'promotion') return true;
    const refused = findPromotion.refusal(line.referencedId);
    if (!refused) return true;
    errors.push(refused);
    return false;
  });
}
