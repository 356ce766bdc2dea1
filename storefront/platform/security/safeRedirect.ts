// Every redirect whose target comes from a request (the login's `redirect` parameter, …) goes through
// safeRedirectTarget (SPEC §8: no open redirects, no javascript: or data: links). Shared by server and browser.

import { readHttpsOrigins } from '../../shell/httpsSettings';

const BASE = 'http://shop.invalid';

/** The environment variable with the other sites a redirect may lead to (comma-separated https origins). */
export const REDIRECT_ALLOW_LIST_ENV = 'REDIRECT_ALLOW_LIST';

/** The <meta> that hands a configured allow-list to the browser (storefront/+headHtmlEnd.ts writes it). */
export const REDIRECT_ALLOW_LIST_META = 'shop-redirect-allow-list';

/** Longer values are no link of ours. */
const MAX_LENGTH = 2000;

// Control characters and the line/paragraph separators: browsers drop tabs and line breaks inside URLs, so
// "/\t/evil.example" would become "//evil.example", a link to another host.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029\\]/;

/**
 * `value` when it is a safe place to send the shopper, else `fallback`:
 * - a path of this shop: one leading "/", never "//" (another host), no backslash ("/\evil" is "//evil" to
 *   browsers), no control characters, still a path of this shop once "." and ".." are resolved ("/.//evil" is
 *   "//evil"); answered normalised (path, query, fragment);
 * - or an absolute https URL whose origin is in `allowList` (REDIRECT_ALLOW_LIST), without credentials.
 * Everything else — javascript:, data:, vbscript:, file:, http: to a listed host, "//host", "evil.example",
 * surrounding spaces — gives the fallback. `value` is the parameter as URLSearchParams decoded it (once).
 */
export function safeRedirectTarget(value: unknown, fallback: string, allowList: readonly string[] = []): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return fallback;
  if (value !== value.trim() || UNSAFE_CHARACTERS.test(value)) return fallback;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return fallback;
    let url: URL;
    try {
      url = new URL(value, BASE);
    } catch {
      return fallback;
    }
    const target = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== BASE || !target.startsWith('/') || target.startsWith('//')) return fallback;
    return target;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !allowList.includes(url.origin)) return fallback;
  return url.href;
}

/**
 * REDIRECT_ALLOW_LIST: https origins separated by commas (e.g. "https://blog.apotheke.ch,https://app.apotheke.ch");
 * unset means paths of this shop only. Anything that is not an https origin throws, so the server does not start.
 */
export function readRedirectAllowList(env: NodeJS.ProcessEnv = process.env): string[] {
  return readHttpsOrigins(env, REDIRECT_ALLOW_LIST_ENV, 'https://blog.apotheke.ch');
}

/** The <meta> tag for the page's head (empty without an allow-list). Origins hold no quotes or angle brackets. */
export function redirectAllowListMeta(allowList: readonly string[] | undefined): string {
  return allowList && allowList.length > 0 ? `<meta name="${REDIRECT_ALLOW_LIST_META}" content="${allowList.join(' ')}">` : '';
}

/** The allow-list for a redirect decided by the page: the server's pageContext, or the page's <meta> in the browser. */
export function redirectAllowListOf(pageContext: { redirectAllowList?: readonly string[] }): readonly string[] {
  if (pageContext.redirectAllowList) return pageContext.redirectAllowList;
  if (typeof document === 'undefined') return [];
  const content = document.querySelector(`meta[name="${REDIRECT_ALLOW_LIST_META}"]`)?.getAttribute('content');
  return content ? content.split(' ').filter(Boolean) : [];
}
