import type { SalesChannelContext } from '../../context';
import type { Db } from '../../db/connection';
import { queryOne } from '../../dal/statements';
import { openingHoursJson } from '../../entities/pharmacy';
import type { ShippingMethodRow } from '../../entities/system';
import { expectedDelivery } from '../delivery-dates';
import { cartError } from './errors';
import type { Goods } from './product-lines';
import type { CartReads } from './reads';
import type { CartError, ExpectedDelivery, Fulfilment } from './types';

// How the goods reach the shopper: by post or collected in a pharmacy (Click & Collect), which shipping
// method that is, which pharmacy, and when (the dates: ../delivery-dates.ts).

export interface FulfilmentConflict {
  cartFulfilment: Fulfilment;
  productFulfilment: Fulfilment;
}

/**
 * Click & Collect items and items for delivery never share a cart (SPEC §4 Cart). Downloads go with either.
 * When the shopper has chosen Click & Collect for the whole cart, everything is collected: no conflict.
 */
export function fulfilmentConflict(
  cart: { hasClickCollectOnly: boolean; hasDeliverable: boolean },
  product: { clickCollectOnly: boolean; isDownload: boolean },
  clickAndCollectChosen: boolean,
): FulfilmentConflict | null {
  if (product.isDownload || clickAndCollectChosen) return null;
  if (product.clickCollectOnly && cart.hasDeliverable) return { cartFulfilment: 'delivery', productFulfilment: 'click_and_collect' };
  if (!product.clickCollectOnly && cart.hasClickCollectOnly) return { cartFulfilment: 'click_and_collect', productFulfilment: 'delivery' };
  return null;
}

interface ShippingMethodFacts {
  id: string;
  clickAndCollect: boolean;
}

/**
 * The shop's shipping methods, the active ones in their order (post and Click & Collect), and the one the
 * context has chosen (null when that one is not active).
 */
export interface ShippingMethodChoice {
  all: ShippingMethodRow[];
  active: ShippingMethodFacts[];
  chosen: ShippingMethodFacts | null;
}

/** `rows`: all shipping methods in their order (entities/system.ts shippingMethodRows). */
export function shippingMethodChoice(ctx: SalesChannelContext, rows: ShippingMethodRow[]): ShippingMethodChoice {
  const active = rows.filter((r) => r.active === 1).map((r) => ({ id: r.id, clickAndCollect: r.click_and_collect === 1 }));
  return { all: rows, active, chosen: active.find((m) => m.id === ctx.shippingMethodId) ?? null };
}

/** A cart with a Click & Collect item, or whose shopper chose Click & Collect, is collected; downloads only are delivered. */
export function fulfilmentOf(goods: Goods, methods: ShippingMethodChoice): Fulfilment | null {
  const hasClickCollectOnly = goods.physical.some((l) => l.product?.clickAndCollectOnly);
  return goods.lines.length === 0 ? null : !goods.isVirtual && (hasClickCollectOnly || methods.chosen?.clickAndCollect) ? 'click_and_collect' : 'delivery';
}

/** Click & Collect carts use the Click & Collect method whatever the context says; others the chosen post method. */
export function shippingMethodIdOf(ctx: SalesChannelContext, methods: ShippingMethodChoice, fulfilment: Fulfilment | null): string {
  const chosenMethod = methods.chosen;
  return fulfilment === 'click_and_collect'
    ? (methods.active.find((m) => m.clickAndCollect)?.id ?? ctx.shippingMethodId)
    : chosenMethod && !chosenMethod.clickAndCollect
      ? chosenMethod.id
      : (methods.active.find((m) => !m.clickAndCollect)?.id ?? ctx.shippingMethodId);
}

/** Whether a Click & Collect pharmacy with this id exists. */
export function clickAndCollectPharmacyExists(db: Db, pharmacyId: string): boolean {
  return pickupPharmacy(db, pharmacyId) !== null;
}

/** Date.getUTCDay() order: 0 Sunday … 6 Saturday. */
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The preferred pharmacy of the session's customer account (PATCH /customer-pharmacy), or null. */
function preferredPharmacyId(reads: CartReads): string | null {
  const customer = reads.customer();
  return customer?.account ? customer.preferredPharmacyId : null;
}

/** A Click & Collect pharmacy and the weekdays (0 Sunday … 6 Saturday) it is open (none known: the next working day applies), or null. */
export function pickupPharmacy(db: Db, pharmacyId: string): { id: string; openWeekdays: Set<number> } | null {
  const row = queryOne<{ id: string; opening_hours: string }>(db, 'SELECT id, opening_hours FROM pharmacy WHERE id = ? AND click_and_collect = 1', [
    pharmacyId,
  ]);
  if (!row) return null;
  const hours = openingHoursJson(row.opening_hours);
  return { id: row.id, openWeekdays: new Set(WEEKDAY_KEYS.flatMap((key, weekday) => (hours[key].length > 0 ? [weekday] : []))) };
}

export type PickupPharmacy = NonNullable<ReturnType<typeof pickupPharmacy>>;

/** Click & Collect needs a pharmacy: the chosen one, else the customer's preferred one (issue 6). */
export function pickupOf(
  reads: CartReads,
  chosenPharmacyId: string | null | undefined,
  fulfilment: Fulfilment | null,
): { pharmacy: PickupPharmacy | null; errors: CartError[] } {
  const wantedPharmacyId = chosenPharmacyId ?? (fulfilment === 'click_and_collect' ? preferredPharmacyId(reads) : null);
  const pharmacy = wantedPharmacyId ? reads.pharmacy(wantedPharmacyId) : null;
  const pharmacyId = pharmacy?.id ?? null;
  if (fulfilment === 'click_and_collect' && !pharmacyId) {
    return { pharmacy, errors: [cartError('pharmacy-required', 'pharmacy-required', 20, 'Please choose a pharmacy for Click & Collect.')] };
  }
  return { pharmacy, errors: [] };
}

/** When the goods arrive or can be collected (on a day the pharmacy is open). */
export function expectedDeliveryOf(now: Date, fulfilment: Fulfilment | null, goods: Goods, pharmacy: PickupPharmacy | null): ExpectedDelivery | null {
  return fulfilment
    ? expectedDelivery({
        now,
        isVirtual: goods.isVirtual,
        clickAndCollect: fulfilment === 'click_and_collect',
        prescription: goods.lines.some((l) => l.product?.prescriptionRequired),
        pharmacyOpenWeekdays: pharmacy?.openWeekdays,
      })
    : null;
}
