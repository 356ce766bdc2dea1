import { cachedStatement } from './dal/statements';
import type { Db } from './db/connection';
import { StoreApiError } from './errors';
import { isId, newContextToken } from './ids';
import { DEFAULT_LANGUAGE_ID } from './known-ids';
import type { ShopOrigins } from './shop-origins';

/** The sales channel row, camel-cased, as the rest of the Store API uses it. */
export interface SalesChannelRow {
  id: string;
  accessKey: string;
  languageId: string;
  currencyId: string;
  paymentMethodId: string;
  shippingMethodId: string;
  countryId: string;
  customerGroupId: string;
  navigationCategoryId: string;
  footerCategoryId: string | null;
  serviceCategoryId: string | null;
  navigationCategoryDepth: number;
  taxCalculationType: string;
}

/** What a visitor has chosen in their session (stored per context token once anything is set). */
export interface ContextPayload {
  languageId?: string;
  currencyId?: string;
  paymentMethodId?: string;
  shippingMethodId?: string;
  countryId?: string;
  countryStateId?: string;
  customerId?: string;
  billingAddressId?: string;
  shippingAddressId?: string;
  [key: string]: unknown;
}

/** Everything a Store API route needs to know about the caller. */
export interface SalesChannelContext {
  db: Db;
  token: string;
  /** false until something is stored for this token */
  persisted: boolean;
  salesChannel: SalesChannelRow;
  payload: ContextPayload;
  languageId: string;
  /** the language, then the default language: the translation fallback chain */
  languageIdChain: string[];
  currencyId: string;
  countryId: string;
  paymentMethodId: string;
  shippingMethodId: string;
  customerId: string | null;
  /** sw-include-seo-urls was true */
  includeSeoUrls: boolean;
  /** The sales channel's primary domain (PUBLIC_ORIGIN): media URLs and mail links are built on it, e.g. http://localhost:3000 */
  origin: string;
  /** Every domain of the sales channel (ADR 0022): a storefrontUrl or return URL must be on one of them */
  domains: readonly string[];
  /**
   * Asynchronous payment methods (card, TWINT, …) can be used: their only handler here is the simulated provider page
   * (PAYMENT_SIMULATION). Without it they are not offered, as Shopware hides methods whose handler is missing.
   */
  asynchronousPayments: boolean;
}

const salesChannelSql = `SELECT id, access_key AS accessKey, language_id AS languageId, currency_id AS currencyId,
  payment_method_id AS paymentMethodId, shipping_method_id AS shippingMethodId, country_id AS countryId,
  customer_group_id AS customerGroupId, navigation_category_id AS navigationCategoryId,
  footer_category_id AS footerCategoryId, service_category_id AS serviceCategoryId,
  navigation_category_depth AS navigationCategoryDepth, tax_calculation_type AS taxCalculationType
  FROM sales_channel WHERE access_key = ?`;

export function findSalesChannel(db: Db, accessKey: string | undefined): SalesChannelRow {
  if (!accessKey) {
    throw StoreApiError.of(401, 'FRAMEWORK__API_SALES_CHANNEL_ACCESS_KEY_MISSING', 'Header "sw-access-key" is required.');
  }
  const row = cachedStatement(db, salesChannelSql).get(accessKey) as SalesChannelRow | undefined;
  if (!row) {
    throw StoreApiError.of(401, 'FRAMEWORK__SALES_CHANNEL_NOT_FOUND', 'No matching sales channel found.');
  }
  return row;
}

export function loadContextPayload(db: Db, token: string): ContextPayload | undefined {
  const row = cachedStatement(db, 'SELECT payload FROM context_token WHERE token = ?').get(token) as { payload: string } | undefined;
  return row ? (JSON.parse(row.payload) as ContextPayload) : undefined;
}

/** Stores the visitor's choices; the token itself never changes here (Shopware keeps it on PATCH /context). */
export function saveContextPayload(ctx: SalesChannelContext, changes: ContextPayload): void {
  const payload = { ...ctx.payload, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete payload[key];
  const now = new Date().toISOString();
  cachedStatement(
    ctx.db,
    `INSERT INTO context_token (token, sales_channel_id, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at`,
  ).run(ctx.token, ctx.salesChannel.id, JSON.stringify(payload), now, now);
  ctx.payload = payload;
  ctx.persisted = true;
}

export function languageExists(db: Db, languageId: string): boolean {
  return cachedStatement(db, 'SELECT 1 FROM language WHERE id = ?').get(languageId) !== undefined;
}

/**
 * The chosen (or the sales channel's default) payment method while no provider handles asynchronous ones: itself when
 * synchronous (invoice, prepayment), else the first active synchronous method, so checkout never starts on a method
 * the shop cannot take.
 */
function takeablePaymentMethod(db: Db, paymentMethodId: string): string {
  const row = cachedStatement(
    db,
    `SELECT id FROM payment_method WHERE active = 1 AND asynchronous = 0
     ORDER BY id = ? DESC, position, technical_name LIMIT 1`,
  ).get(paymentMethodId) as { id: string } | undefined;
  return row?.id ?? paymentMethodId;
}

/** Builds the request's context from its headers, as Shopware's SalesChannelRequestContextResolver does. */
export function resolveContext(
  db: Db,
  headers: { accessKey?: string; contextToken?: string; languageId?: string; includeSeoUrls?: string },
  origins: ShopOrigins,
  options: { asynchronousPayments?: boolean } = {},
): SalesChannelContext {
  const salesChannel = findSalesChannel(db, headers.accessKey);
  // A token the shop has never seen is taken as it is: a fresh anonymous context under that token.
  const given = headers.contextToken?.trim();
  const token = given && given.length <= 255 ? given : newContextToken();
  const stored = given ? loadContextPayload(db, token) : undefined;
  const payload: ContextPayload = stored ?? {};

  let languageId = payload.languageId ?? salesChannel.languageId;
  const headerLanguage = headers.languageId?.trim();
  if (headerLanguage) {
    if (!isId(headerLanguage) || !languageExists(db, headerLanguage)) {
      throw StoreApiError.of(
        412,
        'SYSTEM__SALES_CHANNEL_LANGUAGE_NOT_AVAILABLE_EXCEPTION',
        `Provided language ${headerLanguage} is not in list of available languages: ${salesChannel.languageId}`,
        { languageId: headerLanguage },
      );
    }
    languageId = headerLanguage;
  }
  const customerId = typeof payload.customerId === 'string' ? payload.customerId : null;
  return {
    db,
    token,
    persisted: stored !== undefined,
    salesChannel,
    payload,
    languageId,
    languageIdChain: languageId === DEFAULT_LANGUAGE_ID ? [languageId] : [languageId, DEFAULT_LANGUAGE_ID],
    currencyId: payload.currencyId ?? salesChannel.currencyId,
    countryId: payload.countryId ?? salesChannel.countryId,
    paymentMethodId: options.asynchronousPayments === false ? takeablePaymentMethod(db, payload.paymentMethodId ?? salesChannel.paymentMethodId) : (payload.paymentMethodId ?? salesChannel.paymentMethodId),
    shippingMethodId: payload.shippingMethodId ?? salesChannel.shippingMethodId,
    customerId,
    includeSeoUrls: headers.includeSeoUrls === 'true' || headers.includeSeoUrls === '1',
    origin: origins.primary,
    domains: origins.all,
    asynchronousPayments: options.asynchronousPayments ?? true,
  };
}
