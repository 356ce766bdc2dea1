import { SCOPE_HEADER } from '../gateway/src/plugins/answer-scope';
import { CACHE_HEADER } from '../gateway/src/plugins/response-cache';
import type { Gateway } from '../gateway/src/yoga';
import { splitLocalePath } from '../storefront/platform/i18n/locales';
import type { GraphQLPayload, PersistedOperation } from '../storefront/platform/relay/gatewayFetch';
import { gatewayRequestBody, PAGE_LOCALE_HEADER } from '../storefront/platform/relay/gatewayFetch';

/** Request headers an in-process GraphQL call carries over from the shopper's request. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'];

/**
 * Runs one persisted operation against the gateway in process (yoga.fetch, no HTTP hop) as the shopper of
 * `request`: their cookies and client headers, and the language of the page path. Gives the payload and
 * the gateway's Set-Cookie headers (session, language), which the caller puts on its own response,
 * whether the answer was a stale one, and whether it read something of the session's visitor (ADR 0020).
 */
export async function callGateway(
  gateway: Gateway,
  request: Request,
  operation: PersistedOperation,
): Promise<{ payload: GraphQLPayload; setCookies: string[]; stale: boolean; visitor: boolean }> {
  const url = new URL(request.url);
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(PAGE_LOCALE_HEADER, splitLocalePath(url.pathname).locale);
  const response = await gateway.fetch(new Request(new URL('/graphql', url), { method: 'POST', headers, body: gatewayRequestBody(operation) }));
  const setCookies = response.headers.getSetCookie();
  // `stale`: the gateway answered with the last good answer because the Store API failed (ADR 0016).
  return {
    payload: (await response.json()) as GraphQLPayload,
    setCookies,
    stale: response.headers.get(CACHE_HEADER) === 'stale',
    visitor: response.headers.get(SCOPE_HEADER) === 'visitor',
  };
}
