import { INTL_LOCALE, type ShopLocale } from './locales';

// Dates are written without building an Intl.DateTimeFormat: the first Intl object a page builds loads ICU's
// data, about 100 ms of a phone's main thread inside the product page's hydration (the review dates, measured at
// 4x CPU slowdown). The shop's two date styles in its three languages are written here directly, the same on the
// server and in the browser; dates.test.ts checks every day of several years against Intl (CLDR 48).

/** German writes the medium date in digits ("26.11.2026"), only the long one with the month's name. */
const GERMAN_MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

const MONTHS: Record<Exclude<ShopLocale, 'de'>, { medium: readonly string[]; long: readonly string[] }> = {
  it: {
    medium: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
    long: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  },
  fr: {
    medium: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    long: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  },
};

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month: when Swiss (EU) summer time starts (March) or ends (October). */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/** The calendar date in Swiss time: UTC+1, UTC+2 in summer time (the EU rule Switzerland follows since 1996). */
function swissDate(time: number): Date {
  const year = new Date(time).getUTCFullYear();
  const summer = time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * HOUR_MS);
}

/** Years the rule above covers; anything else (never a shop date) is written by Intl. */
const FIRST_YEAR = 1996;
const LAST_YEAR = 2099;

const fallbacks = new Map<string, Intl.DateTimeFormat>();

function withIntl(date: Date, locale: ShopLocale, style: 'medium' | 'long'): string {
  const key = `${locale}:${style}`;
  let format = fallbacks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: style, timeZone: 'Europe/Zurich' });
    fallbacks.set(key, format);
  }
  return format.format(date);
}

/** A calendar date as the shopper's locale writes it, in Swiss time ("26.11.2026" / "26 nov 2026"). */
export function formatShopDate(value: string | Date, locale: ShopLocale, style: 'medium' | 'long' = 'medium'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const time = date.getTime();
  if (!Number.isFinite(time)) return withIntl(date, locale, style);
  const swiss = swissDate(time);
  const year = swiss.getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) return withIntl(date, locale, style);
  const day = swiss.getUTCDate();
  const month = swiss.getUTCMonth();
  if (locale === 'de') {
    if (style === 'long') return `${day}. ${GERMAN_MONTHS[month]} ${year}`;
    return `${String(day).padStart(2, '0')}.${String(month + 1).padStart(2, '0')}.${year}`;
  }
  return `${day} ${MONTHS[locale][style][month]} ${year}`;
}
