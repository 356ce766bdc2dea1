import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

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
  stop(): Promise<void>;
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
export async function startShopServer(dataDir: string, options: { env?: Record<string, string>; cwd?: string } = {}): Promise<ShopServer> {
  const cwd = options.cwd ?? process.env.BENCH_SERVER_CWD ?? ROOT;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`bench: npm run build failed (${build.status ?? build.signal})`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const env = options.env ?? {};
  console.info(`bench: starting the server on ${origin} with DATA_DIR=${dataDir} ${JSON.stringify(env)} (seeded on its first start, kept for later runs)`);
  // Its own process group, so stopping it stops anything it started.
  const child = spawn(process.execPath, ['dist/current/server.mjs'], {
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
  return { origin, stop: () => stop(child) };
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
