import { calculatedPrice } from '../pricing';
import { decideShipping, roundWeightKg, type ShippingDecision } from '../shipping';
import type { Goods } from './product-lines';
import type { Json } from './shopware-json';
import { STANDARD_VAT_RATE } from './taxes';
import type { Fulfilment } from './types';

// What delivering the cart costs (the rule and its numbers: ../shipping.ts) and at which VAT rate.

export interface CartShipping {
  decision: ShippingDecision;
  weightKg: number;
  taxRate: number;
  /** the shipping costs as Shopware's calculated price */
  price: Json;
  /** a parcel leaves the pharmacy: not for an empty or a downloads-only cart */
  hasDelivery: boolean;
  /** what the shopper pays for delivery */
  charged: number;
}

export interface ShippingFacts {
  goods: Goods;
  fulfilment: Fulfilment | null;
  positionPrice: number;
  freeShippingPromotion: boolean;
  thresholdChf: number;
}

export function cartShipping({ goods, fulfilment, positionPrice, freeShippingPromotion, thresholdChf }: ShippingFacts): CartShipping {
  const weightKg = roundWeightKg(goods.physical.reduce((sum, l) => sum + (l.product?.weightKg ?? 0) * l.quantity, 0));
  const decision = decideShipping({
    fulfilment,
    isVirtual: goods.isVirtual,
    weightKg,
    positionPrice,
    thresholdChf,
    freeShippingPromotion,
    allItemsShipFree: goods.physical.length > 0 && goods.physical.every((l) => l.product?.shippingFree),
  });
  // Shopware's "auto" shipping tax: the highest rate among the goods.
  const taxRate = goods.lines.length ? Math.max(...goods.lines.map((l) => l.taxRate)) : STANDARD_VAT_RATE;
  const price = calculatedPrice({ unitPrice: decision.costs, quantity: 1, taxRate });
  const hasDelivery = fulfilment !== null && !goods.isVirtual;
  return { decision, weightKg, taxRate, price, hasDelivery, charged: hasDelivery ? decision.costs : 0 };
}
