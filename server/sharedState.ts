import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleAll } from 'cockatiel';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { GatewaySetupError, wholeNumberSetting } from '../gateway/src/config';
import { createBoundedAnswerCache, readResponseCacheBounds } from '../gateway/src/plugins/response-cache';
import type { RateLimitCounter } from '../gateway/src/plugins/rate-limits';

// What several instances of the shop must agree on (issue 8, ADR 0017): the GraphQL response cache, the
// gateway's rate-limit counters and the persisted operations. Without REDIS_URL they live in this process
// (one instance, as before); with it, in Redis, so any number of stateless instances run behind a load
// balancer. A Redis that fails or is unreachable never takes pages down: the cache answers "miss" (and
// stores nothing), the limits let requests through, lookups find nothing, and the failure is logged.
// A Redis that hangs (issue 17) is worse than one that is gone: every command waits for its 1 s timeout. So the
// first timeout (or error) opens a breaker: for REDIS_COOL_OFF_SECONDS this instance asks Redis nothing and keeps
// the cache and the rate-limit counters in its own memory; then one trial command, and sharing resumes when it
// answers.

/** Small strings by key (the persisted operations' texts); values never expire. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface SharedState {
  kind: 'memory' | 'redis';
  /** fixed windows: the first hit of a key opens a window of `windowSeconds`; the gateway's rate limits count here */
  counter: RateLimitCounter;
  /** the envelop Cache the GraphQL response cache keeps its answers in */
  responseCache: Cache;
  kv: KeyValueStore;
  /** runs `listener` now when connected, and again after every reconnect (Redis) — e.g. to register data */
  onReady(listener: () => void): void;
  close(): Promise<void>;
}

/** REDIS_URL: unset → null (memory); redis:// or rediss:// (TLS) → the URL; anything else stops the start. */
export function readRedisUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Never echoed: the URL may hold a password.
    throw new GatewaySetupError('REDIS_URL is not a valid URL. Example: redis://redis.internal:6379/0 (or rediss:// for TLS)');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new GatewaySetupError(`REDIS_URL must start with redis:// or rediss://, not "${url.protocol}". Example: redis://redis.internal:6379/0`);
  }
  if (!url.hostname) throw new GatewaySetupError('REDIS_URL names no host. Example: redis://redis.internal:6379/0');
  return raw;
}

/** Seconds an instance leaves a Redis that timed out or failed alone before trying it again. */
export const DEFAULT_REDIS_COOL_OFF_SECONDS = 10;

export function createSharedState(env: NodeJS.ProcessEnv, logger: Logger): SharedState {
  const url = readRedisUrl(env);
  // GRAPHQL_CACHE_MAX_ENTRIES / _MAX_BYTES bound the answers kept in memory: alone, or while Redis cools off.
  const bounds = readResponseCacheBounds(env);
  if (!url) return memoryState(bounds);
  const coolOffSeconds = wholeNumberSetting(env, 'REDIS_COOL_OFF_SECONDS', DEFAULT_REDIS_COOL_OFF_SECONDS);
  if (coolOffSeconds === 0) throw new GatewaySetupError('REDIS_COOL_OFF_SECONDS must be at least 1.');
  return redisState(url, logger.child({ component: 'shared-state' }), { coolOffMs: coolOffSeconds * 1000, local: memoryState(bounds) });
}

// ---- one instance: in this process ------------------------------------------------------------------------

export function memoryState(bounds: { maxEntries: number; maxBytes: number } = readResponseCacheBounds({})): SharedState {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const values = new Map<string, string>();
  return {
    kind: 'memory',
    counter: {
      async hit(key, windowSeconds) {
        const now = Date.now();
        // Ended windows are dropped now and then, so the map holds only the addresses of the last hour or so.
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        const open = windows.get(key);
        const window = open && open.resetAt > now ? open : { count: 0, resetAt: now + windowSeconds * 1000 };
        window.count += 1;
        windows.set(key, window);
        return { count: window.count, resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
      },
    },
    responseCache: createBoundedAnswerCache(bounds),
    kv: {
      get: async (key) => values.get(key) ?? null,
      set: async (key, value) => void values.set(key, value),
    },
    onReady: (listener) => listener(),
    close: async () => {},
  };
}

// ---- several instances: Redis ----------------------------------------------------------------------------

/** Every key this shop writes starts with it, so one Redis can serve other things too. */
const PREFIX = 'shop:';
/** The longest an answer stays in Redis when the cache gives no finite ttl. */
const MAX_ANSWER_MS = 86_400_000;

/** INCR, and open the window on the first hit (also when a key somehow lost its expiry); one round trip, atomic. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

function redisState(url: string, logger: Logger, options: { coolOffMs: number; local: SharedState }): SharedState {
  const { local } = options;
  const redis = new Redis(url, {
    // Fail fast instead of queueing behind a dead connection: a page must not wait for Redis.
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    keyPrefix: PREFIX,
  });
  // Logged once per outage (ioredis reports every reconnect attempt), not once per request.
  let failing = false;
  redis.on('error', (error: Error) => {
    if (!failing) logger.error({ err: error }, 'Redis failed: answering without the shared cache, limits open, until it is back');
    failing = true;
  });
  redis.on('ready', () => {
    if (failing) logger.info('Redis is back');
    failing = false;
  });
  redis.defineCommand('shopHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const hit = (redis as unknown as { shopHit(key: string, windowSeconds: number): Promise<[number, number]> }).shopHit.bind(redis);

  // One failed or timed-out command opens it; after the cool-off one trial command goes through (half-open).
  const breaker = circuitBreaker(handleAll, { halfOpenAfter: options.coolOffMs, breaker: new ConsecutiveBreaker(1) });
  breaker.onBreak(() => logger.warn({ coolOffMs: options.coolOffMs }, 'Redis did not answer: this instance keeps the cache and limits in its own memory for the cool-off'));
  breaker.onReset(() => logger.info('Redis answers again: the cache and limits are shared again'));

  /** Runs a Redis operation, or `fallback` (this instance's memory) while Redis is not connected, cools off or fails. */
  const guarded = async <T>(what: string, fallback: () => T | Promise<T>, operation: () => Promise<T>): Promise<T> => {
    // During the trial command, others do not wait for it (cockatiel would make them): a hung trial takes 1 s.
    if (redis.status !== 'ready' || breaker.state === CircuitState.HalfOpen) return fallback();
    try {
      return await breaker.execute(operation);
    } catch (error) {
      if (!(error instanceof BrokenCircuitError)) logger.warn({ err: error, operation: what }, 'Redis operation failed; going on without it');
      return fallback();
    }
  };

  const cacheKey = (id: string) => `response:${id}`;
  const entityKey = (entity: { typename: string; id?: number | string }) => `entity:${entity.typename}${entity.id === undefined ? '' : `:${entity.id}`}`;

  // The envelop Cache: an answer as JSON under its key; per entity (type, and type + id) a set of the keys
  // holding it, so a mutation answering that entity drops them (the plugin's invalidateViaMutation).
  const responseCache: Cache = {
    get: (id) =>
      guarded('cache get', () => local.responseCache.get(id), async () => {
        const json = await redis.get(cacheKey(id));
        return json ? JSON.parse(json) : null;
      }),
    set: (id, data, entities, ttl) =>
      guarded('cache set', () => local.responseCache.set(id, data, entities, ttl), async () => {
        // Every key expires (issue 17): an answer without a finite ttl is kept a day at most.
        const expiresMs = Number.isFinite(ttl) && ttl > 0 ? Math.ceil(ttl) : MAX_ANSWER_MS;
        const batch = redis.multi();
        batch.set(cacheKey(id), JSON.stringify(data), 'PX', expiresMs);
        for (const entity of entities) {
          for (const key of new Set([entityKey({ typename: entity.typename }), entityKey(entity)])) {
            batch.sadd(key, cacheKey(id));
            // Every answer is stored for the same time, so the latest one's expiry covers the earlier ones.
            batch.pexpire(key, expiresMs);
          }
        }
        await batch.exec();
      }),
    invalidate: (entities) =>
      guarded('cache invalidate', () => local.responseCache.invalidate(entities), async () => {
        // What this instance kept while Redis cooled off goes too.
        await local.responseCache.invalidate(entities);
        const sets = [...new Set([...entities].map(entityKey))];
        if (sets.length === 0) return;
        // Members are stored with the prefix-less key; DEL adds the prefix again.
        const members = (await Promise.all(sets.map((key) => redis.smembers(key)))).flat();
        await redis.del(...new Set([...members, ...sets]));
      }),
  };

  return {
    kind: 'redis',
    counter: {
      // While Redis fails or cools off, this instance counts alone (the limits hold per instance), never locking shoppers out.
      hit: (key, windowSeconds) =>
        guarded('rate-limit hit', () => local.counter.hit(key, windowSeconds), async () => {
          const [count, ttl] = await hit(`ratelimit:${key}`, windowSeconds);
          return { count: Number(count), resetSeconds: Math.max(1, Number(ttl)) };
        }),
    },
    responseCache,
    kv: {
      get: (key) => guarded('kv get', () => local.kv.get(key), () => redis.get(`kv:${key}`)),
      set: (key, value) => guarded('kv set', () => local.kv.set(key, value), async () => void (await redis.set(`kv:${key}`, value))),
    },
    onReady(listener) {
      redis.on('ready', listener);
      if (redis.status === 'ready') listener();
    },
    async close() {
      // QUIT lets replies in flight arrive; without a connection there is nothing to wait for (and no reconnecting).
      if (redis.status !== 'ready') return redis.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
