import { useTranslation } from '../i18n/useTranslation';
import { DEFAULT_LOCALE, isShopLocale, type ShopLocale } from '../i18n/locales';

/** The language the page renders in (i18next's), as a shop locale for prices and dates. */
export function useShopperLocale(): ShopLocale {
  const { i18n } = useTranslation('product');
  return isShopLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
