import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { readStoreApiConfig } from '../store-api/src/config';
import { openDatabase } from '../store-api/src/db/connection';
import { startEmbeddedStoreApi, type EmbeddedStoreApi } from '../store-api/src/embedded';
import { seedShop } from '../store-api/src/seed';
import { percentile } from './support';

// `npm run bench`: the embedded Store API on loopback HTTP (production mode), measured with autocannon on
// a 24-product listing with aggregations and a product detail, for the seeded shop and for a 20,000-product
// one; plus the listing through app.fetch without TCP (how the gateway calls it in-process), a listing whose
// price filter changes on every request (no remembered results), and the seed time of both catalogues.
// Writes the head section of bench/RESULTS.md (the other benches keep theirs). Speed is measured here, never asserted in a test.

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per run
const CONNECTIONS = [1, 10];
const BENCH_ROOT = process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'shop-bench');
const LARGE_CATALOGUE = 20_000;
/** Other work on the machine skews the figures; the report says how busy it was when the run began. */
const LOAD_AT_START = loadavg()[0] ?? 0;

interface Row {
  catalogue: string;
  call: string;
  transport: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Target {
  listingPath: string;
  detailPath: string;
  categoryName: string;
  listingTotal: number;
}

const log = (line: string): void => console.info(line);

async function storeApiJson(shop: EmbeddedStoreApi, path: string, body: object): Promise<unknown> {
  const res = await shop.app.fetch(
    new Request(`http://bench.local/store-api${path}`, {
      method: 'POST',
      headers: { 'sw-access-key': shop.config.accessKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** The top category with the most products, and a product of it. */
async function findTarget(shop: EmbeddedStoreApi): Promise<Target> {
  const navigation = (await storeApiJson(shop, '/navigation/main-navigation/main-navigation', { depth: 1 })) as { id: string; name: string }[];
  let best: Target | undefined;
  for (const category of navigation) {
    const listing = (await storeApiJson(shop, `/product-listing/${category.id}`, { limit: 1, 'total-count-mode': 'exact' })) as {
      total: number;
      elements: { id: string }[];
    };
    const product = listing.elements[0];
    if (product && (!best || listing.total > best.listingTotal)) {
      best = { listingPath: `/store-api/product-listing/${category.id}`, detailPath: `/store-api/product/${product.id}`, categoryName: category.name, listingTotal: listing.total };
    }
  }
  if (!best) throw new Error('bench: no category with products');
  return best;
}

/** The listing through app.fetch: no TCP, no HTTP parsing — the cost of the Store API itself. */
async function measureInProcess(shop: EmbeddedStoreApi, target: Target, catalogue: string): Promise<Row> {
  const body = JSON.stringify({ limit: 24 });
  const call = async (): Promise<void> => {
    const res = await shop.app.fetch(
      new Request(`http://bench.local${target.listingPath}`, {
        method: 'POST',
        headers: { 'sw-access-key': shop.config.accessKey, 'content-type': 'application/json' },
        body,
      }),
    );
    await res.arrayBuffer();
  };
  for (let i = 0; i < 20; i++) await call(); // warm up caches and the JIT
  const samples: number[] = [];
  const started = performance.now();
  while (performance.now() - started < DURATION * 1000) {
    const t = performance.now();
    await call();
    samples.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    catalogue,
    call: 'listing, 24 products + aggregations',
    transport: 'in-process app.fetch',
    connections: 1,
    requestsPerSecond: samples.length / elapsed,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    errors: 0,
  };
}

async function measureHttp(shop: EmbeddedStoreApi, target: Target, catalogue: string): Promise<Row[]> {
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { 'sw-access-key': shop.config.accessKey, 'content-type': 'application/json' };
  const rows: Row[] = [];
  try {
    for (const [call, path, body] of [
      ['listing, 24 products + aggregations', target.listingPath, { limit: 24 }],
      ['product detail', target.detailPath, {}],
    ] as const) {
      // A short warm-up so the first measured second is not the JIT's.
      await autocannon({ url: `${origin}${path}`, method: 'POST', headers, body: JSON.stringify(body), connections: 1, duration: 1 });
      for (const connections of CONNECTIONS) {
        log(`bench: ${catalogue} · ${call} · ${connections} connection(s) · ${DURATION} s`);
        const result = await autocannon({ url: `${origin}${path}`, method: 'POST', headers, body: JSON.stringify(body), connections, duration: DURATION });
        rows.push({
          catalogue,
          call,
          transport: 'HTTP loopback',
          connections,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
        });
      }
    }
    // The Store API remembers listing results until the data changes (500 entries, oldest out first).
    // A max-price that differs on every request, cycling through more values than it remembers, makes
    // every request compute its listing: the cost a shopper pays for a filter nobody asked before.
    const uncached = 'listing, 24 products, new price filter each request';
    let sent = 0;
    const uncachedRequest = {
      method: 'POST' as const,
      path: target.listingPath,
      headers,
      setupRequest: (request: { body?: string }) => ({
        ...request,
        body: JSON.stringify({ limit: 24, 'max-price': 10 + ((sent++ % 5000) + 1) / 100 }),
      }),
    };
    await autocannon({ url: origin, requests: [uncachedRequest], connections: 1, duration: 1 });
    for (const connections of CONNECTIONS) {
      log(`bench: ${catalogue} · ${uncached} · ${connections} connection(s) · ${DURATION} s`);
      const result = await autocannon({ url: origin, requests: [uncachedRequest], connections, duration: DURATION });
      rows.push({
        catalogue,
        call: uncached,
        transport: 'HTTP loopback',
        connections,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return rows;
}

interface SeedTime {
  products: number;
  variants: number;
  mediaFiles: number;
  milliseconds: number;
}

/** Seeds a fresh catalogue in a folder of its own (removed after), timing seedShop itself. */
async function measureSeed(products: number): Promise<SeedTime> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-seed-'));
  try {
    const config = readStoreApiConfig({ ...process.env, DATA_DIR: dataDir });
    const db = openDatabase(config.databaseFile);
    log(`bench: seeding ${products} products into a fresh database to time it`);
    const summary = seedShop(db, config, { products });
    db.close();
    return { products: summary.products, variants: summary.variants, mediaFiles: summary.mediaFiles, milliseconds: summary.milliseconds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchCatalogue(label: string, dataDir: string, products?: number): Promise<{ rows: Row[]; target: Target }> {
  mkdirSync(dataDir, { recursive: true });
  const config = readStoreApiConfig({ ...process.env, DATA_DIR: dataDir });
  if (products !== undefined) {
    // The large catalogue is seeded once and reused: seeding 20,000 products is not what is measured.
    const db = openDatabase(config.databaseFile);
    const count = (() => {
      try {
        return (db.prepare('SELECT count(*) AS n FROM product WHERE parent_id IS NULL').get() as { n: number }).n;
      } catch {
        return 0;
      }
    })();
    if (count < products) {
      log(`bench: seeding ${products} products into ${dataDir} (kept for later runs; delete the folder to reseed)`);
      await seedShop(db, config, { products, log });
    }
    db.close();
  }
  const shop = await startEmbeddedStoreApi(config, log);
  try {
    const target = await findTarget(shop);
    log(`bench: ${label}: listing "${target.categoryName}" (${target.listingTotal} products)`);
    const rows = await measureHttp(shop, target, label);
    rows.push(await measureInProcess(shop, target, label));
    return { rows, target };
  } finally {
    shop.close();
  }
}

/** autocannon measures whole milliseconds (0 means under 1 ms); in-process samples are exact. */
function ms(value: number, transport: string): string {
  if (!Number.isFinite(value)) return '–';
  if (transport === 'HTTP loopback') return value < 1 ? '< 1' : String(Math.round(value));
  return value.toFixed(2);
}

function report(results: { label: string; rows: Row[]; target: Target }[], seeds: SeedTime[]): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmark: the embedded Store API',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/run.ts), NODE_ENV=production.`,
    `Machine: ${availableParallelism()} CPUs (nproc) · ${cpu} · ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM · Node ${process.version} · ${process.platform}/${process.arch}.`,
    `autocannon runs ${DURATION} s per row on the same machine as the server (the load generator shares the CPUs); 1-minute load average when the run began: ${LOAD_AT_START.toFixed(2)}.`,
    '',
    '**Targets (issue 2):** a listing answers in under **10 ms p50 at concurrency 1**; with **20,000 products** it stays under **20 ms p50**.',
    '',
    '| catalogue | call | transport | connections | requests/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const { rows } of results) {
    for (const r of rows) {
      lines.push(`| ${r.catalogue} | ${r.call} | ${r.transport} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50, r.transport)} | ${ms(r.p99, r.transport)} | ${r.errors} |`);
    }
  }
  lines.push('', 'Listing measured on the top category with the most products:');
  for (const { label, target } of results) lines.push(`- ${label}: "${target.categoryName}", ${target.listingTotal} products.`);
  lines.push(
    '',
    'autocannon reports latency in whole milliseconds; the in-process row (performance.now around `app.fetch`) shows the',
    'sub-millisecond cost of the Store API itself, without TCP and HTTP parsing. The "new price filter each request" rows',
    'vary max-price on every request, so the Store API computes each listing instead of answering from what it remembers.',
    '',
  );
  if (seeds.length > 0) {
    lines.push('**Seed time** (a fresh database, `seedShop`, including media files):', '', '| products | variants | media files | seconds |', '|---:|---:|---:|---:|');
    for (const seed of seeds) {
      lines.push(`| ${seed.products.toLocaleString('en')} | ${seed.variants.toLocaleString('en')} | ${seed.mediaFiles.toLocaleString('en')} | ${(seed.milliseconds / 1000).toFixed(1)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const results: { label: string; rows: Row[]; target: Target }[] = [];
const seeded = await benchCatalogue('seeded shop', join(BENCH_ROOT, 'default'));
results.push({ label: 'seeded shop', ...seeded });
if (!process.env.BENCH_SKIP_LARGE) {
  const label = `${LARGE_CATALOGUE.toLocaleString('en')} products`;
  const large = await benchCatalogue(label, join(BENCH_ROOT, `products-${LARGE_CATALOGUE}`), LARGE_CATALOGUE);
  results.push({ label, ...large });
}
const seeds = [await measureSeed(2_000)];
if (!process.env.BENCH_SKIP_LARGE) seeds.push(await measureSeed(LARGE_CATALOGUE));
const file = new URL('./RESULTS.md', import.meta.url);
// This section heads the file; the other benches' sections (from their first `<!-- ` mark on) stay as they are.
const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
const others = previous.indexOf('<!-- ');
writeFileSync(file, `${report(results, seeds).trimEnd()}\n${others >= 0 ? `\n${previous.slice(others)}` : ''}`);
log(`bench: wrote ${file.pathname}${existsSync(file) ? '' : ' (missing?)'}`);
process.exit(0);
