import type { Plugin } from 'graphql-yoga';
import { shouldRenderGraphiQL } from 'graphql-yoga';
import { mediaTypeOf } from '../context';

/** Headers a cross-site form or <img> cannot send without a CORS preflight (which the gateway never grants). */
export const CSRF_HEADERS = ['x-graphql-csrf', 'graphql-require-preflight', 'apollo-require-preflight'] as const;

/** Content types a browser only sends cross-site after a preflight. */
const PREFLIGHTED_TYPES = new Set(['application/json', 'application/graphql-response+json', 'application/graphql+json']);

/** Whether a request may run an operation under the CSRF rule of useCsrfPrevention (the ready answers of ready-answers.ts ask too). */
export function passesCsrfRule(request: Request): boolean {
  if (!request.headers.get('cookie')) return true;
  if (request.method === 'OPTIONS') return true;
  if (request.method === 'POST' && PREFLIGHTED_TYPES.has(mediaTypeOf(request))) return true;
  return CSRF_HEADERS.some((name) => request.headers.has(name));
}

/**
 * CSRF prevention for cookie-carrying requests. A shopper's session lives in the `sw-context-token` cookie,
 * so a request that a foreign page could make "simply" (a form post, a link, an <img>: GET, or POST with
 * text/plain, form-urlencoded or multipart) must not run with it. We accept a cookie-carrying request
 * only when it is JSON or carries one of CSRF_HEADERS — both force a preflight, and CORS is off, so only
 * same-origin pages (the storefront's fetch with application/json, GraphiQL) get through. Requests
 * without cookies (apps sending sw-context-token as a header) carry no ambient credentials and pass.
 * This is the rule of yoga's useCSRFPrevention plus the content-type check, without a new package.
 */
export function useCsrfPrevention(options: { graphiql: boolean }): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      // Rendering the GraphiQL page runs no operation.
      if (options.graphiql && request.method === 'GET' && shouldRenderGraphiQL(request)) return;
      if (passesCsrfRule(request)) return;
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            errors: [
              {
                message:
                  'Refused: a request carrying cookies must be a POST with content-type application/json or carry an x-graphql-csrf header (CSRF prevention).',
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
