import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CACHE_HEADER, DEFAULT_GRAPHQL_CACHE_TTL_SECONDS } from '../gateway/src/plugins/response-cache';
import type { Gateway } from '../gateway/src/yoga';
import { readStoreApiConfig } from '../store-api/src/config';
import { startEmbeddedStoreApi, type EmbeddedStoreApi } from '../store-api/src/embedded';
import { LISTING_QUERY, PRODUCT_PAGE_QUERY } from './gateway-queries';
import { closedLoop, startGatewayServer, writeResultsSection, type Stats } from './support';

// `npm run bench` (after bench/run.ts): the GraphQL gateway against the embedded Store API on the seeded
// shop. For the product-page query and a 24-product listing query it measures the gateway (in process
// and over loopback HTTP) beside the same data fetched straight from the Store API: the very calls the
// gateway made for that query, replayed side by side. The ratio is the gateway's overhead. Then the same
// product-page query asked anonymously of a gateway with its response cache (ADR 0016, as `npm start` runs
// it): the answer kept in memory, measured with autocannon in a worker thread. Appends its section to
// bench/RESULTS.md. Speed is measured here, never asserted in a test.

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per row
const WARM_UP = 2; // seconds before each measured pair
const HTTP_CONNECTIONS = [1, 10];
const BENCH_ROOT = process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'shop-bench');
const LOAD_AT_START = loadavg()[0] ?? 0;
/** The top category with the most products in the seeded shop (bench/run.ts finds the same). */
const LISTING_CATEGORY = '71183b33f3843d6cb4d4b0fa771415d4';
const PRODUCT_NUMBER = 'P100001';
const SECTION_MARK = '<!-- gateway bench (bench/gateway.ts) -->';
/** Target (issue 8): the cached anonymous product-page query at concurrency 10. */
const TARGET_CACHED_RPS = 4000;

const log = (line: string): void => console.info(line);

interface UpstreamCall {
  method: string;
  path: string;
  headers: [string, string][];
  body: string | undefined;
}

interface Row extends Stats {
  query: string;
  route: 'gateway' | 'Store API direct';
  transport: string;
  connections: number;
  storeCalls: number;
}

/** The embedded Store API's app.fetch, recording the calls the gateway makes. */
function recordingBackEnd(shop: EmbeddedStoreApi): { app: { fetch(request: Request): Promise<Response> }; calls: UpstreamCall[] | null; record(): UpstreamCall[] } {
  const backEnd = {
    calls: null as UpstreamCall[] | null,
    record(): UpstreamCall[] {
      backEnd.calls = [];
      return backEnd.calls;
    },
    app: {
      async fetch(request: Request): Promise<Response> {
        if (backEnd.calls) {
          const url = new URL(request.url);
          const body = request.method === 'GET' ? undefined : await request.clone().text();
          // The session token and request id are the gateway request's own; a direct client has its own.
          const headers = [...request.headers].filter(([name]) => name !== 'sw-context-token' && name !== 'x-request-id');
          backEnd.calls.push({ method: request.method, path: url.pathname + url.search, headers, body });
        }
        return shop.app.fetch(request);
      },
    },
  };
  return backEnd;
}

function graphqlBody(query: string, variables: Record<string, unknown>): string {
  return JSON.stringify({ query, variables });
}

async function gatewayAnswer(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== 200 || text.includes('"errors"')) throw new Error(`bench: ${what} answered ${response.status}: ${text.slice(0, 300)}`);
}

async function benchQuery(
  name: string,
  query: string,
  variables: Record<string, unknown>,
  setup: { gateway: Gateway; shop: EmbeddedStoreApi; backEnd: ReturnType<typeof recordingBackEnd>; origin: string },
): Promise<Row[]> {
  const { gateway, shop, backEnd, origin } = setup;
  const body = graphqlBody(query, variables);
  const inProcessGateway = async (): Promise<void> => {
    await gatewayAnswer(await gateway.fetch(new Request('http://bench.local/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body })), name);
  };

  // One run with the recorder on: the calls to replay straight against the Store API.
  const calls = backEnd.record();
  await inProcessGateway();
  backEnd.calls = null;
  log(`bench: ${name}: the gateway makes ${calls.length} Store API call(s): ${calls.map((c) => `${c.method} ${c.path.split('?')[0]}`).join(', ')}`);

  const replay = (send: (call: UpstreamCall) => Promise<Response>) => async (): Promise<void> => {
    // Side by side: the fastest a direct client could fetch the same data.
    await Promise.all(
      calls.map(async (call) => {
        const response = await send(call);
        await response.json(); // a client reads the data, as the gateway does
        if (response.status !== 200) throw new Error(`bench: direct ${call.path} answered ${response.status}`);
      }),
    );
  };
  const inProcessDirect = replay((call) => Promise.resolve(shop.app.fetch(new Request(`${origin}${call.path}`, { method: call.method, headers: call.headers, body: call.body }))));
  const httpGateway = async (): Promise<void> => {
    await gatewayAnswer(await fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), name);
  };
  const httpDirect = replay((call) => fetch(`${origin}${call.path}`, { method: call.method, headers: call.headers, body: call.body }));

  const rows: Row[] = [];
  const measure = async (route: Row['route'], transport: string, connections: number, unit: () => Promise<void>): Promise<void> => {
    log(`bench: ${name} · ${route} · ${transport} · ${connections} connection(s) · ${DURATION} s`);
    rows.push({ query: name, route, transport, connections, storeCalls: calls.length, ...(await closedLoop(unit, connections, DURATION)) });
  };
  await closedLoop(inProcessGateway, 1, WARM_UP);
  await closedLoop(inProcessDirect, 1, WARM_UP);
  await measure('gateway', 'in-process', 1, inProcessGateway);
  await measure('Store API direct', 'in-process', 1, inProcessDirect);
  await closedLoop(httpGateway, 1, WARM_UP);
  await closedLoop(httpDirect, 1, WARM_UP);
  for (const connections of HTTP_CONNECTIONS) {
    await measure('gateway', 'HTTP loopback', connections, httpGateway);
    await measure('Store API direct', 'HTTP loopback', connections, httpDirect);
  }
  return rows;
}

interface CachedRow extends Stats {
  connections: number;
  storeCalls: number;
}

/**
 * The product-page query, anonymous, against a gateway with the response cache: after the first answer every
 * request is answered from memory. autocannon sends from a worker thread, so the gateway's event loop has this
 * thread to itself (the two still share the machine's CPUs).
 */
async function benchCachedQuery(shop: EmbeddedStoreApi, productId: string): Promise<CachedRow[]> {
  const backEnd = recordingBackEnd(shop);
  const cached = await startGatewayServer(shop, backEnd, { responseCache: { ttlSeconds: DEFAULT_GRAPHQL_CACHE_TTL_SECONDS } });
  try {
    const body = graphqlBody(PRODUCT_PAGE_QUERY, { id: productId });
    const ask = () => fetch(`${cached.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await gatewayAnswer(await ask(), 'cached product page');
    const calls = backEnd.record();
    const second = await ask();
    await gatewayAnswer(second.clone(), 'cached product page');
    backEnd.calls = null;
    const state = second.headers.get(CACHE_HEADER);
    if (state !== 'hit') log(`bench: WARNING the second anonymous product-page query was not a cache hit (${CACHE_HEADER}: ${state})`);
    const rows: CachedRow[] = [];
    await autocannon({ url: `${cached.origin}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 1, duration: WARM_UP, workers: 1 });
    for (const connections of HTTP_CONNECTIONS) {
      log(`bench: product page · gateway with response cache · HTTP loopback · ${connections} connection(s) · ${DURATION} s`);
      const result = await autocannon({ url: `${cached.origin}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: DURATION, workers: 1 });
      rows.push({
        connections,
        storeCalls: calls.length,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    }
    return rows;
  } finally {
    await cached.close();
  }
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '–';
}

function report(rows: Row[], cachedRows: CachedRow[]): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    SECTION_MARK,
    '# Benchmark: the GraphQL gateway',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/gateway.ts), NODE_ENV=production, seeded shop.`,
    `Machine: ${availableParallelism()} CPUs · ${cpu} · Node ${process.version}. ${DURATION} s per row, a closed loop of N workers in the same process as the`,
    `server (load generator and server share the CPUs); 1-minute load average when the run began: ${LOAD_AT_START.toFixed(2)}.`,
    '',
    '"Store API direct" fetches the same data straight from the Store API: the very calls the gateway made for the query,',
    'replayed side by side and parsed (the best a direct client could do). One request = one GraphQL operation or one such set',
    'of calls.',
    '',
    '**Target (issue 3):** the gateway’s overhead stays under **1.5×** the direct Store API calls for the listing.',
    '',
    '| query | route | transport | connections | Store API calls | requests/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(`| ${r.query} | ${r.route} | ${r.transport} | ${r.connections} | ${r.storeCalls} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`);
  }
  lines.push('', '**Overhead** (gateway ÷ direct: p50 latency, and direct ÷ gateway: throughput):', '', '| query | transport | connections | p50 ratio | throughput ratio | within 1.5× |', '|---|---|---:|---:|---:|---|');
  for (const gatewayRow of rows.filter((r) => r.route === 'gateway')) {
    const direct = rows.find((r) => r.route !== 'gateway' && r.query === gatewayRow.query && r.transport === gatewayRow.transport && r.connections === gatewayRow.connections);
    if (!direct) continue;
    const latency = gatewayRow.p50 / direct.p50;
    const throughput = direct.requestsPerSecond / gatewayRow.requestsPerSecond;
    lines.push(`| ${gatewayRow.query} | ${gatewayRow.transport} | ${gatewayRow.connections} | ${latency.toFixed(2)}× | ${throughput.toFixed(2)}× | ${Math.max(latency, throughput) < 1.5 ? 'yes' : 'no'} |`);
  }
  lines.push(
    '',
    'The gateway calls the embedded Store API in process (app.fetch, no TCP), as `npm start` runs it; over HTTP only the',
    'client → gateway hop is TCP. The product page’s two Store API calls (detail, reviews) go out side by side in both routes.',
    '',
  );
  const cachedAt10 = cachedRows.find((r) => r.connections === 10);
  lines.push(
    '**Cached anonymous product-page query** (the same query without a session, asked of a gateway with its response cache — ADR 0016,',
    `on by default in \`npm start\`, ${DEFAULT_GRAPHQL_CACHE_TTL_SECONDS} s: every answer after the first comes from memory, within a second of a hit as ready bytes before yoga (ADR 0018); autocannon sends from a worker thread over loopback HTTP):`,
    '',
    '| query | connections | Store API calls | requests/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...cachedRows.map((r) => `| product page, response cache | ${r.connections} | ${r.storeCalls} | ${Math.round(r.requestsPerSecond)} | ${r.p50 < 1 ? '< 1' : r.p50} | ${r.p99 < 1 ? '< 1' : r.p99} | ${r.errors} |`),
    '',
    `**Target (issue 8):** the cached anonymous product-page query answers **≥ ${TARGET_CACHED_RPS.toLocaleString('en')} requests/s** at concurrency 10: ${
      cachedAt10 ? `${Math.round(cachedAt10.requestsPerSecond)} requests/s — ${cachedAt10.requestsPerSecond >= TARGET_CACHED_RPS ? '**met**' : '**not met**'}` : 'not measured'
    }. autocannon reports latency in whole milliseconds.`,
    '',
  );
  return lines.join('\n');
}

const shop = await startEmbeddedStoreApi(readStoreApiConfig({ ...process.env, DATA_DIR: join(BENCH_ROOT, 'default') }), log);
const backEnd = recordingBackEnd(shop);
const { gateway, origin, close } = await startGatewayServer(shop, backEnd);

try {
  const found = await gateway.fetch(
    new Request('http://bench.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: graphqlBody('query($n: String!) { product(productNumber: $n) { id } }', { n: PRODUCT_NUMBER }),
    }),
  );
  const productId = ((await found.json()) as { data?: { product?: { id: string } } }).data?.product?.id;
  if (!productId) throw new Error(`bench: product ${PRODUCT_NUMBER} not found through the gateway`);
  if (process.env.BENCH_CACHED_ONLY === 'true') {
    // A quick look while working on the response cache; RESULTS.md is only written by a full run.
    for (const row of await benchCachedQuery(shop, productId)) log(`bench: cached product page, ${row.connections} connection(s): ${Math.round(row.requestsPerSecond)} requests/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
    process.exit(0);
  }
  const rows = [
    ...(await benchQuery('product page', PRODUCT_PAGE_QUERY, { id: productId }, { gateway, shop, backEnd, origin })),
    ...(await benchQuery('listing, 24 products', LISTING_QUERY, { categoryId: LISTING_CATEGORY }, { gateway, shop, backEnd, origin })),
  ];
  const cachedRows = await benchCachedQuery(shop, productId);
  const written = writeResultsSection(SECTION_MARK, report(rows, cachedRows));
  log(`bench: appended the gateway section to ${written}`);
} finally {
  await close();
  shop.close();
}
process.exit(0);
