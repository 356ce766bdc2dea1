import type { Plugin } from 'graphql-yoga';
import { readCookie, type GatewayContext } from '../context';

/** SPEC §7 and §9: the session cookies last 365 days, path /, SameSite Lax. */
export const SESSION_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function servedOverHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  // Behind a TLS-terminating proxy. Trusting it can only make the cookie stricter, never weaker.
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

function cookie(name: string, value: string, attributes: string[]): string {
  return [`${name}=${encodeURIComponent(value)}`, `Max-Age=${SESSION_COOKIE_MAX_AGE}`, 'Path=/', 'SameSite=Lax', ...attributes].join('; ');
}

/**
 * Writes the shopper's Store API session back to the browser: `sw-context-token` (HttpOnly: scripts never
 * need it; Secure over https) when the Store API issued or refreshed a token, and `sw-language-id` beside
 * it (readable, the storefront's language switch may look at it), also when a browser's language cookie is
 * missing or unknown and the gateway fell back. Other channels get the token in the `sw-context-token`
 * response header, as from the Store API itself.
 */
export function useSessionCookies(contextOf: (request: Request) => GatewayContext | undefined): Plugin {
  return {
    onResponse({ request, response }) {
      const ctx = contextOf(request);
      if (!ctx) return;
      const cookies = request.headers.get('cookie');
      const sentToken = request.headers.get('sw-context-token') ?? readCookie(cookies, 'sw-context-token') ?? null;
      const token = ctx.session.contextToken;
      const tokenChanged = token !== null && token !== sentToken;
      const sentLanguage = readCookie(cookies, 'sw-language-id');
      // A browser session (token cookie) whose language cookie is missing or names a language the shop
      // does not have gets the language the gateway actually used.
      const browserSession = readCookie(cookies, 'sw-context-token') !== undefined;
      const languageStale = sentLanguage !== ctx.languageId && (sentLanguage !== undefined || browserSession);
      if (tokenChanged) {
        response.headers.set('sw-context-token', token);
        response.headers.append('set-cookie', cookie('sw-context-token', token, ['HttpOnly', ...(servedOverHttps(request) ? ['Secure'] : [])]));
      }
      if (tokenChanged || languageStale) {
        response.headers.append('set-cookie', cookie('sw-language-id', ctx.languageId, servedOverHttps(request) ? ['Secure'] : []));
      }
    },
  };
}
