import { createInstance, type i18n } from 'i18next';
import deAccount from './de/account.json';
import deCart from './de/cart.json';
import deCatalog from './de/catalog.json';
import deCheckout from './de/checkout.json';
import deCommon from './de/common.json';
import deCustomer from './de/customer.json';
import deProduct from './de/product.json';
import deShell from './de/shell.json';
import frAccount from './fr/account.json';
import frCart from './fr/cart.json';
import frCatalog from './fr/catalog.json';
import frCheckout from './fr/checkout.json';
import frCommon from './fr/common.json';
import frCustomer from './fr/customer.json';
import frProduct from './fr/product.json';
import frShell from './fr/shell.json';
import itAccount from './it/account.json';
import itCart from './it/cart.json';
import itCatalog from './it/catalog.json';
import itCheckout from './it/checkout.json';
import itCommon from './it/common.json';
import itCustomer from './it/customer.json';
import itProduct from './it/product.json';
import itShell from './it/shell.json';
import { DEFAULT_LOCALE, type ShopLocale } from './locales';

/**
 * Every user-facing text lives in these resources (de, it, fr). One namespace per area, each owned by
 * one part of the storefront: common (errors, 404, generic), shell (header, footer, navigation),
 * catalog (listings, search, CMS), product (product page), cart (cart page, add to cart, header
 * count), checkout (checkout, order success and payment pages), account (login, registration, password
 * reset, the account overview, profile, addresses and payment), customer (orders, loyalty card, newsletter
 * pages, wishlist).
 */
export const NAMESPACES = ['common', 'shell', 'catalog', 'product', 'cart', 'checkout', 'account', 'customer'] as const;
export type ShopNamespace = (typeof NAMESPACES)[number];

export const resources = {
  de: { common: deCommon, shell: deShell, catalog: deCatalog, product: deProduct, cart: deCart, checkout: deCheckout, account: deAccount, customer: deCustomer },
  it: { common: itCommon, shell: itShell, catalog: itCatalog, product: itProduct, cart: itCart, checkout: itCheckout, account: itAccount, customer: itCustomer },
  fr: { common: frCommon, shell: frShell, catalog: frCatalog, product: frProduct, cart: frCart, checkout: frCheckout, account: frAccount, customer: frCustomer },
} as const;

/**
 * An i18next instance in one language. The server keeps one per language (serverI18n.ts); the browser
 * keeps one and switches its language on navigation (browserI18n.ts).
 * Resources are bundled, so initialisation is synchronous and nothing suspends.
 */
export function createShopI18n(locale: ShopLocale): i18n {
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
