import type { Schemas } from '@shopware/api-client/store-api-types';
import type { GatewayContext } from '../context';
import { LOCALE_ISO, LOCALES, type Locale } from '../languages';
import { builder, languageIdFor, LocaleEnum } from './builder';
import { readCountries } from './countries';
import { ProductListingRef, readCategoryListing, readListingArgs } from './listing';

// The shopper's session (GET /context) and the shop's small lists: languages, countries, salutations.
// Changing the context (PATCH /context) comes with the checkout.

type SalesChannelContext = Schemas['SalesChannelContext'];
export type ShopwareCountry = Schemas['Country'];
type ShopwareCountryState = Schemas['CountryState'];
type ShopwareSalutation = Schemas['Salutation'];
type ShopwareLanguage = Schemas['Language'];

const contextReads = new WeakMap<GatewayContext, Map<string, Promise<SalesChannelContext>>>();

/**
 * GET /context once per request and language: the session, the sales channel (its navigation root
 * category, the home page) and the defaults. Shared by `context` and `route('/')`.
 */
export function readSalesChannelContext(ctx: GatewayContext, languageId = ctx.languageId): Promise<SalesChannelContext> {
  let byLanguage = contextReads.get(ctx);
  if (!byLanguage) {
    byLanguage = new Map();
    contextReads.set(ctx, byLanguage);
  }
  let read = byLanguage.get(languageId);
  if (!read) {
    read = ctx.store(languageId).invoke('readContext get /context');
    byLanguage.set(languageId, read);
  }
  return read;
}

/** After a change of the session (login, addresses, methods): the next read asks the Store API again. */
export function forgetSalesChannelContext(ctx: GatewayContext): void {
  contextReads.delete(ctx);
}

const LanguageRef = builder.objectRef<{ id: string; locale: Locale; name: string }>('Language').implement({
  description: 'A language of the shop. Its id is the `sw-language-id` the Store API and the cookie of that name carry.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware language id.' }),
    locale: t.field({ type: LocaleEnum, description: 'The shop locale: DE, IT or FR.', resolve: (l) => l.locale }),
    code: t.string({ description: 'The ISO locale code, e.g. de-CH.', resolve: (l) => LOCALE_ISO[l.locale] }),
    name: t.exposeString('name', { description: 'The language’s name in itself, e.g. Italiano.' }),
    pathPrefix: t.string({
      description: 'The storefront path prefix of the language: "" for German, "/it" and "/fr".',
      resolve: (l) => (l.locale === 'de' ? '' : `/${l.locale}`),
    }),
  }),
});

const CurrencyRef = builder.objectRef<NonNullable<SalesChannelContext['currency']>>('Currency').implement({
  description: 'A currency prices are shown in; the shop sells in Swiss francs (CHF, VAT included).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware currency id.' }),
    isoCode: t.exposeString('isoCode', { description: 'ISO 4217 code, e.g. CHF.' }),
    symbol: t.exposeString('symbol', { description: 'The symbol shown beside prices, e.g. CHF.' }),
    name: t.string({ description: 'The currency’s name in the session’s language.', resolve: (c) => c.translated?.name ?? c.name }),
    decimals: t.int({
      description: 'Decimals a price is rounded to.',
      resolve: (c) => (c as { itemRounding?: { decimals?: number } }).itemRounding?.decimals ?? 2,
    }),
  }),
});

type ShopwareDeliveryTime = { name?: string; min?: number; max?: number; unit?: string; translated?: { name?: string } };

const DeliveryTimeRef = builder.objectRef<ShopwareDeliveryTime>('ShippingDeliveryTime').implement({
  description: 'How long a delivery with a shipping method takes, e.g. 1-2 days.',
  fields: (t) => ({
    name: t.string({ description: 'The wording in the session’s language, e.g. "1-2 Tage".', resolve: (d) => d.translated?.name ?? d.name ?? '' }),
    min: t.int({ nullable: true, description: 'The shortest time, in `unit`.', resolve: (d) => d.min ?? null }),
    max: t.int({ nullable: true, description: 'The longest time, in `unit`.', resolve: (d) => d.max ?? null }),
    unit: t.string({ nullable: true, description: 'hour, day, week, month or year.', resolve: (d) => d.unit ?? null }),
  }),
});

export type ShopwareShippingMethod = NonNullable<SalesChannelContext['shippingMethod']>;
export type ShopwarePaymentMethod = NonNullable<SalesChannelContext['paymentMethod']>;

/** Whether a shipping method is pickup in a pharmacy (the shop's flag, else its technical name). */
export function isClickAndCollectMethod(method: ShopwareShippingMethod): boolean {
  const flagged = (method as { clickAndCollect?: unknown }).clickAndCollect ?? method.customFields?.pharmacy_click_and_collect;
  if (typeof flagged === 'boolean') return flagged;
  return /click_?(and_)?collect/i.test(method.technicalName ?? '');
}

export const ShippingMethodRef = builder.objectRef<ShopwareShippingMethod>('ShippingMethod').implement({
  description: 'A way the order reaches the shopper (post, Click & Collect in a pharmacy).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware shipping method id.' }),
    name: t.string({ description: 'The name in the session’s language.', resolve: (m) => m.translated?.name ?? m.name }),
    technicalName: t.string({ nullable: true, description: 'The stable technical name.', resolve: (m) => m.technicalName ?? null }),
    deliveryTime: t.field({
      type: DeliveryTimeRef,
      nullable: true,
      description: 'How long delivery takes with this method.',
      resolve: (m) => (m.deliveryTime as ShopwareDeliveryTime | undefined) ?? null,
    }),
    clickAndCollect: t.boolean({
      description: 'Pickup in a pharmacy (Click & Collect): the cart then needs a selected pharmacy and ships free.',
      resolve: (m) => isClickAndCollectMethod(m),
    }),
    description: t.string({
      nullable: true,
      description: 'A short explanation in the session’s language.',
      resolve: (m) => m.translated?.description ?? m.description ?? null,
    }),
  }),
});

export const PaymentMethodRef = builder.objectRef<ShopwarePaymentMethod>('PaymentMethod').implement({
  description: 'A way to pay (card, PayPal, Twint, invoice, …).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware payment method id.' }),
    name: t.string({ description: 'The name in the session’s language.', resolve: (m) => m.translated?.name ?? m.name }),
    technicalName: t.string({ nullable: true, description: 'The stable technical name.', resolve: (m) => m.technicalName ?? null }),
    description: t.string({
      nullable: true,
      description: 'A short explanation in the session’s language.',
      resolve: (m) => m.translated?.description ?? m.description ?? null,
    }),
    asynchronous: t.boolean({
      description: 'Paid on the payment provider’s page (card, PayPal, Twint, …): the shopper is redirected after ordering.',
      resolve: (m) => (m as { asynchronous?: boolean }).asynchronous === true,
    }),
    afterOrderEnabled: t.boolean({
      description: 'Can be chosen again for an unpaid order (retry payment).',
      resolve: (m) => m.afterOrderEnabled === true,
    }),
  }),
});

const CountryStateRef = builder.objectRef<ShopwareCountryState>('CountryState').implement({
  description: 'A state of a country, e.g. a Swiss canton.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware country state id.' }),
    shortCode: t.exposeString('shortCode', { description: 'ISO 3166-2 code, e.g. CH-ZH.' }),
    name: t.string({ description: 'The name in the requested language.', resolve: (s) => s.translated?.name ?? s.name }),
  }),
});

export const CountryRef = builder.objectRef<ShopwareCountry>('Country').implement({
  description: 'A country the shop delivers to (Switzerland and Liechtenstein).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware country id.' }),
    name: t.string({ description: 'The name in the requested language.', resolve: (c) => c.translated?.name ?? c.name }),
    iso: t.string({ nullable: true, description: 'ISO 3166-1 alpha-2 code, e.g. CH.', resolve: (c) => c.iso ?? null }),
    iso3: t.string({ nullable: true, description: 'ISO 3166-1 alpha-3 code, e.g. CHE.', resolve: (c) => c.iso3 ?? null }),
    shippingAvailable: t.boolean({ description: 'Whether the shop ships to this country.', resolve: (c) => c.shippingAvailable !== false }),
    forceStateInRegistration: t.boolean({
      description: 'Whether an address in this country must name its state.',
      resolve: (c) => c.forceStateInRegistration === true,
    }),
    states: t.field({
      type: [CountryStateRef],
      description: 'The country’s states (cantons), in the shop’s order.',
      resolve: (c) =>
        [...(c.states ?? [])].sort(
          (a, b) => ((a as { position?: number }).position ?? 0) - ((b as { position?: number }).position ?? 0) || a.name.localeCompare(b.name),
        ),
    }),
  }),
});

const SalutationRef = builder.objectRef<ShopwareSalutation>('Salutation').implement({
  description: 'How a customer is addressed in forms and letters.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware salutation id.' }),
    key: t.exposeString('salutationKey', { description: 'mr, mrs or not_specified.' }),
    displayName: t.string({ description: 'The form label, e.g. Herr.', resolve: (s) => s.translated?.displayName ?? s.displayName }),
    letterName: t.string({ description: 'The letter greeting, e.g. Sehr geehrter Herr.', resolve: (s) => s.translated?.letterName ?? s.letterName }),
  }),
});

interface ShopContextShape {
  languageId: string;
  data: SalesChannelContext;
}

const ShopContextRef = builder.objectRef<ShopContextShape>('ShopContext').implement({
  description: 'The shopper’s session as the shop sees it: language, currency, chosen shipping and payment method, delivery country.',
  fields: (t) => ({
    language: t.field({
      type: LanguageRef,
      description: 'The language of this request (sw-language-id cookie, else the browser’s languages, else German).',
      resolve: (s, _args, ctx) => {
        const locale = ctx.languages.localeOf(s.languageId) ?? ctx.locale;
        return { id: s.languageId, locale, name: s.data.languageInfo?.name ?? LOCALE_ISO[locale] };
      },
    }),
    currency: t.field({
      type: CurrencyRef,
      description: 'The currency prices are shown in.',
      resolve: (s) => {
        if (!s.data.currency) throw new Error('The Store API context has no currency');
        return s.data.currency;
      },
    }),
    shippingMethod: t.field({
      type: ShippingMethodRef,
      nullable: true,
      description: 'The shipping method chosen for the cart (the shop’s default until the shopper picks one).',
      resolve: (s) => s.data.shippingMethod ?? null,
    }),
    paymentMethod: t.field({
      type: PaymentMethodRef,
      nullable: true,
      description: 'The payment method chosen for the cart (the shop’s default until the shopper picks one).',
      resolve: (s) => s.data.paymentMethod ?? null,
    }),
    country: t.field({
      type: CountryRef,
      nullable: true,
      description: 'The delivery country the prices and shipping costs are computed for.',
      resolve: (s) => (s.data.shippingLocation?.country as ShopwareCountry | undefined) ?? null,
    }),
    loggedIn: t.boolean({
      description: 'Whether a registered, active customer (not a guest) is logged in (SPEC §4).',
      resolve: (s) => {
        const customer = s.data.customer as { id?: string; active?: boolean; guest?: boolean } | null | undefined;
        return Boolean(customer?.id && customer.active !== false && !customer.guest);
      },
    }),
    navigationCategoryId: t.string({
      description: 'The sales channel’s main navigation (root) category: the home page.',
      resolve: (s) => s.data.salesChannel.navigationCategoryId,
    }),
    homeProductListing: t.field({
      type: ProductListingRef,
      description:
        'The home category’s products, sorted and paged: the same as `route(path: "/")` → `category.productListing`, without reading the home page and its CMS page first (e.g. the cart’s bestsellers).',
      args: {
        sort: t.arg.string({ required: false, description: 'A key of availableSortings, e.g. topseller (default: the shop’s).' }),
        limit: t.arg.int({ required: false, description: 'Products per page, 1 to 100 (default: the shop’s).' }),
        locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
      },
      resolve: (s, args, ctx) => readCategoryListing(ctx, languageIdFor(ctx, args.locale), s.data.salesChannel.navigationCategoryId, readListingArgs(args)),
    }),
  }),
});

/** The language from a Store API language, if it is one of the shop's three. */
function localeOfLanguage(language: ShopwareLanguage): Locale | undefined {
  const code = (language.translationCode?.code ?? language.locale?.code ?? '').toLowerCase();
  return LOCALES.find((l) => code === LOCALE_ISO[l].toLowerCase() || code.startsWith(`${l}-`));
}

builder.queryFields((t) => ({
  context: t.field({
    type: ShopContextRef,
    description: 'The shopper’s session (GET /context): language, currency, shipping and payment method, country.',
    resolve: async (_root, _args, ctx) => ({ languageId: ctx.languageId, data: await readSalesChannelContext(ctx) }),
  }),
  languages: t.field({
    type: [LanguageRef],
    description: 'The shop’s languages: German (default, no prefix), Italian (/it) and French (/fr).',
    resolve: async (_root, _args, ctx) => {
      const result = await ctx.store().invoke('readLanguages post /language', { body: {} });
      const languages = (result.elements ?? []).flatMap((language) => {
        const locale = localeOfLanguage(language);
        return locale ? [{ id: language.id, locale, name: language.name }] : [];
      });
      return languages.sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale));
    },
  }),
  countries: t.field({
    type: [CountryRef],
    description: 'The countries the shop delivers to, with their states, names in the requested language.',
    args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'Language of the names (default: the request’s).' }) },
    // shared with the countries of the addresses a page shows (one call per request and language)
    resolve: (_root, args, ctx) => readCountries(ctx, languageIdFor(ctx, args.locale)),
  }),
  salutations: t.field({
    type: [SalutationRef],
    description: 'The salutations for address and registration forms, in the requested language.',
    args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'Language of the labels (default: the request’s).' }) },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.store(languageIdFor(ctx, args.locale)).invoke('readSalutation post /salutation', { body: { limit: 100 } });
      return (result.elements ?? []) as ShopwareSalutation[];
    },
  }),
}));

/** The invoice payment method's technical name (Shopware's default invoice handler). */
const INVOICE_TECHNICAL_NAME = 'payment_invoice';

/** Whether a payment method id is the shop's invoice method. */
export async function isInvoiceMethod(ctx: GatewayContext, paymentMethodId: string): Promise<boolean> {
  const result = await ctx.store().invoke('readPaymentMethod post /payment-method', { body: { limit: 100 } });
  const methods = (result as { elements?: ShopwarePaymentMethod[] }).elements ?? [];
  return methods.some((method) => method.id === paymentMethodId && method.technicalName === INVOICE_TECHNICAL_NAME);
}
