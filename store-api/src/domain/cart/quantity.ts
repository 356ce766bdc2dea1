import { cartError } from './errors';
import type { ProductFacts } from './product-facts';
import type { CartError } from './types';

// How many of a product one line may hold, and at which unit price (Shopware's ProductCartProcessor).

/** Shopware's core.cart.maxQuantity: the most of one product when the product sets no maximum. */
export const DEFAULT_MAX_PURCHASE = 100;

export interface QuantityLimits {
  minPurchase: number;
  maxPurchase: number | null;
  purchaseSteps: number;
  isCloseout: boolean;
  availableStock: number;
}

/** The most of a product one cart may hold: its max purchase (default 100), and its stock when it is a closeout. */
export function maxQuantityOf(limits: QuantityLimits): number {
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

/** Shopware's error for a quantity cut to what may be bought; `reason` tells the shop's maximum per order from stock. */
export function stockReached(product: ProductFacts, quantity: number, reason: 'stock' | 'max-purchase' = 'stock'): CartError {
  return cartError(`product-stock-reached-${product.id}`, 'product-stock-reached', 10, `The product ${product.name} is only available ${quantity} times`, {
    name: product.name,
    quantity,
    reason,
  });
}

export function quantityErrors(product: ProductFacts, requested: number, result: ReturnType<typeof clampQuantity>): CartError[] {
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
