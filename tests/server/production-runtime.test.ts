import { spawn } from 'node:child_process';
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { Agent, request, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceHash } from '../../server/release/sourceHash';
import { testProducts } from '../gateway/shop-session';
import { copySeededDataDir } from '../support/shop';
import { ensureRelease, isAlive, processTree, PROJECT_ROOT, startProductionShop, type ProductionShop } from '../support/productionShop';

// Issue 22 (ADR 0026): the shop runs as the README's production command starts it (the compiled server under plain
// node, or `npm start`, which execs it). A stop signal to the outermost process finishes every request in flight,
// resets no kept-alive connection, closes the database and exits 0 with nothing left behind; a second instance or a
// new build never takes away the assets a running instance links.

const dataDirs: string[] = [];
const shops: ProductionShop[] = [];
let productId = '';

beforeAll(async () => {
  ensureRelease();
  productId = (await testProducts()).delivery.id;
}, 300_000);
afterAll(() => {
  for (const shop of shops) if (shop.process.exitCode === null && shop.process.signalCode === null) shop.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startProductionShop>[0]): Promise<ProductionShop> {
  const shop = await startProductionShop(options);
  shops.push(shop);
  return shop;
}

async function dataDir(): Promise<string> {
  const dir = await copySeededDataDir();
  dataDirs.push(dir);
  return dir;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GraphQL POST whose body arrives in two parts: in flight from its head on until `finish()` sends the rest. */
function graphqlInFlight(origin: string, agent: Agent, payload: object): { finish: () => void; answer: Promise<Answer> } {
  const body = JSON.stringify(payload);
  let req!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = request(`${origin}/graphql`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.flushHeaders();
    req.write(body.slice(0, 10));
  });
  return { finish: () => req.end(body.slice(10)), answer };
}

/** What became of a request: answered with its status, or the socket error's code. */
function outcome(origin: string, agent: Agent, path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(`answered ${res.statusCode}`));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const QUERY = { query: '{ languages { locale } }' };
const ADD_TO_CART = (id: string) => ({
  query: 'mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { productCount } errors { code } } }',
  variables: { input: { productId: id, quantity: 1 } },
});

describe.each([
  { command: 'node dist/current/server.mjs (the production command)', via: 'node' as const },
  { command: 'npm start', via: 'npm' as const },
])('SIGTERM to the outermost process of `$command`', ({ via }) => {
  it('answers all 30 requests in flight, resets no kept-alive connection, closes the database, exits 0 and leaves no process', async () => {
    const dir = await dataDir();
    const shop = await start({ dataDir: dir, via });
    // Kept-alive connections: `idle` has 10 open and idle when the signal comes, `busy` carries the 30 requests.
    const idle = new Agent({ keepAlive: true, maxSockets: 10 });
    const busy = new Agent({ keepAlive: true, maxSockets: 30 });
    expect(await Promise.all(Array.from({ length: 10 }, () => outcome(shop.origin, idle, '/healthz')))).toEqual(Array(10).fill('answered 200'));
    const inFlight = Array.from({ length: 30 }, (_, i) => graphqlInFlight(shop.origin, busy, i % 2 === 0 ? QUERY : ADD_TO_CART(productId)));
    await wait(500); // the server has read every request's head
    const tree = processTree(shop.process.pid!);
    const signalled = Date.now();
    shop.process.kill('SIGTERM');
    await wait(500);

    // Meanwhile: new requests find no instance here (refused, so a client or balancer retries elsewhere), and none of
    // the connections that were idle at the signal is reset under a request.
    expect(new Set(await Promise.all(Array.from({ length: 10 }, () => outcome(shop.origin, idle, '/graphql?query=%7B__typename%7D'))))).toEqual(new Set(['ECONNREFUSED']));
    expect(shop.process.exitCode).toBeNull(); // still draining

    for (const request of inFlight) request.finish();
    const answers = await Promise.all(inFlight.map((request) => request.answer));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    // each answer tells its client to close the connection (Connection: close), so none is reused for a later request
    expect(answers.map((answer) => answer.headers.connection)).toEqual(Array(30).fill('close'));
    answers.forEach((answer, i) => {
      const data = JSON.parse(answer.body).data;
      expect(data).toEqual(i % 2 === 0 ? { languages: [{ locale: 'DE' }, { locale: 'IT' }, { locale: 'FR' }] } : { addToCart: { cart: { productCount: 1 }, errors: [] } });
    });

    // Later requests through the same clients: never a reset (the connections were closed cleanly, or are refused).
    const later = await Promise.all(Array.from({ length: 30 }, () => outcome(shop.origin, busy, '/healthz')));
    expect(later).not.toContain('ECONNRESET');

    expect(await shop.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(tree.filter(isAlive)).toEqual([]);
    // The database was closed: SQLite folds its write-ahead log into the file and removes it when the last connection closes.
    expect(existsSync(join(dir, 'shop.sqlite-wal'))).toBe(false);
    expect(shop.output()).toContain('shutdown: done');
  }, 120_000);
});

/** Every /assets/ file a page's HTML links (stylesheets, the entry and its chunks, in the loader's list too). */
async function linkedAssets(origin: string, path: string): Promise<string[]> {
  const html = await (await fetch(`${origin}${path}`)).text();
  return [...new Set(html.match(/\/assets\/[\w./-]+\.(?:js|css)/g) ?? [])];
}

async function unreachable(origin: string, assets: string[]): Promise<string[]> {
  const statuses = await Promise.all(assets.map(async (asset) => ({ asset, status: (await fetch(`${origin}${asset}`)).status })));
  return statuses.filter((entry) => entry.status !== 200).map((entry) => `${entry.asset}: ${entry.status}`);
}

/** `npm run build` with other build settings (source maps): other sources, as far as the release is concerned. */
function buildOther(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const build = spawn('npm', ['run', '--silent', 'build'], { cwd: PROJECT_ROOT, env: { ...process.env, BUILD_SOURCEMAP: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.once('exit', (code) => resolve({ code, output }));
  });
}

describe('two instances of one checkout, one after the other', () => {
  afterAll(() => ensureRelease()); // dist/current back to the sources' release

  it('the first keeps serving every asset it links: a second start builds nothing, a new build goes beside it', async () => {
    const first = await start({ dataDir: await dataDir() });
    const assets = [...new Set([...(await linkedAssets(first.origin, '/')), ...(await linkedAssets(first.origin, '/it/'))])];
    expect(assets.filter((asset) => asset.endsWith('.js')).length).toBeGreaterThan(5);
    expect(assets.filter((asset) => asset.endsWith('.css')).length).toBeGreaterThan(0);
    const release = realpathSync(join(PROJECT_ROOT, 'dist', 'current'));

    // The same sources: `npm start` finds their release and builds nothing.
    const second = await start({ dataDir: await dataDir(), via: 'npm' });
    expect(second.output()).toMatch(/build: release \w+ is up to date/);
    expect(await unreachable(first.origin, assets)).toEqual([]);

    // Other sources, built twice at the same moment: one builds, the other waits and takes its release.
    rmSync(join(PROJECT_ROOT, 'dist', 'releases', sourceHash(PROJECT_ROOT, { BUILD_SOURCEMAP: 'true' })), { recursive: true, force: true }); // built by an earlier run
    const builds = await Promise.all([buildOther(), buildOther()]);
    expect(builds.map((build) => build.code)).toEqual([0, 0]);
    const built = builds.flatMap((build) => /build: release (\w+) built in/.exec(build.output)?.[1] ?? []);
    expect(built).toHaveLength(1);
    expect(builds.map((build) => build.output).join('\n')).toContain(`build: release ${built[0]} is up to date`);
    const rebuilt = join(PROJECT_ROOT, 'dist', 'releases', built[0]!);
    expect(rebuilt).not.toBe(release);

    // The new release serves (its own server file: other test files may point dist/current back meanwhile); the
    // first instance still every file it linked.
    const third = await start({ dataDir: await dataDir(), serverFile: join(rebuilt, 'server.mjs') });
    expect(await linkedAssets(third.origin, '/')).not.toEqual([]);
    expect(await unreachable(third.origin, await linkedAssets(third.origin, '/'))).toEqual([]);
    expect(await unreachable(first.origin, assets)).toEqual([]);
    expect((await fetch(`${first.origin}/it/`)).status).toBe(200);
  }, 300_000);
});
