import { expect, type Page } from '@playwright/test';

// The shop's main page types in each language, for the crawls that check every page type (language, phone layout).

export type Locale = 'de' | 'it' | 'fr';

/** One page of each type a shopper reaches directly, by language. */
export const PAGE_TYPES: Record<Locale, Record<string, string>> = {
  de: {
    home: '/', category: '/vitamine-mineralstoffe', search: '/search?search=vitamin', searchEmpty: '/search?search=qqqxxzz', magazine: '/magazin',
    brands: '/marken', bestseller: '/t/bestseller', landing: '/erkaeltungszeit', terms: '/agb', medications: '/medikamente', login: '/login',
    register: '/register', cart: '/checkout/cart', wishlist: '/wishlist', pharmacies: '/pharmacy-map', error: '/error', missing: '/gibt-es-nicht-xyz',
  },
  it: {
    home: '/it', category: '/it/vitamine-e-minerali', search: '/it/search?search=vitamina', searchEmpty: '/it/search?search=qqqxxzz', magazine: '/it/rivista',
    brands: '/it/marche', bestseller: '/it/t/bestseller', landing: '/it/stagione-del-raffreddore', terms: '/it/termini-e-condizioni-generali',
    medications: '/it/medicinali', login: '/it/login', register: '/it/register', cart: '/it/checkout/cart', wishlist: '/it/wishlist',
    pharmacies: '/it/pharmacy-map', error: '/it/error', missing: '/it/non-esiste-xyz',
  },
  fr: {
    home: '/fr', category: '/fr/vitamines-et-mineraux', search: '/fr/search?search=vitamine', searchEmpty: '/fr/search?search=qqqxxzz', magazine: '/fr/magazine',
    brands: '/fr/marques', bestseller: '/fr/t/bestseller', landing: '/fr/saison-des-rhumes', terms: '/fr/cgv', medications: '/fr/medicaments',
    login: '/fr/login', register: '/fr/register', cart: '/fr/checkout/cart', wishlist: '/fr/wishlist', pharmacies: '/fr/pharmacy-map', error: '/fr/error',
    missing: '/fr/nexiste-pas-xyz',
  },
};

/** Pages reached from a page of PAGE_TYPES by its first link of a kind: [type, from type, link pattern]. */
export const FOLLOWED_PAGES: Array<[string, string, RegExp]> = [
  ['product', 'category', /\/p\d{6}$/],
  ['article', 'magazine', /\/e\/[^/?]+$/],
  ['brand', 'brands', /\/b\/[^/?]+$/],
  ['pharmacy', 'pharmacies', /\/p\/[^/?]+$/],
];

/** The first link in the page's main content whose href matches. */
export async function firstLinkMatching(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${page.url()}`).toBeTruthy();
  return href!;
}
