import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { COUNTRY_CH_ID } from '../store-api/src/known-ids';
import { PAYMENT_METHOD_ID } from '../store-api/src/seed/reference-data';
import { firstCategoryPath, firstProductPath, loggedInCustomer, readBenchShop, startShopServer, type ShopServer } from './shopServer';
import { BenchShopper, percentile, writeResultsSection } from './support';

// `npm run bench` (issue 24): what one rendered page and one cart write cost the server, in CPU time.
// The real server (`node dist/current/server.mjs`, NODE_ENV=production) runs as a child process with the page cache
// off (PAGE_CACHE_TTL_SECONDS=0), so every page request renders. For each row: WARM_UP requests, then MEASURED
// requests one after the other; the CPU the server process used meanwhile (user + system of all its threads, read
// from /proc as its own process.cpuUsage() would give it), divided by MEASURED, next to requests/s, p50 and p99.
// CPU per request is steadier than requests/s on a shared machine: another process's load slows the clock, not the
// count of CPU milliseconds this one needs.
//
// BENCH_AB_BASE=../other-worktree (a built worktree of an older commit, beside this one): the same rows against
// that tree's server and this one's, alternately BENCH_AB_ROUNDS times each (default 3), written as the medians of
// both. Replaces its own section of bench/RESULTS.md. Speed is measured here, never asserted in a test.

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);
const MEASURED = Number(process.env.BENCH_REQUESTS ?? 300);
/** Orders are costlier to prepare (a guest, a cart, a payment method each): fewer of them. */
const ORDERS_WARM_UP = 10;
const ORDERS_MEASURED = Number(process.env.BENCH_ORDERS ?? 100);
const DATA_DIR = process.env.BENCH_RENDER_COST_DATA_DIR ?? join(tmpdir(), 'shop-bench', 'render-cost');
const AB_BASE = process.env.BENCH_AB_BASE;
const AB_ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const SECTION_MARK = '<!-- render-cost bench (bench/render-cost.ts) -->';
/** The before/after of BENCH_AB_BASE: a section of its own, kept when `npm run bench` writes the other. */
const AB_SECTION_MARK = '<!-- render-cost before/after (bench/render-cost.ts, BENCH_AB_BASE) -->';
const log = (line: string): void => console.info(line);
/** Hundreds of guest orders and accounts from 127.0.0.1 within the hour: the shop's flood limits would refuse them. */
const NO_ABUSE_LIMITS = { GUEST_CHECKOUTS_PER_ADDRESS_PER_HOUR: '1000000', ACCOUNT_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000000' };
/** For a CPU profile of one row: BENCH_ONLY names it (a part of its name), BENCH_SERVER_NODE_ARGS='--cpu-prof …'. */
const ONLY = process.env.BENCH_ONLY;
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * The lines as the cart answer carries them (the name is the line's label): the storefront's add to cart asks for no
 * product of a line, and `product { name }` cost a product read per add (about 13 % of its CPU).
 */
const ADD_TO_CART = `mutation AddToCart($input: AddToCartInput!) {
  addToCart(input: $input) { cart { id productCount totalPrice lineItems { id quantity totalPrice label } } errors { code message } } }`;
const UPDATE_CART_ITEM = `mutation UpdateCartItem($input: UpdateCartItemInput!) {
  updateCartItem(input: $input) { cart { id productCount totalPrice lineItems { id quantity totalPrice } } errors { code message } } }`;
const REGISTER_GUEST = `mutation Register($input: RegisterInput!) { register(input: $input) { viewer { id } errors { code message field } } }`;
const SET_PAYMENT = `mutation Pay($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { cart { id } errors { code message } } }`;
const PLACE_ORDER = `mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderId orderNumber totalPrice } errors { code message } } }`;

interface Row {
  what: string;
  requests: number;
  cpuMsPerRequest: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One request of a row; throws when the answer is not the one wanted. */
type Unit = (n: number) => Promise<void>;

/** `warmUp` runs, then `count` runs one after the other with the server's CPU time before and after. */
async function measure(server: ShopServer, what: string, unit: Unit, count = MEASURED, warmUp = WARM_UP): Promise<Row> {
  if (ONLY && !what.includes(ONLY)) return { what, requests: 0, cpuMsPerRequest: NaN, requestsPerSecond: NaN, p50: NaN, p99: NaN, errors: 0 };
  log(`bench: ${what} · ${warmUp} + ${count} requests`);
  for (let n = 0; n < warmUp; n++) await unit(n);
  const samples: number[] = [];
  let errors = 0;
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  for (let n = warmUp; n < warmUp + count; n++) {
    const t = performance.now();
    try {
      await unit(n);
      samples.push(performance.now() - t);
    } catch (error) {
      if (errors === 0) log(`bench: first error: ${(error as Error).message}`);
      errors += 1;
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpuMsPerRequest = (server.cpuMs() - cpuBefore) / count;
  samples.sort((a, b) => a - b);
  return { what, requests: count, cpuMsPerRequest, requestsPerSecond: samples.length / elapsed, p50: percentile(samples, 50), p99: percentile(samples, 99), errors };
}

/** A page's HTML as the shopper's browser asks for it; anything but a 200 is an error. */
async function page(origin: string, path: string, cookie?: string): Promise<void> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
}

function guestInput(n: number): Record<string, unknown> {
  const address = { firstName: 'Bench', lastName: `Kunde ${n}`, street: `Bahnhofstrasse ${n + 1}`, zipcode: '8001', city: 'Zürich', countryId: COUNTRY_CH_ID };
  return { guest: true, email: `bench-cost-${randomUUID()}@example.ch`, firstName: 'Bench', lastName: `Kunde ${n}`, billingAddress: address, acceptedDataProtection: true };
}

async function gqlOk<T extends Record<string, { errors?: unknown[] }>>(shopper: BenchShopper, query: string, variables: Record<string, unknown>): Promise<T> {
  const data = await shopper.gql<T>(query, variables);
  const errors = Object.values(data).flatMap((answer) => answer.errors ?? []);
  if (errors.length > 0) throw new Error(`refused: ${JSON.stringify(errors).slice(0, 200)}`);
  return data;
}

type PlaceOrder = { placeOrder: { order: { orderId: string } | null; errors: unknown[] } };

/** A shopper with `lines` products in the cart and the invoice chosen, ready to order. */
async function readyToOrder(shopper: BenchShopper, productIds: string[], lines: number, offset = 0): Promise<BenchShopper> {
  for (let line = 0; line < lines; line++) await gqlOk(shopper, ADD_TO_CART, { input: { productId: productIds[(offset + line) % productIds.length], quantity: 1 } });
  await gqlOk(shopper, SET_PAYMENT, { input: { paymentMethodId: PAYMENT_METHOD_ID.invoice } });
  return shopper;
}

/** Every row against the server of `cwd` (a built tree). */
async function measureServer(cwd: string): Promise<Row[]> {
  // A block of 127.0.0.1 left by an earlier run under the default limits holds for its hour whatever the limits now.
  if (existsSync(join(DATA_DIR, 'shop.sqlite'))) {
    const db = new Database(join(DATA_DIR, 'shop.sqlite'));
    db.prepare('DELETE FROM rate_limit').run();
    db.close();
  }
  const server = await startShopServer(DATA_DIR, { cwd, env: { PAGE_CACHE_TTL_SECONDS: '0', ...NO_ABUSE_LIMITS }, nodeArgs: SERVER_NODE_ARGS });
  try {
    const { origin } = server;
    // Deliverable, in-stock single products (as bench/checkout.ts picks them).
    const productIds = (
      readBenchShop<{ ids: string }>(
        DATA_DIR,
        `SELECT group_concat(id) AS ids FROM (SELECT id FROM product WHERE parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1 AND stock > 100
         AND click_collect_only = 0 AND prescription_required = 0 AND type = 'physical' ORDER BY product_number LIMIT 20)`,
      )?.ids ?? ''
    ).split(',');
    if (productIds.length < 10) throw new Error('bench: too few deliverable products in the seeded shop');
    const categoryPath = await firstCategoryPath(origin);
    const productPath = firstProductPath(await (await fetch(`${origin}${categoryPath}`)).text(), categoryPath);
    // A logged-in customer with one order (its page) and three products in the cart (cart and checkout pages).
    const customer = await readyToOrder(await loggedInCustomer(origin, DATA_DIR, false), productIds, 3);
    const { placeOrder } = await gqlOk<PlaceOrder>(customer, PLACE_ORDER, { input: { acceptedTerms: true, idempotencyKey: randomUUID() } });
    await readyToOrder(customer, productIds, 3, 3);
    const cookie = customer.cookieHeader;

    const rows: Row[] = [];
    rows.push(await measure(server, `product page, anonymous (GraphQL response cache)`, () => page(origin, productPath)));
    rows.push(await measure(server, `product page, logged-in customer`, () => page(origin, productPath, cookie)));
    rows.push(await measure(server, `category page, logged-in customer`, () => page(origin, categoryPath, cookie)));
    rows.push(await measure(server, `cart page (3 lines), logged-in customer`, () => page(origin, '/checkout/cart', cookie)));
    rows.push(await measure(server, `checkout page (3 lines), logged-in customer`, () => page(origin, '/checkout', cookie)));
    rows.push(await measure(server, `account order page, logged-in customer`, () => page(origin, `/account/order/${placeOrder.order!.orderId}`, cookie)));

    // addToCart: a new guest every 10 requests, so carts hold 1–10 lines as real ones do (the first add opens the session).
    let adder = new BenchShopper(origin);
    rows.push(
      await measure(server, 'addToCart mutation (carts of 1–10 lines)', async (n) => {
        if (n % 10 === 0) adder = new BenchShopper(origin);
        await gqlOk(adder, ADD_TO_CART, { input: { productId: productIds[n % productIds.length], quantity: 1 } });
      }),
    );
    // updateCartItem: one line of a five-line cart between quantity 1 and 2.
    const updater = new BenchShopper(origin);
    let lineItemId = '';
    for (let line = 0; line < 5; line++) {
      const { addToCart } = await gqlOk<{ addToCart: { cart: { lineItems: { id: string }[] }; errors: unknown[] } }>(updater, ADD_TO_CART, { input: { productId: productIds[line], quantity: 1 } });
      lineItemId = addToCart.cart.lineItems[0]!.id;
    }
    rows.push(await measure(server, 'updateCartItem mutation (5 lines)', (n) => gqlOk(updater, UPDATE_CART_ITEM, { input: { lineItemId, quantity: 1 + (n % 2) } }).then(() => undefined)));
    // placeOrder: guests prepared beforehand (registered, two lines, invoice), so only the order itself is measured.
    log(`bench: preparing ${ORDERS_WARM_UP + ORDERS_MEASURED} guests ready to order`);
    const guests: BenchShopper[] = [];
    for (let n = 0; n < ORDERS_WARM_UP + ORDERS_MEASURED; n++) {
      const guest = new BenchShopper(origin);
      await gqlOk(guest, REGISTER_GUEST, { input: guestInput(n) });
      guests.push(await readyToOrder(guest, productIds, 2, n));
    }
    rows.push(
      await measure(
        server,
        'placeOrder mutation (guest, 2 lines, invoice)',
        async (n) => {
          const { placeOrder: placed } = await gqlOk<PlaceOrder>(guests[n]!, PLACE_ORDER, { input: { acceptedTerms: true, idempotencyKey: randomUUID() } });
          if (!placed.order) throw new Error('no order');
        },
        ORDERS_MEASURED,
        ORDERS_WARM_UP,
      ),
    );
    return rows;
  } finally {
    await server.stop();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of each figure over several runs of the same rows. */
function medianRows(runs: Row[][]): Row[] {
  return runs[0]!.map((row, index) => {
    const of = (figure: keyof Omit<Row, 'what'>) => median(runs.map((run) => run[index]![figure]));
    return { what: row.what, requests: row.requests, cpuMsPerRequest: of('cpuMsPerRequest'), requestsPerSecond: of('requestsPerSecond'), p50: of('p50'), p99: of('p99'), errors: Math.max(...runs.map((run) => run[index]!.errors)) };
  });
}

const commitOf = (cwd: string): string => execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
const loadAverage = (): string => (loadavg()[0] ?? 0).toFixed(2);
const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

const ROOT = new URL('..', import.meta.url).pathname;
const header = (mark: string) => [
  mark,
  '# Benchmark: CPU per rendered page and per cart write (issue 24)',
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/render-cost.ts): the real server (\`node dist/current/server.mjs\`,`,
  'NODE_ENV=production, `PAGE_CACHE_TTL_SECONDS=0`: every page request renders) as a child process, called over loopback HTTP one request after',
  `the other. Each row: ${WARM_UP} requests to warm up, then ${MEASURED} (orders: ${ORDERS_WARM_UP} and ${ORDERS_MEASURED}); **CPU ms/request** is the server process's CPU time`,
  '(user + system of all its threads, /proc/<pid>/stat, what its own `process.cpuUsage()` gives, 10 ms resolution) over those requests divided by',
  'their number. The pages of the logged-in customer are rendered with the session: nothing cached but the shared menus and SEO URLs.',
  'Mutations go through the server\'s /graphql (gateway and embedded Store API in the one process).',
  `Machine: ${availableParallelism()} CPUs (nproc) · ${cpus()[0]?.model ?? 'unknown CPU'} · Node ${process.version} · ${process.platform}/${process.arch}; **shared with other work** (load average in each table).`,
  '',
  '**Targets (issue 24):** CPU per rendered page ≤ 5 ms; CPU per add to cart ≤ 4 ms.',
  '',
];

function table(rows: Row[]): string[] {
  return [
    '| request | requests | CPU ms/request | requests/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.what} | ${r.requests} | ${fixed(r.cpuMsPerRequest, 1)} | ${Math.round(r.requestsPerSecond)} | ${fixed(r.p50, 1)} | ${fixed(r.p99, 1)} | ${r.errors} |`),
  ];
}

let section: string[];
let mark = SECTION_MARK;
if (AB_BASE) {
  // Alternately the old tree and this one, so both see the same mix of the machine's other load.
  const base: Row[][] = [];
  const ours: Row[][] = [];
  const loads: string[] = [];
  for (let round = 0; round < AB_ROUNDS; round++) {
    loads.push(loadAverage());
    log(`bench: round ${round + 1}/${AB_ROUNDS}: ${AB_BASE} (base)`);
    base.push(await measureServer(AB_BASE));
    loads.push(loadAverage());
    log(`bench: round ${round + 1}/${AB_ROUNDS}: ${ROOT} (this tree)`);
    ours.push(await measureServer(ROOT));
  }
  mark = AB_SECTION_MARK;
  const before = medianRows(base);
  const after = medianRows(ours);
  section = [
    ...header(AB_SECTION_MARK),
    `**Before and after**, measured alternately ${AB_ROUNDS}× each (base, this tree, base, …); medians of the runs. Base: commit ${commitOf(AB_BASE)}; after: commit ${commitOf(ROOT)}${execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() ? ' with uncommitted changes' : ''}.`,
    `1-minute load average at the start of each run: ${loads.join(', ')}.`,
    '',
    '| request | CPU ms/request before | after | change | requests/s before | after | p50 ms before | after | p99 ms before | after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...before.map((b, index) => {
      const a = after[index]!;
      const change = `${a.cpuMsPerRequest <= b.cpuMsPerRequest ? '−' : '+'}${fixed(Math.abs(1 - a.cpuMsPerRequest / b.cpuMsPerRequest) * 100, 0)} %`;
      return `| ${b.what} | ${fixed(b.cpuMsPerRequest, 1)} | ${fixed(a.cpuMsPerRequest, 1)} | ${change} | ${Math.round(b.requestsPerSecond)} | ${Math.round(a.requestsPerSecond)} | ${fixed(b.p50, 1)} | ${fixed(a.p50, 1)} | ${fixed(b.p99, 1)} | ${fixed(a.p99, 1)} |`;
    }),
    '',
    'Each run\'s CPU ms/request, base | this tree:',
    '',
    ...before.map((b, index) => `- ${b.what}: ${base.map((run) => fixed(run[index]!.cpuMsPerRequest, 1)).join(', ')} | ${ours.map((run) => fixed(run[index]!.cpuMsPerRequest, 1)).join(', ')}`),
    '',
  ];
} else {
  const load = loadAverage();
  const rows = await measureServer(process.env.BENCH_SERVER_CWD ?? ROOT);
  section = [...header(SECTION_MARK), `Commit ${commitOf(ROOT)}; 1-minute load average when the run began: ${load}.`, '', ...table(rows), ''];
}
if (ONLY) log('bench: BENCH_ONLY: RESULTS.md left as it was');
else log(`bench: wrote the render-cost section to ${writeResultsSection(mark, section.join('\n'))}`);
log(section.join('\n'));
