// The quantities a shopper may put in the cart: from minPurchase, in purchaseSteps, up to maxPurchase
// (and never above the pieces that can be ordered when the product is stocked). SPEC §9: default 1.

export interface PurchaseBounds {
  min: number;
  /** null: no upper bound */
  max: number | null;
  step: number;
}

export interface PurchaseRules {
  minPurchase?: number | null;
  maxPurchase?: number | null;
  purchaseSteps?: number | null;
}

function positiveInt(value: number | null | undefined, fallback: number): number {
  return value != null && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

export function purchaseBounds(rules: PurchaseRules): PurchaseBounds {
  const min = positiveInt(rules.minPurchase, 1);
  const step = positiveInt(rules.purchaseSteps, 1);
  const rawMax = rules.maxPurchase != null && rules.maxPurchase >= 1 ? Math.floor(rules.maxPurchase) : null;
  // the largest quantity on the step grid that does not pass maxPurchase (never below min)
  const max = rawMax == null ? null : Math.max(min, min + Math.floor((rawMax - min) / step) * step);
  return { min, max, step };
}

/** Any typed value → the nearest allowed quantity at or below it (min when empty or too small). */
export function allowedQuantity(value: number, bounds: PurchaseBounds): number {
  if (!Number.isFinite(value) || value <= bounds.min) return bounds.min;
  const onGrid = bounds.min + Math.floor((Math.floor(value) - bounds.min) / bounds.step) * bounds.step;
  return bounds.max == null ? onGrid : Math.min(onGrid, bounds.max);
}

/** One step up (+1) or down (-1), kept inside the bounds. */
export function steppedQuantity(value: number, direction: 1 | -1, bounds: PurchaseBounds): number {
  return allowedQuantity(allowedQuantity(value, bounds) + direction * bounds.step, bounds);
}

/** The quantity the buy box starts with: 1 (SPEC §9), or the minimum when more must be bought. */
export function initialQuantity(bounds: PurchaseBounds): number {
  return allowedQuantity(1, bounds);
}
