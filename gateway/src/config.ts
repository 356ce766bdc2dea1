// The gateway's configuration, read once at start. A bad configuration stops the start with a clear
// message (SPEC §8: a missing store endpoint or access token is a setup error).
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
   * Where browsers reach the shop (PUBLIC_ORIGIN), e.g. https://www.apotheke.example: payment return URLs and
   * registration links are built on it. null: the origin of each GraphQL request.
   */
  publicOrigin: string | null;
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
  const rawOrigin = env.PUBLIC_ORIGIN?.trim();
  let publicOrigin: string | null = null;
  if (rawOrigin) {
    try {
      publicOrigin = new URL(rawOrigin).origin;
    } catch {
      throw new GatewaySetupError(`PUBLIC_ORIGIN is not a valid URL: "${rawOrigin}". Example: https://www.apotheke.example`);
    }
  }
  const rawPersistedOnly = env.GRAPHQL_PERSISTED_ONLY?.trim() ?? '';
  if (rawPersistedOnly !== '' && rawPersistedOnly !== 'true' && rawPersistedOnly !== 'false') {
    throw new GatewaySetupError(`GRAPHQL_PERSISTED_ONLY must be true or false, got "${env.GRAPHQL_PERSISTED_ONLY}".`);
  }
  return {
    storeApiUrl,
    accessKey,
    timeoutMs,
    graphiql: !production || env.GRAPHIQL === 'true',
    production,
    persistedOnly: rawPersistedOnly === 'true',
    publicOrigin,
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
