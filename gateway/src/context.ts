import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { GatewayConfig } from './config';
import { DEFAULT_LOCALE, LOCALES, localeFromAcceptLanguage, type LanguageDirectory, type Locale } from './languages';
import { createStoreClient, type StoreClient, type StoreClientOptions, type StoreSession } from './store-client';
import { UNSHARED_READS, type SharedReads } from './shared-reads';
import { isUpstreamFailureStatus } from './store-client/circuit-breaker';

/** Where the gateway's Store API is and how to reach it (the embedded one passes its app.fetch). */
export interface StoreApiTarget {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  accessKey: string;
  timeoutMs: number;
  onCall?: StoreClientOptions['onCall'];
  /** the upstream's circuit breaker (store-client/circuit-breaker.ts); createGateway gives every target one */
  breaker?: StoreClientOptions['breaker'];
}

/** What every resolver gets: who is asking, in which language, and the Store API clients for them. */
export interface GatewayContext {
  requestId: string;
  config: GatewayConfig;
  /** the shopper's Store API session (context token), shared by all calls of this request */
  session: StoreSession;
  /** the request's language: sw-language-id cookie/header, else Accept-Language, else German */
  languageId: string;
  locale: Locale;
  languages: LanguageDirectory;
  /** a Store API client speaking the given language (default: the request's); one per language per request */
  store(languageId?: string): StoreClient;
  /**
   * Store API attempts of this request that got no proper answer (network error, timeout, 5xx). An answer
   * made despite them (a menu that fell back to empty) is not kept by the response cache (ADR 0016).
   */
  upstreamFailures: { count: number };
  /** answers the same for every shopper (menus, SEO URLs), kept across requests (shared-reads.ts) */
  sharedReads: SharedReads;
}

/** The media type a request's body declares, lowercase and without parameters ("application/json"); '' when none. */
export function mediaTypeOf(request: Request): string {
  return request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Request header with the storefront page's language (de, it, fr); it wins over the language cookie. */
export const PAGE_LOCALE_HEADER = 'x-shop-locale';

/**
 * The shopper's address for the Store API's rate limits. A fetch Request carries no socket, so the server that
 * received the connection records its remote address for the Request it hands to the gateway
 * (`rememberClientAddress(c.req.raw, socketAddress)` before `gateway.fetch(c.req.raw)`): a WeakMap, not a header,
 * so no client can send one. Behind a reverse proxy set TRUST_PROXY=true: then the first x-forwarded-for entry
 * counts (the proxy must overwrite that header). Unknown (null) skips the per-address limits; the per-account
 * limits still hold.
 */
const clientAddresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined | null): void {
  if (address) clientAddresses.set(request, address);
}

function validIp(value: string | undefined | null): string | null {
  let ip = value?.trim() ?? '';
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  return ip && isIP(ip) ? ip : null;
}

export function clientAddressOf(request: Request, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.TRUST_PROXY === 'true') {
    const forwarded = validIp(request.headers.get('x-forwarded-for')?.split(',')[0]);
    if (forwarded) return forwarded;
  }
  return validIp(clientAddresses.get(request));
}

/** The session token a request carries, as sent: the sw-context-token header (apps) or cookie (browsers). */
export function sentContextToken(request: Request): string | undefined {
  return request.headers.get('sw-context-token') ?? readCookie(request.headers.get('cookie'), 'sw-context-token');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const LANGUAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The language a request is answered in. The storefront names the language of the page being shown
 * (x-shop-locale: de, it or fr): on /fr/checkout the cart's messages, method names and payment return pages
 * are French whatever the cookie says. Else the sw-language-id header or cookie, else Accept-Language, else German.
 */
export function requestLocale(request: Request, languages: LanguageDirectory): Locale {
  const pageLocale = request.headers.get(PAGE_LOCALE_HEADER)?.trim();
  if ((LOCALES as readonly string[]).includes(pageLocale ?? '')) return pageLocale as Locale;
  const givenLanguage = request.headers.get('sw-language-id') ?? readCookie(request.headers.get('cookie'), 'sw-language-id');
  const knownLanguage = givenLanguage && LANGUAGE_ID_PATTERN.test(givenLanguage) ? languages.localeOf(givenLanguage) : undefined;
  return knownLanguage ?? localeFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LOCALE;
}

export function createGatewayContext(options: {
  request: Request;
  config: GatewayConfig;
  target: StoreApiTarget;
  languages: LanguageDirectory;
  sharedReads?: SharedReads;
}): GatewayContext {
  const { request, config, target, languages } = options;
  const requestId = request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
  const givenToken = sentContextToken(request);
  const session: StoreSession = { contextToken: givenToken && TOKEN_PATTERN.test(givenToken) ? givenToken : null };

  const locale = requestLocale(request, languages);
  const languageId = languages.idOf(locale);

  const clientIp = clientAddressOf(request);
  const clients = new Map<string, StoreClient>();
  // An object, not a number: yoga copies the context's fields into its own context object.
  const upstreamFailures = { count: 0 };
  const onCall: StoreClientOptions['onCall'] = (call) => {
    if (isUpstreamFailureStatus(call.status)) upstreamFailures.count += 1;
    target.onCall?.(call);
  };
  return {
    requestId,
    config,
    session,
    languageId,
    locale,
    languages,
    store(forLanguage = languageId) {
      let client = clients.get(forLanguage);
      if (!client) {
        client = createStoreClient({
          baseUrl: target.baseUrl,
          accessKey: target.accessKey,
          fetch: target.fetch,
          timeoutMs: target.timeoutMs,
          session,
          languageId: forLanguage,
          requestId,
          onCall,
          clientIp,
          breaker: target.breaker,
        });
        clients.set(forLanguage, client);
      }
      return client;
    },
    upstreamFailures,
    sharedReads: options.sharedReads ?? UNSHARED_READS,
  };
}
