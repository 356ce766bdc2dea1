import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { mountConsent, withConsent } from '../../server/consent';
import { readThirdPartyScripts } from '../../storefront/shell/thirdPartyScripts';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { ORIGIN } from '../support/shop';

// The consent banner of the revised Swiss FADP (ADR 0029): each page's HTML gets the banner and only the
// third-party scripts the shopper's cookie grants, and the banner's plain form post remembers the choice.

const SCRIPTS = readThirdPartyScripts({
  TRACKING_SCRIPT_URL: 'https://track.example.ch/t.js',
  PUSH_SCRIPT_URL: 'https://push.example.ch/sdk.js',
  ANALYTICS_TAG_URL: 'https://analytics.example.ch/tag.js',
});
const PAGE = '<!DOCTYPE html><html lang="de-CH"><head><title>Shop</title></head><body><div id="root"><main>Seite</main></div></body></html>';

function pageFor(path: string, cookie?: string): string {
  return withConsent(PAGE, new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), SCRIPTS, 'NONCE');
}

const scriptsOf = (html: string) => [...html.matchAll(/<script async src="([^"]+)"/g)].map((match) => match[1]);

describe('a page before and after the shopper chose', () => {
  it('loads no optional script and opens the banner, first in the body, while nothing is decided', () => {
    const html = pageFor('/vitamine-mineralstoffe');
    expect(scriptsOf(html)).toEqual([]);
    expect(html).toMatch(/<body><style>[^<]*<\/style><section id="cookie-consent" class="shop-consent" role="dialog" aria-labelledby="cookie-consent-title"[^>]* data-consent="undecided"/);
    expect(html).toContain('<h2 id="cookie-consent-title">Datenschutz-Einstellungen</h2>');
    // The controls name the form, which closes the body after the page's root.
    expect(html).toMatch(/<div id="root"><main>Seite<\/main><\/div><form id="cookie-consent-form" method="post" action="\/consent" data-form="consent"><input type="hidden" name="_form" value="consent"><\/form><\/body>/);
    expect(html).toContain('<button type="submit" form="cookie-consent-form" name="choice" value="all">Alle akzeptieren</button>');
  });

  it('speaks the page’s language and posts to the banner’s address in it', () => {
    expect(pageFor('/it/rivista')).toContain('<h2 id="cookie-consent-title">Impostazioni sulla protezione dei dati</h2>');
    expect(pageFor('/it/rivista')).toContain('action="/it/consent"');
    expect(pageFor('/fr/magazine')).toContain('>Tout accepter</button>');
    expect(pageFor('/fr/magazine')).toContain('href="/fr/protection-des-donnees"');
  });

  it('loads only the granted categories’ scripts, with the nonce, and keeps the banner for the footer link only', () => {
    const statistics = pageFor('/', 'cookie_consent=statistics');
    expect(scriptsOf(statistics)).toEqual(['https://analytics.example.ch/tag.js']);
    expect(statistics).toContain('data-third-party="analytics" nonce="NONCE"');
    expect(statistics).toContain('data-consent="decided"');
    expect(statistics).toMatch(/<input type="checkbox" id="cookie-consent-statistics" form="cookie-consent-form" name="category" value="statistics" checked/);
    expect(statistics).toMatch(/<input type="checkbox" id="cookie-consent-marketing" form="cookie-consent-form" name="category" value="marketing" aria/);
    expect(scriptsOf(pageFor('/', 'cookie_consent=statistics.marketing.externalMedia'))).toEqual([
      'https://track.example.ch/t.js',
      'https://push.example.ch/sdk.js',
      'https://analytics.example.ch/tag.js',
    ]);
    expect(scriptsOf(pageFor('/', 'cookie_consent=none'))).toEqual([]);
    expect(pageFor('/', 'cookie_consent=none')).toContain('data-consent="decided"');
    // A value the shop never wrote counts as no choice.
    expect(pageFor('/', 'cookie_consent=everything')).toContain('data-consent="undecided"');
  });

  it('leaves what is not a page alone', () => {
    const json = '{"html":"<body>x</body>"}';
    expect(withConsent(json, new Request(`${ORIGIN}/x`), SCRIPTS, 'NONCE')).toBe(json);
  });
});

describe('POST /consent (the banner without scripts)', () => {
  const app = new Hono();
  mountConsent(app, { logger: pino({ level: 'silent' }), origins: readShopOrigins({ PUBLIC_ORIGIN: ORIGIN }) });
  const post = (path: string, body: string, headers: Record<string, string> = { origin: ORIGIN, referer: `${ORIGIN}/it/rivista?page=2` }) =>
    app.fetch(new Request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }));
  const consentCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith('cookie_consent='));

  it('remembers the choice for a year and leads back to the page it was made on', async () => {
    const all = await post('/it/consent', '_form=consent&choice=all');
    expect(all.status).toBe(303);
    expect(all.headers.get('location')).toBe('/it/rivista?page=2');
    expect(consentCookie(all)).toBe('cookie_consent=statistics.marketing.externalMedia; Max-Age=31536000; Path=/; SameSite=Lax');
    const some = await post('/it/consent', '_form=consent&choice=selected&category=externalMedia&category=statistics&category=ads');
    expect(consentCookie(some)).toMatch(/^cookie_consent=statistics\.externalMedia;/);
    const none = await post('/consent', '_form=consent&choice=none&category=marketing');
    expect(consentCookie(none)).toMatch(/^cookie_consent=none;/);
  });

  it('refuses a post from another site, and one that is not the banner’s', async () => {
    const foreign = await post('/fr/consent', 'choice=all', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/^Refusé/);
    expect(consentCookie(foreign)).toBeUndefined();
    expect((await post('/consent', 'choice=maybe')).status).toBe(400);
  });
});
