import { createInstance, type i18n } from 'i18next';
import deCatalog from './de/catalog.json';
import deCommon from './de/common.json';
import deProduct from './de/product.json';
import deShell from './de/shell.json';
import frCatalog from './fr/catalog.json';
import frCommon from './fr/common.json';
import frProduct from './fr/product.json';
import frShell from './fr/shell.json';
import itCatalog from './it/catalog.json';
import itCommon from './it/common.json';
import itProduct from './it/product.json';
import itShell from './it/shell.json';
import { DEFAULT_LOCALE, type ShopLocale } from './locales';

/**
 * Every user-facing text lives in these resources (de, it, fr). One namespace per area, each owned by
 * one part of the storefront: common (errors, 404, generic), shell (header, footer, navigation),
 * catalog (listings, search, CMS), product (product page).
 */
export const NAMESPACES = ['common', 'shell', 'catalog', 'product'] as const;
export type ShopNamespace = (typeof NAMESPACES)[number];

export const resources = {
  de: { common: deCommon, shell: deShell, catalog: deCatalog, product: deProduct },
  it: { common: itCommon, shell: itShell, catalog: itCatalog, product: itProduct },
  fr: { common: frCommon, shell: frShell, catalog: frCatalog, product: frProduct },
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
