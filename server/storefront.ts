import { existsSync, readFileSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { createPageAssetRewrite } from './pageAssets';
import { loadVikeBuild, persistedQueriesOf, servedRelease } from './release/releases';
import { ROUTE_VIEW_CSS_FILE, type RouteViewCss } from '../storefront/platform/build/routeViewStyles';
import { renderPage } from 'vike/server';
import { CACHE_HEADER } from '../gateway/src/plugins/response-cache';
import { servedOverHttps } from '../gateway/src/plugins/session-cookies';
import type { Gateway } from '../gateway/src/yoga';
import { contentPagePath, ENGLISH_CONTENT_PATHS } from '../storefront/platform/i18n/contentPages';
import { languageCookie, LANGUAGE_COOKIE, localeFromAcceptLanguage, isShopLocale, localizedPath, readCookie, type ShopLocale } from '../storefront/platform/i18n/locales';
import type { GraphQLPayload, PersistedOperation } from '../storefront/platform/relay/gatewayFetch';
import { readPharmacyMapTiles } from '../storefront/features/pharmacies/pharmacyMapTiles';
import { readRedirectAllowList } from '../storefront/platform/security/safeRedirect';
import { readThirdPartyScripts, type ThirdPartyScriptsConfig } from '../storefront/shell/thirdPartyScripts';
import { canonicalOrigin, readShopOrigins, type ShopOrigins } from '../store-api/src/shop-origins';
import type { PostedFormState } from '../storefront/forms/postedForm';
import { mountCartForms } from './cartForms';
import { mountConsent, withConsent } from './consent';
import { mountFormPosts } from './formPosts';
import { callGateway } from './gatewayCall';
import { CSP_NONCE_PLACEHOLDER, cspNonceOf, withNonce } from './securityHeaders';
import {
  asAnonymous,
  CACHEABLE_CACHE_CONTROL,
  createPageCache,
  isCacheableRequest,
  isCatalogPath,
  isStorable,
  isStorableForPriceGroup,
  pageCacheKey,
  pageCacheOptionsFromEnv,
  readsVisitor,
  sessionTokenOf,
  type PageCache,
  type RenderedPage,
} from './pageCache';
import { DEFAULT_PRICE_GROUP, type PriceGroupOf } from './priceGroup';
import { SCOPE_HEADER } from '../gateway/src/plugins/answer-scope';
import { createWishlistHearts } from './wishlistHearts';

const STATIC_FILE = /\.(ico|png|jpe?g|gif|svg|webp|avif|js|mjs|css|map|json|woff2?|ttf|txt|xml|webmanifest)$/i;

/** What a render without an HTTP response (no page for the URL) leaves: Hono's own 404. */
const NO_PAGE: RenderedPage = { status: 404, headers: [], body: '' };

/**
 * Mounts the SSR storefront (Vike, built into a release folder by `npm run build`, ADR 0026) as the last routes of
 * the app: static assets from its client/, then every other GET renders a page. A page's ONE query runs against
 * the gateway in-process (yoga.fetch, no HTTP hop) with the shopper's cookies; the gateway's Set-Cookie
 * headers (session, language) go onto the HTML response.
 */
export function mountStorefront(
  app: Hono,
  options: {
    gateway: Gateway;
    logger: Logger;
    /** the release folder (server/release/releases.ts); default the one this server was started from */
    distDir?: string;
    /** `npm run dev`: Vike renders from the sources through Vite's dev server (server/devServer.ts), no release */
    dev?: boolean;
    pageCache?: PageCache;
    thirdPartyScripts?: ThirdPartyScriptsConfig;
    /** a session's price group from the Store API (priceGroup.ts); without it sessions without the guest mark render every page */
    priceGroupOf?: PriceGroupOf;
    /** the shop's origins (PUBLIC_ORIGIN, STOREFRONT_ORIGINS; ADR 0022); read from the environment unless given */
    origins?: ShopOrigins;
  },
): void {
  const distDir = options.distDir ?? servedRelease(import.meta.url) ?? 'dist/current';
  // Pages render with this release's Vike build; its assets and operations come from the same folder.
  const vikeBuild = options.dev ? Promise.resolve() : loadVikeBuild(distDir);
  vikeBuild.catch((error: unknown) => options.logger.error({ err: error, distDir }, 'storefront: loading the server build failed'));
  const persistedQueriesFile = persistedQueriesOf(options.dev ? undefined : distDir);
  const origins = options.origins ?? readShopOrigins(process.env);
  // SPEC §2: canonical links use https and the lowercase host: SHOP_HOST, else PUBLIC_ORIGIN's; never the request's.
  const shopOrigin = canonicalOrigin(origins);
  // The shell's third-party scripts (SPEC §2): off unless configured; a non-https URL stops the start here.
  const thirdPartyScripts = options.thirdPartyScripts ?? readThirdPartyScripts(process.env);
  // What a page's HTML gets per response: the scripts the shopper consented to, the consent banner, the CSP nonce.
  const finishPage = (page: RenderedPage, request: Request, nonce: string): string => {
    const html = page.headers.some(([name, value]) => name === 'content-type' && value.startsWith('text/html'));
    return withNonce(html ? withConsent(page.body, request, thirdPartyScripts, CSP_NONCE_PLACEHOLDER) : page.body, nonce);
  };
  // REDIRECT_ALLOW_LIST: other sites the login's `redirect` may lead to (paths of this shop always may).
  const redirectAllowList = readRedirectAllowList(process.env);
  // The pharmacy map's tiles (PHARMACY_MAP_TILE_URL): checked here so a bad value stops the start; the pages
  // read them from Vike's globalContext (storefront/+onCreateGlobalContext.server.ts).
  readPharmacyMapTiles(process.env);
  // Anonymous catalogue pages (no session cookie) are kept for PAGE_CACHE_TTL_SECONDS (ADR 0011).
  const pageCache = options.pageCache ?? createPageCache(pageCacheOptionsFromEnv(process.env));
  // The CSS of the lazily loaded route views, linked by the server so the first paint is styled (+headHtmlEnd.ts).
  const routeViewCssFile = `${distDir}/client/${ROUTE_VIEW_CSS_FILE}`;
  const routeViewCss: RouteViewCss = existsSync(routeViewCssFile) ? (JSON.parse(readFileSync(routeViewCssFile, 'utf8')) as RouteViewCss) : {};
  // The page's stylesheets inlined into its HTML, its scripts preloaded after the image of its largest paint (pageAssets.ts).
  const rewritePageAssets = createPageAssetRewrite(`${distDir}/client`);
  if (!options.dev && !existsSync(`${distDir}/server/entry.mjs`)) {
    options.logger.warn({ distDir }, 'storefront: no build found, run `npm run build` (npm start does it when needed)');
  }
  // Vike's hashed bundles never change under a name: cache them for a year.
  app.use(
    '/assets/*',
    serveStatic({
      root: `${distDir}/client`,
      onFound: (_path, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // dist/client holds only /assets (there is no public/ folder): no file lookup for every page request.

  // `forRequest`: the request itself, or for the page cache the same request without its session (asAnonymous);
  // `formPost`: a refused form post shown again with what was sent (server/formPosts.ts).
  const render = async (forRequest: Request, formPost?: PostedFormState): Promise<RenderedPage> => {
    const gatewayCookies: string[] = [];
    let operations = 0;
    let stale = false;
    let visitor = false;
    const runGraphQL = async (operation: PersistedOperation): Promise<GraphQLPayload> => {
      operations += 1;
      const answer = await callGateway(options.gateway, forRequest, operation);
      gatewayCookies.push(...answer.setCookies);
      stale ||= answer.stale;
      visitor ||= answer.visitor;
      return answer.payload;
    };
    await vikeBuild;
    const pageContext = await renderPage({
      urlOriginal: forRequest.url,
      headersOriginal: forRequest.headers,
      runGraphQL,
      shopOrigin,
      redirectAllowList,
      routeViewCss,
      // Vike writes it on its <script> tags; respond() swaps in this response's nonce (server/securityHeaders.ts).
      cspNonce: CSP_NONCE_PLACEHOLDER,
      ...(formPost ? { formPost } : {}),
    });
    const { httpResponse } = pageContext;
    if (!httpResponse) return NO_PAGE;
    const headers: [string, string][] = [...new Headers(httpResponse.headers).entries()].filter(([name]) => name !== 'set-cookie' && name !== 'content-security-policy');
    for (const cookie of gatewayCookies) headers.push(['set-cookie', cookie]);
    // How many GraphQL operations this render ran (one per page by design; the e2e suite checks it).
    // A page served from the cache repeats the figure of the render that produced it.
    headers.push(['x-graphql-operations', String(operations)]);
    // Rendered from a stale GraphQL answer while the Store API fails: shown, but not kept by the page cache.
    if (stale) headers.push([CACHE_HEADER, 'stale']);
    // Made from an operation that reads something of its visitor (ADR 0020): never kept for a price group, and
    // a session does not get such a page rendered without it.
    if (visitor) headers.push([SCOPE_HEADER, 'visitor']);
    // A page may turn its data into a status (404 for a path that shows nothing, 408/502/503 on failure).
    const data = pageContext.data as { status?: number } | null | undefined;
    const status = httpResponse.statusCode === 200 && data?.status ? data.status : httpResponse.statusCode;
    return { status, headers, body: rewritePageAssets(await httpResponse.getBody()) };
  };


  const wishlistHearts = createWishlistHearts({ gateway: options.gateway, logger: options.logger });

  // The cart's no-JavaScript forms (POST), and no caching of the personal checkout pages.
  mountCartForms(app, { gateway: options.gateway, logger: options.logger, origins, persistedQueriesFile });
  // The consent banner's form (ADR 0029).
  mountConsent(app, { logger: options.logger, origins });
  // Every other shop form without JavaScript: the same mutation as the enhanced form; a refusal is the page again
  // with what was sent and why (ADR 0023).
  mountFormPosts(app, {
    gateway: options.gateway,
    logger: options.logger,
    origins,
    redirectAllowList,
    persistedQueriesFile,
    renderAgain: async (c, request, formPost, cookies) => {
      const page = await render(request, formPost);
      if (page === NO_PAGE) return c.notFound();
      const headers = new Headers();
      for (const [name, value] of page.headers) headers.append(name, value);
      for (const cookie of cookies) headers.append('set-cookie', cookie);
      headers.set('cache-control', 'private, no-store');
      return new Response(finishPage(page, request, cspNonceOf(c)), { status: formPost.errors === null ? 503 : 422, headers });
    },
  });

  app.get('*', async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    // A missing file (favicon.ico, a stale bundle) is not a shop path: no page render, no GraphQL operation.
    if (STATIC_FILE.test(url.pathname) && !url.pathname.endsWith('.pageContext.json')) return c.notFound();
    // Plain "/" picks the language (SPEC §2): the remembered cookie, else the browser's languages.
    if (url.pathname === '/') {
      const { locale, remembered } = shoppersLocale(request);
      if (locale && locale !== 'de') {
        const headers = new Headers({ location: localizedPath('/', locale) + url.search, vary: 'cookie, accept-language' });
        if (!remembered) headers.append('set-cookie', languageCookie(locale, { secure: servedOverHttps(request) }));
        return new Response(null, { status: 302, headers });
      }
    }
    // An English locale's /brands and /magazine (SPEC §2): the page in the shopper's language, German by default.
    const englishPage = ENGLISH_CONTENT_PATHS[url.pathname.toLowerCase()];
    if (englishPage) {
      const location = contentPagePath(englishPage, shoppersLocale(request).locale ?? 'de') + url.search;
      return new Response(null, { status: 302, headers: { location, vary: 'cookie, accept-language', 'cache-control': 'no-store' } });
    }
    /** `anonymous`: the request could be served from the cache (its page is public when storable). */
    const respond = async (page: RenderedPage, cache: { source: 'hit' | 'miss'; anonymous: boolean } | null): Promise<Response> => {
      if (page === NO_PAGE) return c.notFound();
      const headers = new Headers();
      for (const [name, value] of page.headers) headers.append(name, value);
      // A logged-in customer's hearts without scripts: the shared page with the style of their wishlist.
      const withHearts = page.status === 200 ? await wishlistHearts(request, page.body) : null;
      if (cache) {
        // A catalogue path: whether an answer may be shared depends on the session cookie.
        // Plain "/" also depends on Accept-Language (the redirect above).
        headers.set('vary', url.pathname === '/' ? 'cookie, accept-language' : 'cookie');
        headers.set('x-page-cache', cache.source);
        if (cache.anonymous && isStorable(page) && withHearts === null) headers.set('cache-control', CACHEABLE_CACHE_CONTROL(pageCache.ttlSeconds));
      }
      if (withHearts !== null) headers.set('cache-control', 'private, no-cache');
      // The CSP header itself is set by the security middleware for every HTML answer.
      return new Response(finishPage(withHearts === null ? page : { ...page, body: withHearts }, request, cspNonceOf(c)), { status: page.status, headers });
    };

    // The page every anonymous visitor gets, rendered without any session.
    const anonymousPage = () => pageCache.serve(pageCacheKey(url), () => render(asAnonymous(request)));
    // An anonymous visitor, or a guest whose session the gateway marked (ADR 0019).
    if (pageCache.ttlSeconds > 0 && isCacheableRequest(request, { guests: pageCache.guests })) {
      const { page, source } = await anonymousPage();
      return respond(page, { source, anonymous: true });
    }
    // Any other session on a catalogue path (a customer's): its pages are those of its price group (ADR 0020) —
    // the anonymous ones for the shop's default prices, else a key per group, rendered with the session.
    const token = sessionTokenOf(request);
    if (pageCache.ttlSeconds > 0 && pageCache.priceGroups && options.priceGroupOf && token && request.method === 'GET' && isCatalogPath(url.pathname)) {
      const priceGroup = await options.priceGroupOf(token);
      if (priceGroup === DEFAULT_PRICE_GROUP) {
        const { page, source } = await anonymousPage();
        // Unless the page shows something of its visitor (a poll with their vote): then it is rendered for them.
        if (!readsVisitor(page)) return respond(page, { source, anonymous: true });
      } else if (priceGroup !== undefined) {
        const { page, source } = await pageCache.serve(pageCacheKey(url, priceGroup), () => render(request), isStorableForPriceGroup);
        return respond(page, { source, anonymous: false });
      }
    }
    return respond(await render(request), pageCache.ttlSeconds > 0 && isCatalogPath(url.pathname) ? { source: 'miss', anonymous: false } : null);
  });
}

/** The language a shopper chose (the remembered cookie), else the first shop language their browser asks for. */
function shoppersLocale(request: Request): { locale: ShopLocale | undefined; remembered: boolean } {
  const remembered = readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE);
  if (isShopLocale(remembered)) return { locale: remembered, remembered: true };
  return { locale: localeFromAcceptLanguage(request.headers.get('accept-language')), remembered: false };
}
