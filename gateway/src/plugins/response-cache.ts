import { createHash } from 'node:crypto';
import { getOperationAST, type ExecutionResult, type GraphQLError } from 'graphql';
import { useResponseCache, type Cache } from '@graphql-yoga/plugin-response-cache';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Counter, Registry } from 'prom-client';
import { GatewaySetupError, wholeNumberSetting } from '../config';
import { counterIn } from '../metrics';
import { sentContextToken, type GatewayContext } from '../context';
import { isUpstreamFailure, isUpstreamFailureStatus, type UpstreamBreaker } from '../store-client/circuit-breaker';
import type { ReadyAnswers } from '../ready-answers';
import { persistedMatchOf } from './persisted-only';

// The GraphQL response cache (issue 8, ADR 0016): answers of anonymous catalogue queries are kept for
// GRAPHQL_CACHE_TTL_SECONDS, per language, customer group and sales channel, and — stale-if-error — kept
// GRAPHQL_STALE_IF_ERROR_SECONDS longer to answer when the Store API fails. Cart, checkout, orders, the
// account and the wishlist are never cached, nor is anything asked with a session.

/** The envelop cache interface (get, set with ttl in ms, invalidate); a shared one (Redis) can be passed in. */
export type { Cache };

export const DEFAULT_GRAPHQL_CACHE_TTL_SECONDS = 60;
export const DEFAULT_GRAPHQL_STALE_IF_ERROR_SECONDS = 86_400;
/** The in-memory cache's bound, stale copies included: answers of other variables must not fill the memory (issue 17). */
export const DEFAULT_GRAPHQL_CACHE_MAX_ENTRIES = 1000;
export const DEFAULT_GRAPHQL_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Response header: `hit` for a fresh cached answer, `stale` for the last good one given while the Store API fails. */
export const CACHE_HEADER = 'x-graphql-cache';
/** Extension of a stale answer: `{ storedAt }`, when the answer was made. */
export const STALE_EXTENSION = 'staleIfError';

/**
 * Types that are one shopper's: an answer holding one is never cached (ttl 0). A test checks they all
 * exist in the schema, so a rename cannot silently make one cacheable.
 */
export const PRIVATE_TYPES = [
  'Cart',
  'CartLineItem',
  'CartError',
  'CartTax',
  'CartPayload',
  'Checkout',
  'FreeShippingProgress',
  'ExpectedDelivery',
  'Customer',
  'Address',
  'AccountPayload',
  'SessionPayload',
  'Order',
  'OrderConnection',
  'OrderLineItem',
  'OrderDocument',
  'OrderDownload',
  'WishlistPayload',
  'LoyaltyCard',
  'LoyaltyVoucher',
  'InsurerStatus',
] as const;

/**
 * Root fields that read the shopper's session, or a one-time link: never cached, even when they answer null.
 * `context` is not among them: without a session it is the sales channel's defaults, the same for everyone
 * (the brand page asks it for the navigation root).
 */
export const PRIVATE_ROOT_FIELDS = ['Query.cart', 'Query.checkout', 'Query.viewer', 'Query.order', 'Query.insurerStatus', 'Query.recoveryLinkValid'] as const;

export interface ResponseCacheOptions {
  /** seconds an answer is fresh; 0 turns the cache off */
  ttlSeconds: number;
  /** seconds an expired answer is kept to answer while the Store API fails (default 86 400) */
  staleIfErrorSeconds?: number;
  /** bound of the in-memory cache made when `cache` is not given (default 1000 answers) */
  maxEntries?: number;
  /** bound of the in-memory cache in bytes of the answers' JSON (default 32 MiB) */
  maxBytes?: number;
  /** where answers are kept: a bounded in-memory LRU unless given, e.g. a Redis-backed one shared by instances */
  cache?: Cache;
}

/** What only the gateway knows; createGateway passes it. */
export interface ResponseCacheScope {
  /** the request's language as the gateway will answer it (context.ts `requestLocale`) */
  localeOf(request: Request): Promise<string> | string;
  /** the sales channel (the Store API access key; only its hash goes into keys) */
  salesChannel: string;
  /** the shop's configured origin (PUBLIC_ORIGIN) the answers are made for: in the key, never the request's Host */
  origin?: string;
  /** the upstream's circuit breaker: while it refuses calls, stale answers are given without running anything */
  breaker?: Pick<UpstreamBreaker, 'state' | 'rejecting'>;
  logger?: Logger;
  registry?: Registry;
  /** where fresh hits are kept as response bytes, answered in front of yoga (ready-answers.ts) */
  readyAnswers?: ReadyAnswers;
}

/**
 * GRAPHQL_CACHE_TTL_SECONDS (60; 0 disables), GRAPHQL_STALE_IF_ERROR_SECONDS (86 400; 0: no stale answers),
 * GRAPHQL_CACHE_MAX_ENTRIES (1000) and GRAPHQL_CACHE_MAX_BYTES (32 MiB), each at least 1.
 */
export function readResponseCacheOptions(env: NodeJS.ProcessEnv): Required<Omit<ResponseCacheOptions, 'cache'>> {
  return {
    ttlSeconds: wholeNumberSetting(env, 'GRAPHQL_CACHE_TTL_SECONDS', DEFAULT_GRAPHQL_CACHE_TTL_SECONDS),
    staleIfErrorSeconds: wholeNumberSetting(env, 'GRAPHQL_STALE_IF_ERROR_SECONDS', DEFAULT_GRAPHQL_STALE_IF_ERROR_SECONDS),
    ...readResponseCacheBounds(env),
  };
}

/** GRAPHQL_CACHE_MAX_ENTRIES and GRAPHQL_CACHE_MAX_BYTES; 0 stops the start (GRAPHQL_CACHE_TTL_SECONDS=0 turns the cache off). */
export function readResponseCacheBounds(env: NodeJS.ProcessEnv): { maxEntries: number; maxBytes: number } {
  const positive = (name: string, fallback: number) => {
    const value = wholeNumberSetting(env, name, fallback);
    if (value === 0) throw new GatewaySetupError(`${name} must be at least 1; GRAPHQL_CACHE_TTL_SECONDS=0 turns the response cache off.`);
    return value;
  };
  return { maxEntries: positive('GRAPHQL_CACHE_MAX_ENTRIES', DEFAULT_GRAPHQL_CACHE_MAX_ENTRIES), maxBytes: positive('GRAPHQL_CACHE_MAX_BYTES', DEFAULT_GRAPHQL_CACHE_MAX_BYTES) };
}

/**
 * The answers of one instance in memory (lru-cache): least recently used first out once there are more than
 * `maxEntries` or their JSON passes `maxBytes`; expired ones on their next read. Per entity (type, and type + id) the
 * keys holding it, so a mutation answering that entity drops them (the plugin's invalidateViaMutation).
 */
export function createBoundedAnswerCache(bounds: { maxEntries: number; maxBytes: number }): Cache {
  const keysOfEntity = new Map<string, Set<string>>();
  const answers = new LRUCache<string, { data: ExecutionResult; entities: string[] }>({
    max: bounds.maxEntries,
    maxSize: bounds.maxBytes,
    // Whichever way an answer leaves (evicted, expired, replaced, invalidated), its entities forget it.
    dispose: (entry, key) => {
      for (const entity of entry.entities) {
        const keys = keysOfEntity.get(entity);
        keys?.delete(key);
        if (keys?.size === 0) keysOfEntity.delete(entity);
      }
    },
  });
  return {
    set(key, data, entities, ttl) {
      const size = Buffer.byteLength(JSON.stringify(data));
      if (size > bounds.maxBytes) {
        answers.delete(key);
        return;
      }
      const names = new Set<string>();
      for (const { typename, id } of entities) {
        names.add(typename);
        if (id !== undefined) names.add(`${typename}:${id}`);
      }
      answers.set(key, { data, entities: [...names] }, { size, ...(Number.isFinite(ttl) && ttl > 0 ? { ttl } : {}) });
      for (const name of names) keysOfEntity.set(name, (keysOfEntity.get(name) ?? new Set()).add(key));
    },
    get: (key) => answers.get(key)?.data ?? null,
    invalidate(entities) {
      for (const { typename, id } of entities) for (const key of [...(keysOfEntity.get(id == null ? typename : `${typename}:${id}`) ?? [])]) answers.delete(key);
    },
  };
}

/** Whether the request carries a Store API session (header or cookie): then nothing is cached for it. */
function hasSession(request: Request): boolean {
  return sentContextToken(request) !== undefined;
}

/** JSON with sorted keys, so {a, b} and {b, a} are one key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A GraphQL error that says the Store API failed (before or after error masking). */
function isUpstreamError(error: GraphQLError): boolean {
  if (error.originalError && isUpstreamFailure(error.originalError)) return true;
  const { code, status } = (error.extensions ?? {}) as { code?: unknown; status?: unknown };
  if (code === 'STORE_API_UNREACHABLE' || code === 'STORE_API_TIMEOUT' || code === 'STORE_API_ERROR') return true;
  return typeof status === 'number' && isUpstreamFailureStatus(status);
}

// ---- stale-if-error ------------------------------------------------------------------------------------
//
// The envelop plugin drops an answer when its ttl ends and has no notion of "stale". So the cache it is
// given wraps the real one: every answer is stored for ttl + staleIfError with the moment it stops being
// fresh; `get` gives only fresh answers (the plugin then runs the operation as usual), except while the
// breaker refuses calls, when running it is pointless and the stale answer is given at once. When an
// operation does run and the Store API fails, the fallback plugin below swaps in the stale answer.

/** Stored beside each answer in its extensions; taken off again before the answer leaves. */
const ENTRY_MARK = 'responseCacheEntry';

interface EntryMark {
  freshUntil: number;
  storedAt: number;
}

type Answer = ExecutionResult<Record<string, unknown>, Record<string, unknown>>;

/** Internal response header of a fresh answer: until when (ms) it is fresh. The plugin takes it off before the answer leaves. */
const FRESH_UNTIL_HEADER = 'x-graphql-cache-fresh-until';

function answerOf(stored: Answer, how: 'hit' | 'stale', mark: EntryMark): Answer {
  const { [ENTRY_MARK]: _mark, http, ...extensions } = (stored.extensions ?? {}) as Record<string, unknown> & { http?: { headers?: Record<string, string> } };
  return {
    ...stored,
    extensions: {
      ...extensions,
      ...(how === 'stale' ? { [STALE_EXTENSION]: { storedAt: new Date(mark.storedAt).toISOString() } } : {}),
      http: { ...http, headers: { ...http?.headers, [CACHE_HEADER]: how, ...(how === 'hit' ? { [FRESH_UNTIL_HEADER]: String(mark.freshUntil) } : {}) } },
    },
  };
}

function markOf(stored: Answer): EntryMark | undefined {
  const mark = stored.extensions?.[ENTRY_MARK] as EntryMark | undefined;
  return mark && typeof mark.freshUntil === 'number' ? mark : undefined;
}

function staleIfErrorCache(inner: Cache, staleMs: number, refusing: () => boolean) {
  const read = async (key: string): Promise<{ stored: Answer; mark: EntryMark } | undefined> => {
    const stored = (await inner.get(key)) as Answer | null | undefined;
    const mark = stored ? markOf(stored) : undefined;
    return stored && mark ? { stored, mark } : undefined;
  };
  const cache: Cache = {
    set(key, data, entities, ttl) {
      const now = Date.now();
      const mark: EntryMark = { freshUntil: now + ttl, storedAt: now };
      return inner.set(key, { ...data, extensions: { ...data.extensions, [ENTRY_MARK]: mark } }, entities, ttl + staleMs);
    },
    async get(key) {
      const entry = await read(key);
      if (!entry) return null;
      if (entry.mark.freshUntil > Date.now()) return answerOf(entry.stored, 'hit', entry.mark);
      return refusing() ? answerOf(entry.stored, 'stale', entry.mark) : null;
    },
    invalidate: (entities) => inner.invalidate(entities),
  };
  /** The last good answer of a key, fresh or not, while it is kept. */
  const stale = async (key: string): Promise<Answer | undefined> => {
    const entry = await read(key);
    return entry ? answerOf(entry.stored, 'stale', entry.mark) : undefined;
  };
  return { cache, stale };
}

// ---- the plugin ------------------------------------------------------------------------------------------

/** graphql_response_cache_answers_total{result}: one counter per metrics registry (each gateway has its own). */
export function cacheAnswersCounter(registry: Registry): Counter<'result'> {
  return counterIn(registry, {
    name: 'graphql_response_cache_answers_total',
    help: 'Anonymous GraphQL queries by how the response cache answered: hit (fresh), ready (a fresh hit kept as bytes for a second, answered before yoga), stale (last good answer while the Store API failed), miss (run).',
    labelNames: ['result'] as const,
  });
}

type CacheContext = Partial<GatewayContext> & { request?: Request };

/**
 * The response cache as one yoga plugin. It must come after the plugin that puts persisted operations'
 * text in place (server/persistedOperations.ts): the key is built from the document text in `onParams`.
 */
export function createResponseCachePlugin(options: ResponseCacheOptions & Partial<ResponseCacheScope>): Plugin {
  const staleMs = (options.staleIfErrorSeconds ?? DEFAULT_GRAPHQL_STALE_IF_ERROR_SECONDS) * 1000;
  const breaker = options.breaker;
  const inner = options.cache ?? createBoundedAnswerCache({ maxEntries: options.maxEntries ?? DEFAULT_GRAPHQL_CACHE_MAX_ENTRIES, maxBytes: options.maxBytes ?? DEFAULT_GRAPHQL_CACHE_MAX_BYTES });
  const { cache, stale } = staleIfErrorCache(inner, staleMs, () => breaker?.rejecting() ?? false);
  const salesChannel = createHash('sha256').update(options.salesChannel ?? '').digest('hex').slice(0, 16);
  const logger = options.logger?.child({ component: 'response-cache' });
  const answers = options.registry ? cacheAnswersCounter(options.registry) : undefined;

  // Requests and contexts that must not be cached: mutations (known only once parsed), and requests whose
  // language could not be told. Answers made while a Store API call failed are never stored.
  const uncacheableRequests = new WeakSet<Request>();
  const nonQueries = new WeakSet<object>();
  const degradedResults = new WeakSet<object>();
  const keys = new WeakMap<object, string>();

  const enabled = (request: Request, context: object | undefined): boolean =>
    !hasSession(request) && !uncacheableRequests.has(request) && !(context && nonQueries.has(context));

  // A call failed, or the breaker is not closed (it may have refused a call whose failure a resolver swallowed).
  const degraded = (context: CacheContext): boolean => (context.upstreamFailures?.count ?? 0) > 0 || (breaker !== undefined && breaker.state() !== 'closed');

  const yogaCache = useResponseCache<CacheContext>({
    cache,
    ttl: options.ttlSeconds * 1000,
    // Only answers every anonymous visitor of a language gets alike: the cache key's session part.
    session: async (request) => {
      if (hasSession(request)) return null;
      try {
        const locale = await options.localeOf?.(request);
        // Anonymous requests always see the sales channel's default customer group; a shopper of another
        // (insured) group is logged in, so carries a session and is never cached. How the operation was
        // sent (persisted id, its text, arbitrary) is part of the key, so a cached answer never lets a request
        // skip a check (GRAPHQL_PERSISTED_ONLY, query limits) that would refuse it. The origin is the configured
        // one: a request's Host would let anyone make new keys at will (issue 17).
        return ['channel', salesChannel, 'locale', locale ?? '-', 'group', 'default', 'origin', options.origin ?? '-', 'sent', persistedMatchOf(request) ?? 'arbitrary'].join(':');
      } catch {
        uncacheableRequests.add(request);
        return null;
      }
    },
    enabled,
    // node:crypto's synchronous hash, not the plugin's WebCrypto one: no promise round trip on every request.
    buildResponseCacheKey: ({ documentString, variableValues, operationName, sessionId, context }) => {
      const key = createHash('sha256').update([documentString, operationName ?? '', stableJson(variableValues ?? {}), sessionId ?? ''].join('|')).digest('hex');
      if (context && typeof context === 'object') keys.set(context, key);
      return key;
    },
    ttlPerSchemaCoordinate: Object.fromEntries([...PRIVATE_TYPES, ...PRIVATE_ROOT_FIELDS].map((coordinate) => [coordinate, 0])),
    shouldCacheResult: ({ result }) => !result.errors?.length && !degradedResults.has(result),
    // The answer is the same in every environment (no cache metadata in development).
    includeExtensionMetadata: false,
  });

  /** After the cache plugin: an operation that ran while the Store API failed gets the last good answer instead. */
  const staleFallback: Plugin = {
    onExecute({ args }) {
      const context = args.contextValue as CacheContext;
      if (!context.request || !enabled(context.request, context)) return;
      return {
        async onExecuteDone({ result, setResult }) {
          if (isAsyncIterable(result)) return;
          if (!result.errors?.some(isUpstreamError) && !degraded(context)) return;
          const key = keys.get(context);
          const answer = key ? await stale(key) : undefined;
          if (!answer) return;
          setResult(answer);
          answers?.inc({ result: 'stale' });
          logger?.info({ requestId: context.requestId }, 'graphql: the Store API failed, answered with the last good answer (stale-if-error)');
        },
      };
    },
  };

  return {
    onPluginInit({ addPlugin }) {
      addPlugin(yogaCache);
      addPlugin(staleFallback);
    },
    async onResponse({ request, response }) {
      const freshUntil = Number(response.headers.get(FRESH_UNTIL_HEADER));
      response.headers.delete(FRESH_UNTIL_HEADER);
      // A fresh hit is kept as bytes for the requests right after it (ready-answers.ts).
      if (options.readyAnswers && response.status === 200 && response.headers.get(CACHE_HEADER) === 'hit' && freshUntil > Date.now()) {
        await options.readyAnswers.keep(request, response, freshUntil);
      }
    },
    onExecute({ args }) {
      const context = args.contextValue as CacheContext;
      if (getOperationAST(args.document, args.operationName ?? undefined)?.operation !== 'query') nonQueries.add(context);
      if (!context.request || !enabled(context.request, context)) return;
      answers?.inc({ result: 'miss' });
      return {
        // Runs before the cache plugin's own onExecuteDone (this plugin comes first), so it can veto storing.
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result) && degraded(context)) degradedResults.add(result);
        },
      };
    },
    onExecutionResult({ result }) {
      // Answers from the cache never execute: yoga's plugin marks them.
      if (isAsyncIterable(result) || !(result as Record<symbol, unknown>)[Symbol.for('servedFromResponseCache')]) return;
      answers?.inc({ result: (result as Answer).extensions?.[STALE_EXTENSION] ? 'stale' : 'hit' });
    },
  };
}
