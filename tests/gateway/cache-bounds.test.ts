import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewaySetupError } from '../../gateway/src/config';
import { mountGateway } from '../../gateway/src/mount';
import { pageCacheKey } from '../../server/pageCache';
import { createSharedState } from '../../server/sharedState';
import { ORIGIN, openTestShop } from '../support/shop';

// Issue 17 item 9: the response cache cannot be grown at will. Its key holds the configured origin, never the
// request's Host (500 Host headers make one entry and one Store API round), and the answers kept in memory are
// bounded by GRAPHQL_CACHE_MAX_ENTRIES and GRAPHQL_CACHE_MAX_BYTES, however many variables an outsider tries.

type Shop = Awaited<ReturnType<typeof openTestShop>>;
let shop: Shop;
beforeAll(async () => {
  shop = await openTestShop();
}, 60_000);
afterAll(() => shop?.close());

/** The gateway as `npm start` mounts it over the server's shared state (memory), every stored key and Store API call counted. */
function mounted(env: NodeJS.ProcessEnv) {
  const shared = createSharedState(env, pino({ level: 'silent' }));
  const inner = shared.responseCache;
  const storedKeys = new Set<string>();
  const recording: Cache = {
    get: (key) => inner.get(key),
    set: (key, data, entities, ttl) => {
      storedKeys.add(key);
      return inner.set(key, data, entities, ttl);
    },
    invalidate: (entities) => inner.invalidate(entities),
  };
  const counter = { storeCalls: 0 };
  const app = new Hono();
  const embedded = {
    app: {
      fetch(request: Request) {
        counter.storeCalls += 1;
        return shop.app.fetch(request);
      },
    },
    config: shop.config,
  };
  mountGateway(app, { env: { NODE_ENV: 'production', ...env }, embedded, publicOrigin: ORIGIN, logger: pino({ level: 'silent' }), shared: { counter: shared.counter, responseCache: recording } });
  /** The stored answers the cache would still give, and their size as JSON. */
  const kept = async () => {
    let entries = 0;
    let bytes = 0;
    for (const key of storedKeys) {
      const answer = await inner.get(key);
      if (answer) {
        entries += 1;
        bytes += Buffer.byteLength(JSON.stringify(answer));
      }
    }
    return { entries, bytes };
  };
  return { app, storedKeys, counter, kept };
}

const ROUTE = 'query Route($path: String!) { route(path: $path, locale: DE) { __typename } }';

async function ask(app: Hono, host: string, variables: Record<string, unknown>) {
  const response = await app.fetch(
    new Request(`http://${host}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: ROUTE, variables }) }),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data?: { route: { __typename: string } }; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body;
}

describe('the response cache key', () => {
  it('is the same whatever Host a request names: 500 Host headers make one entry', async () => {
    const { app, storedKeys, counter } = mounted({});
    const first = await ask(app, 'shop.test', { path: '/' });
    const callsOfOneAnswer = counter.storeCalls;
    expect(callsOfOneAnswer).toBeGreaterThan(0);
    for (let i = 0; i < 500; i += 1) expect(await ask(app, `evil-${i}.example`, { path: '/' })).toEqual(first);
    expect(storedKeys.size).toBe(1);
    // answered from the cache every time: no further Store API round
    expect(counter.storeCalls).toBe(callsOfOneAnswer);
  });
});

describe('the in-memory response cache', () => {
  it('keeps at most GRAPHQL_CACHE_MAX_ENTRIES answers after 500 different variables', async () => {
    const { app, storedKeys, kept } = mounted({ GRAPHQL_CACHE_MAX_ENTRIES: '50' });
    for (let i = 0; i < 500; i += 1) await ask(app, 'shop.test', { path: `/nowhere-${i}` });
    expect(storedKeys.size).toBe(500);
    const { entries } = await kept();
    expect(entries).toBe(50);
    // the most recent ones are those kept
    expect(await ask(app, 'shop.test', { path: '/nowhere-499' })).toBeDefined();
  });

  it('keeps at most GRAPHQL_CACHE_MAX_BYTES of answers', async () => {
    const { app, kept } = mounted({ GRAPHQL_CACHE_MAX_BYTES: '4000' });
    for (let i = 0; i < 200; i += 1) await ask(app, 'shop.test', { path: `/nowhere-${i}` });
    const { entries, bytes } = await kept();
    expect(entries).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(4000);
  });

  it('stops the start on a bound of 0 or nonsense', () => {
    expect(() => mounted({ GRAPHQL_CACHE_MAX_ENTRIES: '0' })).toThrow(GatewaySetupError);
    expect(() => mounted({ GRAPHQL_CACHE_MAX_BYTES: '10MB' })).toThrow(/GRAPHQL_CACHE_MAX_BYTES must be a whole number/);
  });
});

describe('the page cache key', () => {
  it('is the same for two Hosts: never the request’s', () => {
    expect(pageCacheKey(new URL('http://evil.example/fr/search?search=a'))).toBe(pageCacheKey(new URL('http://shop.test/fr/search?search=a')));
    expect(pageCacheKey(new URL('http://evil.example/p/1'), 'insured')).toBe(pageCacheKey(new URL('http://shop.test/p/1'), 'insured'));
  });
});
