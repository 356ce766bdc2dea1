import type { PageContext } from 'vike/types';
import { LOCALES, localizedPath, type ShopLocale } from './locales';

/** The shop's content pages and their translated paths (SPEC §2 table), without the language prefix. */
export const CONTENT_PAGES = {
  brands: { de: '/marken', it: '/marche', fr: '/marques' },
  contest: { de: '/wettbewerb', it: '/concorso', fr: '/concours' },
  guarantee: { de: '/garantiebestimmungen', it: '/conditioni-di-garanzia', fr: '/conditions-de-garantie' },
  imprint: { de: '/impressum', it: '/note-giuridiche', fr: '/mentions-legales' },
  magazine: { de: '/magazin', it: '/rivista', fr: '/magazine' },
  medications: { de: '/medikamente', it: '/medicinali', fr: '/medicaments' },
  privacy: { de: '/datenschutz', it: '/protezione-dei-dati', fr: '/protection-des-donnees' },
  returns: { de: '/retouren', it: '/resi', fr: '/retours' },
  shipping: { de: '/versand-lieferung', it: '/spedizione-consegna', fr: '/expedition-livraison' },
  terms: { de: '/agb', it: '/termini-e-condizioni-generali', fr: '/cgv' },
  css: { de: '/css', it: '/css', fr: '/css' },
} as const satisfies Record<string, Record<ShopLocale, string>>;

export type ContentPage = keyof typeof CONTENT_PAGES;

/** SPEC §2: "for an English locale, brands and magazine use /brands and /magazine" (the shop's pages are de/it/fr). */
export const ENGLISH_CONTENT_PATHS: Readonly<Record<string, ContentPage>> = { '/brands': 'brands', '/magazine': 'magazine' };

/** The service pages the footer links to (SPEC §2 footer links): content pages fetched under /s/. */
export const SERVICE_PAGES = {
  service: { de: '/s/kundenservice', it: '/s/servizio-clienti', fr: '/s/service-clients' },
  contact: { de: '/s/kontakt', it: '/s/contatto', fr: '/s/contact' },
  about: { de: '/s/ueber-uns', it: '/s/chi-siamo', fr: '/s/a-propos' },
  career: { de: '/s/karriere', it: '/s/carriera', fr: '/s/carriere' },
} as const satisfies Record<string, Record<ShopLocale, string>>;

/** The content page a logical path names in a language ("/marche" in it → brands). */
export function contentPageOf(logicalPath: string, locale: ShopLocale): ContentPage | undefined {
  const path = logicalPath.toLowerCase();
  return (Object.keys(CONTENT_PAGES) as ContentPage[]).find((page) => CONTENT_PAGES[page][locale] === path);
}

/** A content page's link in a language, with the prefix ("/fr/marques"). */
export function contentPagePath(page: ContentPage, locale: ShopLocale): string {
  return localizedPath(CONTENT_PAGES[page][locale], locale);
}

/** The content page in every language, for the language switcher and hreflang. */
export function contentPageAlternates(page: ContentPage): Array<{ locale: ShopLocale; url: string }> {
  return LOCALES.map((locale) => ({ locale, url: contentPagePath(page, locale) }));
}

/** A Vike route function for a content page in every language: `export default contentPageRoute('brands')`. */
export function contentPageRoute(page: ContentPage) {
  return (pageContext: PageContext): boolean => contentPageOf(pageContext.urlPathname, pageContext.locale) === page;
}
