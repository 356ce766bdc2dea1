/**
 * What a product card says about price and offers, decided from the graph's price fields so the rule
 * is tested once: a "from" price when variants or tiers differ (PriceRange.hasRange), the previous
 * price struck through only when it is really higher, and a discount badge in whole percent.
 */

export interface CardPriceInput {
  price: { unitPrice: number; listPrice?: { price: number; percentage: number } | null };
  priceRange: { from: number; hasRange: boolean };
  cheapestPrice?: { unitPrice: number } | null;
  promotionDiscount?: number | null;
}

export interface CardPrice {
  /** The price shown large. */
  amount: number;
  /** Show "from" before it: the product has several prices. */
  isFrom: boolean;
  /** The previous price, struck through; null when not reduced. */
  previous: number | null;
  /** The saving in whole percent for the badge; null when there is none. */
  discountPercent: number | null;
}

export function cardPrice(product: CardPriceInput): CardPrice {
  const isFrom = product.priceRange.hasRange;
  const amount = isFrom ? (product.cheapestPrice?.unitPrice ?? product.priceRange.from) : product.price.unitPrice;
  const list = product.price.listPrice;
  // A list price is the previous price of THIS piece; beside a "from" price it would compare apples and pears.
  const previous = !isFrom && list && list.price > amount ? list.price : null;
  const listPercent = previous !== null && list ? Math.round(list.percentage) : 0;
  const promotion = product.promotionDiscount ? Math.round(product.promotionDiscount) : 0;
  const percent = Math.max(listPercent, promotion);
  return { amount, isFrom, previous, discountPercent: percent >= 1 ? percent : null };
}

export interface CardBadgeInput {
  clickAndCollectOnly: boolean;
  shippingFree: boolean;
}

export type CardBadge = 'clickAndCollect' | 'freeShipping';

/**
 * The service badges of a card. Click & Collect only products are never shipped (therapeutic products
 * law), so "free shipping" would mislead beside them.
 */
export function cardBadges(product: CardBadgeInput): CardBadge[] {
  if (product.clickAndCollectOnly) return ['clickAndCollect'];
  return product.shippingFree ? ['freeShipping'] : [];
}
