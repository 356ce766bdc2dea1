import { isCancellable, isReturnable } from '../../../store-api/src/domain/returns';
import { builder, type Localized } from './builder';
import { availabilityStatus, dispatchDayAt, DispatchDayEnum, ProductRef, type DispatchDay, type ShopwareProduct } from './product';

// What the product page may promise (issue 20): how the product reaches the shopper, whether it can be returned or
// cancelled, and from which order value delivery is free. Decided here from the product's facts, so the page only
// words it and never promises "ships today" or "14-day returns" for what the shop refuses.

export type Fulfilment = 'DISPATCH' | 'PICKUP_IN_PHARMACY' | 'DOWNLOAD' | 'ON_ORDER' | 'NOT_AVAILABLE';

export interface ProductPromises {
  fulfilment: Fulfilment;
  dispatchDay: DispatchDay | null;
  leadTime: string | null;
  returnable: boolean;
  cancellable: boolean;
  shipsFree: boolean;
  freeShippingFrom: number | null;
}

function customFlag(product: ShopwareProduct, name: string): boolean {
  const value = (product.customFields as Record<string, unknown> | null | undefined)?.[name];
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The cart's free-shipping threshold, which the Store API sends with every product (extensions["pharmacy-shop"]). */
function freeShippingThreshold(product: ShopwareProduct): number | null {
  const shop = (product.extensions as Record<string, { freeShippingThreshold?: unknown } | undefined> | undefined)?.['pharmacy-shop'];
  return typeof shop?.freeShippingThreshold === 'number' ? shop.freeShippingThreshold : null;
}

export function productPromises(product: ShopwareProduct, now: Date): ProductPromises {
  const isDownload = (product.states ?? []).includes('is-download');
  const status = availabilityStatus(product);
  const pickupOnly = customFlag(product, 'pharmacy_click_collect_only');
  const fulfilment: Fulfilment =
    status === 'NOT_AVAILABLE' ? 'NOT_AVAILABLE' : isDownload ? 'DOWNLOAD' : pickupOnly ? 'PICKUP_IN_PHARMACY' : status === 'IN_STOCK' ? 'DISPATCH' : 'ON_ORDER';
  const shipped = fulfilment === 'DISPATCH' || fulfilment === 'ON_ORDER';
  const shipsFree = shipped && product.shippingFree === true;
  return {
    fulfilment,
    dispatchDay: fulfilment === 'DISPATCH' ? dispatchDayAt(now) : null,
    leadTime: fulfilment === 'ON_ORDER' ? (product.deliveryTime?.translated?.name ?? product.deliveryTime?.name ?? null) : null,
    returnable: isReturnable({
      tags: (product.tags ?? []).map((tag) => tag.name),
      isDownload,
      prescriptionRequired: customFlag(product, 'pharmacy_prescription_required'),
      onCustomerOrder: status === 'ON_CUSTOMER_ORDER',
    }),
    cancellable: isCancellable({ isDownload }),
    shipsFree,
    freeShippingFrom: shipped && !shipsFree ? freeShippingThreshold(product) : null,
  };
}

const FulfilmentEnum = builder.enumType('ProductFulfilment', {
  description: 'How the product reaches the shopper, for the availability line and the USPs.',
  values: {
    DISPATCH: { value: 'DISPATCH', description: 'In Swiss stock and shipped: dispatched on `dispatchDay`.' },
    PICKUP_IN_PHARMACY: { value: 'PICKUP_IN_PHARMACY', description: 'Click & Collect only: picked up in a pharmacy, never shipped.' },
    DOWNLOAD: { value: 'DOWNLOAD', description: 'A download, available at once after payment.' },
    ON_ORDER: { value: 'ON_ORDER', description: 'Ordered from the maker for the customer: shipped after `leadTime`.' },
    NOT_AVAILABLE: { value: 'NOT_AVAILABLE', description: 'Currently not available: nothing is promised.' },
  } as const,
});

const PromisesRef = builder.objectRef<ProductPromises>('ProductPromises').implement({
  description: 'What the shop promises for this product (SPEC §3 availability wording): delivery, returns, cancellation, free shipping.',
  fields: (t) => ({
    fulfilment: t.field({ type: FulfilmentEnum, description: 'How the product reaches the shopper.', resolve: (p) => p.fulfilment }),
    dispatchDay: t.field({
      type: DispatchDayEnum,
      nullable: true,
      description: 'For DISPATCH: the day an order placed now is dispatched (Swiss time at the request).',
      resolve: (p) => p.dispatchDay,
    }),
    leadTime: t.string({ nullable: true, description: 'For ON_ORDER: the stated delivery time in the product’s language, e.g. "1-2 Wochen".', resolve: (p) => p.leadTime }),
    returnable: t.boolean({ description: 'Can be returned within 14 days (the /retouren rules); false for medicines, supplements, hygiene and baby items, downloads, items on order.', resolve: (p) => p.returnable }),
    cancellable: t.boolean({ description: 'An order of it can be cancelled until it is paid; false for downloads (no right of withdrawal once bought).', resolve: (p) => p.cancellable }),
    shipsFree: t.boolean({ description: 'Shipped free of charge whatever the order value.', resolve: (p) => p.shipsFree }),
    freeShippingFrom: t.float({
      nullable: true,
      description: 'The order value in CHF from which delivery is free (the cart’s threshold); null when the product is not shipped or ships free anyway.',
      resolve: (p) => p.freeShippingFrom,
    }),
  }),
});

builder.objectFields(ProductRef, (t) => ({
  promises: t.field({
    type: PromisesRef,
    description: 'What the product page may promise: delivery or pickup, returns, cancellation and free shipping.',
    resolve: (p: Localized<ShopwareProduct>) => productPromises(p.data, new Date()),
  }),
}));
