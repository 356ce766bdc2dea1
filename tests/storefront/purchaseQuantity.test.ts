import { describe, expect, it } from 'vitest';
import { allowedQuantity, initialQuantity, purchaseBounds, steppedQuantity } from '../../storefront/features/cart/purchaseQuantity';

// The buy box's quantity: SPEC §9 default 1, the product's minPurchase, maxPurchase and purchaseSteps.

describe('purchase quantity', () => {
  it('starts at 1 and stays between min and max', () => {
    const bounds = purchaseBounds({ minPurchase: 1, maxPurchase: 100, purchaseSteps: 1 });
    expect(initialQuantity(bounds)).toBe(1);
    expect(allowedQuantity(0, bounds)).toBe(1);
    expect(allowedQuantity(-5, bounds)).toBe(1);
    expect(allowedQuantity(Number.NaN, bounds)).toBe(1);
    expect(allowedQuantity(100, bounds)).toBe(100);
    expect(allowedQuantity(101, bounds)).toBe(100);
    expect(allowedQuantity(7.9, bounds)).toBe(7);
    expect(steppedQuantity(1, -1, bounds)).toBe(1);
    expect(steppedQuantity(100, 1, bounds)).toBe(100);
    expect(steppedQuantity(5, 1, bounds)).toBe(6);
  });

  it('starts at the minimum when more than one piece must be bought, and moves in steps from it', () => {
    const bounds = purchaseBounds({ minPurchase: 2, maxPurchase: 11, purchaseSteps: 3 });
    // the last quantity on the grid 2, 5, 8, 11
    expect(bounds).toEqual({ min: 2, max: 11, step: 3 });
    expect(initialQuantity(bounds)).toBe(2);
    expect(allowedQuantity(4, bounds)).toBe(2);
    expect(allowedQuantity(5, bounds)).toBe(5);
    expect(allowedQuantity(12, bounds)).toBe(11);
    expect(steppedQuantity(2, 1, bounds)).toBe(5);
    expect(steppedQuantity(11, 1, bounds)).toBe(11);
    expect(steppedQuantity(5, -1, bounds)).toBe(2);
  });

  it('brings a maximum off the step grid down onto it, and reads missing rules as 1, no maximum', () => {
    expect(purchaseBounds({ minPurchase: 1, maxPurchase: 10, purchaseSteps: 4 })).toEqual({ min: 1, max: 9, step: 4 });
    expect(purchaseBounds({ minPurchase: 5, maxPurchase: 3, purchaseSteps: 1 })).toEqual({ min: 5, max: 5, step: 1 });
    const open = purchaseBounds({});
    expect(open).toEqual({ min: 1, max: null, step: 1 });
    expect(allowedQuantity(5000, open)).toBe(5000);
  });
});
