import type { SalesChannelContext } from '../context';
import { hasAssociation } from '../dal/criteria';
import { inIdOrder, registerEntity } from '../dal/definition';
import { cachedStatement, idList } from '../dal/statements';
import { shippingPriceBands } from '../domain/shipping';
import { findCustomer } from '../domain/customer';
import { customerJson } from './customer';
import { stableId } from '../ids';

// The sales channel's reference data as Shopware's Store API serialises it: language, currency,
// country (+ states), salutation, payment and shipping method, delivery time, customer group,
// tax, sales channel, and the SalesChannelContext that GET /context answers.

export type Json = Record<string, unknown>;

/** Shopware's fixed live version id. */
export const LIVE_VERSION_ID = '0fa91ce3e96a4bc2be4bd9ce752c3425';

const ROUNDING_ALIAS = 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config';

/** Statements are compiled once per database (the catalogue's statement cache). */
export const prepared = cachedStatement;

/** The context language, then the default language: bind these two for `t` (own) and `f` (fallback) joins. */
export function languagePair(ctx: SalesChannelContext): [string, string] {
  return [ctx.languageId, ctx.languageIdChain[ctx.languageIdChain.length - 1] ?? ctx.languageId];
}

export function bool(value: unknown): boolean {
  return value === 1 || value === true || value === '1';
}

/** Fields every Shopware entity carries that this shop does not store. */
function entityTail(alias: string, createdAt: string | null = null): Json {
  return { customFields: null, createdAt: createdAt ?? '2024-01-01T00:00:00.000+00:00', updatedAt: null, apiAlias: alias };
}

// --- language -------------------------------------------------------------------------------

interface LanguageRow {
  id: string;
  code: string;
  short_code: string;
  name: string;
  position: number;
}

export function languageJson(row: LanguageRow): Json {
  const localeId = stableId('locale', row.code);
  const territory = row.code.split('-')[1] ?? '';
  const locale = {
    id: localeId,
    code: row.code,
    name: row.name,
    territory,
    translated: { name: row.name, territory, customFields: {} },
    ...entityTail('locale'),
  };
  return {
    id: row.id,
    parentId: null,
    localeId,
    translationCodeId: localeId,
    name: row.name,
    active: true,
    locale,
    translationCode: locale,
    ...entityTail('language'),
  };
}

export function loadLanguages(ctx: SalesChannelContext): Json[] {
  const rows = prepared(ctx.db, 'SELECT id, code, short_code, name, position FROM language ORDER BY position, code').all() as LanguageRow[];
  return rows.map(languageJson);
}

export function languageInfo(ctx: SalesChannelContext): { name: string; localeCode: string } {
  const row = prepared(ctx.db, 'SELECT name, code FROM language WHERE id = ?').get(ctx.languageId) as
    | { name: string; code: string }
    | undefined;
  return { name: row?.name ?? '', localeCode: row?.code ?? '' };
}

// --- currency -------------------------------------------------------------------------------

interface CurrencyRow {
  id: string;
  iso_code: string;
  symbol: string;
  factor: number;
  position: number;
  is_default: number;
  item_decimals: number;
  item_interval: number;
  total_decimals: number;
  total_interval: number;
  name: string | null;
  short_name: string | null;
}

const currencySql = `SELECT c.*, COALESCE(t.name, f.name) AS name, COALESCE(t.short_name, f.short_name) AS short_name
  FROM currency c
  LEFT JOIN currency_translation t ON t.currency_id = c.id AND t.language_id = ?
  LEFT JOIN currency_translation f ON f.currency_id = c.id AND f.language_id = ?`;

export function roundingJson(decimals: number, interval: number): Json {
  return { decimals, interval, roundForNet: true, apiAlias: ROUNDING_ALIAS };
}

function currencyJson(row: CurrencyRow): Json {
  return {
    id: row.id,
    factor: row.factor,
    symbol: row.symbol,
    isoCode: row.iso_code,
    shortName: row.short_name ?? row.iso_code,
    name: row.name ?? row.iso_code,
    position: row.position,
    isSystemDefault: bool(row.is_default),
    taxFreeFrom: 0,
    itemRounding: roundingJson(row.item_decimals, row.item_interval),
    totalRounding: roundingJson(row.total_decimals, row.total_interval),
    translated: { shortName: row.short_name ?? row.iso_code, name: row.name ?? row.iso_code, customFields: {} },
    ...entityTail('currency'),
  };
}

export function loadCurrencies(ctx: SalesChannelContext, ids?: string[]): Json[] {
  const rows = prepared(ctx.db, `${currencySql} ORDER BY c.position, c.iso_code`).all(...languagePair(ctx)) as CurrencyRow[];
  return rows.filter((r) => !ids || ids.includes(r.id)).map(currencyJson);
}

// --- country and state ----------------------------------------------------------------------

interface CountryRow {
  id: string;
  iso: string;
  iso3: string;
  position: number;
  active: number;
  shipping_available: number;
  postal_code_required: number;
  display_state_in_registration: number;
  force_state_in_registration: number;
  is_eu: number;
  name: string | null;
}

interface StateRow {
  id: string;
  country_id: string;
  short_code: string;
  position: number;
  active: number;
  name: string | null;
}

// Shopware's default address layout (6.5+): lines of snippet keys.
const ADDRESS_FORMAT = [
  ['address/company', 'symbol/dash', 'address/department'],
  ['address/first_name', 'address/last_name'],
  ['address/street'],
  ['address/zipcode', 'address/city'],
  ['address/country'],
];

const countrySql = `SELECT c.*, COALESCE(t.name, f.name) AS name FROM country c
  LEFT JOIN country_translation t ON t.country_id = c.id AND t.language_id = ?
  LEFT JOIN country_translation f ON f.country_id = c.id AND f.language_id = ?`;

const stateSql = `SELECT s.*, COALESCE(t.name, f.name) AS name FROM country_state s
  LEFT JOIN country_state_translation t ON t.country_state_id = s.id AND t.language_id = ?
  LEFT JOIN country_state_translation f ON f.country_state_id = s.id AND f.language_id = ?`;

export function countryStateJson(row: StateRow): Json {
  return {
    id: row.id,
    countryId: row.country_id,
    shortCode: row.short_code,
    name: row.name ?? row.short_code,
    position: row.position,
    active: bool(row.active),
    translated: { name: row.name ?? row.short_code, customFields: {} },
    ...entityTail('country_state'),
  };
}

function countryJson(row: CountryRow, currencyId: string, states: Json[] | null): Json {
  const noTax = { enabled: false, currencyId, amount: 0 };
  return {
    id: row.id,
    name: row.name ?? row.iso,
    iso: row.iso,
    position: row.position,
    active: bool(row.active),
    shippingAvailable: bool(row.shipping_available),
    iso3: row.iso3,
    displayStateInRegistration: bool(row.display_state_in_registration),
    forceStateInRegistration: bool(row.force_state_in_registration),
    checkVatIdPattern: false,
    vatIdRequired: false,
    vatIdPattern: null,
    customerTax: noTax,
    companyTax: noTax,
    postalCodeRequired: bool(row.postal_code_required),
    checkPostalCodePattern: false,
    checkAdvancedPostalCodePattern: false,
    advancedPostalCodePattern: null,
    addressFormat: ADDRESS_FORMAT,
    defaultPostalCodePattern: row.iso === 'CH' || row.iso === 'LI' ? '\\d{4}' : null,
    isEu: bool(row.is_eu),
    states,
    translated: { name: row.name ?? row.iso, addressFormat: ADDRESS_FORMAT, customFields: {} },
    ...entityTail('country'),
  };
}

/** Countries in position order; states (active ones, by position then name) when asked for. */
export function loadCountries(ctx: SalesChannelContext, options: { ids?: string[]; withStates?: boolean; onlyActive?: boolean } = {}): Json[] {
  // The sales channel's country alone (the cart, the context) is one row, not all of them.
  const byId = options.ids ? ' WHERE c.id IN (SELECT value FROM json_each(?))' : '';
  const params = options.ids ? [...languagePair(ctx), idList(options.ids)] : languagePair(ctx);
  const rows = (prepared(ctx.db, `${countrySql}${byId} ORDER BY c.position, name`).all(...params) as CountryRow[]).filter(
    (r) => !options.onlyActive || bool(r.active),
  );
  let statesByCountry: Map<string, Json[]> | undefined;
  if (options.withStates) {
    statesByCountry = new Map();
    const states = prepared(ctx.db, `${stateSql} WHERE s.active = 1 ORDER BY s.position, name`).all(...languagePair(ctx)) as StateRow[];
    for (const state of states) {
      const list = statesByCountry.get(state.country_id) ?? [];
      list.push(countryStateJson(state));
      statesByCountry.set(state.country_id, list);
    }
  }
  return rows.map((r) => countryJson(r, ctx.currencyId, statesByCountry ? (statesByCountry.get(r.id) ?? []) : null));
}

export function loadCountryState(ctx: SalesChannelContext, id: string): Json | null {
  const row = prepared(ctx.db, `${stateSql} WHERE s.id = ?`).get(...languagePair(ctx), id) as StateRow | undefined;
  return row ? countryStateJson(row) : null;
}

// --- salutation -----------------------------------------------------------------------------

interface SalutationRow {
  id: string;
  salutation_key: string;
  position: number;
  display_name: string | null;
  letter_name: string | null;
}

export function loadSalutations(ctx: SalesChannelContext): Json[] {
  const rows = prepared(
    ctx.db,
    `SELECT s.*, COALESCE(t.display_name, f.display_name) AS display_name, COALESCE(t.letter_name, f.letter_name) AS letter_name
     FROM salutation s
     LEFT JOIN salutation_translation t ON t.salutation_id = s.id AND t.language_id = ?
     LEFT JOIN salutation_translation f ON f.salutation_id = s.id AND f.language_id = ?
     ORDER BY s.position, s.salutation_key`,
  ).all(...languagePair(ctx)) as SalutationRow[];
  return rows.map((r) => ({
    id: r.id,
    salutationKey: r.salutation_key,
    displayName: r.display_name ?? r.salutation_key,
    letterName: r.letter_name ?? '',
    position: r.position,
    translated: { displayName: r.display_name ?? r.salutation_key, letterName: r.letter_name ?? '', customFields: {} },
    ...entityTail('salutation'),
  }));
}

// --- delivery time, payment and shipping method ----------------------------------------------

interface DeliveryTimeRow {
  id: string;
  min: number;
  max: number;
  unit: string;
  name: string | null;
}

export function loadDeliveryTimes(ctx: SalesChannelContext): Map<string, Json> {
  const rows = prepared(
    ctx.db,
    `SELECT d.*, COALESCE(t.name, f.name) AS name FROM delivery_time d
     LEFT JOIN delivery_time_translation t ON t.delivery_time_id = d.id AND t.language_id = ?
     LEFT JOIN delivery_time_translation f ON f.delivery_time_id = d.id AND f.language_id = ?`,
  ).all(...languagePair(ctx)) as DeliveryTimeRow[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name ?? '',
        min: r.min,
        max: r.max,
        unit: r.unit,
        translated: { name: r.name ?? '', customFields: {} },
        ...entityTail('delivery_time'),
      },
    ]),
  );
}

interface PaymentMethodRow {
  id: string;
  technical_name: string;
  position: number;
  active: number;
  after_order_enabled: number;
  asynchronous: number;
  media_id: string | null;
  name: string | null;
  description: string | null;
}

function paymentMethodJson(row: PaymentMethodRow): Json {
  const name = row.name ?? row.technical_name;
  return {
    id: row.id,
    name,
    distinguishableName: name,
    description: row.description,
    position: row.position,
    active: bool(row.active),
    afterOrderEnabled: bool(row.after_order_enabled),
    mediaId: row.media_id,
    technicalName: row.technical_name,
    shortName: row.technical_name,
    synchronous: !bool(row.asynchronous),
    asynchronous: bool(row.asynchronous),
    prepared: false,
    refundable: false,
    recurring: false,
    media: null,
    translated: { name, distinguishableName: name, description: row.description, customFields: {} },
    ...entityTail('payment_method'),
  };
}

/** Whether the shop can take this method now: active, and if asynchronous, only while a provider handles it. */
export function paymentMethodUsable(ctx: SalesChannelContext, method: { active: number; asynchronous: number }): boolean {
  return bool(method.active) && (ctx.asynchronousPayments || !bool(method.asynchronous));
}

export function loadPaymentMethods(ctx: SalesChannelContext, options: { ids?: string[]; onlyActive?: boolean } = {}): Json[] {
  const rows = prepared(
    ctx.db,
    `SELECT p.*, COALESCE(t.name, f.name) AS name, COALESCE(t.description, f.description) AS description
     FROM payment_method p
     LEFT JOIN payment_method_translation t ON t.payment_method_id = p.id AND t.language_id = ?
     LEFT JOIN payment_method_translation f ON f.payment_method_id = p.id AND f.language_id = ?
     ORDER BY p.position, p.technical_name`,
  ).all(...languagePair(ctx)) as PaymentMethodRow[];
  return rows
    .filter((r) => (!options.ids || options.ids.includes(r.id)) && (!options.onlyActive || paymentMethodUsable(ctx, r)))
    .map(paymentMethodJson);
}

export interface ShippingMethodRow {
  id: string;
  technical_name: string;
  position: number;
  active: number;
  delivery_time_id: string;
  tax_type: string;
  click_and_collect: number;
  media_id: string | null;
  tracking_url: string | null;
  name: string | null;
  description: string | null;
}

/** Shopware's ShippingMethodPriceEntity::CALCULATION_BY_WEIGHT */
const CALCULATION_BY_WEIGHT = 3;
/** Shipping is taxed at the standard rate in the price table (the cart taxes it at the goods' highest rate). */
const SHIPPING_TABLE_VAT_RATE = 8.1;

function shippingPriceJson(methodId: string, currencyId: string, index: number, start: number, end: number | null, gross: number): Json {
  const rounded = Math.round(gross * 100) / 100;
  return {
    id: stableId('shipping_method_price', methodId, index),
    shippingMethodId: methodId,
    ruleId: null,
    calculation: CALCULATION_BY_WEIGHT,
    calculationRuleId: null,
    quantityStart: start,
    quantityEnd: end,
    currencyPrice: [
      {
        currencyId,
        gross: rounded,
        net: Math.round((rounded / (1 + SHIPPING_TABLE_VAT_RATE / 100)) * 100) / 100,
        linked: true,
        listPrice: null,
        percentage: null,
        regulationPrice: null,
        apiAlias: 'price',
      },
    ],
    ...entityTail('shipping_method_price'),
  };
}

/** The weight bands of a shipping method as Shopware ShippingMethodPrice rows (the rule lives in domain/shipping.ts). */
export function shippingMethodPrices(methodId: string, clickAndCollect: boolean, currencyId: string): Json[] {
  return shippingPriceBands(clickAndCollect).map((band, index) => shippingPriceJson(methodId, currencyId, index, band.startKg, band.endKg, band.gross));
}

/** All shipping methods with their names, in their order (inactive ones too). */
export function shippingMethodRows(ctx: SalesChannelContext): ShippingMethodRow[] {
  return prepared(
    ctx.db,
    `SELECT s.*, COALESCE(t.name, f.name) AS name, COALESCE(t.description, f.description) AS description
     FROM shipping_method s
     LEFT JOIN shipping_method_translation t ON t.shipping_method_id = s.id AND t.language_id = ?
     LEFT JOIN shipping_method_translation f ON f.shipping_method_id = s.id AND f.language_id = ?
     ORDER BY s.position, s.technical_name`,
  ).all(...languagePair(ctx)) as ShippingMethodRow[];
}

export function shippingMethodJson(ctx: SalesChannelContext, r: ShippingMethodRow, deliveryTimes: Map<string, Json>, withPrices = false): Json {
  const name = r.name ?? r.technical_name;
  return {
    id: r.id,
    name,
    technicalName: r.technical_name,
    active: bool(r.active),
    position: r.position,
    availabilityRuleId: null,
    mediaId: r.media_id,
    deliveryTimeId: r.delivery_time_id,
    taxType: r.tax_type,
    taxId: null,
    description: r.description,
    trackingUrl: r.tracking_url,
    deliveryTime: deliveryTimes.get(r.delivery_time_id) ?? null,
    prices: withPrices ? shippingMethodPrices(r.id, bool(r.click_and_collect), ctx.currencyId) : null,
    media: null,
    tax: null,
    translated: { name, description: r.description, trackingUrl: r.tracking_url, customFields: {} },
    ...entityTail('shipping_method'),
  };
}

export function loadShippingMethods(
  ctx: SalesChannelContext,
  options: { ids?: string[]; onlyActive?: boolean; withPrices?: boolean; deliveryTimes?: Map<string, Json> } = {},
): Json[] {
  const rows = shippingMethodRows(ctx);
  const deliveryTimes = options.deliveryTimes ?? loadDeliveryTimes(ctx);
  return rows
    .filter((r) => (!options.ids || options.ids.includes(r.id)) && (!options.onlyActive || bool(r.active)))
    .map((r) => shippingMethodJson(ctx, r, deliveryTimes, options.withPrices));
}

/** Moves the context's current method to the front, as Shopware's Sorted*MethodRoute does. */
export function selectedFirst(methods: Json[], selectedId: string): Json[] {
  const selected = methods.find((m) => m.id === selectedId);
  return selected ? [selected, ...methods.filter((m) => m !== selected)] : methods;
}

// --- customer group, tax, sales channel --------------------------------------------------------

export function customerGroupJson(ctx: SalesChannelContext, id: string): Json | null {
  const row = prepared(
    ctx.db,
    `SELECT g.id, g.display_gross, g.registration_active, g.registration_only_company, COALESCE(t.name, f.name) AS name,
       COALESCE(t.registration_title, f.registration_title) AS registration_title,
       COALESCE(t.registration_introduction, f.registration_introduction) AS registration_introduction,
       COALESCE(t.registration_seo_meta_description, f.registration_seo_meta_description) AS registration_seo_meta_description
     FROM customer_group g
     LEFT JOIN customer_group_translation t ON t.customer_group_id = g.id AND t.language_id = ?
     LEFT JOIN customer_group_translation f ON f.customer_group_id = g.id AND f.language_id = ?
     WHERE g.id = ?`,
  ).get(...languagePair(ctx), id) as CustomerGroupRow | undefined;
  if (!row) return null;
  // Texts a group without a registration page has not are left out, as Shopware leaves out unset translated fields,
  // rather than sent as null (the schema refuses null).
  const registration = {
    ...(row.registration_title ? { registrationTitle: row.registration_title } : {}),
    ...(row.registration_introduction ? { registrationIntroduction: row.registration_introduction } : {}),
    ...(row.registration_seo_meta_description ? { registrationSeoMetaDescription: row.registration_seo_meta_description } : {}),
  };
  return {
    id: row.id,
    name: row.name ?? '',
    displayGross: bool(row.display_gross),
    registrationActive: bool(row.registration_active),
    registrationOnlyCompanyRegistration: bool(row.registration_only_company),
    ...registration,
    translated: {
      name: row.name ?? '',
      registrationOnlyCompanyRegistration: bool(row.registration_only_company),
      ...registration,
      customFields: {},
    },
    ...entityTail('customer_group'),
  };
}

interface CustomerGroupRow {
  id: string;
  display_gross: number;
  registration_active: number;
  registration_only_company: number;
  name: string | null;
  registration_title: string | null;
  registration_introduction: string | null;
  registration_seo_meta_description: string | null;
}

/** A customer group whose registration page is open (Shopware's customer-group-registration/config), else null. */
export function registrationCustomerGroupJson(ctx: SalesChannelContext, id: string): Json | null {
  const group = customerGroupJson(ctx, id);
  return group && group.registrationActive === true ? group : null;
}

export function loadTaxes(ctx: SalesChannelContext): Json[] {
  const rows = prepared(ctx.db, 'SELECT id, tax_rate, name, position FROM tax ORDER BY position, tax_rate DESC').all() as {
    id: string;
    tax_rate: number;
    name: string;
    position: number;
  }[];
  return rows.map((r) => ({ id: r.id, taxRate: r.tax_rate, name: r.name, position: r.position, ...entityTail('tax') }));
}

export function salesChannelJson(ctx: SalesChannelContext): Json {
  const sc = ctx.salesChannel;
  const nameRow = prepared(
    ctx.db,
    `SELECT COALESCE(t.name, f.name) AS name FROM sales_channel s
     LEFT JOIN sales_channel_translation t ON t.sales_channel_id = s.id AND t.language_id = ?
     LEFT JOIN sales_channel_translation f ON f.sales_channel_id = s.id AND f.language_id = ?
     WHERE s.id = ?`,
  ).get(...languagePair(ctx), sc.id) as { name: string | null } | undefined;
  const name = nameRow?.name ?? 'Storefront';
  const domains = salesChannelDomains(ctx).map((d) => ({
    id: d.id,
    url: d.url,
    languageId: d.languageId,
    currencyId: sc.currencyId,
    snippetSetId: stableId('snippet_set', d.languageId),
    salesChannelId: sc.id,
    hreflangUseOnlyLocale: false,
    salesChannelDefaultHreflang: null,
    ...entityTail('sales_channel_domain'),
  }));
  return {
    id: sc.id,
    typeId: '8a243080f92e4c719546314b577cf82b',
    languageId: sc.languageId,
    customerGroupId: sc.customerGroupId,
    currencyId: sc.currencyId,
    paymentMethodId: sc.paymentMethodId,
    shippingMethodId: sc.shippingMethodId,
    countryId: sc.countryId,
    navigationCategoryId: sc.navigationCategoryId,
    navigationCategoryVersionId: LIVE_VERSION_ID,
    navigationCategoryDepth: sc.navigationCategoryDepth,
    footerCategoryId: sc.footerCategoryId,
    footerCategoryVersionId: sc.footerCategoryId ? LIVE_VERSION_ID : null,
    serviceCategoryId: sc.serviceCategoryId,
    serviceCategoryVersionId: sc.serviceCategoryId ? LIVE_VERSION_ID : null,
    mailHeaderFooterId: null,
    hreflangDefaultDomainId: null,
    measurementUnits: { system: 'metric', units: { length: 'mm', weight: 'kg' } },
    name,
    shortName: null,
    taxCalculationType: sc.taxCalculationType,
    configuration: null,
    active: true,
    hreflangActive: false,
    maintenance: false,
    homeCmsPageId: null,
    homeSlotConfig: null,
    homeEnabled: true,
    homeName: null,
    homeMetaTitle: null,
    homeMetaDescription: null,
    homeKeywords: null,
    translated: { name, customFields: {} },
    domains,
    ...entityTail('sales_channel'),
  };
}

/** Domain rows hold a path prefix ('' or '/it'); Shopware answers absolute URLs. */
export function domainUrl(ctx: SalesChannelContext, prefix: string): string {
  return /^https?:\/\//.test(prefix) ? prefix : `${ctx.origin}${prefix}`;
}

export interface SalesChannelDomain {
  id: string;
  /** e.g. https://www.apotheke.example/it, no trailing slash */
  url: string;
  languageId: string;
}

/**
 * The sales channel's domains as a Shopware shop configures them: every origin of the shop (PUBLIC_ORIGIN first,
 * then STOREFRONT_ORIGINS; ADR 0022) with each language's path prefix. A storefrontUrl must be one of them exactly
 * (Shopware's Choice), and the first one of a language is that language's domain (the context switch's redirectUrl).
 */
export function salesChannelDomains(ctx: SalesChannelContext): SalesChannelDomain[] {
  const prefixes = prepared(ctx.db, 'SELECT id, language_id, url FROM sales_channel_domain WHERE sales_channel_id = ? ORDER BY url').all(ctx.salesChannel.id) as {
    id: string;
    language_id: string;
    url: string;
  }[];
  return ctx.domains.flatMap((origin) =>
    prefixes.map((d) => ({
      // the primary origin's domains keep their seeded ids
      id: origin === ctx.origin ? d.id : stableId('sales_channel_domain', origin, d.language_id),
      url: (/^https?:\/\//.test(d.url) ? d.url : `${origin}${d.url}`).replace(/\/+$/, ''),
      languageId: d.language_id,
    })),
  );
}

// --- the context --------------------------------------------------------------------------------

function sessionCustomerJson(ctx: SalesChannelContext): Json | null {
  if (!ctx.customerId) return null;
  const customer = findCustomer(ctx, ctx.customerId);
  return customer ? customerJson(ctx, customer) : null;
}

export function salesChannelContextJson(ctx: SalesChannelContext): Json {
  const currency = loadCurrencies(ctx, [ctx.currencyId])[0] ?? null;
  const group = customerGroupJson(ctx, ctx.salesChannel.customerGroupId);
  const country = loadCountries(ctx, { ids: [ctx.countryId] })[0] ?? null;
  const stateId = typeof ctx.payload.countryStateId === 'string' ? ctx.payload.countryStateId : null;
  const itemRounding = (currency?.itemRounding as Json | undefined) ?? roundingJson(2, 0.01);
  const totalRounding = (currency?.totalRounding as Json | undefined) ?? roundingJson(2, 0.01);
  const info = languageInfo(ctx);
  return {
    token: ctx.token,
    currentCustomerGroup: group,
    fallbackCustomerGroup: group,
    currency,
    salesChannel: salesChannelJson(ctx),
    taxRules: loadTaxes(ctx),
    // The session's customer (guests included; clients check `guest` and `active`), as Shopware answers it.
    customer: sessionCustomerJson(ctx),
    paymentMethod: loadPaymentMethods(ctx, { ids: [ctx.paymentMethodId] })[0] ?? null,
    shippingMethod: loadShippingMethods(ctx, { ids: [ctx.shippingMethodId] })[0] ?? null,
    shippingLocation: {
      country,
      state: stateId ? loadCountryState(ctx, stateId) : null,
      address: null,
      apiAlias: 'cart_delivery_shipping_location',
    },
    rounding: itemRounding,
    itemRounding,
    totalRounding,
    context: {
      versionId: LIVE_VERSION_ID,
      currencyId: ctx.currencyId,
      currencyFactor: (currency?.factor as number | undefined) ?? 1,
      currencyPrecision: (itemRounding.decimals as number | undefined) ?? 2,
      languageIdChain: ctx.languageIdChain,
      scope: 'user',
      source: { salesChannelId: ctx.salesChannel.id, type: 'sales-channel', apiAlias: 'sales_channel_api_source' },
      taxState: 'gross',
      useCache: true,
      ruleIds: [],
      rounding: itemRounding,
      apiAlias: 'context',
    },
    languageInfo: { name: info.name, localeCode: info.localeCode, apiAlias: 'sales_channel_context_language_info' },
    measurementSystem: { system: 'metric', units: { length: 'mm', weight: 'kg' }, apiAlias: 'context_measurement_system_info' },
    permissions: [],
    apiAlias: 'sales_channel_context',
  };
}

// --- Criteria definitions (the catalogue's DAL searches these tables) ---------------------------

const ORDERED_BY_POSITION = [{ field: 'position', order: 'ASC' as const }];

/** Hydrates by id from a loader that answers the (small) whole table, in the order of the ids. */
function byIds(all: Json[], ids: string[]): Json[] {
  return inIdOrder(new Map(all.map((e) => [e.id as string, e])), ids);
}

// The shop has one locale per language, so a locale is read from its language's row: this lets clients
// ask for (and filter on) `locale` / `translationCode` as they do on Shopware, e.g. `locale.code`.
registerEntity({
  name: 'locale',
  table: 'language',
  idColumn: 'id',
  fields: {
    code: { column: 'code', type: 'string' },
    name: { column: 'name', type: 'string' },
  },
  associations: {},
  hydrate: (ctx, languageIds) => byIds(loadLanguages(ctx), languageIds).map((language) => language.locale as Json),
});

registerEntity({
  name: 'language',
  table: 'language',
  idColumn: 'id',
  fields: {
    id: { column: 'id', type: 'id' },
    name: { column: 'name', type: 'string' },
    position: { column: 'position', type: 'int' },
  },
  associations: {
    locale: { kind: 'manyToOne', entity: 'locale', localColumn: 'id' },
    translationCode: { kind: 'manyToOne', entity: 'locale', localColumn: 'id' },
  },
  defaultSort: ORDERED_BY_POSITION,
  hydrate: (ctx, ids) => byIds(loadLanguages(ctx), ids),
});

registerEntity({
  name: 'currency',
  table: 'currency',
  idColumn: 'id',
  translationTable: 'currency_translation',
  translationForeignKey: 'currency_id',
  fields: {
    id: { column: 'id', type: 'id' },
    isoCode: { column: 'iso_code', type: 'string' },
    symbol: { column: 'symbol', type: 'string' },
    factor: { column: 'factor', type: 'float' },
    position: { column: 'position', type: 'int' },
    isSystemDefault: { column: 'is_default', type: 'bool' },
    name: { column: 'name', type: 'string', translated: true },
    shortName: { column: 'short_name', type: 'string', translated: true },
  },
  associations: {},
  defaultSort: ORDERED_BY_POSITION,
  hydrate: (ctx, ids) => loadCurrencies(ctx, ids).sort((a, b) => ids.indexOf(a.id as string) - ids.indexOf(b.id as string)),
});

registerEntity({
  name: 'country_state',
  table: 'country_state',
  idColumn: 'id',
  translationTable: 'country_state_translation',
  translationForeignKey: 'country_state_id',
  fields: {
    id: { column: 'id', type: 'id' },
    countryId: { column: 'country_id', type: 'id' },
    shortCode: { column: 'short_code', type: 'string' },
    position: { column: 'position', type: 'int' },
    active: { column: 'active', type: 'bool' },
    name: { column: 'name', type: 'string', translated: true },
  },
  associations: { country: { kind: 'manyToOne', entity: 'country', localColumn: 'country_id' } },
  defaultSort: ORDERED_BY_POSITION,
  hydrate: (ctx, ids) => ids.flatMap((id): Json[] => {
    const state = loadCountryState(ctx, id);
    return state ? [state] : [];
  }),
});

registerEntity({
  name: 'country',
  table: 'country',
  idColumn: 'id',
  translationTable: 'country_translation',
  translationForeignKey: 'country_id',
  fields: {
    id: { column: 'id', type: 'id' },
    iso: { column: 'iso', type: 'string' },
    iso3: { column: 'iso3', type: 'string' },
    position: { column: 'position', type: 'int' },
    active: { column: 'active', type: 'bool' },
    shippingAvailable: { column: 'shipping_available', type: 'bool' },
    postalCodeRequired: { column: 'postal_code_required', type: 'bool' },
    displayStateInRegistration: { column: 'display_state_in_registration', type: 'bool' },
    forceStateInRegistration: { column: 'force_state_in_registration', type: 'bool' },
    isEu: { column: 'is_eu', type: 'bool' },
    name: { column: 'name', type: 'string', translated: true },
  },
  associations: { states: { kind: 'oneToMany', entity: 'country_state', foreignColumn: 'country_id' } },
  defaultSort: ORDERED_BY_POSITION,
  // The Store API lists only countries a customer can choose (Shopware's CountryRoute).
  baseCondition: (_ctx, alias) => ({ sql: `${alias}.active = 1`, params: [] }),
  hydrate: (ctx, ids, criteria) => byIds(loadCountries(ctx, { ids, withStates: hasAssociation(criteria, 'states') }), ids),
});

registerEntity({
  name: 'salutation',
  table: 'salutation',
  idColumn: 'id',
  translationTable: 'salutation_translation',
  translationForeignKey: 'salutation_id',
  fields: {
    id: { column: 'id', type: 'id' },
    salutationKey: { column: 'salutation_key', type: 'string' },
    position: { column: 'position', type: 'int' },
    displayName: { column: 'display_name', type: 'string', translated: true },
    letterName: { column: 'letter_name', type: 'string', translated: true },
  },
  associations: {},
  defaultSort: ORDERED_BY_POSITION,
  hydrate: (ctx, ids) => byIds(loadSalutations(ctx), ids),
});

registerEntity({
  name: 'delivery_time',
  table: 'delivery_time',
  idColumn: 'id',
  translationTable: 'delivery_time_translation',
  translationForeignKey: 'delivery_time_id',
  fields: {
    id: { column: 'id', type: 'id' },
    min: { column: 'min', type: 'int' },
    max: { column: 'max', type: 'int' },
    unit: { column: 'unit', type: 'string' },
    name: { column: 'name', type: 'string', translated: true },
  },
  associations: {},
  hydrate: (ctx, ids) => inIdOrder(loadDeliveryTimes(ctx), ids),
});

registerEntity({
  name: 'payment_method',
  table: 'payment_method',
  idColumn: 'id',
  translationTable: 'payment_method_translation',
  translationForeignKey: 'payment_method_id',
  fields: {
    id: { column: 'id', type: 'id' },
    technicalName: { column: 'technical_name', type: 'string' },
    position: { column: 'position', type: 'int' },
    active: { column: 'active', type: 'bool' },
    afterOrderEnabled: { column: 'after_order_enabled', type: 'bool' },
    mediaId: { column: 'media_id', type: 'id' },
    name: { column: 'name', type: 'string', translated: true },
    description: { column: 'description', type: 'string', translated: true },
  },
  associations: { media: { kind: 'manyToOne', entity: 'media', localColumn: 'media_id' } },
  defaultSort: ORDERED_BY_POSITION,
  // Methods the shop can take: active, and asynchronous ones only while a provider handles them (ctx.asynchronousPayments).
  baseCondition: (ctx, alias) => ({ sql: `${alias}.active = 1${ctx.asynchronousPayments ? '' : ` AND ${alias}.asynchronous = 0`}`, params: [] }),
  hydrate: (ctx, ids) => byIds(loadPaymentMethods(ctx, { ids }), ids),
});

registerEntity({
  name: 'shipping_method',
  table: 'shipping_method',
  idColumn: 'id',
  translationTable: 'shipping_method_translation',
  translationForeignKey: 'shipping_method_id',
  fields: {
    id: { column: 'id', type: 'id' },
    technicalName: { column: 'technical_name', type: 'string' },
    position: { column: 'position', type: 'int' },
    active: { column: 'active', type: 'bool' },
    deliveryTimeId: { column: 'delivery_time_id', type: 'id' },
    taxType: { column: 'tax_type', type: 'string' },
    mediaId: { column: 'media_id', type: 'id' },
    name: { column: 'name', type: 'string', translated: true },
    description: { column: 'description', type: 'string', translated: true },
  },
  associations: {
    deliveryTime: { kind: 'manyToOne', entity: 'delivery_time', localColumn: 'delivery_time_id' },
    // Synthesised from the shipping rule (no table): loadable as an association, not filterable.
    prices: { kind: 'oneToMany', entity: 'shipping_method_price', foreignColumn: 'shipping_method_id' },
    media: { kind: 'manyToOne', entity: 'media', localColumn: 'media_id' },
  },
  defaultSort: ORDERED_BY_POSITION,
  baseCondition: (_ctx, alias) => ({ sql: `${alias}.active = 1`, params: [] }),
  hydrate: (ctx, ids, criteria) => byIds(loadShippingMethods(ctx, { ids, withPrices: hasAssociation(criteria, 'prices') }), ids),
});
