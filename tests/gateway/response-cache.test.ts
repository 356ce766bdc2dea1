import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'graphql-yoga';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewaySetupError, readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGatewayMetrics } from '../../gateway/src/metrics';
import { SCOPE_HEADER } from '../../gateway/src/plugins/answer-scope';
import { CACHE_HEADER, PRIVATE_ROOT_FIELDS, PRIVATE_TYPES, readResponseCacheOptions } from '../../gateway/src/plugins/response-cache';
import { gatewaySchema } from '../../gateway/src/schema';
import { BREAKER_CONSECUTIVE_FAILURES, createUpstreamBreaker } from '../../gateway/src/store-client/circuit-breaker';
import { createGateway } from '../../gateway/src/yoga';
import { isStorable } from '../../server/pageCache';
import { usePersistedOperations } from '../../server/persistedOperations';
import { pageStatusOf } from '../../storefront/platform/relay/gatewayFetch';
import { ORIGIN, openPrivateTestShop } from '../support/shop';

// The GraphQL response cache (issue 8, ADR 0016) over the REAL embedded Store API, every upstream call counted:
// anonymous catalogue answers are kept per language; sessions, the cart, checkout, account and mutations never;
// while the Store API fails, an expired answer is still given (stale-if-error) and a query never seen fails.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
let productId: string;
let otherProductId: string;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const rows = shop.db.prepare('SELECT id FROM product WHERE active = 1 AND parent_id IS NULL ORDER BY product_number LIMIT 3').all() as { id: string }[];
  productId = rows[0]!.id;
  otherProductId = rows[2]!.id;
}, 60_000);
afterAll(() => shop?.close());

type Body = { data?: Record<string, unknown> | null; errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[]; extensions?: Record<string, unknown> };

/** How the test's Store API answers: normally, or 503 for the paths `failing` picks. */
interface Upstream {
  failing: ((path: string) => boolean) | null;
}

async function openCachedGateway(options: { ttlSeconds?: number; staleIfErrorSeconds?: number; plugins?: Plugin[] } = {}) {
  const upstream: Upstream = { failing: null };
  const calls: string[] = [];
  const app = {
    async fetch(request: Request): Promise<Response> {
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      if (upstream.failing?.(path)) {
        return new Response(JSON.stringify({ errors: [{ status: '503', title: 'Service Unavailable', detail: 'down for the test' }] }), { status: 503 });
      }
      return shop.app.fetch(request);
    },
  };
  const config = readGatewayConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }, shop.config.accessKey);
  const metrics = createGatewayMetrics();
  const target = storeApiTarget(config, { app, config: shop.config }, { publicOrigin: ORIGIN });
  // A long half-open delay: an open breaker stays open for the whole test.
  const breaker = createUpstreamBreaker({ upstream: target.baseUrl, registry: metrics.registry, halfOpenAfterMs: 60_000 });
  const gateway = createGateway({
    config,
    target: { ...target, breaker },
    logger: pino({ level: 'silent' }),
    metrics,
    responseCache: { ttlSeconds: options.ttlSeconds ?? 60, staleIfErrorSeconds: options.staleIfErrorSeconds ?? 86_400 },
    ...(options.plugins ? { plugins: options.plugins } : {}),
  });

  async function send(payload: Record<string, unknown>, request: { headers?: Record<string, string>; cookies?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...request.headers };
    if (request.cookies) headers.cookie = Object.entries(request.cookies).map(([name, value]) => `${name}=${value}`).join('; ');
    const before = calls.length;
    const response = await gateway.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers, body: JSON.stringify(payload) }));
    const body = (await response.json()) as Body;
    return {
      body,
      cache: response.headers.get('x-graphql-cache'),
      scope: response.headers.get(SCOPE_HEADER),
      storeCalls: calls.length - before,
      setCookie: response.headers.getSetCookie(),
    };
  }
  const gql = (query: string, variables?: Record<string, unknown>, request?: Parameters<typeof send>[1]) => send({ query, variables }, request);

  await gql('{ __typename }'); // the language list, read once per gateway
  return { gql, send, upstream, breaker, metrics };
}

const PRODUCT = 'query Product($id: ID!) { product(id: $id) { productId name url price { unitPrice } } }';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the response cache of anonymous catalogue queries', () => {
  it('answers a second identical anonymous query without calling the Store API', async () => {
    const gw = await openCachedGateway();
    const first = await gw.gql(PRODUCT, { id: productId });
    expect(first.body.errors).toBeUndefined();
    expect(first.storeCalls).toBeGreaterThan(0);
    expect(first.cache).toBeNull();
    const second = await gw.gql(PRODUCT, { id: productId });
    expect(second.storeCalls).toBe(0);
    expect(second.cache).toBe('hit');
    expect(second.body).toEqual(first.body);
    // other variables are another answer
    expect((await gw.gql(PRODUCT, { id: otherProductId })).storeCalls).toBeGreaterThan(0);
    expect(await (await gw.metrics.respond()).text()).toMatch(/graphql_response_cache_answers_total\{result="hit"\} 1\b/);
  });

  it('keeps the visitor mark of an answer it gives again (ADR 0020), and none on a catalogue answer', async () => {
    const gw = await openCachedGateway();
    const query = '{ context { loggedIn navigationCategoryId } }';
    const first = await gw.gql(query);
    expect(first).toMatchObject({ cache: null, scope: 'visitor' });
    expect(first.body.extensions).toBeUndefined();
    const second = await gw.gql(query);
    expect(second).toMatchObject({ cache: 'hit', scope: 'visitor', storeCalls: 0 });
    expect(second.body).toEqual(first.body);
    expect(await gw.gql(PRODUCT, { id: productId })).toMatchObject({ scope: null });
    expect(await gw.gql(PRODUCT, { id: productId })).toMatchObject({ cache: 'hit', scope: null });
  });

  it('keeps one answer per language: German and French never share', async () => {
    const gw = await openCachedGateway();
    const german = await gw.gql(PRODUCT, { id: productId }, { headers: { 'x-shop-locale': 'de' } });
    const french = await gw.gql(PRODUCT, { id: productId }, { headers: { 'x-shop-locale': 'fr' } });
    expect(french.storeCalls).toBeGreaterThan(0);
    expect(french.cache).toBeNull();
    const germanProduct = german.body.data!.product as { name: string; url: string };
    const frenchProduct = french.body.data!.product as { name: string; url: string };
    expect(frenchProduct.url).not.toBe(germanProduct.url);
    const frenchAgain = await gw.gql(PRODUCT, { id: productId }, { headers: { 'x-shop-locale': 'fr' } });
    expect(frenchAgain).toMatchObject({ storeCalls: 0, cache: 'hit' });
    expect(frenchAgain.body.data).toEqual(french.body.data);
    // the browser's languages pick the same French answer
    expect(await gw.gql(PRODUCT, { id: productId }, { headers: { 'accept-language': 'fr-CH,fr;q=0.9' } })).toMatchObject({ storeCalls: 0, cache: 'hit', body: french.body });
  });

  it('never caches a request with a session: its prices and cart are its own (an insured customer group)', async () => {
    const gw = await openCachedGateway();
    const cart = await gw.gql('mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { productCount } } }', { input: { productId, quantity: 1 } });
    const token = /sw-context-token=([^;]+)/.exec(cart.setCookie.join('\n'))![1]!;
    for (let i = 0; i < 2; i++) {
      const withSession = await gw.gql(PRODUCT, { id: productId }, { cookies: { 'sw-context-token': token } });
      expect(withSession.body.errors).toBeUndefined();
      expect(withSession.storeCalls).toBeGreaterThan(0);
      expect(withSession.cache).toBeNull();
    }
    const header = await gw.gql(PRODUCT, { id: productId }, { headers: { 'sw-context-token': token } });
    expect(header.storeCalls).toBeGreaterThan(0);
  });

  it('never caches the cart, checkout, account or order reads, nor an answer that holds them', async () => {
    const gw = await openCachedGateway();
    for (const query of ['{ cart { id productCount } }', '{ checkout { shippingMethods { id } } }', `{ product(id: "${productId}") { name } cart { productCount } }`]) {
      const first = await gw.gql(query);
      expect(first.body.errors).toBeUndefined();
      const second = await gw.gql(query);
      expect(second.cache).toBeNull();
      expect(second.storeCalls).toBeGreaterThan(0);
    }
    for (const query of ['{ viewer { id } }', '{ insurerStatus { loggedIn } }']) {
      await gw.gql(query);
      expect((await gw.gql(query)).cache).toBeNull();
    }
    // Without a session the shop context is the sales channel's defaults, alike for everyone: kept.
    await gw.gql('{ context { navigationCategoryId loggedIn } }');
    expect((await gw.gql('{ context { navigationCategoryId loggedIn } }')).cache).toBe('hit');
  });

  it('never caches mutations', async () => {
    const gw = await openCachedGateway();
    const add = 'mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { productCount } } }';
    for (let i = 0; i < 2; i++) {
      const added = await gw.gql(add, { input: { productId, quantity: 1 } });
      expect(added.body.errors).toBeUndefined();
      expect(added.storeCalls).toBeGreaterThan(0);
      expect(added.cache).toBeNull();
    }
  });

  it('keys persisted operations by their text: two ids with the same variables never share an answer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'persisted-'));
    try {
      const file = join(folder, 'persisted_queries.json');
      const byName = 'query A($id: ID!) { product(id: $id) { name } }';
      const byUrl = 'query B($id: ID!) { product(id: $id) { url } }';
      writeFileSync(file, JSON.stringify({ aaaa: byName, bbbb: byUrl }));
      const gw = await openCachedGateway({ plugins: [usePersistedOperations(file)] });
      const persisted = (id: string) => gw.send({ variables: { id: productId }, extensions: { persistedQuery: { version: 1, sha256Hash: id } } });
      const name = await persisted('aaaa');
      const url = await persisted('bbbb');
      expect(Object.keys(name.body.data!.product as object)).toEqual(['name']);
      expect(Object.keys(url.body.data!.product as object)).toEqual(['url']);
      expect(await persisted('aaaa')).toMatchObject({ cache: 'hit', body: name.body });
      // the same text sent without its id is asked another way: its own entry
      expect((await gw.gql(byName, { id: productId })).cache).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('stale-if-error', () => {
  it('answers an expired query with its last good answer while the Store API fails; a query never seen fails with the 503 page', async () => {
    const gw = await openCachedGateway({ ttlSeconds: 1 });
    const good = await gw.gql(PRODUCT, { id: productId });
    await wait(1100);
    gw.upstream.failing = () => true;
    const stale = await gw.gql(PRODUCT, { id: productId });
    expect(stale.body.errors).toBeUndefined();
    expect(stale.body.data).toEqual(good.body.data);
    expect(stale.cache).toBe('stale');
    expect(stale.body.extensions?.staleIfError).toEqual({ storedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(stale.storeCalls).toBeGreaterThan(0); // it tried the Store API first

    const unseen = await gw.gql(PRODUCT, { id: otherProductId });
    expect(unseen.body.data?.product ?? null).toBeNull();
    expect(unseen.body.errors![0]!.extensions).toMatchObject({ code: 'STORE_API_ERROR', upstreamStatus: 503 });
    expect(pageStatusOf(unseen.body as Parameters<typeof pageStatusOf>[0])).toBe(503);
    expect(await (await gw.metrics.respond()).text()).toMatch(/graphql_response_cache_answers_total\{result="stale"\} 1\b/);

    // back up: the answer is made afresh and stored again
    gw.upstream.failing = null;
    const fresh = await gw.gql(PRODUCT, { id: productId });
    expect(fresh).toMatchObject({ cache: null, body: good.body });
    expect((await gw.gql(PRODUCT, { id: productId })).cache).toBe('hit');
  });

  it('while the breaker refuses calls, gives the stale answer at once, without trying the Store API', async () => {
    const gw = await openCachedGateway({ ttlSeconds: 1 });
    const good = await gw.gql(PRODUCT, { id: productId });
    await wait(1100);
    gw.upstream.failing = () => true;
    for (let i = 0; i < BREAKER_CONSECUTIVE_FAILURES; i++) await gw.gql(PRODUCT, { id: otherProductId });
    expect(gw.breaker.state()).toBe('open');
    const stale = await gw.gql(PRODUCT, { id: productId });
    expect(stale).toMatchObject({ storeCalls: 0, cache: 'stale', body: { data: good.body.data } });
  });

  it('never stores an answer made while a Store API call failed, and gives the last good one instead', async () => {
    const gw = await openCachedGateway({ ttlSeconds: 1 });
    const MENU = '{ navigation(depth: 1) { name } }';
    // A failed navigation read answers an empty menu without an error (SPEC §8): not an answer to keep.
    gw.upstream.failing = (path) => path.includes('/navigation/');
    const empty = await gw.gql(MENU);
    expect(empty.body).toEqual({ data: { navigation: [] } });
    gw.upstream.failing = null;
    const menu = await gw.gql(MENU);
    expect(menu.cache).toBeNull();
    expect(menu.storeCalls).toBeGreaterThan(0);
    expect((menu.body.data!.navigation as unknown[]).length).toBeGreaterThan(0);
    await wait(1100);
    gw.upstream.failing = (path) => path.includes('/navigation/');
    expect(await gw.gql(MENU)).toMatchObject({ cache: 'stale', body: { data: menu.body.data } });
  });

  it('a page rendered from a stale answer is shown but never kept by the page cache', () => {
    const page = { status: 200, headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][], body: '<html></html>' };
    expect(isStorable(page)).toBe(true);
    expect(isStorable({ ...page, headers: [...page.headers, [CACHE_HEADER, 'stale']] })).toBe(false);
  });

  it('keeps no stale answers with GRAPHQL_STALE_IF_ERROR_SECONDS=0', async () => {
    const gw = await openCachedGateway({ ttlSeconds: 1, staleIfErrorSeconds: 0 });
    await gw.gql(PRODUCT, { id: productId });
    await wait(1100);
    gw.upstream.failing = () => true;
    const failed = await gw.gql(PRODUCT, { id: productId });
    expect(failed.cache).toBeNull();
    expect(failed.body.errors![0]!.extensions).toMatchObject({ upstreamStatus: 503 });
  });
});

describe('configuration', () => {
  it('reads GRAPHQL_CACHE_TTL_SECONDS (60) and GRAPHQL_STALE_IF_ERROR_SECONDS (one day), refusing anything but whole seconds', () => {
    expect(readResponseCacheOptions({})).toEqual({ ttlSeconds: 60, staleIfErrorSeconds: 86_400, maxEntries: 1000, maxBytes: 32 * 1024 * 1024 });
    expect(readResponseCacheOptions({ GRAPHQL_CACHE_TTL_SECONDS: '0', GRAPHQL_STALE_IF_ERROR_SECONDS: '600', GRAPHQL_CACHE_MAX_ENTRIES: '10' })).toMatchObject({ ttlSeconds: 0, staleIfErrorSeconds: 600, maxEntries: 10 });
    expect(() => readResponseCacheOptions({ GRAPHQL_CACHE_TTL_SECONDS: '1.5' })).toThrow(GatewaySetupError);
    expect(() => readResponseCacheOptions({ GRAPHQL_STALE_IF_ERROR_SECONDS: '-1' })).toThrow('GRAPHQL_STALE_IF_ERROR_SECONDS must be a whole number ≥ 0, got "-1".');
  });

  it('is off with a ttl of 0', async () => {
    const gw = await openCachedGateway({ ttlSeconds: 0 });
    await gw.gql(PRODUCT, { id: productId });
    expect((await gw.gql(PRODUCT, { id: productId })).storeCalls).toBeGreaterThan(0);
  });

  it('names only private types and root fields the schema has', () => {
    const schema = gatewaySchema();
    for (const name of PRIVATE_TYPES) expect(schema.getType(name), name).toBeDefined();
    for (const coordinate of PRIVATE_ROOT_FIELDS) expect(schema.getQueryType()!.getFields()[coordinate.replace('Query.', '')], coordinate).toBeDefined();
  });
});
