import { describe, expect, it } from 'vitest';
import { contentPageAlternates, contentPageOf, contentPagePath } from '../../storefront/platform/i18n/contentPages';
import { languageCookie, localeFromAcceptLanguage, localizedPath, readCookie, samePathAlternates, shownPathOf, splitLocalePath } from '../../storefront/platform/i18n/locales';
import { formatPrice } from '../../storefront/platform/i18n/money';

describe('locale prefixes (SPEC §2: de none, /it, /fr)', () => {
  it('splits the language off a path', () => {
    expect(splitLocalePath('/')).toEqual({ locale: 'de', logicalPath: '/' });
    expect(splitLocalePath('/it')).toEqual({ locale: 'it', logicalPath: '/' });
    expect(splitLocalePath('/fr/')).toEqual({ locale: 'fr', logicalPath: '/' });
    expect(splitLocalePath('/fr/cp/beaute')).toEqual({ locale: 'fr', logicalPath: '/cp/beaute' });
    expect(splitLocalePath('/search')).toEqual({ locale: 'de', logicalPath: '/search' });
  });

  it('takes only a whole first segment as the language', () => {
    expect(splitLocalePath('/italien')).toEqual({ locale: 'de', logicalPath: '/italien' });
    expect(splitLocalePath('/frauen/pflege')).toEqual({ locale: 'de', logicalPath: '/frauen/pflege' });
  });

  it('builds localized paths without a trailing slash', () => {
    expect(localizedPath('/', 'de')).toBe('/');
    expect(localizedPath('/', 'it')).toBe('/it');
    expect(localizedPath('/search', 'fr')).toBe('/fr/search');
    expect(localizedPath('account', 'de')).toBe('/account');
  });

  it('round-trips every language', () => {
    for (const locale of ['de', 'it', 'fr'] as const) {
      for (const path of ['/', '/search', '/account/order']) {
        expect(splitLocalePath(localizedPath(path, locale))).toEqual({ locale, logicalPath: path });
      }
    }
  });

  it('gives a same-path page in every language', () => {
    expect(samePathAlternates('/wishlist')).toEqual([
      { locale: 'de', url: '/wishlist' },
      { locale: 'it', url: '/it/wishlist' },
      { locale: 'fr', url: '/fr/wishlist' },
    ]);
  });

  it('reads the shown path with its prefix from the original URL', () => {
    expect(shownPathOf({ urlOriginal: '/fr/marques?x=1#top' })).toBe('/fr/marques');
  });
});

describe('the language of a visitor (cookie, else Accept-Language)', () => {
  it('ranks Accept-Language by weight and takes the first shop language', () => {
    expect(localeFromAcceptLanguage('fr-CH,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,it;q=0.5,de;q=0.4')).toBe('it');
    expect(localeFromAcceptLanguage('de;q=0.2, it;q=0.8')).toBe('it');
    expect(localeFromAcceptLanguage('en-GB,en')).toBeUndefined();
    expect(localeFromAcceptLanguage('fr;q=0, de')).toBe('de');
    expect(localeFromAcceptLanguage(null)).toBeUndefined();
  });

  it('reads and writes the i18n_redirected cookie (365 days, path /, Lax)', () => {
    expect(readCookie('a=1; i18n_redirected=fr; b=2', 'i18n_redirected')).toBe('fr');
    expect(readCookie('a=1', 'i18n_redirected')).toBeUndefined();
    expect(languageCookie('it')).toBe('i18n_redirected=it; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('content pages (SPEC §2 table)', () => {
  it('knows each translated path in its own language only', () => {
    expect(contentPageOf('/marken', 'de')).toBe('brands');
    expect(contentPageOf('/marche', 'it')).toBe('brands');
    expect(contentPageOf('/mentions-legales', 'fr')).toBe('imprint');
    expect(contentPageOf('/conditioni-di-garanzia', 'it')).toBe('guarantee');
    expect(contentPageOf('/css', 'fr')).toBe('css');
    expect(contentPageOf('/marche', 'de')).toBeUndefined();
  });

  it('links a content page in every language', () => {
    expect(contentPagePath('shipping', 'fr')).toBe('/fr/expedition-livraison');
    expect(contentPagePath('terms', 'de')).toBe('/agb');
    expect(contentPageAlternates('privacy').map((a) => a.url)).toEqual(['/datenschutz', '/it/protezione-dei-dati', '/fr/protection-des-donnees']);
  });
});

describe('prices in CHF per locale (SPEC §9)', () => {
  // Intl separators vary (’ or ' for thousands, narrow no-break spaces): compare with plain spaces.
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[’]/g, "'");

  it('formats de-CH', () => {
    expect(plain(formatPrice(1234.5, 'de'))).toBe("CHF 1'234.50");
    expect(plain(formatPrice(7.7, 'de'))).toBe('CHF 7.70');
  });

  it('formats it-CH', () => {
    expect(plain(formatPrice(7.7, 'it'))).toBe('CHF 7.70');
    expect(plain(formatPrice(12, 'it'))).toMatch(/^CHF 12\.00$/);
  });

  it('formats fr-CH', () => {
    expect(plain(formatPrice(1234.5, 'fr'))).toBe('1 234.50 CHF');
    expect(plain(formatPrice(0.05, 'fr'))).toBe('0.05 CHF');
  });

  // formatPrice writes CHF without Intl (a phone's first Intl.NumberFormat costs 70-200 ms of hydration): it must
  // write exactly what Intl writes, separators, signs and rounding included.
  it('writes exactly what Intl.NumberFormat writes, in every language', () => {
    const values = [0, -0, 0.004, 0.005, 0.015, 1.005, 1.115, 2.675, 5.95, 7.7, 12, 99.995, 999.99, 999.995, 1000, 1234.5, 9999.99, 9999.995, 10000, 12345.678];
    values.push(123456.7, 1234567.891, 100000000.25, 999999999999.99, -0.001, -0.005, -12.5, -1234.5, -10000, Number.NaN, Number.POSITIVE_INFINITY, 1e16);
    // and many prices with up to three decimals, as the Store API and the cart's arithmetic produce them
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 3000; i++) values.push(Math.round((next() - 0.2) * 10 ** (1 + Math.floor(next() * 7))) / 10 ** Math.floor(next() * 4));
    for (const [locale, intlLocale] of [['de', 'de-CH'], ['it', 'it-CH'], ['fr', 'fr-CH']] as const) {
      const intl = new Intl.NumberFormat(intlLocale, { style: 'currency', currency: 'CHF', minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const value of values) expect(formatPrice(value, locale), `${locale} ${value}`).toBe(intl.format(value));
    }
  });
});
