import { pageIsHttps, readCookie, shopCookie } from '../../platform/i18n/locales';

/**
 * A readable cookie saying "this browser's cart holds something". It is only a hint for the header badge:
 * the badge asks the gateway for the count after hydration only when the hint is there, so a visitor who
 * never filled a cart costs no GraphQL request beyond the page's one (the page HTML stays anonymous).
 * The count itself always comes from the gateway. Set by the cart's mutations (browser) and by the
 * no-JavaScript cart forms (server/cartForms.ts); cleared when a cart answer says it is empty.
 */
export const CART_HINT_COOKIE = 'cart_hint';

/** Same lifetime as the session cookie it accompanies (SPEC §9: one year, path /, SameSite Lax). */
const CART_HINT_MAX_AGE = 365 * 24 * 60 * 60;

/** The Set-Cookie value for a cart of `productCount` pieces (Max-Age=0 deletes it when empty; Secure on https). */
export function cartHintCookie(productCount: number, options: { secure?: boolean } = {}): string {
  return shopCookie(CART_HINT_COOKIE, productCount > 0 ? '1' : null, CART_HINT_MAX_AGE, options);
}

export function hasCartHint(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, CART_HINT_COOKIE) === '1';
}

/** Browser only: remembers whether the cart holds something, after any answer that carries the cart. */
export function rememberCartCount(productCount: number): void {
  if (typeof document === 'undefined') return;
  const present = hasCartHint(document.cookie);
  if (present === productCount > 0) return;
  document.cookie = cartHintCookie(productCount, { secure: pageIsHttps() });
}
