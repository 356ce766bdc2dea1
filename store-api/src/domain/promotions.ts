import type { Db } from '../db/connection';
import { cachedStatement } from '../dal/statements';
import { includedTax, roundPrice } from './pricing';

// Promotion codes (SPEC §3, issue 5): percentage, absolute (CHF) and free-shipping discounts, valid
// while active, inside valid_from/valid_until, below max_uses, and from min_order_value. A code is
// typed by the shopper in any case; the table's code column compares case-insensitively.

export type DiscountType = 'percentage' | 'absolute' | 'free_shipping';

export interface PromotionRow {
  id: string;
  code: string;
  active: number;
  discount_type: DiscountType;
  value: number;
  min_order_value: number | null;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  uses: number;
  /** the only customer who may redeem it (a loyalty voucher), or null for everyone */
  customer_id: string | null;
  name: string | null;
}

/** Codes are short words; anything longer is not a code (and never reaches the database). */
export const MAX_PROMOTION_CODE_LENGTH = 100;

/** The promotion of a code, with its name in the first language of `languageIdChain` that has one. */
export function findPromotionByCode(db: Db, code: string, languageIdChain: readonly string[]): PromotionRow | null {
  const trimmed = code.trim();
  if (!trimmed || trimmed.length > MAX_PROMOTION_CODE_LENGTH) return null;
  const own = languageIdChain[0] ?? '';
  const fallback = languageIdChain[languageIdChain.length - 1] ?? own;
  const row = cachedStatement(
    db,
    `SELECT p.*, COALESCE(t.name, f.name) AS name FROM promotion p
     LEFT JOIN promotion_translation t ON t.promotion_id = p.id AND t.language_id = ?
     LEFT JOIN promotion_translation f ON f.promotion_id = p.id AND f.language_id = ?
     WHERE p.code = ?`,
  ).get(own, fallback, trimmed) as PromotionRow | undefined;
  return row ?? null;
}

/** Why a code cannot be redeemed now (regardless of the cart), or null when it can. */
export type PromotionRefusal = 'not-found' | 'not-own' | 'inactive' | 'not-yet-valid' | 'expired' | 'exhausted';

/** `customerId`: the shopper's customer (null for a visitor); a promotion of another customer is 'not-own' before anything else is told. */
export function promotionRefusal(promotion: PromotionRow | null, now: Date, customerId: string | null = null): PromotionRefusal | null {
  if (!promotion) return 'not-found';
  if (promotion.customer_id !== null && promotion.customer_id !== customerId) return 'not-own';
  if (promotion.active !== 1) return 'inactive';
  const at = now.getTime();
  if (promotion.valid_from && Date.parse(promotion.valid_from) > at) return 'not-yet-valid';
  if (promotion.valid_until && Date.parse(promotion.valid_until) < at) return 'expired';
  if (promotion.max_uses !== null && promotion.uses >= promotion.max_uses) return 'exhausted';
  return null;
}

/** The cart reaches the promotion's minimum order value (goods before discounts, CHF incl. VAT). */
export function meetsMinimumOrderValue(promotion: Pick<PromotionRow, 'min_order_value'>, goodsTotal: number): boolean {
  return promotion.min_order_value === null || roundPrice(goodsTotal) >= promotion.min_order_value;
}

/** Part of a discount taxed at one rate. `price` is negative (a discount). */
export interface DiscountPart {
  taxRate: number;
  price: number;
  tax: number;
}

export interface Discount {
  /** the discount in CHF, negative or 0 */
  total: number;
  parts: DiscountPart[];
}

/**
 * The discount a promotion gives on goods worth `remainingByRate` (CHF incl. VAT per VAT rate, after earlier
 * promotions). Percentage: that share of the goods; absolute: the value, but never more than the goods
 * (the cart never goes below 0); free shipping: nothing here (the delivery becomes free). The discount is
 * split over the rates in proportion to the goods, so the VAT of each rate shrinks with it.
 */
export function discountFor(type: DiscountType, value: number, remainingByRate: ReadonlyMap<number, number>): Discount {
  const goods = roundPrice([...remainingByRate.values()].reduce((sum, amount) => sum + amount, 0));
  let amount = 0;
  if (type === 'percentage') amount = roundPrice((goods * Math.min(100, Math.max(0, value))) / 100);
  else if (type === 'absolute') amount = roundPrice(Math.min(Math.max(0, value), goods));
  if (amount <= 0 || goods <= 0) return { total: 0, parts: [] };

  // Pro rata per rate; the last rate takes the rounding rest so the parts add up to the discount exactly.
  const rates = [...remainingByRate.entries()].filter(([, gross]) => gross > 0).sort((a, b) => b[0] - a[0]);
  const parts: DiscountPart[] = [];
  let assigned = 0;
  rates.forEach(([taxRate, gross], index) => {
    const share = index === rates.length - 1 ? roundPrice(amount - assigned) : roundPrice((amount * gross) / goods);
    assigned = roundPrice(assigned + share);
    const price = -Math.min(share, gross);
    parts.push({ taxRate, price: roundPrice(price), tax: includedTax(roundPrice(price), taxRate) });
  });
  return { total: roundPrice(parts.reduce((sum, part) => sum + part.price, 0)), parts };
}
