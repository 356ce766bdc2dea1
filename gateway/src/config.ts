// The gateway's configuration, read once at start. A bad configuration stops the start with a clear
// message (SPEC §8: a missing store endpoint or access token is a setup error).
import { readShopOrigins, ShopOriginError, type ShopOrigins } from '../../store-api/src/shop-origins';
import type { StoreApiTarget } from './context';

export interface GatewayConfig {
  /** Absolute Store API base URL ending in /store-api, or null for the embedded one in this process. */
  storeApiUrl: string | null;
  accessKey: string;
  /** SPEC §9: request timeout 10000 ms. Tests set it small. */
  timeoutMs: number;
  graphiql: boolean;
  production: boolean;
  /** GRAPHQL_PERSISTED_ONLY=true: only operations sent by an id of the storefront's allow-list run (off by default). */
  persistedOnly: boolean;
  /**
   * Where browsers reach the shop (PUBLIC_ORIGIN, default http://localhost:PORT), e.g. https://www.apotheke.example:
   * payment return URLs and mail links are built on it. Never the request's Host (ADR 0022).
   */
  publicOrigin: string;
  /** The shop's own origins (PUBLIC_ORIGIN, STOREFRONT_ORIGINS): the only ones a state-changing request may come from. */
  shopOrigins: readonly string[];
  /** PUBLIC_ORIGIN is an https origin: a public host, where GraphiQL and introspection default to off. */
  publicHost: boolean;
}

export class GatewaySetupError extends Error {
  override name = 'GatewaySetupError';
}

/** A whole number ≥ 0 from the environment (seconds, sizes); unset or empty gives the fallback, anything else stops the start. */
export function wholeNumberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new GatewaySetupError(`${name} must be a whole number ≥ 0, got "${env[name]}".`);
  return value;
}

/**
 * GRAPHIQL: GraphiQL, introspection and "did you mean" suggestions. Unset, they follow the host: on for a local shop
 * (a newcomer's `npm start` on http://localhost), off on a public one (PUBLIC_ORIGIN https), where they would hand
 * anyone the schema (issue 17). `true`/`false` decide either way; anything else stops the start.
 */
function readGraphiql(env: NodeJS.ProcessEnv, publicHost: boolean): boolean {
  const raw = env.GRAPHIQL?.trim() ?? '';
  if (raw === '') return !publicHost;
  if (raw !== 'true' && raw !== 'false') throw new GatewaySetupError(`GRAPHIQL must be true or false, got "${env.GRAPHIQL}".`);
  return raw === 'true';
}

/** SPEC §9 "Request timeout 10000 ms". */
export const DEFAULT_TIMEOUT_MS = 10_000;

function readStoreApiUrl(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new GatewaySetupError(`STORE_API_URL is not a valid URL: "${raw}". Example: https://shop.example/store-api`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new GatewaySetupError(`STORE_API_URL must be an http(s) URL, got "${raw}". Example: https://shop.example/store-api`);
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new GatewaySetupError(`STORE_API_URL must be a plain base URL without query, fragment or credentials, got "${raw}".`);
  }
  // Every operation path is appended to it ("/product-listing/…"), and Shopware serves them under /store-api.
  const base = parsed.toString().replace(/\/+$/, '');
  if (!base.endsWith('/store-api')) {
    throw new GatewaySetupError(`STORE_API_URL must end with /store-api, got "${raw}". Example: https://shop.example/store-api`);
  }
  return base;
}

/**
 * The configuration from the environment. `embeddedAccessKey` is the embedded Store API's own key, used
 * when STORE_API_URL is unset (the embedded Store API reads STORE_API_ACCESS_KEY itself, so both agree).
 */
export function readGatewayConfig(env: NodeJS.ProcessEnv, embeddedAccessKey?: string): GatewayConfig {
  const production = env.NODE_ENV === 'production';
  const rawUrl = env.STORE_API_URL?.trim();
  const storeApiUrl = rawUrl ? readStoreApiUrl(rawUrl) : null;
  const givenKey = env.STORE_API_ACCESS_KEY?.trim();
  const accessKey = storeApiUrl ? givenKey : embeddedAccessKey || givenKey;
  if (!accessKey) {
    throw new GatewaySetupError(
      storeApiUrl
        ? `STORE_API_ACCESS_KEY is missing: the Store API at ${storeApiUrl} needs its sales channel's access key (sw-access-key).`
        : 'The Store API access key is missing: set STORE_API_ACCESS_KEY, or start the embedded Store API first.',
    );
  }
  const rawTimeout = env.STORE_API_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new GatewaySetupError(`STORE_API_TIMEOUT_MS must be a positive number of milliseconds, got "${env.STORE_API_TIMEOUT_MS}".`);
  }
  let origins: ShopOrigins;
  try {
    origins = readShopOrigins(env, Number(env.GATEWAY_PORT?.trim() || env.PORT?.trim() || 3000) || 3000);
  } catch (error) {
    if (error instanceof ShopOriginError) throw new GatewaySetupError(error.message);
    throw error;
  }
  const rawPersistedOnly = env.GRAPHQL_PERSISTED_ONLY?.trim() ?? '';
  if (rawPersistedOnly !== '' && rawPersistedOnly !== 'true' && rawPersistedOnly !== 'false') {
    throw new GatewaySetupError(`GRAPHQL_PERSISTED_ONLY must be true or false, got "${env.GRAPHQL_PERSISTED_ONLY}".`);
  }
  return {
    storeApiUrl,
    accessKey,
    timeoutMs,
    graphiql: readGraphiql(env, origins.publicHost),
    production,
    persistedOnly: rawPersistedOnly === 'true',
    publicOrigin: origins.primary,
    shopOrigins: origins.all,
    publicHost: origins.publicHost,
  };
}

/** What the gateway needs of the embedded Store API (`startEmbeddedStoreApi()` gives it). */
export interface EmbeddedBackEnd {
  app: { fetch(request: Request): Response | Promise<Response> };
  config?: { accessKey: string };
}

/** Origin of in-process calls when none is given; the embedded Store API never sees it on the wire. */
const EMBEDDED_ORIGIN = 'http://embedded.local';

/**
 * Where the gateway's Store API calls go. With STORE_API_URL: that URL over the global fetch. Without it:
 * the embedded Store API's `app.fetch`, in process, with no TCP. The embedded Store API builds its media
 * URLs from the request's origin, so `publicOrigin` (e.g. http://localhost:3000) must be the origin
 * browsers reach the shop at, or product images would point at a host that does not exist.
 */
export function storeApiTarget(
  config: GatewayConfig,
  embedded?: EmbeddedBackEnd,
  options: { publicOrigin?: string; onCall?: StoreApiTarget['onCall'] } = {},
): StoreApiTarget {
  const observed = options.onCall ? { onCall: options.onCall } : {};
  if (config.storeApiUrl) {
    return { baseUrl: config.storeApiUrl, fetch: (request) => fetch(request), accessKey: config.accessKey, timeoutMs: config.timeoutMs, ...observed };
  }
  if (!embedded) {
    throw new GatewaySetupError('No Store API: set STORE_API_URL and STORE_API_ACCESS_KEY, or start the embedded Store API in this process.');
  }
  let origin = EMBEDDED_ORIGIN;
  if (options.publicOrigin) {
    try {
      origin = new URL(options.publicOrigin).origin;
    } catch {
      origin = 'null';
    }
    if (!/^https?:\/\//.test(origin)) {
      throw new GatewaySetupError(`The public origin of the shop is not a valid URL: "${options.publicOrigin}". Example: http://localhost:3000`);
    }
  }
  const app = embedded.app;
  return {
    baseUrl: `${origin}/store-api`,
    fetch: async (request) => app.fetch(request),
    accessKey: embedded.config?.accessKey ?? config.accessKey,
    timeoutMs: config.timeoutMs,
    ...observed,
  };
}
