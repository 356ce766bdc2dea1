import type { SalesChannelContext } from '../../context';
import { queryOne } from '../../dal/statements';
import { loadDeliveryTimes, shippingMethodRows } from '../../entities/system';
import { insuredTierOfGroup, type InsuredTier } from '../insurer';
import { pickupPharmacy, shippingMethodChoice, type PickupPharmacy, type ShippingMethodChoice } from './fulfilment';
import type { ProductFacts } from './product-facts';
import { promotionLookup, type PromotionLookup } from './promotion-lines';
import type { Json } from './shopware-json';

// What one cart request reads of the shop, each row at most once, passed from the change to the calculation:
// the customer's row, the shipping methods, the delivery times, the pharmacies asked for, the promotion codes
// (and whether the cart may take them at this request's clock), the currency's cash rounding. Made per
// request and dropped with it: the next request reads the shop as it is then.

/** The columns of the session's customer row the cart asks about. */
export interface CartCustomer {
  insuredTier: InsuredTier | null;
  /** an account, not a guest checkout */
  account: boolean;
  active: boolean;
  preferredPharmacyId: string | null;
  defaultBillingAddressId: string | null;
  defaultShippingAddressId: string | null;
}

export interface CartReads {
  ctx: SalesChannelContext;
  /** the clock of the whole request: promotion validity and the expected delivery */
  now: Date;
  /** the session's customer, null for a visitor (or a customer deleted since) */
  customer(): CartCustomer | null;
  shippingMethods(): ShippingMethodChoice;
  deliveryTimes(): Map<string, Json>;
  /** a Click & Collect pharmacy by id, or null */
  pharmacy(id: string): PickupPharmacy | null;
  findPromotion: PromotionLookup;
  /** the currency's total rounding interval (CHF: 0.05), 0.01 when none is set */
  totalRoundingInterval(): number;
  /** product facts the change has read, for the calculation after it */
  facts?: Map<string, ProductFacts>;
}

/** A value read when first asked for, then kept for the rest of the request. */
function once<T>(read: () => T): () => T {
  let value: { read: T } | undefined;
  return () => (value ??= { read: read() }).read;
}

function readCustomer(ctx: SalesChannelContext): CartCustomer | null {
  if (!ctx.customerId) return null;
  const row = queryOne<{
    customer_group_id: string;
    guest: number;
    active: number;
    preferred_pharmacy_id: string | null;
    default_billing_address_id: string | null;
    default_shipping_address_id: string | null;
  }>(
    ctx.db,
    `SELECT customer_group_id, guest, active, preferred_pharmacy_id, default_billing_address_id, default_shipping_address_id
     FROM customer WHERE id = ?`,
    [ctx.customerId],
  );
  if (!row) return null;
  return {
    insuredTier: insuredTierOfGroup(row.customer_group_id),
    account: row.guest === 0,
    active: row.active === 1,
    preferredPharmacyId: row.preferred_pharmacy_id,
    defaultBillingAddressId: row.default_billing_address_id,
    defaultShippingAddressId: row.default_shipping_address_id,
  };
}

function readTotalRoundingInterval(ctx: SalesChannelContext): number {
  const row = queryOne<{ total_interval: number }>(ctx.db, 'SELECT total_interval FROM currency WHERE id = ?', [ctx.currencyId]);
  return row && row.total_interval > 0 ? row.total_interval : 0.01;
}

export function cartReads(ctx: SalesChannelContext, now: Date = new Date()): CartReads {
  const customer = once(() => readCustomer(ctx));
  const pharmacies = new Map<string, PickupPharmacy | null>();
  return {
    ctx,
    now,
    customer,
    shippingMethods: once(() => shippingMethodChoice(ctx, shippingMethodRows(ctx))),
    deliveryTimes: once(() => loadDeliveryTimes(ctx)),
    pharmacy(id) {
      if (!pharmacies.has(id)) pharmacies.set(id, pickupPharmacy(ctx.db, id));
      return pharmacies.get(id) ?? null;
    },
    findPromotion: promotionLookup(ctx, now, customer),
    totalRoundingInterval: once(() => readTotalRoundingInterval(ctx)),
  };
}
