import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { writeResultsSection } from './support';

// `npm run bench` (third part): the SSR storefront as `npm start` serves it — the real server
// (`tsx server/index.ts`, NODE_ENV=production) as a child process on a free loopback port, with a data folder
// of its own under the OS temp dir (seeded on its first start, reused after). Measured with autocannon: SSR
// throughput and p50/p99 of the home page, a category listing and a product page at 1 and 10 connections, each
// for two visitors: an anonymous one (no cookie: the page cache of ADR 0011 answers after the first render)
// and a shopper with a session cookie (never cached: every request renders); and the JavaScript each page
// ships (every same-origin script Chromium loads until the page is hydrated, gzipped).
// Replaces its own section of bench/RESULTS.md. Needs a built dist/ (runs `npm run build` once if missing).
// Speed is measured here, never asserted in a test.

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per run
const CONNECTIONS = [1, 10];
const DATA_DIR = process.env.BENCH_STOREFRONT_DATA_DIR ?? join(tmpdir(), 'shop-bench', 'storefront');
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECTION_MARK = '<!-- storefront bench (bench/storefront.ts) -->';
/** Targets of issue 4: product page p50 at concurrency 10, and the product page's JavaScript. */
const TARGET_P50_MS = 50;
const TARGET_JS_KB = 200;
/** Other work on the machine skews the figures; the report says how busy it was when the run began. */
const LOAD_AT_START = loadavg()[0] ?? 0;
/** The server's page cache TTL (server/pageCache.ts default, or the environment the bench passes on). */
const PAGE_CACHE_TTL = Number(process.env.PAGE_CACHE_TTL_SECONDS ?? 60);

interface Page {
  name: string;
  path: string;
}

/** Who asks: no cookie (the page cache may answer) or a shopper's session cookie (every request renders). */
type Visitor = 'anonymous' | 'session';

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

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The last few KB of the server's output, shown when it fails to start. */
function tail(stream: NodeJS.ReadableStream | null, keep: { text: string }): void {
  stream?.on('data', (chunk: Buffer) => {
    keep.text = (keep.text + chunk.toString('utf8')).slice(-4000);
  });
}

function startServer(port: number): { child: ChildProcess; output: { text: string } } {
  mkdirSync(DATA_DIR, { recursive: true });
  const output = { text: '' };
  // Its own process group, so stopping it also stops the node process tsx runs the server in.
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR, PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, GRAPHIQL: 'false' },
  });
  tail(child.stdout, output);
  tail(child.stderr, output);
  return { child, output };
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      try {
        process.kill(-pid, 'SIGKILL'); // anything of the group left behind
      } catch {
        // none
      }
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

async function waitForHealth(origin: string, child: ChildProcess, output: { text: string }): Promise<void> {
  const deadline = Date.now() + 300_000; // a first start seeds the catalogue
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`bench: the server stopped (${child.exitCode ?? child.signalCode}):\n${output.text}`);
    try {
      const res = await fetch(`${origin}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`bench: the server did not answer /health within 5 minutes:\n${output.text}`);
}

async function html(origin: string, path: string): Promise<string> {
  const res = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

async function findPages(origin: string): Promise<Page[]> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ navigation(depth: 2) { children { url } } }' }),
  });
  const body = (await res.json()) as { data?: { navigation?: { children: { url: string }[] }[] } };
  const categoryUrl = body.data?.navigation?.flatMap((top) => top.children)[0]?.url;
  if (!categoryUrl) throw new Error(`bench: no category in the navigation: ${JSON.stringify(body).slice(0, 300)}`);
  const categoryPath = new URL(categoryUrl, origin).pathname;
  const productPath = /href="(\/(?:[^"#?]*\/)?p1\d+)"/.exec(await html(origin, categoryPath))?.[1];
  if (!productPath) throw new Error(`bench: no product link on ${categoryPath}`);
  return [
    { name: 'home', path: '/' },
    { name: 'category listing', path: categoryPath },
    { name: 'product page', path: productPath },
  ];
}

/** Debian's Chromium (the e2e tests use the same one); the flags of the developers' guide. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Every same-origin script the browser loads for the page until it is hydrated and the network is idle:
 * the entry, its static imports and modulepreloads, and the chunks loaded before hydration by dynamic
 * import (the route page's product view, the page's language of the texts). What loads only on a click
 * (the cart's mutations, search suggestions) is not counted. Each file once, gzip level 9.
 */
async function measureJavaScript(origin: string, pages: Page[]): Promise<Shipped[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
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

/** A shopper's session: the cookie a first mutation sets (this one adds nothing to the cart). */
async function sessionCookie(origin: string): Promise<string> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `mutation { addToCart(input: { productId: "${'f'.repeat(32)}" }) { errors { code } } }` }),
  });
  const token = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('sw-context-token='));
  if (!token) throw new Error('bench: the addToCart mutation set no session cookie');
  return token;
}

/** The page cache answers as it should: anonymous → hit after the first request; with a session → miss. */
async function checkPageCache(origin: string, page: Page, cookie: string): Promise<void> {
  const state = async (headers: Record<string, string>) => (await fetch(`${origin}${page.path}`, { headers: { accept: 'text/html', ...headers } })).headers.get('x-page-cache');
  await state({});
  const anonymous = await state({});
  const session = await state({ cookie });
  if (anonymous !== 'hit' || session !== 'miss') log(`bench: WARNING ${page.path}: x-page-cache anonymous=${anonymous} session=${session} (expected hit, miss)`);
}

async function measureSsr(origin: string, page: Page, visitor: Visitor, cookie: string): Promise<Row[]> {
  const options = { url: `${origin}${page.path}`, headers: { accept: 'text/html', ...(visitor === 'session' ? { cookie } : {}) } };
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

function report(pages: Page[], rows: Row[], shipped: Shipped[]): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const productP50 = (visitor: Visitor) => rows.find((r) => r.page === 'product page' && r.visitor === visitor && r.connections === 10)?.p50 ?? NaN;
  const p50Line = (visitor: Visitor, label: string) => {
    const p50 = productP50(visitor);
    return `- product page p50 at concurrency 10, ${label}: ${ms(p50)} ms — ${p50 < TARGET_P50_MS ? `**met** (under ${TARGET_P50_MS} ms)` : `**not met** (target under ${TARGET_P50_MS} ms)`}.`;
  };
  const productJs = shipped.find((s) => s.page === 'product page')?.gzipBytes ?? NaN;
  const jsMet = productJs / 1024 <= TARGET_JS_KB;
  const lines = [
    SECTION_MARK,
    '# Benchmark: the SSR storefront',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/storefront.ts): the real server`,
    '(`tsx server/index.ts`, NODE_ENV=production, the built `dist/`, the embedded Store API with the seeded shop) as a child process on loopback.',
    `Machine: ${availableParallelism()} CPUs (nproc) · ${cpu} · Node ${process.version} · ${process.platform}/${process.arch}.`,
    `autocannon runs ${DURATION} s per row on the same machine as the server (the load generator shares the CPUs); 1-minute load average when the run began: ${LOAD_AT_START.toFixed(2)}.`,
    '',
    `**Targets (issue 4):** the product page answers in under **${TARGET_P50_MS} ms p50 at concurrency 10**; it ships at most **${TARGET_JS_KB} KB gzip** of JavaScript.`,
    '',
    'Two visitors per page: **anonymous** (no cookie, as a search engine or a first visit: the page cache of ADR 0011',
    `answers every request after the first for ${PAGE_CACHE_TTL} s) and **session** (a shopper with a \`sw-context-token\` cookie, e.g. after`,
    'adding to the cart: never cached, every request is a full server render).',
    '',
    '| page | path | visitor | connections | requests/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const path = pages.find((p) => p.name === r.page)?.path ?? '';
    const visitor = r.visitor === 'anonymous' ? 'anonymous (page cache)' : 'session (renders)';
    lines.push(`| ${r.page} | \`${path}\` | ${visitor} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`);
  }
  lines.push('', '**JavaScript shipped** (every same-origin script Debian\'s Chromium loads for the page until it is hydrated and the network is idle — entry, imports, modulepreloads and the chunks loaded before hydration — each once, gzip level 9):', '');
  lines.push('| page | files | KB raw | KB gzip |', '|---|---:|---:|---:|');
  for (const s of shipped) lines.push(`| ${s.page} | ${s.files} | ${kb(s.rawBytes)} | ${kb(s.gzipBytes)} |`);
  lines.push(
    '',
    '**Targets:**',
    p50Line('anonymous', 'anonymous visitor (answered by the page cache)'),
    p50Line('session', 'shopper with a session (every request renders)'),
    `- product page JavaScript: ${kb(productJs)} KB gzip — ${jsMet ? `**met** (at most ${TARGET_JS_KB} KB)` : `**not met** (target at most ${TARGET_JS_KB} KB)`}.`,
    '',
    '1 KB = 1024 bytes. autocannon reports latency in whole milliseconds. A session request (and an anonymous cache miss) is a full server',
    'render: routing, the page’s one GraphQL query against the gateway in process, React rendering to HTML; an anonymous hit is the kept',
    'HTML. Chunks loaded only on a shopper\'s action (the cart\'s mutations on the first add, search suggestions) are not counted.',
    '',
  );
  return lines.join('\n');
}

if (!existsSync(join(ROOT, 'dist', 'server')) || !existsSync(join(ROOT, 'dist', 'client'))) {
  log('bench: no built dist/, running `npm run build` once');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`bench: npm run build failed (${build.status ?? build.signal})`);
}

const port = await freeLoopbackPort();
const origin = `http://127.0.0.1:${port}`;
log(`bench: 1-minute load average at start: ${LOAD_AT_START.toFixed(2)} (${availableParallelism()} CPUs)`);
log(`bench: starting the server on ${origin} with DATA_DIR=${DATA_DIR} (seeded on its first start, kept for later runs)`);
const { child, output } = startServer(port);
const onExit = (): void => {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
};
process.on('exit', onExit);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    onExit();
    process.exit(130);
  });
}
try {
  await waitForHealth(origin, child, output);
  const pages = await findPages(origin);
  log(`bench: pages: ${pages.map((p) => `${p.name} ${p.path}`).join(', ')}`);
  const shipped = await measureJavaScript(origin, pages);
  if (process.env.BENCH_JS_ONLY === 'true') {
    // A quick look while working on the bundles; RESULTS.md is only written by a full run.
    for (const s of shipped) log(`bench: ${s.page}: ${s.files} JavaScript file(s), ${kb(s.gzipBytes)} KB gzip`);
    process.exit(0);
  }
  const cookie = await sessionCookie(origin);
  const rows: Row[] = [];
  for (const page of pages) {
    await checkPageCache(origin, page, cookie);
    for (const visitor of ['anonymous', 'session'] as const) rows.push(...(await measureSsr(origin, page, visitor, cookie)));
  }
  const written = writeResultsSection(SECTION_MARK, report(pages, rows, shipped));
  log(`bench: appended the storefront section to ${written}`);
  for (const s of shipped) log(`bench: ${s.page}: ${s.files} JavaScript file(s), ${kb(s.gzipBytes)} KB gzip`);
} finally {
  await stopServer(child);
}
