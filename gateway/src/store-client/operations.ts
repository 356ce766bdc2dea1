import type { components, operations } from '@shopware/api-client/store-api-types';

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
  /** free text per weekday, as the pharmacy publishes it */
  openingHours?: Record<string, string> | null;
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
  'readCustomerPharmacy post /customer-pharmacy': {
    contentType?: 'application/json';
    accept?: 'application/json';
    headers?: SwLanguageHeader;
    body?: Criteria;
    response: CustomerPharmacyResponse;
    responseCode: 200;
  };
}

/**
 * The Store API operations the gateway may call: Shopware's own (the official `@shopware/api-client`
 * types) plus the shop's. Keys read "operationId method /path", as in the official client.
 */
export type StoreOperations = operations & ShopOperations;
export type StoreOperationKey = keyof StoreOperations & string;

type Field<T, K extends string> = T extends { [P in K]?: infer V } ? V : never;

export interface StoreCallParams<K extends StoreOperationKey> {
  pathParams?: Field<StoreOperations[K], 'pathParams'> | Record<string, string>;
  query?: Field<StoreOperations[K], 'query'> | Record<string, unknown>;
  body?: Field<StoreOperations[K], 'body'> | Record<string, unknown>;
  headers?: Record<string, string>;
}

export type StoreResponse<K extends StoreOperationKey> = StoreOperations[K] extends { response: infer R } ? R : unknown;
