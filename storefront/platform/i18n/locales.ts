/**
 * The shop's languages and their URL prefixes (SPEC §2, §9): German is the default and has no prefix,
 * Italian lives under /it, French under /fr. Everything that turns a path into a language or back goes
 * through here.
 */
export const LOCALES = ['de', 'it', 'fr'] as const;
export type ShopLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: ShopLocale = 'de';

/** The Swiss locale used for numbers, prices and `hreflang`. */
export const INTL_LOCALE: Record<ShopLocale, string> = { de: 'de-CH', it: 'it-CH', fr: 'fr-CH' };

/** The graph's `Locale` enum value for a shop locale. */
export const GRAPH_LOCALE = { de: 'DE', it: 'IT', fr: 'FR' } as const satisfies Record<ShopLocale, string>;

/** SPEC §2, §9: the language the shopper chose is remembered for 365 days in this cookie. */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isShopLocale(value: unknown): value is ShopLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The URL prefix of a language: "" for German, "/it", "/fr". */
export function localePrefix(locale: ShopLocale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * Splits a path into its language and the path without the prefix ("/it/cp/x" → it, "/cp/x").
 * Only a whole first segment counts: "/italien" is a German path.
 */
export function splitLocalePath(pathname: string): { locale: ShopLocale; logicalPath: string } {
  const match = /^\/(it|fr)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, logicalPath: pathname || '/' };
  const rest = pathname.slice(match[0].length);
  return { locale: match[1] as ShopLocale, logicalPath: rest === '' ? '/' : rest };
}

/**
 * The path a shopper sees for a logical path in a language ("/search", fr → "/fr/search"; "/", it → "/it").
 * Trailing slash off (SPEC §9).
 */
export function localizedPath(logicalPath: string, locale: ShopLocale): string {
  const path = logicalPath.startsWith('/') ? logicalPath : `/${logicalPath}`;
  const prefix = localePrefix(locale);
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}

/** The first shop language the browser asks for in an Accept-Language header, by weight. */
export function localeFromAcceptLanguage(header: string | null | undefined): ShopLocale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isShopLocale);
}

/** The value of one cookie in a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * A Set-Cookie value for one of the shop's readable cookies (language, cart and login hints): path /, SameSite Lax,
 * Secure when the shop is on https; a null value deletes the cookie (Max-Age=0).
 */
export function shopCookie(name: string, value: string | null, maxAgeSeconds: number, options: { secure?: boolean } = {}): string {
  return `${name}=${value ?? ''}; Max-Age=${value === null ? 0 : maxAgeSeconds}; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value remembering a language (365 days). */
export function languageCookie(locale: ShopLocale, options: { secure?: boolean } = {}): string {
  return shopCookie(LANGUAGE_COOKIE, locale, LANGUAGE_COOKIE_MAX_AGE, options);
}

/** Browser only: whether cookies the page writes itself get Secure (the page came over https). */
export function pageIsHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/** The same page in every language, for a page whose path is the same in each (search, account, …). */
export function samePathAlternates(logicalPath: string): Array<{ locale: ShopLocale; url: string }> {
  return LOCALES.map((locale) => ({ locale, url: localizedPath(logicalPath, locale) }));
}

/**
 * The path the shopper sees, with its language prefix. (Vike's `urlPathname` is the path without the
 * prefix once +onBeforeRoute has taken it off.)
 */
export function shownPathOf(pageContext: { urlOriginal: string }): string {
  const pathname = new URL(pageContext.urlOriginal, 'http://shop.invalid').pathname;
  // Vike's own request for a page's data on client navigation ("/x/index.pageContext.json") is about "/x".
  return pathname.replace(/\/index\.pageContext\.json$/, '').replace(/\.pageContext\.json$/, '') || '/';
}
