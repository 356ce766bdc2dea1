import { describe, expect, it } from 'vitest';
import { loginTargetOf } from '../../storefront/features/account/loginTarget';
import { readRedirectAllowList, redirectAllowListMeta, safeRedirectTarget } from '../../storefront/platform/security/safeRedirect';

// Issue 8 / SPEC §8: every redirect target taken from a request is a path of this shop or an origin of
// REDIRECT_ALLOW_LIST; javascript:, data: and the other tricks of an open redirect give the fallback.

const FALLBACK = '/account';
const ALLOW = ['https://blog.apotheke.ch'];

// Open-redirect payloads, as URLSearchParams hands them over (decoded once).
const OPEN_REDIRECTS = [
  '//evil.example',
  '//evil.example/account',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/x/..//evil.example',
  '/%2e%2e//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\u0000/evil.example',
  '/\u2028/evil.example',
  ' //evil.example',
  ' /account',
  '/account ',
  'evil.example',
  'evil.example/account',
  'https://evil.example/account',
  'http://evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://blog.apotheke.ch.evil.example/',
  'https://blog.apotheke.ch@evil.example/',
  'https://user:pass@blog.apotheke.ch/',
  'http://blog.apotheke.ch/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'javascript://blog.apotheke.ch/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://blog.apotheke.ch/uuid',
  'ftp://blog.apotheke.ch/',
  '',
  null,
  undefined,
  42,
  {},
  `/${'a'.repeat(3000)}`,
];

describe('safeRedirectTarget', () => {
  it('keeps paths of this shop, with query and fragment', () => {
    expect(safeRedirectTarget('/fr/account/order?page=2', FALLBACK)).toBe('/fr/account/order?page=2');
    expect(safeRedirectTarget('/it/checkout/cart#code', FALLBACK)).toBe('/it/checkout/cart#code');
    expect(safeRedirectTarget('/', FALLBACK)).toBe('/');
    // Normalised: dot segments are resolved (and must still name a path of this shop).
    expect(safeRedirectTarget('/a/../account/address', FALLBACK)).toBe('/account/address');
    // An encoded slash is part of a path segment: it stays on this shop.
    expect(safeRedirectTarget('/%2F/evil.example', FALLBACK)).toBe('/%2F/evil.example');
  });

  it('refuses every open-redirect payload of the corpus', () => {
    for (const value of OPEN_REDIRECTS) expect(safeRedirectTarget(value, FALLBACK, ALLOW), JSON.stringify(value)).toBe(FALLBACK);
  });

  it('follows an https origin only when it is on the allow-list', () => {
    expect(safeRedirectTarget('https://blog.apotheke.ch/ratgeber?x=1', FALLBACK, ALLOW)).toBe('https://blog.apotheke.ch/ratgeber?x=1');
    expect(safeRedirectTarget('https://BLOG.apotheke.ch/', FALLBACK, ALLOW)).toBe('https://blog.apotheke.ch/');
    expect(safeRedirectTarget('https://blog.apotheke.ch/ratgeber', FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectTarget('https://blog.apotheke.ch:8443/', FALLBACK, ALLOW)).toBe(FALLBACK);
  });

  it('is the rule of the login page’s redirect parameter, in every language', () => {
    const login = (query: string, locale: 'de' | 'fr' = 'de', redirectAllowList: string[] = []) =>
      loginTargetOf({ locale, urlOriginal: `${locale === 'de' ? '' : `/${locale}`}/login?${query}`, redirectAllowList });
    expect(login('redirect=%2F.%2F%2Fevil.example')).toBe('/account');
    expect(login('redirect=javascript%3Aalert(1)', 'fr')).toBe('/fr/account');
    expect(login('redirect=%2Ffr%2Faccount%2Forder', 'fr')).toBe('/fr/account/order');
    expect(login('redirect=https%3A%2F%2Fblog.apotheke.ch%2Fx')).toBe('/account');
    expect(login('redirect=https%3A%2F%2Fblog.apotheke.ch%2Fx', 'de', ALLOW)).toBe('https://blog.apotheke.ch/x');
  });
});

describe('REDIRECT_ALLOW_LIST', () => {
  it('reads https origins separated by commas; unset means none', () => {
    expect(readRedirectAllowList({})).toEqual([]);
    expect(readRedirectAllowList({ REDIRECT_ALLOW_LIST: ' https://blog.apotheke.ch, https://app.apotheke.ch/ ' })).toEqual(['https://blog.apotheke.ch', 'https://app.apotheke.ch']);
  });

  it('stops the start on anything that is not an https origin', () => {
    for (const value of ['http://blog.apotheke.ch', 'https://blog.apotheke.ch/path', 'blog.apotheke.ch', 'javascript:alert(1)', 'https://user@blog.apotheke.ch']) {
      expect(() => readRedirectAllowList({ REDIRECT_ALLOW_LIST: value }), value).toThrow(/REDIRECT_ALLOW_LIST/);
    }
  });

  it('reaches the browser in a <meta> only when configured', () => {
    expect(redirectAllowListMeta([])).toBe('');
    expect(redirectAllowListMeta(ALLOW)).toBe('<meta name="shop-redirect-allow-list" content="https://blog.apotheke.ch">');
  });
});
