import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { renderPage } from 'vike/server';
import type { Gateway } from '../gateway/src/yoga';
import { languageCookie, LANGUAGE_COOKIE, localeFromAcceptLanguage, isShopLocale, localizedPath, readCookie, splitLocalePath } from '../storefront/i18n/locales';
import type { GraphQLPayload, PersistedOperation } from '../storefront/relay/gatewayFetch';
import { gatewayRequestBody, PAGE_LOCALE_HEADER } from '../storefront/relay/gatewayFetch';
import { mountCartForms } from './cartForms';

const STATIC_FILE = /\.(ico|png|jpe?g|gif|svg|webp|avif|js|mjs|css|map|json|woff2?|ttf|txt|xml|webmanifest)$/i;

/** Request headers the in-process GraphQL call carries over from the shopper's request. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'];

/**
 * Mounts the SSR storefront (Vike, built into dist/ by `npm run build`) as the last routes of the app:
 * static assets from dist/client, then every other GET renders a page. A page's ONE query runs against
 * the gateway in-process (yoga.fetch, no HTTP hop) with the shopper's cookies; the gateway's Set-Cookie
 * headers (session, language) go onto the HTML response.
 */
export function mountStorefront(app: Hono, options: { gateway: Gateway; logger: Logger; distDir?: string }): void {
  const distDir = options.distDir ?? 'dist';
  if (!existsSync(`${distDir}/server/entry.mjs`)) {
    options.logger.warn({ distDir }, 'storefront: no build found, run `npm run build` (npm start does it)');
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

  // The cart's no-JavaScript forms (POST), and no caching of the personal checkout pages.
  mountCartForms(app, { gateway: options.gateway, logger: options.logger });

  app.get('*', async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    // A missing file (favicon.ico, a stale bundle) is not a shop path: no page render, no GraphQL operation.
    if (STATIC_FILE.test(url.pathname) && !url.pathname.endsWith('.pageContext.json')) return c.notFound();
    // Plain "/" picks the language (SPEC §2): the remembered cookie, else the browser's languages.
    if (url.pathname === '/') {
      const cookies = request.headers.get('cookie');
      const remembered = readCookie(cookies, LANGUAGE_COOKIE);
      const locale = isShopLocale(remembered) ? remembered : localeFromAcceptLanguage(request.headers.get('accept-language'));
      if (locale && locale !== 'de') {
        const headers = new Headers({ location: localizedPath('/', locale) + url.search, vary: 'cookie, accept-language' });
        if (!remembered) headers.append('set-cookie', languageCookie(locale));
        return new Response(null, { status: 302, headers });
      }
    }
    const gatewayCookies: string[] = [];
    let operations = 0;
    const runGraphQL = async (operation: PersistedOperation): Promise<GraphQLPayload> => {
      operations += 1;
      const headers = new Headers({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' });
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers.get(name);
        if (value) headers.set(name, value);
      }
      headers.set(PAGE_LOCALE_HEADER, splitLocalePath(url.pathname).locale);
      const response = await options.gateway.fetch(
        new Request(new URL('/graphql', url), { method: 'POST', headers, body: gatewayRequestBody(operation) }),
      );
      gatewayCookies.push(...response.headers.getSetCookie());
      return (await response.json()) as GraphQLPayload;
    };
    const pageContext = await renderPage({
      urlOriginal: request.url,
      headersOriginal: request.headers,
      runGraphQL,
      // SPEC §2: canonical links use https and the lowercase host (SHOP_HOST when set behind a proxy).
      shopOrigin: `https://${(process.env.SHOP_HOST ?? url.host).toLowerCase()}`,
    });
    const { httpResponse } = pageContext;
    if (!httpResponse) return c.notFound();
    const headers = new Headers(httpResponse.headers);
    for (const cookie of gatewayCookies) headers.append('set-cookie', cookie);
    // How many GraphQL operations this render ran (one per page by design; the e2e suite checks it).
    headers.set('x-graphql-operations', String(operations));
    // A page may turn its data into a status (404 for a path that shows nothing, 408/502/503 on failure).
    const data = pageContext.data as { status?: number } | null | undefined;
    const status = httpResponse.statusCode === 200 && data?.status ? data.status : httpResponse.statusCode;
    return new Response(await httpResponse.getBody(), { status, headers });
  });
}
