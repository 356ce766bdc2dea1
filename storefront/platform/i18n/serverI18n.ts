import type { i18n } from 'i18next';
import { createShopI18n } from './index';
import type { ShopLocale } from './locales';

const instances = new Map<ShopLocale, i18n>();

/**
 * The server's i18next instance of a language. One per language is enough: renders only read from it and
 * nothing changes its language, so shoppers rendering at the same time in different languages never
 * share one, and no render pays for setting i18next up.
 */
export function serverI18n(locale: ShopLocale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createShopI18n(locale);
    instances.set(locale, instance);
  }
  return instance;
}
