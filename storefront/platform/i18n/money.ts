import { INTL_LOCALE, type ShopLocale } from './locales';

// Prices are written without building an Intl.NumberFormat: the first one a page builds loads ICU's number data,
// 70-200 ms of a phone's main thread inside hydration (measured at 4x CPU slowdown, ADR 0018 addendum). CHF in
// the shop's three languages is simple enough to write directly, and the same code runs on the server and in the
// browser, so hydration always meets the server's text. tests/storefront/locales.test.ts checks every style against Intl
// (CLDR 48: Node 20's ICU 78 and Chromium's).

interface ChfStyle {
  /** "CHF 5.95" (de, it) or "5.95 CHF" (fr) */
  currencyFirst: boolean;
  /** the thousands separator */
  group: string;
  /** it-CH groups only from five integer digits on: "CHF 1000.00", "CHF 10'000.00" */
  minimumGroupingDigits: 1 | 2;
}

const CHF_STYLES: Record<ShopLocale, ChfStyle> = {
  de: { currencyFirst: true, group: "'", minimumGroupingDigits: 1 },
  it: { currencyFirst: true, group: "'", minimumGroupingDigits: 2 },
  fr: { currencyFirst: false, group: '\u202f', minimumGroupingDigits: 1 },
};

/** No-break space between the amount and "CHF". */
const NBSP = '\u00a0';

/** Amounts whose cents stay exact integers in a double: anything larger (never a price) goes to Intl. */
const PLAIN_LIMIT = 1e13;

/**
 * The amount's integer digits and two fraction digits, rounded as Intl rounds: half away from zero on the
 * shortest decimal that reads back as the same number (0.015 → 0.02, where toFixed's exact binary value gives 0.01).
 */
function twoDecimals(amount: number): [string, string] {
  const shortest = String(amount);
  // Exponent notation only below 1e-6 here: nothing that rounds to a cent.
  if (shortest.includes('e')) return ['0', '00'];
  const [integer = '0', fraction = ''] = shortest.split('.');
  const cents = Number(integer) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1 : 0);
  return [String(Math.floor(cents / 100)), String(cents % 100).padStart(2, '0')];
}

const fallbacks = new Map<ShopLocale, Intl.NumberFormat>();

function withIntl(value: number, locale: ShopLocale): string {
  let format = fallbacks.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'CHF', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fallbacks.set(locale, format);
  }
  return format.format(value);
}

/** A price in CHF as the shopper's locale writes it (SPEC §9: prices in CHF incl. VAT, formatted per locale). */
export function formatPrice(value: number, locale: ShopLocale): string {
  if (!Number.isFinite(value) || Math.abs(value) >= PLAIN_LIMIT) return withIntl(value, locale);
  const style = CHF_STYLES[locale];
  // Intl shows the sign of every negative amount, -0 and amounts that round to 0.00 included.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [integer, fraction] = twoDecimals(Math.abs(value));
  let grouped = integer;
  if (integer.length >= 3 + style.minimumGroupingDigits) {
    grouped = integer.replace(/\B(?=(\d{3})+$)/g, style.group);
  }
  const amount = `${grouped}.${fraction}`;
  // de/it: "CHF 5.95", "CHF-5.95"; fr: "5.95 CHF", "-5.95 CHF".
  return style.currencyFirst ? `CHF${sign || NBSP}${amount}` : `${sign}${amount}${NBSP}CHF`;
}
