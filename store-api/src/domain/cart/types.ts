// The cart as it is stored (what the shopper asked for) and as it is calculated (what it costs).
// The stored cart lives in the `cart` table per context token; prices, shipping, promotions and the
// cart's errors are calculated on every read by store-api/src/domain/cart/, never stored or trusted
// from the client. Orders (store-api/src/domain/order.ts) are written from a CalculatedCart.

export type StoredLineItemType = 'product' | 'promotion';

export interface StoredLineItem {
  /** for products the product id (Shopware: id = referencedId); for promotions a random id */
  id: string;
  type: StoredLineItemType;
  /** product id, or the promotion code as the shopper typed it */
  referencedId: string;
  quantity: number;
}

export interface StoredCart {
  lineItems: StoredLineItem[];
  /** the pharmacy chosen for Click & Collect pickup (shop extension) */
  pharmacyId?: string | null;
  /**
   * Errors raised by the last change (e.g. promotion not found). Shopware sends cart errors once: they are
   * answered with the next cart response and then cleared ("consumed once", SPEC §8).
   */
  pendingErrors?: CartError[];
  /**
   * Set when a failed or cancelled payment put an unpaid order's items back into the cart (SPEC §4: retry or
   * back to cart). Placing an order from this cart cancels that unpaid order in the same transaction, so the
   * shopper never ends up with two orders for one purchase. Any cart change keeps it; emptying the cart drops it.
   */
  restoredFromOrderId?: string | null;
}

/** Shopware's cart error levels: 0 notice, 10 warning, 20 error (an error blocks the order). */
export type CartErrorLevel = 0 | 10 | 20;

/** One entry of Shopware's keyed cart error collection (`errors: { [key]: CartError }`). */
export interface CartError {
  key: string;
  /** Shopware's messageKey, e.g. promotion-not-found, product-not-found, shipping-method-blocked */
  messageKey: string;
  level: CartErrorLevel;
  /** English text as Shopware sends it; the storefront translates by messageKey */
  message: string;
  /** Shopware's numeric code; we send the level */
  code: number;
  /** the error's own parameters (name, quantity, promotionCode, missingAmount …) */
  [parameter: string]: unknown;
}

/** How the order reaches the shopper: post or pickup in a pharmacy. One cart never mixes both (SPEC §4). */
export type Fulfilment = 'delivery' | 'click_and_collect';

export interface CalculatedLineItem {
  id: string;
  type: StoredLineItemType;
  referencedId: string;
  label: string;
  quantity: number;
  /** gross CHF per piece after tier prices (promotion items: the discount, negative) */
  unitPrice: number;
  totalPrice: number;
  /** 8.1 or 2.6 (promotions: the rate of the goods they discount; mixed rates are split per rate) */
  taxRate: number;
  /** VAT included in totalPrice */
  tax: number;
  listPrice: number | null;
  /** product facts the order and the delivery date need */
  product?: {
    productNumber: string;
    weightKg: number;
    clickAndCollectOnly: boolean;
    prescriptionRequired: boolean;
    isDownload: boolean;
    shippingFree: boolean;
    coverMediaId: string | null;
    stock: number;
    minPurchase: number;
    maxPurchase: number | null;
    purchaseSteps: number;
  };
  /** promotion line items: the code and how it discounts */
  promotion?: { id: string; code: string; discountType: 'percentage' | 'absolute' | 'free_shipping'; value: number };
  /** the Shopware JSON of this line item (apiAlias cart_line_item), ready to send */
  json: Record<string, unknown>;
}

export interface ExpectedDelivery {
  /** TODAY / NEXT_WORKING_DAY style hint for wording; dates are ISO (YYYY-MM-DD), Europe/Zurich */
  kind: 'dispatch' | 'click_and_collect' | 'prescription' | 'download';
  earliest: string;
  latest: string;
  /** kind dispatch: when the parcel leaves (wording "ships today / tomorrow / on Monday"); else null */
  dispatchDay?: 'TODAY' | 'TOMORROW' | 'MONDAY' | null;
}

export interface CalculatedCart {
  token: string;
  lineItems: CalculatedLineItem[];
  fulfilment: Fulfilment | null;
  /** all non-promotion items are downloads: no shipping, no delivery */
  isVirtual: boolean;
  positionPrice: number;
  shippingCosts: number;
  /** what the shopper pays: positions plus shipping, cash-rounded to the currency's total interval (CHF 0.05) */
  totalPrice: number;
  netPrice: number;
  /** positions plus shipping before the cash rounding (Shopware's rawTotal) */
  rawTotal?: number;
  /** VAT per rate over positions and shipping */
  taxes: { taxRate: number; tax: number; price: number }[];
  weightKg: number;
  freeShipping: { threshold: number; missingAmount: number; reached: boolean };
  expectedDelivery: ExpectedDelivery | null;
  pharmacyId: string | null;
  shippingMethodId: string;
  paymentMethodId: string;
  /** errors of this calculation plus the pending ones, keyed; level 20 blocks the order */
  errors: CartError[];
  /** the promotion codes in the cart (applied, or waiting for the minimum order value) */
  promotionCodes?: string[];
  /** the cart holds prescription medicine (delivery takes 2–3 working days) */
  hasPrescription?: boolean;
  /** the cart has downloads: the order needs the digital-content waiver */
  hasDownloads?: boolean;
  /** the Shopware JSON of the whole cart (apiAlias cart), ready to send */
  json: Record<string, unknown>;
}
