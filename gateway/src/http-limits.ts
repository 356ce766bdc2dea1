import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { mediaTypeOf, PAGE_LOCALE_HEADER } from './context';
import { DEFAULT_LOCALE, LOCALES, localeFromAcceptLanguage, type Locale } from './languages';

/**
 * A GraphQL request that is not an upload: its JSON body may have at most this many bytes (the Store API's own
 * limit). The storefront's persisted operations send a few hundred bytes; a hand-written query with variables
 * stays far below. Uploads (multipart) have their own limits (plugins/upload-limits.ts).
 */
export const GRAPHQL_MAX_BODY_BYTES = 1_000_000;

/**
 * The language of a refusal answered before yoga parses the request (no GraphQL context exists yet): the storefront
 * page's language header, else Accept-Language, else German — the rule of `requestLocale` without the language cookie,
 * whose id only the Store API's language list can name.
 */
export function refusalLocale(request: Request): Locale {
  const pageLocale = request.headers.get(PAGE_LOCALE_HEADER)?.trim();
  if ((LOCALES as readonly string[]).includes(pageLocale ?? '')) return pageLocale as Locale;
  return localeFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LOCALE;
}

function jsonError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code, status } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** 413; the body is not read further and the connection is closed. */
function tooLarge(): Response {
  const response = jsonError(413, 'REQUEST_TOO_LARGE', `A GraphQL request may have at most ${GRAPHQL_MAX_BODY_BYTES} bytes.`);
  response.headers.set('connection', 'close');
  return response;
}

// Chunked bodies (no content-length) are counted as they arrive.
const limitBody = bodyLimit({ maxSize: GRAPHQL_MAX_BODY_BYTES, onError: tooLarge });

/**
 * In front of /graphql (gateway/src/mount.ts): non-multipart bodies over GRAPHQL_MAX_BODY_BYTES get 413 before yoga
 * buffers them (yoga itself has no limit), and yoga's bare 415 for a content type it does not read (text/plain …)
 * becomes a JSON error like every other refusal, so clients always get `{ errors: [...] }`.
 */
export function graphqlRequestLimits(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'POST' && mediaTypeOf(c.req.raw) !== 'multipart/form-data') {
      // A declared length is checked as is: asking for the body (as bodyLimit does first) makes @hono/node-server
      // build a full web Request with a stream, a good part of a cached answer's time.
      const length = c.req.header('content-length');
      if (length !== undefined && !c.req.header('transfer-encoding') && /^\d+$/.test(length)) {
        if (Number(length) > GRAPHQL_MAX_BODY_BYTES) return tooLarge();
      } else {
        const refused = await limitBody(c, async () => {});
        if (refused) return refused;
      }
    }
    await next();
    if (c.res.status === 415 && !c.res.headers.get('content-type')) {
      c.res = jsonError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send GraphQL requests as application/json (or multipart/form-data for uploads).');
    }
  };
}
