import { roundPrice } from './pricing';
import type { Fulfilment } from './cart/types';

// What delivery costs (SPEC §9 Shipping): CHF 7.70 up to 4 kg, plus CHF 1.50 for every started
// kilogram above; free from the configured threshold, with a free-shipping promotion, when every
// shipped item ships free, for downloads only and for Click & Collect. The one place of these numbers:
// the shipping method's price bands (entities/system.ts) are built from here too.

const SHIPPING_BASE_PRICE_CHF = 7.7;
const SHIPPING_BASE_WEIGHT_KG = 4;
const SHIPPING_PRICE_PER_STARTED_KG_CHF = 1.5;

/** Weights are summed in grams: 0.1 kg × 3 must be 0.3 kg, not 0.30000000000000004 kg. */
export function roundWeightKg(kg: number): number {
  return Math.round(kg * 1000) / 1000;
}

/** The postage for a parcel of `weightKg`: 4.000 kg → 7.70; 4.001 kg and 5.000 kg → 9.20; 5.001 kg → 10.70. */
export function shippingCostForWeight(weightKg: number): number {
  const grams = Math.round(Math.max(0, weightKg) * 1000);
  const baseGrams = SHIPPING_BASE_WEIGHT_KG * 1000;
  if (grams <= baseGrams) return SHIPPING_BASE_PRICE_CHF;
  const startedKg = Math.ceil((grams - baseGrams) / 1000);
  return roundPrice(SHIPPING_BASE_PRICE_CHF + startedKg * SHIPPING_PRICE_PER_STARTED_KG_CHF);
}

export type FreeShippingReason = 'click_and_collect' | 'virtual' | 'threshold' | 'promotion' | 'all_items_ship_free' | null;

export interface ShippingInput {
  fulfilment: Fulfilment | null;
  /** only downloads (and promotions): nothing to ship */
  isVirtual: boolean;
  weightKg: number;
  /** product and promotion lines, CHF incl. VAT */
  positionPrice: number;
  thresholdChf: number;
  freeShippingPromotion: boolean;
  /** every physical line is marked shipping_free */
  allItemsShipFree: boolean;
}

export interface ShippingDecision {
  costs: number;
  freeBecause: FreeShippingReason;
  /** CHF still missing for free shipping; 0 unless a delivery cart pays shipping */
  missingAmount: number;
  /** the position price has reached the threshold */
  reached: boolean;
}

/** The shipping costs of a cart and the "CHF x missing for free shipping" hint. */
export function decideShipping(input: ShippingInput): ShippingDecision {
  const reached = roundPrice(input.positionPrice) >= input.thresholdChf;
  const free = (freeBecause: FreeShippingReason): ShippingDecision => ({ costs: 0, freeBecause, missingAmount: 0, reached });
  if (input.fulfilment === null) return free(null);
  if (input.isVirtual) return free('virtual');
  if (input.fulfilment === 'click_and_collect') return free('click_and_collect');
  if (input.freeShippingPromotion) return free('promotion');
  if (input.allItemsShipFree) return free('all_items_ship_free');
  if (reached) return free('threshold');
  return {
    costs: shippingCostForWeight(input.weightKg),
    freeBecause: null,
    missingAmount: roundPrice(Math.max(0, input.thresholdChf - input.positionPrice)),
    reached,
  };
}

/** One weight band of the shipping price table: up to `endKg` (null: open end) the parcel costs `gross`. */
export interface ShippingPriceBand {
  startKg: number;
  endKg: number | null;
  gross: number;
}

/** The bands Shopware's ShippingMethodPrice rows list (by weight), up to `untilKg` then open-ended. */
export function shippingPriceBands(clickAndCollect: boolean, untilKg = 30): ShippingPriceBand[] {
  if (clickAndCollect) return [{ startKg: 0, endKg: null, gross: 0 }];
  const bands: ShippingPriceBand[] = [{ startKg: 0, endKg: SHIPPING_BASE_WEIGHT_KG, gross: shippingCostForWeight(SHIPPING_BASE_WEIGHT_KG) }];
  for (let kg = SHIPPING_BASE_WEIGHT_KG; kg < untilKg; kg++) {
    bands.push({ startKg: kg, endKg: kg + 1 === untilKg ? null : kg + 1, gross: shippingCostForWeight(kg + 1) });
  }
  return bands;
}
