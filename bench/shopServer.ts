import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { COUNTRY_CH_ID } from '../store-api/src/known-ids';
import { BenchShopper } from './support';

// The whole shop as `npm start` serves it, for the browser benches: the real server (the compiled release,
// NODE_ENV=production) as a child process on a free loopback port with a data folder of its
// own (seeded on its first start, kept for later runs), and the pages a bench looks at.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Debian's Chromium (the e2e tests use the same one) and the flags of the developers' guide. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface BenchPage {
  name: string;
  path: string;
}

export interface ShopServer {
  origin: string;
  /** CPU time the server process has used so far (user + system, all its threads), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time of another process as its own `process.cpuUsage()` would give it (getrusage: user + system of all
 * threads), read from /proc without any code in the server: 10 ms resolution, so measure a few seconds of load.
 */
function processCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

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

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      killGroup('SIGKILL'); // anything of the group left behind
      resolve();
    });
    killGroup('SIGTERM');
  });
}

/** Servers still running, killed when the bench ends (normally, on an error or on Ctrl-C). */
const running = new Set<ChildProcess>();
let exitHandlersInstalled = false;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function killOnExit(child: ChildProcess): void {
  if (!exitHandlersInstalled) {
    exitHandlersInstalled = true;
    process.on('exit', () => running.forEach(killGroup));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        running.forEach(killGroup);
        process.exit(130);
      });
    }
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * Starts the production server with `env` on top of the bench's, in `cwd` (default: this project), as the README's
 * production command does (`node dist/current/server.mjs`, ADR 0026), and waits for /health. Builds the release of
 * the sources first unless it exists. Stopped on `stop()`, and on exit or Ctrl-C.
 */
export async function startShopServer(dataDir: string, options: { env?: Record<string, string>; cwd?: string; /** e.g. --cpu-prof */ nodeArgs?: string[] } = {}): Promise<ShopServer> {
  const cwd = options.cwd ?? process.env.BENCH_SERVER_CWD ?? ROOT;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`bench: npm run build failed (${build.status ?? build.signal})`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const env = options.env ?? {};
  console.info(`bench: starting the server on ${origin} with DATA_DIR=${dataDir} ${JSON.stringify(env)} (seeded on its first start, kept for later runs)`);
  // Its own process group, so stopping it stops anything it started.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/current/server.mjs'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: origin, GRAPHIQL: 'false', ...env },
  });
  killOnExit(child);
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const deadline = Date.now() + 300_000; // a first start seeds the catalogue
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`bench: the server stopped (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (Date.now() > deadline) {
      await stop(child);
      throw new Error(`bench: the server did not answer /health within 5 minutes:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return { origin, cpuMs: () => processCpuMs(pid), stop: () => stop(child) };
}

async function html(origin: string, path: string): Promise<string> {
  const res = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

/** The path of the seed's first main category (from the navigation). */
export async function firstCategoryPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ navigation(depth: 2) { children { url } } }' }),
  });
  const body = (await res.json()) as { data?: { navigation?: { children: { url: string }[] }[] } };
  const categoryUrl = body.data?.navigation?.flatMap((top) => top.children)[0]?.url;
  if (!categoryUrl) throw new Error(`bench: no category in the navigation: ${JSON.stringify(body).slice(0, 300)}`);
  return new URL(categoryUrl, origin).pathname;
}

/** The first product linked from a listing page's HTML. */
export function firstProductPath(listingHtml: string, listingPath: string): string {
  const productPath = /href="(\/(?:[^"#?]*\/)?p1\d+)"/.exec(listingHtml)?.[1];
  if (!productPath) throw new Error(`bench: no product link on ${listingPath}`);
  return productPath;
}

/** Home, the seed's first main category and the first product listed on it. */
export async function benchPages(origin: string): Promise<BenchPage[]> {
  const categoryPath = await firstCategoryPath(origin);
  const productPath = firstProductPath(await html(origin, categoryPath), categoryPath);
  return [
    { name: 'home', path: '/' },
    { name: 'category listing', path: categoryPath },
    { name: 'product page', path: productPath },
  ];
}

/** The bench shop's database, read only (a confirmation hash, a member number). */
export function readBenchShop<T>(dataDir: string, sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(join(dataDir, 'shop.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

/** A new confirmed account, logged in by its confirmation. `insured`: its insurance number verified as well. */
export async function loggedInCustomer(origin: string, dataDir: string, insured: boolean): Promise<BenchShopper> {
  const customer = new BenchShopper(origin);
  const email = `bench-${insured ? 'insured' : 'customer'}-${Date.now()}@example.ch`;
  const address = { firstName: 'Bea', lastName: 'Bench', street: 'Marktgasse 5', zipcode: '3011', city: 'Bern', countryId: COUNTRY_CH_ID };
  const { register } = await customer.gql<{ register: { errors: unknown[] } }>('mutation ($input: RegisterInput!) { register(input: $input) { errors { code message } } }', {
    input: { guest: false, email, password: 'Bench-12345', firstName: 'Bea', lastName: 'Bench', billingAddress: address, acceptedDataProtection: true },
  });
  if (register.errors.length > 0) throw new Error(`bench: the registration of ${email} was refused: ${JSON.stringify(register.errors)}`);
  const hash = readBenchShop<{ hash: string }>(dataDir, 'SELECT double_opt_in_hash AS hash FROM customer WHERE email = ? AND guest = 0', email)?.hash;
  const { confirmRegistration } = await customer.gql<{ confirmRegistration: { viewer: { loggedIn: boolean } | null } }>(
    'mutation ($input: ConfirmRegistrationInput!) { confirmRegistration(input: $input) { viewer { loggedIn } } }',
    { input: { hash, em: createHash('sha1').update(email).digest('hex') } },
  );
  if (!confirmRegistration.viewer?.loggedIn) throw new Error(`bench: ${email} is not logged in after its confirmation`);
  if (insured) {
    const member = readBenchShop<{ number: string }>(dataDir, 'SELECT insurance_number AS number FROM insurer_member WHERE multi_medication_plan = 0 ORDER BY insurance_number LIMIT 1');
    const { verifyInsurance } = await customer.gql<{ verifyInsurance: { errors: unknown[] } }>('mutation ($n: String!) { verifyInsurance(insuranceNumber: $n) { errors { code } } }', { n: member!.number });
    if (verifyInsurance.errors.length > 0) throw new Error(`bench: the insurance number was refused: ${JSON.stringify(verifyInsurance.errors)}`);
  }
  // Its cookies hold the session and the language, as a browser keeps them (without the latter every page would set it again).
  return customer;
}
