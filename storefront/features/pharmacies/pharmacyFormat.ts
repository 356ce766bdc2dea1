import { INTL_LOCALE, type ShopLocale } from '../../platform/i18n/locales';

// How the pharmacy pages write numbers and phone links.

const kmFormats = new Map<ShopLocale, Intl.NumberFormat>();

/** "1,2 km" style distance in the page's language (one decimal, as the Store API rounds it). */
export function formatKm(km: number, locale: ShopLocale): string {
  let format = kmFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    kmFormats.set(locale, format);
  }
  return `${format.format(km)} km`;
}

/** "+41 44 123 45 67" → "tel:+41441234567". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
