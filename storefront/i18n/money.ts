import { INTL_LOCALE, type ShopLocale } from './locales';

// Intl.NumberFormat is costly to build: one per locale, reused for every price on a page.
const formats = new Map<ShopLocale, Intl.NumberFormat>();

/** A price in CHF as the shopper's locale writes it (SPEC §9: prices in CHF incl. VAT, formatted per locale). */
export function formatPrice(value: number, locale: ShopLocale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'CHF', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, format);
  }
  return format.format(value);
}
