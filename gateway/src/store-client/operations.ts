import type { components, operations } from '@shopware/api-client/store-api-types';
import type { ArticleOperations } from './content-operations/article';
import type { BrandOperations } from './content-operations/brand';
import type { ContestOperations } from './content-operations/contest';
import type { InsurerOperations } from './content-operations/insurer';
import type { PharmacyFinderOperations } from './content-operations/pharmacy';
import type { PrescriptionOperations } from './content-operations/prescription';

type Criteria = components['schemas']['NoneFieldsCriteria'];
type SwLanguageHeader = { 'sw-language-id'?: string };

/**
 * The shopper's loyalty card (SPEC §3 "Loyalty card application", §9 "a CHF 5 voucher for points").
 * The shop's own entity: no Shopware core or plugin route has it (ENDPOINTS.md, "CUSTOM").
 */
export interface LoyaltyCard {
  apiAlias: 'pharmacy_loyalty_card';
  cardNumber: string;
  /** points collected so far */
  points: number;
  /** points still missing for the next voucher */
  pointsToNextVoucher: number;
  /** CHF value of the voucher the points buy (5) */
  voucherValue: number;
  /** applied: the application is waiting for the card; active: a card in use */
  status?: 'applied' | 'active';
  /** points a voucher costs (500) */
  pointsPerVoucher?: number;
  /** points turned into the vouchers issued so far (vouchers × 500) */
  pointsUsedForVouchers?: number;
  /** points collected toward the next voucher (what is left after the vouchers) */
  pointsCollected?: number;
  /** the CHF 5 vouchers the points have earned (issue 19) */
  vouchers?: LoyaltyVoucher[];
}

/** A CHF 5 voucher of a loyalty card: a single-use promotion code only its customer may redeem. */
export interface LoyaltyVoucher {
  apiAlias: 'pharmacy_loyalty_voucher';
  code: string;
  value: number;
  state: 'issued' | 'redeemed';
  issuedAt: string;
  redeemedAt: string | null;
  /** the order that redeemed it */
  orderNumber: string | null;
}

/** POST /loyalty/apply: the application form for a new card (SPEC §3 "Loyalty card application"). */
export interface LoyaltyApplication {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthday: string;
  street: string;
  /** 4 digits */
  zipcode: string;
  city: string;
  email: string;
}

/** Shopware's success answer of the account routes that change something. */
export interface SuccessResponse {
  success?: boolean;
  apiAlias?: string;
}

/** POST /loyalty answers this for a logged-in customer (403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN otherwise). */
export interface LoyaltyResponse {
  apiAlias: 'pharmacy_loyalty';
  /** null while the customer has no card yet (the storefront then offers the application form) */
  card: LoyaltyCard | null;
}

/** A pharmacy of the chain: Click & Collect pickup point and prescription pickup place (SPEC §1, §4). */
export interface Pharmacy {
  apiAlias: 'pharmacy';
  id: string;
  name: string;
  street: string;
  zipcode: string;
  city: string;
  phoneNumber?: string | null;
  email?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  countryId?: string;
  /**
   * Opening hours per weekday (mon … sun): time ranges [from, to] ("08:00", "18:30"); an empty list is
   * closed. Older answers may give free text per weekday instead.
   */
  openingHours?: Record<string, [string, string][] | string> | null;
  /** whether the pharmacy is a Click & Collect pickup point */
  clickAndCollect?: boolean;
  /** the pharmacy's page path under /p/ (without the prefix) */
  urlPath?: string;
  /** open at the moment of the answer (Europe/Zurich time) */
  openNow?: boolean;
  /** today's weekday key in Zurich (mon … sun) */
  today?: string;
  /** service keys, e.g. 'vaccination', 'blood-pressure' */
  services?: string[];
}

/** POST /pharmacy: the shop's Click & Collect pharmacies, filtered by postal code prefix, town or name. */
export interface PharmacyListResponse {
  apiAlias: 'pharmacy_list';
  elements: Pharmacy[];
  total: number;
}

/** The shop's extension of Shopware's cart JSON (`extensions["pharmacy-shop"]`). */
export interface PharmacyShopCartExtension {
  fulfilment: 'delivery' | 'click_and_collect' | null;
  isVirtual: boolean;
  weightKg: number;
  freeShipping: { threshold: number; missingAmount: number; reached: boolean };
  expectedDelivery: ShopExpectedDelivery | null;
  pharmacyId: string | null;
  taxes: { taxRate: number; tax: number; price: number }[];
}

export interface ShopExpectedDelivery {
  kind: 'dispatch' | 'click_and_collect' | 'prescription' | 'download';
  /** YYYY-MM-DD, Europe/Zurich */
  earliest: string;
  latest: string;
  dispatchDay?: 'TODAY' | 'TOMORROW' | 'MONDAY' | null;
}

/** One keyed cart error as the Store API sends it (Shopware's shape plus the error's own parameters). */
export interface ShopCartError {
  key: string;
  messageKey: string;
  level: number;
  message: string;
  code?: number;
  [parameter: string]: unknown;
}

/** A cart line item as the gateway reads it (Shopware's LineItem with the shop's payload). */
export interface ShopCartLineItem {
  id: string;
  referencedId?: string | null;
  type: string;
  label?: string | null;
  quantity?: number;
  good?: boolean;
  removable?: boolean;
  states?: string[];
  price?: {
    unitPrice: number;
    totalPrice: number;
    quantity: number;
    calculatedTaxes?: { taxRate: number; tax: number; price: number }[];
    taxRules?: { taxRate?: number }[];
    listPrice?: { price?: number } | null;
  } | null;
  payload?: {
    productNumber?: string;
    clickAndCollect?: boolean;
    prescriptionRequired?: boolean;
    isDownload?: boolean;
    code?: string;
    promotionId?: string;
    [key: string]: unknown;
  } | null;
  quantityInformation?: { minPurchase?: number; maxPurchase?: number | null; purchaseSteps?: number } | null;
}

/** The cart JSON as the gateway reads it: Shopware's cart plus the shop's extension. */
export interface ShopCart {
  apiAlias?: 'cart';
  token?: string;
  price: { totalPrice: number; positionPrice: number; netPrice: number; calculatedTaxes?: { taxRate: number; tax: number; price: number }[] };
  lineItems?: ShopCartLineItem[];
  /** keyed object, or [] when empty (PHP's empty array) */
  errors?: Record<string, ShopCartError> | ShopCartError[];
  deliveries?: {
    shippingCosts?: { totalPrice: number } | null;
    shippingMethod?: { id: string } & Record<string, unknown>;
  }[];
  transactions?: { paymentMethodId?: string }[];
  extensions?: {
    'cart-promotions'?: { addedCodes?: string[] };
    'pharmacy-shop'?: PharmacyShopCartExtension;
    [name: string]: unknown;
  };
}

/** POST /customer-pharmacy: the pharmacy the customer chose for pickups. */
export interface CustomerPharmacyResponse {
  apiAlias: 'pharmacy_customer_pharmacy';
  /** null while the customer has not chosen one */
  pharmacy: Pharmacy | null;
}

/**
 * The shop's own Store API endpoints, which a real Shopware gets from the shop's plugin, typed the way the
 * official client types Shopware's own. Their shapes are ours to design (ENDPOINTS.md: keep `apiAlias`,
 * the errors envelope and 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN). The media resize route is a public image
 * URL, not a Store API operation, so it is not listed here.
 */
export interface ShopOperations {
  'readLoyalty post /loyalty': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body?: Criteria;
    response: LoyaltyResponse;
    responseCode: 200;
  };
  /** Applies for a new card; 400 PHARMACY__LOYALTY_CARD_EXISTS when the customer has one. */
  'applyLoyaltyCard post /loyalty/apply': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: LoyaltyApplication;
    response: LoyaltyResponse;
    responseCode: 200;
  };
  /**
   * Assigns an existing card with the code printed on it; 400 /cardNumber PHARMACY__LOYALTY_CARD_NUMBER_INVALID for
   * a malformed number, 400 /verificationCode PHARMACY__LOYALTY_CARD_NOT_VERIFIED for an unknown or taken number or a
   * wrong code, 429 after too many failures.
   */
  'assignLoyaltyCard post /loyalty/assign': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { cardNumber: string; verificationCode: string };
    response: LoyaltyResponse;
    responseCode: 200;
  };
  /** Sets (or with null clears) the customer's preferred pharmacy; 404 PHARMACY__NOT_FOUND for an unknown one. */
  'updateCustomerPharmacy patch /customer-pharmacy': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { pharmacyId: string | null };
    response: CustomerPharmacyResponse;
    responseCode: 200;
  };
  /**
   * The shop's extension (no Shopware core route): mails the registration's confirmation link again to an account
   * whose opt-in is open; the same answer for any e-mail. A stock Shopware answers 404 (the gateway says UNAVAILABLE).
   */
  'resendRegistrationMail post /account/register/resend': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { email: string; storefrontUrl?: string };
    response: SuccessResponse;
    responseCode: 200;
  };
  /** Whether a password recovery hash is valid (unknown, used and expired ones are not); no side effects. */
  'checkRecoveryHash post /account/recovery-password/check': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { hash: string };
    response: { valid: boolean };
    responseCode: 200;
  };
  /** Shopware 6.6's route (kept by the shop): the customer's default payment method. */
  'changePaymentMethod post /account/change-payment-method/{paymentMethodId}': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    pathParams: { paymentMethodId: string };
    body?: Record<string, never>;
    response: SuccessResponse;
    responseCode: 200;
  };
  /** Unsubscribe by email (Shopware) or by the hash of the unsubscribe link (the shop's extension). */
  'unsubscribeNewsletterWithHash post /newsletter/unsubscribe': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { hash: string } | { email: string };
    response: SuccessResponse;
    responseCode: 200;
  };
  'readCustomerPharmacy post /customer-pharmacy': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body?: Criteria;
    response: CustomerPharmacyResponse;
    responseCode: 200;
  };
  'readPharmacies post /pharmacy': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    /** clickAndCollect: true lists only Click & Collect pickup points */
    body?: { search?: string; limit?: number; ids?: string[]; clickAndCollect?: boolean };
    response: PharmacyListResponse;
    responseCode: 200;
  };
  /** Chooses the cart's Click & Collect pharmacy (null clears it); 404 PHARMACY__NOT_FOUND for an unknown one. */
  'selectCartPharmacy post /checkout/cart/pharmacy': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body: { pharmacyId: string | null };
    response: ShopCart;
    responseCode: 200;
  };
}

/**
 * The Store API operations the gateway may call: Shopware's own (the official `@shopware/api-client`
 * types) plus the shop's. Keys read "operationId method /path", as in the official client.
 */
export type StoreOperations = operations &
  ShopOperations &
  ArticleOperations &
  BrandOperations &
  ContestOperations &
  InsurerOperations &
  PharmacyFinderOperations &
  PrescriptionOperations;
export type StoreOperationKey = keyof StoreOperations & string;

type Field<T, K extends string> = T extends { [P in K]?: infer V } ? V : never;

export interface StoreCallParams<K extends StoreOperationKey> {
  pathParams?: Field<StoreOperations[K], 'pathParams'> | Record<string, string>;
  query?: Field<StoreOperations[K], 'query'> | Record<string, unknown>;
  body?: Field<StoreOperations[K], 'body'> | Record<string, unknown>;
  headers?: Record<string, string>;
}

export type StoreResponse<K extends StoreOperationKey> = StoreOperations[K] extends { response: infer R } ? R : unknown;
