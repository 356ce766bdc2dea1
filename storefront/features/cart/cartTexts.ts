import { INTL_LOCALE, type ShopLocale } from '../../platform/i18n/locales';

// Intl formats are costly to build: one per locale.
const rateFormats = new Map<ShopLocale, Intl.NumberFormat>();

/** A VAT rate as the shopper's locale writes it (8.1 → "8.1" in de-CH, "8,1" in fr-CH). */
export function formatTaxRate(rate: number, locale: ShopLocale): string {
  let format = rateFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 0, maximumFractionDigits: 1 });
    rateFormats.set(locale, format);
  }
  return format.format(rate);
}

/** A "YYYY-MM-DD" date of the graph as the shopper's locale writes it, with the weekday ("Di., 24.11.2026"). */
export function formatDeliveryDate(isoDate: string, locale: ShopLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  // Noon UTC: the same calendar day in every Swiss time zone offset.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);
}
