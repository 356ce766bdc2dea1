import { rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { readStoreApiConfig } from '../store-api/src/config';
import { startEmbeddedStoreApi } from '../store-api/src/embedded';
import { COUNTRY_CH_ID } from '../store-api/src/known-ids';
import { PAYMENT_METHOD_ID } from '../store-api/src/seed/reference-data';
import { BenchShopper as Shopper, closedLoop, startGatewayServer, writeResultsSection, type Stats } from './support';

// `npm run bench` (last): the cart and the checkout through the GraphQL gateway over loopback HTTP, on a
// freshly seeded shop of its own (carts and orders are written). Every simulated shopper keeps its own
// session cookie, as a browser does.
//  1. addToCart mutation and cart query: requests/s, p50, p99 at 1 and 10 connections.
//  2. 200 guest checkouts at once (register as guest, add to cart, invoice, place order — each order sent
//     twice at the same moment with one idempotency key, as a double click would): then the orders are
//     counted in the database: exactly one per shopper, none lost, none duplicated.
// Replaces its own section of bench/RESULTS.md. Speed is measured here, never asserted in a test.

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP = 2;
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const DATA_DIR = join(process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'shop-bench'), 'checkout');
const LOAD_AT_START = loadavg()[0] ?? 0;
const SECTION_MARK = '<!-- checkout bench (bench/checkout.ts) -->';
const log = (line: string): void => console.info(line);

const ADD_TO_CART = `mutation AddToCart($input: AddToCartInput!) {
  addToCart(input: $input) { cart { id productCount totalPrice lineItems { id quantity totalPrice product { name } } } errors { code message } } }`;
const CART = `query Cart { cart { id productCount positionPrice shippingCosts totalPrice
  freeShipping { missingAmount } expectedDelivery { earliest latest }
  lineItems { id label quantity unitPrice totalPrice taxRate product { name url cover { url } } } } }`;
const REGISTER_GUEST = `mutation Register($input: RegisterInput!) { register(input: $input) { viewer { id } errors { code message field } } }`;
const SET_PAYMENT = `mutation Pay($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { cart { id } errors { code message } } }`;
const PLACE_ORDER = `mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderId orderNumber totalPrice } errors { code message } } }`;

function guestInput(n: number): Record<string, unknown> {
  const address = { firstName: 'Bench', lastName: `Kunde ${n}`, street: `Bahnhofstrasse ${n + 1}`, zipcode: '8001', city: 'Zürich', countryId: COUNTRY_CH_ID };
  return { guest: true, email: `bench-${n}@example.ch`, firstName: 'Bench', lastName: `Kunde ${n}`, billingAddress: address, acceptedDataProtection: true };
}

rmSync(DATA_DIR, { recursive: true, force: true });
const shop = await startEmbeddedStoreApi(readStoreApiConfig({ ...process.env, DATA_DIR }), log);
const { origin, close } = await startGatewayServer(shop);

// Deliverable, in-stock single products (no variants, no Click & Collect only, no downloads).
const productIds = shop.db
  .prepare(
    `SELECT id FROM product WHERE parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1 AND stock > 100
     AND click_collect_only = 0 AND prescription_required = 0 AND type = 'physical' ORDER BY product_number LIMIT 20`,
  )
  .pluck()
  .all() as string[];
if (productIds.length < 5) throw new Error('bench: too few deliverable products in the seeded shop');

interface Row extends Stats {
  what: string;
  connections: number;
}

try {
  const rows: Row[] = [];
  const addToCart = async (shopper: Shopper, n: number): Promise<void> => {
    await shopper.gql(ADD_TO_CART, { input: { productId: productIds[n % productIds.length], quantity: 1 } });
  };
  const readCart = async (shopper: Shopper): Promise<void> => {
    await shopper.gql(CART);
  };
  const filledShopper = (): Shopper => new Shopper(origin);
  for (const connections of [1, 10]) {
    await closedLoop(addToCart, connections, WARM_UP, filledShopper);
    log(`bench: addToCart · ${connections} connection(s) · ${DURATION} s`);
    rows.push({ what: 'addToCart mutation', connections, ...(await closedLoop(addToCart, connections, DURATION, filledShopper)) });
  }
  // Carts of five lines, filled before the loop starts.
  const cartShoppers: Shopper[] = [];
  for (let i = 0; i < 10; i++) {
    const shopper = new Shopper(origin);
    for (let line = 0; line < 5; line++) await addToCart(shopper, i + line);
    cartShoppers.push(shopper);
  }
  let next = 0;
  const cartShopper = (): Shopper => cartShoppers[next++ % cartShoppers.length]!;
  for (const connections of [1, 10]) {
    await closedLoop(readCart, connections, WARM_UP, cartShopper);
    log(`bench: cart query · ${connections} connection(s) · ${DURATION} s`);
    rows.push({ what: 'cart query (5 lines)', connections, ...(await closedLoop(readCart, connections, DURATION, cartShopper)) });
  }

  // 200 guest checkouts at once, each order submitted twice with one key.
  const ordersBefore = shop.db.prepare('SELECT count(*) FROM "order"').pluck().get() as number;
  log(`bench: ${CHECKOUTS} concurrent guest checkouts`);
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: CHECKOUTS }, async (_, n) => {
      const shopper = new Shopper(origin);
      await shopper.gql(REGISTER_GUEST, { input: guestInput(n) });
      await shopper.gql(ADD_TO_CART, { input: { productId: productIds[n % productIds.length], quantity: 1 + (n % 3) } });
      await shopper.gql(SET_PAYMENT, { input: { paymentMethodId: PAYMENT_METHOD_ID.invoice } });
      const idempotencyKey = randomUUID();
      const place = () => shopper.gql<{ placeOrder: { order: { orderId: string } | null; errors: { code: string }[] } }>(PLACE_ORDER, { input: { acceptedTerms: true, idempotencyKey } });
      const [first, second] = await Promise.all([place(), place()]);
      const ids = new Set([first.placeOrder.order?.orderId, second.placeOrder.order?.orderId]);
      if (ids.size !== 1 || ids.has(undefined)) throw new Error(`double submit answered ${JSON.stringify([first, second])}`);
      return [...ids][0]!;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const placed = outcomes.filter((o): o is PromiseFulfilledResult<string> => o.status === 'fulfilled').map((o) => o.value);
  const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed.length) log(`bench: ${failed.length} checkout(s) failed, first: ${String(failed[0]!.reason)}`);
  const ordersAfter = shop.db.prepare('SELECT count(*) FROM "order"').pluck().get() as number;
  const perCustomer = shop.db
    .prepare(`SELECT max(n) FROM (SELECT count(*) AS n FROM "order" o JOIN customer c ON c.id = o.customer_id WHERE c.email LIKE 'bench-%' GROUP BY c.email)`)
    .pluck()
    .get() as number | null;
  const distinctPlaced = new Set(placed).size;

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '–');
  const lines = [
    SECTION_MARK,
    '# Benchmark: cart and checkout through the gateway',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/checkout.ts): the gateway and the embedded`,
    'Store API in one process on a freshly seeded shop of its own, called over loopback HTTP; every simulated shopper keeps its own session cookie.',
    `Machine: ${availableParallelism()} CPUs (nproc) · ${cpu} · Node ${process.version}; ${DURATION} s per row; 1-minute load average at start: ${LOAD_AT_START.toFixed(2)}.`,
    '',
    '| operation | connections | requests/s | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.what} | ${r.connections} | ${Math.round(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`),
    '',
    `**${CHECKOUTS} guest checkouts at once** (register as guest, add to cart, invoice, place order sent twice at the same moment with one idempotency key):`,
    '',
    `- took ${seconds.toFixed(1)} s (${(CHECKOUTS / seconds).toFixed(1)} checkouts/s); ${placed.length} succeeded, ${failed.length} failed.`,
    `- orders written: ${ordersAfter - ordersBefore} for ${distinctPlaced} distinct answered order ids; most orders for one shopper: ${perCustomer ?? 0}.`,
    `- verdict: ${ordersAfter - ordersBefore === CHECKOUTS && distinctPlaced === CHECKOUTS && perCustomer === 1 ? '**nothing lost, nothing duplicated**' : '**MISMATCH — see the counts above**'}.`,
    '',
  ];
  const written = writeResultsSection(SECTION_MARK, lines.join('\n'));
  log(`bench: wrote the checkout section to ${written}`);
} finally {
  await close();
  shop.close();
}
process.exit(0);
