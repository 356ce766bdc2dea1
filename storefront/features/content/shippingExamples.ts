import { shippingCostForWeight } from '../../../store-api/src/domain/shipping';

// The worked examples on the shipping page come from the Store API's own postage function, so the page and
// the cart cannot disagree (SPEC §9: CHF 7.70 up to 4 kg, plus CHF 1.50 per additional started kg).

export const SHIPPING_BASE_PRICE_CHF = shippingCostForWeight(0);
export const SHIPPING_BASE_WEIGHT_KG = 4;
/** What one more started kilogram adds: the step from 4 kg to just above. */
export const SHIPPING_PRICE_PER_STARTED_KG_CHF = Math.round((shippingCostForWeight(SHIPPING_BASE_WEIGHT_KG + 0.001) - SHIPPING_BASE_PRICE_CHF) * 100) / 100;

/** The parcel weights the shipping page shows as examples. */
export const SHIPPING_EXAMPLE_WEIGHTS_KG = [3, 4, 5.5] as const;

export interface ShippingExample {
  weightKg: number;
  /** started kilograms above the base weight */
  extraKg: number;
  costChf: number;
}

export function shippingExamples(weights: readonly number[] = SHIPPING_EXAMPLE_WEIGHTS_KG): ShippingExample[] {
  return weights.map((weightKg) => ({
    weightKg,
    extraKg: Math.max(0, Math.ceil(Math.round((weightKg - SHIPPING_BASE_WEIGHT_KG) * 1000) / 1000)),
    costChf: shippingCostForWeight(weightKg),
  }));
}
