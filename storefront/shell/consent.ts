import { readCookie } from '../platform/i18n/locales';

// The shopper's consent to optional services (revised Swiss FADP; ADR 0029). Nothing optional loads before the
// shopper chose: the server writes the third-party scripts of the granted categories only (server/consent.ts), and a
// CMS video stays a click-to-load placeholder unless external media are granted. The choice lives in a cookie the
// banner's plain form post sets; no cookie means "not decided yet" and shows the banner.

export const CONSENT_CATEGORIES = ['statistics', 'marketing', 'externalMedia'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The granted optional categories; null while the shopper has not decided. */
export type ConsentChoice = ReadonlySet<ConsentCategory> | null;

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** The cookie's value when only the necessary cookies are accepted. */
const NONE = 'none';

function isConsentCategory(value: string): value is ConsentCategory {
  return (CONSENT_CATEGORIES as readonly string[]).includes(value);
}

/** The choice a Cookie header holds ("statistics.externalMedia", "none"); null when absent or unreadable. */
export function consentOf(cookieHeader: string | null | undefined): ConsentChoice {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  if (value === undefined || value === '') return null;
  if (value === NONE) return new Set();
  const parts = value.split('.');
  return parts.every(isConsentCategory) ? new Set(parts) : null;
}

/** The cookie value of a choice, in a fixed order. */
export function consentCookieValue(granted: Iterable<ConsentCategory>): string {
  const set = new Set(granted);
  const value = CONSENT_CATEGORIES.filter((category) => set.has(category)).join('.');
  return value || NONE;
}

/** Browser only: whether the shopper granted a category (the cookie is readable by the page on purpose). */
export function pageHasConsent(category: ConsentCategory): boolean {
  return typeof document !== 'undefined' && (consentOf(document.cookie)?.has(category) ?? false);
}

/** The banner's id: the footer's "cookie settings" link opens it as `#cookie-consent` (a CSS :target, no script). */
export const CONSENT_BANNER_ID = 'cookie-consent';
