import { pageIsHttps, readCookie, shopCookie } from '../../platform/i18n/locales';

/**
 * A readable cookie saying "this browser was last seen logged in". The session cookie is HttpOnly, so the
 * browser cannot tell on its own: the hint decides whether the wishlist asks the gateway for the server
 * list after hydration. Anonymous visitors without one cost no request beyond the page's query. Only a
 * hint: the gateway's `viewer` answer always decides, and corrects the hint when it is wrong.
 */
export const CUSTOMER_HINT_COOKIE = 'customer_hint';

/** Same lifetime as the session cookie (SPEC §9: one year, path /, SameSite Lax). */
const CUSTOMER_HINT_MAX_AGE = 365 * 24 * 60 * 60;

export function hasCustomerHint(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, CUSTOMER_HINT_COOKIE) === '1';
}

/** The Set-Cookie value: present while logged in, deleted (Max-Age=0) otherwise; Secure on https. */
export function customerHintCookie(loggedIn: boolean, options: { secure?: boolean } = {}): string {
  return shopCookie(CUSTOMER_HINT_COOKIE, loggedIn ? '1' : null, CUSTOMER_HINT_MAX_AGE, options);
}

/** Browser only: after a login (true) or a logout / a "not logged in" answer (false). */
export function rememberLoggedIn(loggedIn: boolean): void {
  if (typeof document === 'undefined') return;
  if (hasCustomerHint(document.cookie) === loggedIn) return;
  document.cookie = customerHintCookie(loggedIn, { secure: pageIsHttps() });
}
