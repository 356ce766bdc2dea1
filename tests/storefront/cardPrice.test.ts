import { describe, expect, it } from 'vitest';
import { cardBadges, cardPrice } from '../../storefront/features/catalog/cardPrice';

const plain = { price: { unitPrice: 12.5, listPrice: null }, priceRange: { from: 12.5, hasRange: false }, cheapestPrice: { unitPrice: 12.5 } };

describe('cardPrice', () => {
  it('shows the unit price of a product with one price', () => {
    expect(cardPrice(plain)).toEqual({ amount: 12.5, isFrom: false, previous: null, discountPercent: null });
  });

  it('shows "from" the cheapest price when variants or tiers differ', () => {
    const p = { ...plain, price: { unitPrice: 19.9, listPrice: { price: 25, percentage: 20.4 } }, priceRange: { from: 9.9, hasRange: true }, cheapestPrice: { unitPrice: 9.9 } };
    expect(cardPrice(p)).toEqual({ amount: 9.9, isFrom: true, previous: null, discountPercent: null });
  });

  it('falls back to the range when there is no cheapest price', () => {
    expect(cardPrice({ ...plain, priceRange: { from: 7, hasRange: true }, cheapestPrice: null }).amount).toBe(7);
  });

  it('strikes through a higher previous price and rounds the saving', () => {
    const p = { ...plain, price: { unitPrice: 8, listPrice: { price: 10, percentage: 19.6 } } };
    expect(cardPrice(p)).toEqual({ amount: 8, isFrom: false, previous: 10, discountPercent: 20 });
  });

  it('ignores a previous price that is not higher', () => {
    const p = { ...plain, price: { unitPrice: 10, listPrice: { price: 10, percentage: 0 } } };
    expect(cardPrice(p)).toEqual({ amount: 10, isFrom: false, previous: null, discountPercent: null });
  });

  it('shows a promotion discount as a badge', () => {
    expect(cardPrice({ ...plain, promotionDiscount: 15 }).discountPercent).toBe(15);
    expect(cardPrice({ ...plain, promotionDiscount: 0.2 }).discountPercent).toBeNull();
  });
});

describe('cardBadges', () => {
  it('shows Click & Collect alone for products only sold in a pharmacy', () => {
    expect(cardBadges({ clickAndCollectOnly: true, shippingFree: true })).toEqual(['clickAndCollect']);
  });
  it('shows free shipping for shipped products', () => {
    expect(cardBadges({ clickAndCollectOnly: false, shippingFree: true })).toEqual(['freeShipping']);
    expect(cardBadges({ clickAndCollectOnly: false, shippingFree: false })).toEqual([]);
  });
});
