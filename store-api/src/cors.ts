import type { MiddlewareHandler } from 'hono';
import { originOf, type ShopOrigins } from './shop-origins';

// CORS of the Store API (issue 21, ADR 0031): a frontend on another origin (a headless storefront such as Shopware
// Frontends) calls /store-api from the browser. Shopware's CorsListener answers every OPTIONS before authentication
// and names the allowed methods and headers on every answer; it allows any origin, this shop only the configured
// ones (STORE_API_CORS_ORIGINS, default the sales channel's domains), echoed one at a time, never a foreign Origin.

/** The request headers a Store API client sends (Shopware's PlatformRequest headers, plus those @shopware/api-client adds). */
const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'sw-context-token',
  'sw-access-key',
  'sw-language-id',
  'sw-currency-id',
  'sw-version-id',
  'sw-inheritance',
  'sw-fail-on-error',
  'indexing-behavior',
  'single-operation',
  'sw-include-seo-urls',
  'sw-include-search-info',
].join(',');
/** Answer headers a browser script may read: the client takes the session's token and language from them. */
const EXPOSED_HEADERS = ['sw-context-token', 'sw-access-key', 'sw-language-id', 'sw-version-id'].join(',');
const ALLOWED_METHODS = 'GET,POST,PUT,PATCH,DELETE';
/** Browsers keep a preflight this long (Chromium caps it at 2 h). */
const PREFLIGHT_MAX_AGE_SECONDS = '7200';

export class CorsOriginError extends Error {
  override name = 'CorsOriginError';
}

/**
 * STORE_API_CORS_ORIGINS: the origins whose pages may call the Store API from a browser, comma-separated http(s)
 * origins. Unset: the sales channel's domains (PUBLIC_ORIGIN, STOREFRONT_ORIGINS). `none` allows no other page.
 */
export function readCorsOrigins(env: NodeJS.ProcessEnv, shopOrigins: ShopOrigins): readonly string[] {
  const raw = env.STORE_API_CORS_ORIGINS?.trim();
  if (!raw) return shopOrigins.all;
  if (raw.toLowerCase() === 'none') return [];
  const origins = raw.split(',').map((value) => value.trim()).filter(Boolean);
  if (origins.includes('*')) {
    throw new CorsOriginError('STORE_API_CORS_ORIGINS names origins one by one (e.g. https://headless.apotheke.example), not "*".');
  }
  return [...new Set(origins.map((value) => originOf('STORE_API_CORS_ORIGINS', value)))];
}

/** Answers preflights (200, before the access key is checked) and marks every answer for an allowed Origin. */
export function storeApiCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowedOrigin = origin !== undefined && allowed.has(origin.toLowerCase()) ? origin : null;
    if (c.req.method === 'OPTIONS') {
      c.res = new Response(null, { status: 200 });
    } else {
      await next();
    }
    // Caches keep one answer per Origin: an allowed origin's headers must not be served to another page.
    c.res.headers.append('Vary', 'Origin');
    if (!allowedOrigin) return;
    c.res.headers.set('Access-Control-Allow-Origin', allowedOrigin);
    c.res.headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
    c.res.headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (c.req.method === 'OPTIONS') c.res.headers.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
  };
}
