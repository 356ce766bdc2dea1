import { describe, expect, it } from 'vitest';
import { categoryLink, linkFor, localePrefix, parseStorefrontPath, safeExternalLink } from '../../gateway/src/links';

const PRODUCT_ID = '0123456789abcdef0123456789abcdef';
const DE = '702703f2d785492d1e1c37c63f16dfad';
const IT = '483add32114ccf81ee64a6e8e4256430';

describe('linkFor (SPEC §2 link building)', () => {
  it('uses the SEO path when one exists, with no prefix in German and no trailing slash', () => {
    expect(linkFor({ kind: 'product', id: PRODUCT_ID, locale: 'de', seoPathInfo: 'pharmalp-sirup/p100001/' })).toBe('/pharmalp-sirup/p100001');
    expect(linkFor({ kind: 'category', id: PRODUCT_ID, locale: 'de', seoPathInfo: '/vitamine-mineralstoffe/vitamin-d' })).toBe(
      '/vitamine-mineralstoffe/vitamin-d',
    );
  });

  it('prefixes Italian with /it and French with /fr', () => {
    expect(linkFor({ kind: 'category', id: PRODUCT_ID, locale: 'it', seoPathInfo: 'vitamine-e-minerali' })).toBe('/it/vitamine-e-minerali');
    expect(linkFor({ kind: 'landingPage', id: PRODUCT_ID, locale: 'fr', seoPathInfo: 'boost-de-vitamines' })).toBe('/fr/boost-de-vitamines');
    expect(localePrefix('de')).toBe('');
  });

  it('falls back to the technical path of each kind when there is no SEO path', () => {
    expect(linkFor({ kind: 'product', id: PRODUCT_ID, locale: 'de' })).toBe(`/detail/${PRODUCT_ID}`);
    expect(linkFor({ kind: 'category', id: PRODUCT_ID, locale: 'it', seoUrls: [] })).toBe(`/it/navigation/${PRODUCT_ID}`);
    expect(linkFor({ kind: 'landingPage', id: PRODUCT_ID, locale: 'fr', seoPathInfo: '  ' })).toBe(`/fr/landingPage/${PRODUCT_ID}`);
  });

  it('picks the canonical seoUrl of the requested language and skips deleted ones', () => {
    const seoUrls = [
      { seoPathInfo: 'alt-de', languageId: DE, isCanonical: false },
      { seoPathInfo: 'kanonisch', languageId: DE, isCanonical: true },
      { seoPathInfo: 'canonico', languageId: IT, isCanonical: true },
      { seoPathInfo: 'geloescht', languageId: IT, isCanonical: true, isDeleted: true },
    ];
    expect(linkFor({ kind: 'product', id: PRODUCT_ID, locale: 'de', languageId: DE, seoUrls })).toBe('/kanonisch');
    expect(linkFor({ kind: 'product', id: PRODUCT_ID, locale: 'it', languageId: IT, seoUrls })).toBe('/it/canonico');
    // another language's path is never used: the technical path is
    expect(linkFor({ kind: 'product', id: PRODUCT_ID, locale: 'fr', languageId: 'f'.repeat(32), seoUrls })).toBe(`/fr/detail/${PRODUCT_ID}`);
    // without a language to compare, the canonical entry wins
    expect(linkFor({ kind: 'product', id: PRODUCT_ID, locale: 'de', seoUrls: [{ seoPathInfo: 'a' }, { seoPathInfo: 'b', isCanonical: true }] })).toBe('/b');
  });

  it('links the root category to the home page of the language', () => {
    expect(linkFor({ kind: 'category', id: PRODUCT_ID, locale: 'de', isRoot: true, seoPathInfo: 'startseite' })).toBe('/');
    expect(linkFor({ kind: 'category', id: PRODUCT_ID, locale: 'it', isRoot: true })).toBe('/it');
  });
});

describe('categoryLink (category link types)', () => {
  const base = { id: PRODUCT_ID, type: 'link' as const };
  const options = { locale: 'it' as const, languageId: IT, rootCategoryId: 'a'.repeat(32) };

  it('links a page category to itself through its seoUrls, else its seoUrl, else /navigation/{id}', () => {
    expect(categoryLink({ id: PRODUCT_ID, type: 'page', seoUrls: [{ seoPathInfo: 'medicamenti', languageId: IT }] }, options)).toBe('/it/medicamenti');
    expect(categoryLink({ id: PRODUCT_ID, type: 'page', seoUrl: 'http://shop.test/it/medicamenti' }, options)).toBe('/it/medicamenti');
    expect(categoryLink({ id: PRODUCT_ID, type: 'page', seoUrl: `http://shop.test/navigation/${PRODUCT_ID}` }, options)).toBe(
      `/it/navigation/${PRODUCT_ID}`,
    );
    expect(categoryLink({ id: 'a'.repeat(32), type: 'folder' }, options)).toBe('/it');
    expect(categoryLink({ id: PRODUCT_ID, type: 'folder', seoUrls: [{ seoPathInfo: 'gruppe', languageId: IT }] }, options)).toBeNull();
  });

  it('links product, category and landing-page link categories to their internal target', () => {
    const target = 'b'.repeat(32);
    expect(categoryLink({ ...base, linkType: 'product', internalLink: target }, options)).toBe(`/it/detail/${target}`);
    expect(categoryLink({ ...base, linkType: 'category', internalLink: target }, options)).toBe(`/it/navigation/${target}`);
    expect(categoryLink({ ...base, linkType: 'category', internalLink: 'a'.repeat(32) }, options)).toBe('/it');
    expect(categoryLink({ ...base, linkType: 'landing_page', internalLink: target }, options)).toBe(`/it/landingPage/${target}`);
    expect(categoryLink({ ...base, linkType: 'product', internalLink: null }, options)).toBeNull();
  });

  it('passes safe external links through and refuses dangerous protocols (SPEC §8)', () => {
    expect(categoryLink({ ...base, linkType: 'external', externalLink: 'https://www.example.ch/x?y=1' }, options)).toBe('https://www.example.ch/x?y=1');
    expect(categoryLink({ ...base, linkType: 'external', externalLink: '/it/chi-siamo' }, options)).toBe('/it/chi-siamo');
    expect(categoryLink({ ...base, linkType: 'external', externalLink: 'javascript:alert(1)' }, options)).toBeNull();
    expect(categoryLink({ ...base, linkType: null, externalLink: 'http://example.ch' }, options)).toBe('http://example.ch/');
  });
});

describe('safeExternalLink', () => {
  it.each([
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/java\tscript', null],
    ['mailto:info@example.ch', null],
    ['not a url', null],
    ['', null],
    [null, null],
    ['https://example.ch/a', 'https://example.ch/a'],
    ['/marken', '/marken'],
  ])('%s → %s', (input, expected) => {
    expect(safeExternalLink(input)).toBe(expected);
  });
});

describe('parseStorefrontPath', () => {
  it('reads the home page with and without a language prefix', () => {
    expect(parseStorefrontPath('/')).toEqual({ locale: null, kind: 'home' });
    expect(parseStorefrontPath('')).toEqual({ locale: null, kind: 'home' });
    expect(parseStorefrontPath('/it')).toEqual({ locale: 'it', kind: 'home' });
    expect(parseStorefrontPath('/fr/')).toEqual({ locale: 'fr', kind: 'home' });
  });

  it('reads technical paths by pathInfo', () => {
    expect(parseStorefrontPath(`/detail/${PRODUCT_ID}`)).toEqual({ locale: null, kind: 'product', id: PRODUCT_ID });
    expect(parseStorefrontPath(`/it/navigation/${PRODUCT_ID.toUpperCase()}/`)).toEqual({ locale: 'it', kind: 'category', id: PRODUCT_ID });
    expect(parseStorefrontPath(`/fr/landingPage/${PRODUCT_ID}?utm=x`)).toEqual({ locale: 'fr', kind: 'landingPage', id: PRODUCT_ID });
    expect(parseStorefrontPath('/detail/not-an-id')).toEqual({ locale: null, kind: 'invalid' });
  });

  it('reads any other path as a SEO path without the leading slash', () => {
    expect(parseStorefrontPath('/vitamine-mineralstoffe/vitamin-d')).toEqual({ locale: null, kind: 'seo', seoPathInfo: 'vitamine-mineralstoffe/vitamin-d' });
    expect(parseStorefrontPath('/it/vitamine-e-minerali/vitamina-d/#top')).toEqual({ locale: 'it', kind: 'seo', seoPathInfo: 'vitamine-e-minerali/vitamina-d' });
    expect(parseStorefrontPath('pharmalp-sirup/p100001')).toEqual({ locale: null, kind: 'seo', seoPathInfo: 'pharmalp-sirup/p100001' });
    expect(parseStorefrontPath('/d%C3%A4mpfe')).toEqual({ locale: null, kind: 'seo', seoPathInfo: 'dämpfe' });
    // /de is no prefix (German has none), /italia is not /it
    expect(parseStorefrontPath('/de/agb')).toEqual({ locale: null, kind: 'seo', seoPathInfo: 'de/agb' });
    expect(parseStorefrontPath('/italia')).toEqual({ locale: null, kind: 'seo', seoPathInfo: 'italia' });
  });

  it('refuses full URLs and malformed encodings', () => {
    expect(parseStorefrontPath('https://evil.example/x').kind).toBe('invalid');
    expect(parseStorefrontPath('//evil.example/x').kind).toBe('invalid');
    expect(parseStorefrontPath('/%E0%A4%A').kind).toBe('invalid');
  });

  it('round-trips with linkFor', () => {
    for (const locale of ['de', 'it', 'fr'] as const) {
      for (const kind of ['product', 'category', 'landingPage'] as const) {
        const parsed = parseStorefrontPath(linkFor({ kind, id: PRODUCT_ID, locale }));
        expect(parsed).toEqual({ locale: locale === 'de' ? null : locale, kind, id: PRODUCT_ID });
      }
    }
  });
});
