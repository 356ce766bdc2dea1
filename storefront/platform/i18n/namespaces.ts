import { createInstance, type i18n, type Resource } from 'i18next';
import { DEFAULT_LOCALE, type ShopLocale } from './locales';

/**
 * Every user-facing text lives in these resources (de, it, fr). One namespace per area, each owned by
 * one part of the storefront: common (errors, 404, generic), shell (header, footer, navigation),
 * catalog (listings, search, CMS), product (product page), cart (cart page, add to cart, header
 * count), checkout (checkout, order success and payment pages), account (login, registration, password
 * reset, the account overview, profile, addresses and payment), customer (orders, loyalty card, newsletter
 * pages, wishlist). Content pages bring their own namespaces (pageTexts.ts).
 */
export const NAMESPACES = ['common', 'shell', 'catalog', 'product', 'cart', 'checkout', 'account', 'customer'] as const;
export type ShopNamespace = (typeof NAMESPACES)[number];

/** An i18next instance in one language over the given resources; initialisation is synchronous. */
export function createI18nInstance(locale: ShopLocale, resources: Resource): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['de', 'it', 'fr'],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
