import type { PageContext } from 'vike/types';
import { LOCALES, localizedPath, type ShopLocale } from '../../platform/i18n/locales';

/** The insurer landing page (SPEC §1, §9) in each language, without the language prefix. */
export const INSURER_PAGE_PATHS = { de: '/versicherte', it: '/assicurati', fr: '/assures' } as const satisfies Record<ShopLocale, string>;

export function insurerPagePath(locale: ShopLocale): string {
  return localizedPath(INSURER_PAGE_PATHS[locale], locale);
}

export function insurerPageAlternates(): Array<{ locale: ShopLocale; url: string }> {
  return LOCALES.map((locale) => ({ locale, url: insurerPagePath(locale) }));
}

/** Vike route function: the page's path in the page's language. */
export function isInsurerPage(pageContext: PageContext): boolean {
  return pageContext.urlPathname.toLowerCase() === INSURER_PAGE_PATHS[pageContext.locale];
}
