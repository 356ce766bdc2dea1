import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { servedOverHttps } from '../gateway/src/plugins/session-cookies';
import de from '../storefront/platform/i18n/de/consent.json';
import fr from '../storefront/platform/i18n/fr/consent.json';
import it from '../storefront/platform/i18n/it/consent.json';
import { contentPagePath } from '../storefront/platform/i18n/contentPages';
import { LOCALES, localizedPath, shopCookie, splitLocalePath, type ShopLocale } from '../storefront/platform/i18n/locales';
import {
  CONSENT_BANNER_ID,
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE,
  consentCookieValue,
  consentOf,
  type ConsentCategory,
  type ConsentChoice,
} from '../storefront/shell/consent';
import { attribute, thirdPartyScriptTags, type ThirdPartyScriptsConfig } from '../storefront/shell/thirdPartyScripts';
import type { ShopOrigins } from '../store-api/src/shop-origins';
import { foreignFormRefusal, postedFromPage, readUrlEncodedForm, seeOther } from './formPosts';

// The consent banner (revised Swiss FADP; ADR 0029): server-rendered HTML and a plain form post, no script. The page
// cache keeps pages without it; each HTML answer gets, from the shopper's consent cookie, the third-party scripts of
// the granted categories before </head> and the banner right after <body> (outside React's root, so hydration and
// client navigation leave it alone) — open while nothing is decided, else hidden until the footer's "cookie
// settings" link targets it (#cookie-consent, CSS :target).

const TEXTS: Record<ShopLocale, typeof de> = { de, it, fr };

/** Where the banner's form posts, in each language ('/consent', '/it/consent', '/fr/consent'). */
export const CONSENT_PATH = '/consent';

/** Which button of the banner was pressed: accept all, save the ticked categories, or the necessary cookies only. */
type BannerChoice = 'all' | 'selected' | 'none';

/** The categories a banner post grants, or null for a post that is not the banner's. */
export function grantedByPost(fields: URLSearchParams): ConsentCategory[] | null {
  const choice = fields.get('choice');
  if (choice === 'all') return [...CONSENT_CATEGORIES];
  if (choice === 'none') return [];
  if (choice !== 'selected') return null;
  const chosen = fields.getAll('category');
  return CONSENT_CATEGORIES.filter((category) => chosen.includes(category));
}

const escape = attribute;

/** The form's id: its controls sit in the banner and name it (`form=`), the <form> itself closes the body. */
const FORM_ID = `${CONSENT_BANNER_ID}-form`;

/**
 * The banner's markup in a language, with the shopper's current choice ticked, and its <form>: the form element sits
 * after the page's root (scripts and tests that look for "the page's first form" find the page's own), its controls
 * in the banner first in the body name it.
 */
export function consentBannerHtml(locale: ShopLocale, consent: ConsentChoice): { banner: string; form: string } {
  const t = TEXTS[locale];
  const decided = consent !== null;
  const categories = CONSENT_CATEGORIES.map((category) => {
    const text = t.categories[category];
    const id = `${CONSENT_BANNER_ID}-${category}`;
    return (
      `<li><input type="checkbox" id="${id}" form="${FORM_ID}" name="category" value="${category}"${consent?.has(category) ? ' checked' : ''} aria-describedby="${id}-text">` +
      `<label for="${id}">${escape(text.name)}</label><span id="${id}-text">${escape(text.description)}</span></li>`
    );
  }).join('');
  const button = (choice: BannerChoice, label: string) => `<button type="submit" form="${FORM_ID}" name="choice" value="${choice}">${escape(label)}</button>`;
  const form =
    `<form id="${FORM_ID}" method="post" action="${escape(localizedPath(CONSENT_PATH, locale))}" data-form="consent">` +
    `<input type="hidden" name="_form" value="consent"></form>`;
  const banner =
    `<style>${BANNER_CSS}</style>` +
    `<section id="${CONSENT_BANNER_ID}" class="shop-consent" role="dialog" aria-labelledby="${CONSENT_BANNER_ID}-title" aria-describedby="${CONSENT_BANNER_ID}-intro" data-consent="${decided ? 'decided' : 'undecided'}" tabindex="-1">` +
    `<h2 id="${CONSENT_BANNER_ID}-title">${escape(t.title)}</h2>` +
    `<p id="${CONSENT_BANNER_ID}-intro">${escape(t.intro)} <a href="${escape(contentPagePath('privacy', locale))}">${escape(t.privacyLink)}</a></p>` +
    `<fieldset form="${FORM_ID}"><legend>${escape(t.optional)}</legend><ul>${categories}</ul></fieldset>` +
    `<div class="shop-consent-actions">${button('all', t.acceptAll)}${button('selected', t.save)}${button('none', t.necessaryOnly)}</div>` +
    (decided ? `<a class="shop-consent-close" href="#">${escape(t.close)}</a>` : '') +
    `</section>`;
  return { banner, form };
}

// In the page's flow above the header, not over it: it covers nothing the shopper (or a keyboard's focus) is on. A
// decided banner shows only as the footer link's target.
const BANNER_CSS = [
  '.shop-consent{background:var(--color-surface,#fff);color:var(--color-text,#222);border-bottom:3px solid var(--color-primary,#1e8449);padding:1rem max(1rem,calc((100% - 72rem)/2))}',
  '.shop-consent[data-consent=decided]:not(:target){display:none}',
  '.shop-consent h2{margin:0 0 .5rem;font-size:1.25rem}',
  '.shop-consent p{margin:0 0 .5rem;max-width:60rem}',
  '.shop-consent fieldset{border:0;padding:0;margin:.5rem 0}',
  '.shop-consent legend{font-weight:600;padding:0}',
  '.shop-consent ul{list-style:none;padding:0;margin:.25rem 0;display:grid;gap:.5rem}',
  '.shop-consent li{display:grid;grid-template-columns:auto 1fr;column-gap:.5rem;align-items:start}',
  '.shop-consent li span{grid-column:2;font-size:.875rem}',
  '.shop-consent input{width:1.25rem;height:1.25rem;margin:0}',
  '.shop-consent label{font-weight:600}',
  '.shop-consent-actions{display:flex;flex-wrap:wrap;gap:.5rem}',
  '.shop-consent button{min-height:44px;padding:.5rem 1rem;border:2px solid var(--color-primary-dark,#145a32);border-radius:4px;background:var(--color-primary-dark,#145a32);color:#fff;font:inherit;cursor:pointer}',
  '.shop-consent :focus-visible{outline:3px solid var(--color-focus,#1a5fb4);outline-offset:2px}',
].join('');

/**
 * A page's HTML with what the shopper's consent allows: the granted third-party scripts at the end of <head> (with
 * the response's nonce placeholder) and the banner first in <body>, so keyboard and screen-reader users meet it first
 * (its <form> element last in <body>).
 */
export function withConsent(html: string, request: Request, scripts: ThirdPartyScriptsConfig, nonce: string): string {
  const bodyAt = html.search(/<body[^>]*>/i);
  const headEnd = html.indexOf('</head>');
  if (bodyAt < 0 || headEnd < 0 || headEnd > bodyAt) return html;
  const url = new URL(request.url);
  const consent = consentOf(request.headers.get('cookie'));
  const { locale } = splitLocalePath(url.pathname);
  const bodyTag = /<body[^>]*>/i.exec(html.slice(bodyAt))![0];
  const bodyEnd = bodyAt + bodyTag.length;
  const closingBody = html.lastIndexOf('</body>');
  if (closingBody < bodyEnd) return html;
  const { banner, form } = consentBannerHtml(locale, consent);
  return (
    html.slice(0, headEnd) +
    thirdPartyScriptTags(scripts, url.pathname, consent, { nonce }) +
    html.slice(headEnd, bodyEnd) +
    banner +
    html.slice(bodyEnd, closingBody) +
    form +
    html.slice(closingBody)
  );
}

/** The banner's form post: checked like every shop form (ADR 0022, 0023), answered by the page it came from. */
export function mountConsent(app: Hono, options: { logger: Logger; origins: ShopOrigins }): void {
  for (const locale of LOCALES) {
    app.post(localizedPath(CONSENT_PATH, locale), async (c) => {
      const request = c.req.raw;
      const foreign = foreignFormRefusal(request, options.origins, locale);
      if (foreign) {
        options.logger.warn({ origin: request.headers.get('origin') }, 'consent post refused: not posted from the shop (CSRF)');
        return foreign;
      }
      const fields = await readUrlEncodedForm(request, 1024);
      if (fields instanceof Response) return fields;
      const granted = grantedByPost(fields);
      if (!granted) return new Response('Unknown choice', { status: 400 });
      const cookie = shopCookie(CONSENT_COOKIE, consentCookieValue(granted), CONSENT_COOKIE_MAX_AGE, { secure: servedOverHttps(request) });
      // Back to the page the banner was on (without its #cookie-consent, so a changed choice closes the banner).
      return seeOther(postedFromPage(request, options.origins, localizedPath('/', locale)), [cookie]);
    });
  }
}
