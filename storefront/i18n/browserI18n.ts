import type { i18n } from 'i18next';
import { createShopI18n } from './index';
import type { ShopLocale } from './locales';

let instance: i18n | undefined;

/** The browser's one i18next instance; a client navigation to another language switches it. */
export function browserI18n(locale: ShopLocale): i18n {
  instance ??= createShopI18n(locale);
  // Resources are bundled: the switch is synchronous.
  if (instance.language !== locale) void instance.changeLanguage(locale);
  return instance;
}
