import type { GraphQLSchema } from 'graphql';
import { Hono } from 'hono';
import pino from 'pino';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { mountGateway } from '../../gateway/src/mount';
import { createGatewayMetrics, type GatewayMetrics } from '../../gateway/src/metrics';
import type { QueryLimits } from '../../gateway/src/plugins/query-limits';
import { createGateway, type Gateway } from '../../gateway/src/yoga';
import type { Plugin } from 'graphql-yoga';
import { ORIGIN, openPrivateTestShop, openTestShop, type TestShopOptions } from './shop';

/** One request the gateway made to the embedded Store API. */
export interface StoreCall {
  method: string;
  /** path and query, e.g. /store-api/product-listing/0a1b…?p=1 */
  path: string;
  body: string;
  headers: Headers;
}

export interface GqlResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: any; errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[] };
  headers: Headers;
  /** Store API calls this request made (exact as long as a test does not run requests side by side) */
  storeCalls: number;
}

export interface GqlOptions {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  operationName?: string;
  /** defaults to http://shop.test/graphql */
  url?: string;
}

export interface TestGateway {
  gateway: Gateway;
  metrics: GatewayMetrics;
  /** POST /graphql as the storefront does (same origin, JSON) */
  gql(query: string, variables?: Record<string, unknown>, options?: GqlOptions): Promise<GqlResult>;
  /** any request to the gateway, for tests of the HTTP layer itself */
  fetch(request: Request): Promise<Response>;
  /** every Store API call since the last reset */
  storeCalls: { readonly count: number; readonly list: readonly StoreCall[]; reset(): void };
  /** pino's JSON log lines */
  logs: Record<string, unknown>[];
  /** the embedded Store API's database (with `privateShop`: this gateway's own copy), e.g. to read its mail outbox */
  db: Awaited<ReturnType<typeof openTestShop>>['db'];
  close(): void;
}

/**
 * The gateway in process over the REAL embedded Store API on the seeded TEST_DATA_DIR, with every
 * upstream call counted. The shop's language list is read once at open, so counts start at the
 * operation's own calls.
 */
export async function openTestGateway(
  options: {
    env?: NodeJS.ProcessEnv;
    limits?: QueryLimits;
    schema?: GraphQLSchema;
    plugins?: Plugin[];
    /** a copy of the seeded database for this gateway alone (tests that write carts, customers, orders) */
    privateShop?: boolean;
    /** keep menus and SEO URLs across requests, as `npm start` does (shared-reads.ts); off unless given */
    sharedReadsTtlSeconds?: number;
  } & TestShopOptions = {},
): Promise<TestGateway> {
  const shopOptions = { stockShopware: options.stockShopware };
  const shop = options.privateShop ? await openPrivateTestShop(shopOptions) : await openTestShop(shopOptions);
  const calls: StoreCall[] = [];
  const countingApp = {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
      calls.push({ method: request.method, path: url.pathname + url.search, body, headers: new Headers(request.headers) });
      return shop.app.fetch(request);
    },
  };
  const config = readGatewayConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN, ...options.env }, shop.config.accessKey);
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const metrics = createGatewayMetrics();
  const gateway = createGateway({
    config,
    target: storeApiTarget(config, { app: countingApp, config: shop.config }, { publicOrigin: ORIGIN }),
    logger,
    metrics,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.schema ? { schema: options.schema } : {}),
    ...(options.plugins ? { plugins: options.plugins } : {}),
    ...(options.sharedReadsTtlSeconds ? { sharedReadsTtlSeconds: options.sharedReadsTtlSeconds } : {}),
  });
  const fetchGateway = async (request: Request): Promise<Response> => gateway.fetch(request);

  async function gql(query: string, variables?: Record<string, unknown>, gqlOptions: GqlOptions = {}): Promise<GqlResult> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...gqlOptions.headers };
    if (gqlOptions.cookies) {
      headers.cookie = Object.entries(gqlOptions.cookies)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
    }
    const before = calls.length;
    const response = await fetchGateway(
      new Request(gqlOptions.url ?? `${ORIGIN}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables, operationName: gqlOptions.operationName }),
      }),
    );
    const text = await response.text();
    let body: GqlResult['body'];
    try {
      body = JSON.parse(text) as GqlResult['body'];
    } catch {
      throw new Error(`gateway answered ${response.status} with no JSON: ${text.slice(0, 300)}`);
    }
    return { status: response.status, body, headers: response.headers, storeCalls: calls.length - before };
  }

  // Reads the language list (cached per gateway) so that tests count only their operation's calls.
  await gql('{ __typename }');
  calls.length = 0;
  logs.length = 0;

  return {
    gateway,
    metrics,
    gql,
    fetch: fetchGateway,
    storeCalls: {
      get count() {
        return calls.length;
      },
      get list() {
        return calls;
      },
      reset() {
        calls.length = 0;
      },
    },
    logs,
    db: shop.db,
    close: () => shop.close(),
  };
}

/**
 * The gateway as the shop's server mounts it (mountGateway: body limits, ready answers, /metrics), on a Hono app
 * over the REAL embedded Store API on the seeded TEST_DATA_DIR; `env` as the server's environment.
 */
export async function openMountedGateway(env: NodeJS.ProcessEnv = { NODE_ENV: 'production' }): Promise<{ app: Hono; close(): void }> {
  const shop = await openTestShop();
  const app = new Hono();
  mountGateway(app, { env, embedded: shop, publicOrigin: 'http://shop.test', logger: pino({ level: 'silent' }) });
  return { app, close: () => shop.close() };
}
