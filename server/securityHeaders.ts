import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { servedOverHttps } from '../gateway/src/plugins/session-cookies';
import { readHttpsOrigins } from '../storefront/shell/httpsSettings';
import { readPharmacyMapTiles, tileMapOrigins } from '../storefront/features/pharmacies/pharmacyMapTiles';
import { readThirdPartyScripts, THIRD_PARTY_SCRIPTS } from '../storefront/shell/thirdPartyScripts';
import { VIDEO_EMBED_ORIGINS } from '../gateway/src/videoEmbeds';

// The security headers of every answer of the shop (issue 8, ADR 0015), installed in front of all routes.
// Hono's own secureHeaders() was not enough: it cannot send HSTS only over https, and the shop needs one CSP
// for its pages and a looser one for the GraphiQL tool; so this small middleware instead.

/** The context key of this request's CSP nonce. */
const NONCE_KEY = 'cspNonce';

/** HSTS: one year, subdomains too (the shop's host is HTTPS-only once it is on https at all). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Where the shop's pages may load from besides their own origin (all lists of origins, e.g. https://cdn.example.ch). */
export interface SecurityHeadersConfig {
  /** images: media on PUBLIC_ORIGIN or a remote Store API, map tiles, third-party scripts' pixels, CSP_IMG_ORIGINS */
  imgOrigins: string[];
  /** fetch/XHR/beacons: third-party scripts' origins, CSP_CONNECT_ORIGINS */
  connectOrigins: string[];
}

function originOf(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The origins the CSP allows, from the configuration the server already reads: PUBLIC_ORIGIN (media URLs are
 * built on it, and it may differ from the host a browser used, e.g. localhost vs 127.0.0.1), a remote
 * STORE_API_URL (its media), the pharmacy map's tile server, the configured third-party scripts (their beacons and
 * pixels), and CSP_IMG_ORIGINS / CSP_CONNECT_ORIGINS for anything else (a media CDN).
 */
export function readSecurityHeadersConfig(env: NodeJS.ProcessEnv, publicOrigin: string): SecurityHeadersConfig {
  const scripts = readThirdPartyScripts(env);
  const scriptOrigins = THIRD_PARTY_SCRIPTS.flatMap((script) => originOf(scripts[script]));
  const unique = (list: string[]) => [...new Set(list)];
  return {
    imgOrigins: unique([
      ...originOf(publicOrigin),
      ...originOf(env.STORE_API_URL),
      ...tileMapOrigins(readPharmacyMapTiles(env)),
      ...scriptOrigins,
      ...readHttpsOrigins(env, 'CSP_IMG_ORIGINS', 'https://cdn.example.ch'),
    ]),
    connectOrigins: unique([...scriptOrigins, ...readHttpsOrigins(env, 'CSP_CONNECT_ORIGINS', 'https://cdn.example.ch')]),
  };
}

/**
 * The shop's CSP for its HTML pages. Scripts run only with this response's nonce; 'strict-dynamic' passes the
 * trust on to what they load (Vike's chunks, a third-party tag's own scripts); `https:` is ignored by browsers
 * that know 'strict-dynamic' and only keeps old ones working. Inline style ATTRIBUTES are allowed
 * ('unsafe-inline' in style-src): React's style props (rating stars, poll bars, the style guide) and the payment
 * page's <style> need them; styles cannot run code.
 */
export function pageCsp(nonce: string, config: SecurityHeadersConfig): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' https:`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ['img-src', "'self'", 'data:', ...config.imgOrigins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ['connect-src', "'self'", ...config.connectOrigins].join(' '),
    // CMS videos: only the providers' privacy-enhanced players, loaded after consent (gateway/src/videoEmbeds.ts).
    ['frame-src', "'self'", ...Object.values(VIDEO_EMBED_ORIGINS)].join(' '),
  ].join('; ');
}

/**
 * GraphiQL (GET /graphql with GRAPHIQL=true, a developer tool) is one HTML page of inline scripts and styles with
 * editor workers from blob: URLs: it gets its own looser policy, still same-origin only and never framed.
 */
export const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * Pages are rendered with this stand-in for the nonce (Vike's `cspNonce`), and `withNonce` puts the request's own
 * nonce in its place just before the page is sent. So a page kept by the page cache (ADR 0011) still gets a new
 * nonce per response, without parsing HTML. It is random per process (the cache lives in the process), so no shop
 * text can contain it by design or by chance.
 */
export const CSP_NONCE_PLACEHOLDER = `csp-nonce-${randomBytes(16).toString('hex')}`;

/** The page's HTML with this response's nonce in place of the placeholder. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
}

/** This request's CSP nonce (128 random bits, base64), made when first asked for: only pages need one. */
export function cspNonceOf(c: Context): string {
  let nonce = c.get(NONCE_KEY as never) as string | undefined;
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    c.set(NONCE_KEY as never, nonce as never);
  }
  return nonce;
}

function isHtml(response: Response): boolean {
  return response.headers.get('content-type')?.toLowerCase().startsWith('text/html') ?? false;
}

/**
 * The middleware: on every answer nosniff, Referrer-Policy, X-Frame-Options (for browsers without frame-ancestors), HSTS when the
 * request came over https (the same rule as the session cookie's Secure flag: the URL, or X-Forwarded-Proto from a
 * TLS-terminating proxy; browsers ignore HSTS over http anyway), and on HTML answers the CSP.
 */
export function securityHeaders(config: SecurityHeadersConfig): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers: [string, string][] = [
      ['x-content-type-options', 'nosniff'],
      ['referrer-policy', 'strict-origin-when-cross-origin'],
      ['x-frame-options', 'DENY'],
    ];
    if (servedOverHttps(c.req.raw)) headers.push(['strict-transport-security', HSTS]);
    // The nonce the page was written with (server/storefront.ts asked for it), or a fresh one for other HTML.
    if (isHtml(c.res)) headers.push(['content-security-policy', c.req.path === '/graphql' ? GRAPHIQL_CSP : pageCsp(cspNonceOf(c), config)]);
    try {
      for (const [name, value] of headers) c.res.headers.set(name, value);
    } catch {
      // A response with immutable headers (passed through from fetch): copy it once, then set them.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of headers) c.res.headers.set(name, value);
    }
  };
}
