import type { Plugin } from 'graphql-yoga';
import { shouldRenderGraphiQL } from 'graphql-yoga';
import { provesShopOrigin, type ShopOrigins } from '../../../store-api/src/shop-origins';
import { mediaTypeOf } from '../context';

/** Headers a cross-site form or <img> cannot send without a CORS preflight (which the gateway never grants). */
export const CSRF_HEADERS = ['x-graphql-csrf', 'graphql-require-preflight', 'apollo-require-preflight'] as const;

/**
 * The bodies yoga runs that a foreign page can send without a preflight: an HTML form's. (JSON and yoga's other
 * types need a preflight cross-site; text/plain and the rest yoga refuses with 415 before running anything.)
 */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * Whether a request may run an operation (ADR 0022; the ready answers of ready-answers.ts ask too):
 * - a POST that a foreign page could send without a preflight (an HTML form: urlencoded or multipart) must prove
 *   it comes from the shop's own pages — cookies or not: a cross-site login form carries no cookie, yet its answer
 *   would set the attacker's session in the shopper's browser (login CSRF). The storefront's uploads send the
 *   CSRF header; without `origins` such a POST is refused.
 * - a cookie-carrying GET must carry a CSRF header (yoga's rule): a link or an <img> cannot.
 * JSON POSTs and CSRF headers force a preflight, which the gateway never grants (CORS is off), so only the shop's
 * pages and non-browser clients (apps, other channels) send them.
 */
export function passesCsrfRule(request: Request, origins?: ShopOrigins): boolean {
  if (request.method === 'OPTIONS') return true;
  if (CSRF_HEADERS.some((name) => request.headers.has(name))) return true;
  if (request.method === 'POST') return !FORM_TYPES.has(mediaTypeOf(request)) || (origins !== undefined && provesShopOrigin(request, origins));
  return !request.headers.get('cookie');
}

/**
 * CSRF prevention. A shopper's session lives in the `sw-context-token` cookie, so a request that a foreign page
 * could make "simply" (a form post, a link, an <img>) must not run with it — nor, for a form post, without it
 * (login CSRF). See passesCsrfRule. This is the rule of yoga's useCSRFPrevention plus the content-type and origin
 * checks, without a new package.
 */
export function useCsrfPrevention(options: { graphiql: boolean; origins: ShopOrigins }): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      // Rendering the GraphiQL page runs no operation.
      if (options.graphiql && request.method === 'GET' && shouldRenderGraphiQL(request)) return;
      if (passesCsrfRule(request, options.origins)) return;
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            errors: [
              {
                message:
                  'Refused: send a POST with content-type application/json or an x-graphql-csrf header; a form post is accepted only from the shop’s own pages (CSRF prevention).',
                extensions: { code: 'CSRF_PREVENTED', status: 403 },
              },
            ],
          }),
          { status: 403, headers: { 'content-type': 'application/json; charset=utf-8' } },
        ),
      );
    },
  };
}
