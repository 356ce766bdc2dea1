import { INTL_LOCALE, type ShopLocale } from './locales';

// Intl.DateTimeFormat is costly to build (about as much as rendering a small component): one per locale and
// style, reused by every date of every page.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date as the shopper's locale writes it, in Swiss time ("26.11.2026" / "26 nov 2026"). */
export function formatShopDate(value: string | Date, locale: ShopLocale, style: 'medium' | 'long' = 'medium'): string {
  const key = `${locale}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style, timeZone: 'Europe/Zurich' });
    formats.set(key, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}
