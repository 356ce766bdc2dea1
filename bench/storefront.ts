import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { CHROMIUM_ARGS, CHROMIUM_PATH, firstCategoryPath, firstProductPath, loggedInCustomer, startShopServer, type BenchPage } from './shopServer';
import { BenchShopper, writeResultsSection } from './support';

// `npm run bench` (third part): the SSR storefront as `npm start` serves it — the real server
// (`node dist/current/server.mjs`, NODE_ENV=production) as a child process on a free loopback port, with a data folder
// of its own under the OS temp dir (seeded on its first start, reused after). Measured with autocannon: SSR
// throughput and p50/p99 of the home page, a category listing and a product page at 1 and 10 connections, each
// for three visitors: an anonymous one (no cookie: the page cache of ADR 0011 answers after the first render),
// a guest with the cookies of a first add to cart (the page cache answers too, ADR 0019) and the same session
// without the guest mark, as a customer's (never cached: every request renders); then the product page from a second
// server without page cache (every request renders, its data from the warm GraphQL response cache); the Store API calls one render
// of each page makes (the gateway's store_api_calls_total on /metrics, before and after); and the JavaScript
// each page ships (every same-origin script Chromium loads until the page is hydrated, gzipped).
// Each figure is written against its target (issues 4 and 8).
// Replaces its own section of bench/RESULTS.md. Needs a built dist/ (runs `npm run build` once if missing).
// Speed is measured here, never asserted in a test.

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per run
const CONNECTIONS = [1, 10];
const DATA_DIR = process.env.BENCH_STOREFRONT_DATA_DIR ?? join(tmpdir(), 'shop-bench', 'storefront');
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where the server runs (its dist/ and persisted_queries.json): BENCH_SERVER_CWD may name a copy of the project
 * (symlinks and a dist/ of its own) so that a build running meanwhile cannot swap the bundles under the measurement.
 * It must sit under the project's top-level folder (e.g. a folder beside this checkout): elsewhere Vike's server-entry
 * lookup (@brillout/vite-plugin-server-entry) renders with the project's own dist/.
 */
const SERVER_CWD = process.env.BENCH_SERVER_CWD ?? ROOT;
const SECTION_MARK = '<!-- storefront bench (bench/storefront.ts) -->';
/** Targets (issues 4 and 8): the product page at concurrency 10 — p50, and with a warm page cache
 * pages/s and p99 —, Store API calls per page, and the product page's JavaScript. */
const TARGET_P50_MS = 50;
const TARGET_CACHED_PAGES_PER_SECOND = 300;
const TARGET_CACHED_P99_MS = 50;
const TARGET_STORE_CALLS = 3;
const TARGET_JS_KB = 200;
/** Other work on the machine skews the figures; the report says how busy it was when the run began. */
const LOAD_AT_START = loadavg()[0] ?? 0;
/** The server's page cache TTL (server/pageCache.ts default, or the environment the bench passes on). */
const PAGE_CACHE_TTL = Number(process.env.PAGE_CACHE_TTL_SECONDS ?? 60);

type Page = BenchPage;

/**
 * Who asks: no cookie (the page cache may answer); a guest after a first add to cart, with the cookies that set
 * (the session and the gateway's `shop-guest` mark: the page cache answers too, ADR 0019); a logged-in customer
 * with the shop's prices (`customer`) and an insured one (`insured`): the page cache answers by the price group
 * the Store API names for the session (ADR 0020). Against a server without page cache: no cookie (`rendered`:
 * every request renders, its GraphQL query answered by the warm response cache of ADR 0016) and the customer
 * (`customer-rendered`: every request renders with the session, nothing cached).
 */
type Visitor = 'anonymous' | 'guest' | 'customer' | 'insured' | 'rendered' | 'customer-rendered';

/** How RESULTS.md names each visitor. */
const VISITOR_LABELS: Record<Visitor, string> = {
  anonymous: 'anonymous (page cache)',
  guest: 'guest with a cart (page cache)',
  customer: 'logged-in customer (page cache by price group)',
  insured: 'insured customer (page cache by price group)',
  rendered: 'anonymous, page cache off (renders)',
  'customer-rendered': 'customer, page cache off (renders)',
};

/** The cookies of a browser after its first add to cart, of a logged-in customer, and of a logged-in insured customer. */
interface Shopper {
  guest: string;
  customer: string;
  insured: string;
}

interface Row {
  page: string;
  visitor: Visitor;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Shipped {
  page: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

const log = (line: string): void => console.info(line);

/** Store API calls of one render: how many, and which (route template × count). */
interface CallCount {
  total: number;
  routes: string;
}

/** Store API calls per render of each page (see findPages). */
interface StoreCalls {
  page: string;
  /** the first anonymous request: page cache and GraphQL response cache both cold */
  coldAnonymous: CallCount | null;
  /** a logged-in customer's request: the price group's context read, then the page cache */
  customer: CallCount | null;
  /** the same customer's request to the server without page cache: a render with the session */
  customerRendered?: CallCount | null;
}

/** The gateway's Store API call counters by route (store_api_calls_total on /metrics); null if not readable. */
async function storeCallCounters(origin: string): Promise<Map<string, number> | null> {
  // The server the bench starts inherits METRICS_TOKEN from this environment; without one it answers loopback.
  const token = process.env.METRICS_TOKEN;
  const res = await fetch(`${origin}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!res.ok) return null;
  const counters = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    // Route labels hold braces of their own (/product/{productId}): the labels run to the last `}`.
    const match = /^store_api_calls_total\{(.*)\} (\d+(?:\.\d+)?)$/.exec(line);
    if (!match) continue;
    const route = /route="([^"]*)"/.exec(match[1]!)?.[1] ?? '?';
    counters.set(route, (counters.get(route) ?? 0) + Number(match[2]));
  }
  return counters;
}

function callsBetween(before: Map<string, number> | null, after: Map<string, number> | null): CallCount | null {
  if (!before || !after) return null;
  const routes: string[] = [];
  let total = 0;
  for (const [route, count] of after) {
    const calls = count - (before.get(route) ?? 0);
    if (calls <= 0) continue;
    total += calls;
    routes.push(calls > 1 ? `${route} ×${calls}` : route);
  }
  return { total, routes: routes.sort().join(', ') };
}

/** The Store API calls of one request for the page's HTML: the counters before and after (nothing else runs meanwhile). */
async function storeCallsOf(origin: string, path: string, headers: Record<string, string> = {}): Promise<{ calls: CallCount | null; html: string }> {
  const before = await storeCallCounters(origin);
  const res = await fetch(`${origin}${path}`, { headers: { accept: 'text/html', ...headers } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { calls: callsBetween(before, await storeCallCounters(origin)), html: text };
}

/**
 * The three pages, found before any of them is rendered, and the Store API calls of each: first as the very
 * first anonymous request (both caches cold: the most an anonymous visitor can cost), then as a logged-in
 * customer's request. The category path comes from the navigation (a GraphQL query of its own, not counted),
 * the product path from the category page's HTML.
 */
async function findPages(origin: string, cookie: string): Promise<{ pages: Page[]; storeCalls: StoreCalls[] }> {
  const categoryPath = await firstCategoryPath(origin);
  const home = await storeCallsOf(origin, '/');
  const category = await storeCallsOf(origin, categoryPath);
  const productPath = firstProductPath(category.html, categoryPath);
  const product = await storeCallsOf(origin, productPath);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'category listing', path: categoryPath },
    { name: 'product page', path: productPath },
  ];
  const cold = [home.calls, category.calls, product.calls];
  const storeCalls: StoreCalls[] = [];
  for (const [index, page] of pages.entries()) {
    storeCalls.push({ page: page.name, coldAnonymous: cold[index] ?? null, customer: (await storeCallsOf(origin, page.path, { cookie })).calls });
  }
  return { pages, storeCalls };
}

/**
 * Every same-origin script the browser loads for the page until it is hydrated and the network is idle:
 * the entry, its static imports and modulepreloads, and the chunks loaded before hydration by dynamic
 * import (the route page's product view, the page's language of the texts). What loads only on a click
 * (the cart's mutations, search suggestions) is not counted. Each file once, gzip level 9.
 */
async function measureJavaScript(origin: string, pages: Page[]): Promise<Shipped[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const shipped: Shipped[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const scripts = new Map<string, Buffer>();
      const reading: Array<Promise<void>> = [];
      tab.on('response', (response) => {
        const url = response.url();
        if (new URL(url).origin !== origin || response.request().resourceType() !== 'script' || response.status() !== 200) return;
        reading.push(response.body().then((body) => void scripts.set(url, body)));
      });
      await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle' });
      // React has taken over the server's HTML (hydration done) before the count is closed.
      await tab.waitForFunction(() => {
        const header = document.querySelector('header');
        return !!header && Object.keys(header).some((key) => key.startsWith('__react'));
      });
      await Promise.all(reading);
      let rawBytes = 0;
      let gzipBytes = 0;
      for (const bytes of scripts.values()) {
        rawBytes += bytes.length;
        gzipBytes += gzipSync(bytes, { level: 9 }).length;
      }
      shipped.push({ page: page.name, files: scripts.size, rawBytes, gzipBytes });
      if (process.env.BENCH_JS_FILES === 'true') {
        for (const [url, bytes] of scripts) log(`bench:   ${page.name} ${new URL(url).pathname} ${kb(gzipSync(bytes, { level: 9 }).length)} KB`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return shipped;
}

/** The visitors' cookies: those a first add to cart sets (this one adds nothing), and two logged-in customers'. */
async function shopperCookies(origin: string): Promise<Shopper> {
  const guest = new BenchShopper(origin);
  await guest.gql(`mutation { addToCart(input: { productId: "${'f'.repeat(32)}" }) { errors { code } } }`);
  if (!guest.has('sw-context-token')) throw new Error('bench: the addToCart mutation set no session cookie');
  if (!guest.has('shop-guest')) log('bench: WARNING the addToCart mutation set no guest mark (shop-guest=1)');
  return { guest: guest.cookieHeader, customer: (await loggedInCustomer(origin, DATA_DIR, false)).cookieHeader, insured: (await loggedInCustomer(origin, DATA_DIR, true)).cookieHeader };
}

/** The page cache answers as it should: every visitor gets a hit after the first request of its key. */
async function checkPageCache(origin: string, page: Page, shopper: Shopper): Promise<void> {
  const state = async (headers: Record<string, string>) => (await fetch(`${origin}${page.path}`, { headers: { accept: 'text/html', ...headers } })).headers.get('x-page-cache');
  await state({});
  await state({ cookie: shopper.insured });
  const seen = [await state({}), await state({ cookie: shopper.guest }), await state({ cookie: shopper.customer }), await state({ cookie: shopper.insured })];
  if (seen.some((source) => source !== 'hit')) log(`bench: WARNING ${page.path}: x-page-cache anonymous, guest, customer, insured = ${seen.join(', ')} (expected hit for each)`);
}

async function measureSsr(origin: string, page: Page, visitor: Visitor, shopper: Shopper): Promise<Row[]> {
  const cookie = { anonymous: null, guest: shopper.guest, customer: shopper.customer, insured: shopper.insured, rendered: null, 'customer-rendered': shopper.customer }[visitor];
  const options = { url: `${origin}${page.path}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } };
  // A short warm-up so the first measured second is not the JIT's.
  await autocannon({ ...options, connections: 1, duration: 1 });
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    log(`bench: ${page.name} ${page.path} · ${visitor} · ${connections} connection(s) · ${DURATION} s`);
    const result = await autocannon({ ...options, connections, duration: DURATION });
    rows.push({
      page: page.name,
      visitor,
      connections,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    });
  }
  return rows;
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ms = (value: number): string => (!Number.isFinite(value) ? '–' : value < 1 ? '< 1' : String(Math.round(value)));

/** One target line: the figure, then **met** / **not met** against the target. */
function verdict(label: string, figure: string, met: boolean | null, target: string): string {
  return `| ${label} | ${figure} | ${target} | ${met === null ? 'not measured' : met ? '**met**' : '**not met**'} |`;
}

function report(pages: Page[], rows: Row[], storeCalls: StoreCalls[], shipped: Shipped[]): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const product = (visitor: Visitor) => rows.find((r) => r.page === 'product page' && r.visitor === visitor && r.connections === 10);
  const cached = product('anonymous');
  const guest = product('guest');
  const customer = product('customer');
  const insured = product('insured');
  const customerRendered = product('customer-rendered');
  const fromResponseCache = product('rendered');
  const productJs = shipped.find((s) => s.page === 'product page')?.gzipBytes ?? NaN;
  const lines = [
    SECTION_MARK,
    '# Benchmark: the SSR storefront',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/storefront.ts): the real server`,
    '(`node dist/current/server.mjs`, the compiled release, NODE_ENV=production, the embedded Store API with the seeded shop) as a child process on loopback.',
    `Machine: ${availableParallelism()} CPUs (nproc) · ${cpu} · Node ${process.version} · ${process.platform}/${process.arch}.`,
    `autocannon runs ${DURATION} s per row on the same machine as the server (the load generator shares the CPUs); 1-minute load average when the run began: ${LOAD_AT_START.toFixed(2)}.`,
    '',
    '**Targets** (issue 8, product page at concurrency 10; issue 4 for p50 and JavaScript):',
    '',
    '| target | measured | wanted | verdict |',
    '|---|---:|---|---|',
    verdict(
      'product page, warm page cache: pages/s',
      cached ? String(Math.round(cached.requestsPerSecond)) : '–',
      cached ? cached.requestsPerSecond >= TARGET_CACHED_PAGES_PER_SECOND : null,
      `≥ ${TARGET_CACHED_PAGES_PER_SECOND}`,
    ),
    verdict('product page, warm page cache: p99', cached ? `${ms(cached.p99)} ms` : '–', cached ? cached.p99 <= TARGET_CACHED_P99_MS : null, `≤ ${TARGET_CACHED_P99_MS} ms`),
    verdict('product page, warm page cache: p50', cached ? `${ms(cached.p50)} ms` : '–', cached ? cached.p50 < TARGET_P50_MS : null, `< ${TARGET_P50_MS} ms`),
    verdict(
      'product page rendered each time, warm GraphQL response cache: pages/s',
      fromResponseCache ? String(Math.round(fromResponseCache.requestsPerSecond)) : '–',
      fromResponseCache ? fromResponseCache.requestsPerSecond >= TARGET_CACHED_PAGES_PER_SECOND : null,
      `≥ ${TARGET_CACHED_PAGES_PER_SECOND}`,
    ),
    verdict(
      'product page rendered each time, warm GraphQL response cache: p99',
      fromResponseCache ? `${ms(fromResponseCache.p99)} ms` : '–',
      fromResponseCache ? fromResponseCache.p99 <= TARGET_CACHED_P99_MS : null,
      `≤ ${TARGET_CACHED_P99_MS} ms`,
    ),
    verdict('product page, a guest with a cart (session, page cache): p50', guest ? `${ms(guest.p50)} ms` : '–', guest ? guest.p50 < TARGET_P50_MS : null, `< ${TARGET_P50_MS} ms`),
    verdict('product page, a logged-in customer (page cache by price group): p50', customer ? `${ms(customer.p50)} ms` : '–', customer ? customer.p50 < TARGET_P50_MS : null, `< ${TARGET_P50_MS} ms`),
    verdict('product page, an insured customer (page cache by price group): p50', insured ? `${ms(insured.p50)} ms` : '–', insured ? insured.p50 < TARGET_P50_MS : null, `< ${TARGET_P50_MS} ms`),
    verdict(
      'product page, a customer’s session rendered every time (page cache off): p50',
      customerRendered ? `${ms(customerRendered.p50)} ms` : '–',
      customerRendered ? customerRendered.p50 < TARGET_P50_MS : null,
      `< ${TARGET_P50_MS} ms`,
    ),
    ...storeCalls.flatMap((calls) => [
      verdict(`Store API calls, ${calls.page}, first anonymous render`, String(calls.coldAnonymous?.total ?? '–'), calls.coldAnonymous ? calls.coldAnonymous.total <= TARGET_STORE_CALLS : null, `≤ ${TARGET_STORE_CALLS}`),
      verdict(`Store API calls, ${calls.page}, a customer's request`, String(calls.customer?.total ?? '–'), calls.customer ? calls.customer.total <= TARGET_STORE_CALLS : null, `≤ ${TARGET_STORE_CALLS}`),
      ...(calls.customerRendered !== undefined
        ? [
            verdict(
              `Store API calls, ${calls.page}, a customer's session rendered (page cache off)`,
              String(calls.customerRendered?.total ?? '–'),
              calls.customerRendered ? calls.customerRendered.total <= TARGET_STORE_CALLS : null,
              `≤ ${TARGET_STORE_CALLS}`,
            ),
          ]
        : []),
    ]),
    verdict('product page JavaScript (gzip)', `${kb(productJs)} KB`, Number.isFinite(productJs) ? productJs / 1024 <= TARGET_JS_KB : null, `≤ ${TARGET_JS_KB} KB`),
    '',
    'Four visitors per page: **anonymous** (no cookie, as a search engine or a first visit: the page cache of ADR 0011',
    `answers every request after the first for ${PAGE_CACHE_TTL} s), **guest** (the cookies a browser has after its first add to cart: the`,
    'session and the gateway\'s `shop-guest` mark; the page cache answers as for anonymous visitors, ADR 0019), **customer** (a logged-in',
    'customer with the shop\'s prices: the server reads the session\'s price group from the Store API — one `GET /context` — and answers',
    'with the anonymous page, ADR 0020) and **insured** (a logged-in customer whose insurance number is verified: the page of the insured',
    'price group, rendered once with the first such session and then kept for all of them). Against a second server started with',
    '`PAGE_CACHE_TTL_SECONDS=0`, every request is rendered: **rendered** asks without a cookie (the one GraphQL query answered from the',
    'warm response cache, ADR 0016), **customer, rendered** with the customer\'s session (nothing cached: the full cost of a page).',
    'Issue 8 asks ≥ 300 pages/s and p99 ≤ 50 ms "with warm cache": the page-cache rows meet it; the rendered rows show what rendering costs.',
    '',
    '| page | path | visitor | connections | requests/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const path = pages.find((p) => p.name === r.page)?.path ?? '';
    lines.push(`| ${r.page} | \`${path}\` | ${VISITOR_LABELS[r.visitor]} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`);
  }
  lines.push(
    '',
    '**Store API calls per page** (the gateway\'s `store_api_calls_total` on `/metrics` before and after one request for the page\'s HTML,',
    'the server\'s price-group read included; the first anonymous request after the start finds the page cache, the GraphQL response cache',
    'and the shared menus and SEO URLs (ADR 0018) cold — the home page also reads the language list once; a customer\'s request reads the',
    'session\'s price group and gets the cached page; rendered for the session (page cache off, product page only), nothing is cached but',
    'the menus and SEO URLs the earlier requests read are shared, as for every shopper after the first):',
    '',
    '| page | first anonymous render | a customer\'s request | its routes | customer\'s session rendered | its routes |',
    '|---|---:|---:|---|---:|---|',
    ...storeCalls.map(
      (calls) =>
        `| ${calls.page} | ${calls.coldAnonymous?.total ?? '–'} | ${calls.customer?.total ?? '–'} | ${calls.customer?.routes ?? ''} | ${calls.customerRendered?.total ?? '–'} | ${calls.customerRendered?.routes ?? ''} |`,
    ),
  );
  lines.push('', '**JavaScript shipped** (every same-origin script Debian\'s Chromium loads for the page until it is hydrated and the network is idle — entry, imports, modulepreloads and the chunks loaded before hydration — each once, gzip level 9):', '');
  lines.push('| page | files | KB raw | KB gzip |', '|---|---:|---:|---:|');
  for (const s of shipped) lines.push(`| ${s.page} | ${s.files} | ${kb(s.rawBytes)} | ${kb(s.gzipBytes)} |`);
  lines.push(
    '',
    '1 KB = 1024 bytes. autocannon reports latency in whole milliseconds. A rendered request (and a cache miss) is a full server',
    'render: routing, the page’s one GraphQL query against the gateway in process, React rendering to HTML; an anonymous hit is the kept',
    'HTML. Chunks loaded only on a shopper\'s action (the cart\'s mutations on the first add, search suggestions) are not counted.',
    '',
  );
  return lines.join('\n');
}

log(`bench: 1-minute load average at start: ${LOAD_AT_START.toFixed(2)} (${availableParallelism()} CPUs)`);

/** Starts the server (with `env` on top of the bench's), waits for it, runs `work` against it, stops it. */
async function withServer<T>(env: Record<string, string>, work: (origin: string) => Promise<T>): Promise<T> {
  const server = await startShopServer(DATA_DIR, { env, cwd: SERVER_CWD });
  try {
    return await work(server.origin);
  } finally {
    await server.stop();
  }
}

const measured = await withServer({}, async (origin) => {
  const shopper = await shopperCookies(origin);
  const { pages, storeCalls } = await findPages(origin, shopper.customer);
  log(`bench: pages: ${pages.map((p) => `${p.name} ${p.path}`).join(', ')}`);
  for (const c of storeCalls) log(`bench: ${c.page}: ${c.coldAnonymous?.total ?? '?'} Store API call(s) on the first anonymous render, ${c.customer?.total ?? '?'} for a customer's request (${c.customer?.routes ?? ''})`);
  const shipped = await measureJavaScript(origin, pages);
  if (process.env.BENCH_JS_ONLY === 'true') {
    // A quick look while working on the bundles; RESULTS.md is only written by a full run.
    for (const s of shipped) log(`bench: ${s.page}: ${s.files} JavaScript file(s), ${kb(s.gzipBytes)} KB gzip`);
    return null;
  }
  const rows: Row[] = [];
  for (const page of pages) {
    await checkPageCache(origin, page, shopper);
    for (const visitor of ['anonymous', 'guest', 'customer', 'insured'] as const) rows.push(...(await measureSsr(origin, page, visitor, shopper)));
  }
  return { pages, storeCalls, shipped, rows, shopper };
});
if (measured) {
  const { pages, storeCalls, shipped, rows, shopper } = measured;
  const product = pages.find((p) => p.name === 'product page')!;
  // The same product page without page cache: rendered on every request, anonymously from the warm GraphQL
  // response cache, and for the customer's session (the session survives the restart: same data folder).
  rows.push(
    ...(await withServer({ PAGE_CACHE_TTL_SECONDS: '0' }, async (origin) => {
      const state = async () => (await fetch(`${origin}${product.path}`, { headers: { accept: 'text/html' } })).headers.get('x-page-cache');
      await state();
      const second = await state();
      if (second === 'hit') log('bench: WARNING the server without page cache answered from a page cache');
      const productCalls = storeCalls.find((calls) => calls.page === product.name);
      if (productCalls) productCalls.customerRendered = (await storeCallsOf(origin, product.path, { cookie: shopper.customer })).calls;
      return [...(await measureSsr(origin, product, 'rendered', shopper)), ...(await measureSsr(origin, product, 'customer-rendered', shopper))];
    })),
  );
  const written = writeResultsSection(SECTION_MARK, report(pages, rows, storeCalls, shipped));
  log(`bench: appended the storefront section to ${written}`);
  for (const s of shipped) log(`bench: ${s.page}: ${s.files} JavaScript file(s), ${kb(s.gzipBytes)} KB gzip`);
}
