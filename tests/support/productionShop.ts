import { execFileSync, spawn, spawnSync, type ChildProcess, type SpawnOptionsWithStdioTuple } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from './freePort';
import { fileURLToPath } from 'node:url';

// The shop started as in production (README, ADR 0026): `node dist/current/server.mjs`, or `npm start`, which builds
// only when the sources changed and then execs the same. For the tests that start the real process.

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The production command of the README, after `npm run build`. */
export const SERVER_START = 'dist/current/server.mjs';

/** `npm run build`: builds the release of the sources unless it exists (then it takes well under a second). */
export function ensureRelease(cwd = PROJECT_ROOT): void {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal}):\n${build.stdout}\n${build.stderr}`);
}

export interface ProductionShop {
  origin: string;
  process: ChildProcess;
  /** everything the process wrote to stdout and stderr so far */
  output(): string;
  /** its exit code (null after a signal) */
  exited: Promise<number | null>;
  stop(): void;
}

/**
 * Starts the shop on a free port with `env` on top of this process's and waits until `waitFor` answers 200.
 * `via: 'npm'` runs `npm start` (npm, then the server exec'd in its shell's place); default plain node;
 * `via: 'dev'` runs `npm run dev` (Vite's dev server, restarts on server changes); both npm ones in a process group
 * of their own, which `stop()` ends whole. `nodeArgs` go before the server file (e.g. `--import tsx --import preload.ts`).
 */
export async function startProductionShop(options: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  via?: 'node' | 'npm' | 'dev';
  nodeArgs?: string[];
  /** another server file for node than dist/current's (a release folder's own server.mjs) */
  serverFile?: string;
  waitFor?: string;
  timeoutMs?: number;
}): Promise<ProductionShop> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, PUBLIC_ORIGIN: origin, ...options.env };
  const spawnOptions: SpawnOptionsWithStdioTuple<'ignore', 'pipe', 'pipe'> = { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.via === 'npm' || options.via === 'dev' };
  const child =
    options.via === 'npm' || options.via === 'dev'
      ? spawn('npm', options.via === 'npm' ? ['start'] : ['run', 'dev'], spawnOptions)
      : spawn(process.execPath, [...(options.nodeArgs ?? []), options.serverFile ?? SERVER_START], spawnOptions);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => {
    // npm's child (the server exec'd by its shell) would outlive npm: the whole process group goes.
    if (!spawnOptions.detached) return void child.kill('SIGKILL');
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const shop: ProductionShop = { origin, process: child, output: () => output, exited, stop };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the shop stopped (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      if ((await fetch(`${origin}${options.waitFor ?? '/readyz'}`)).ok) return shop;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`the shop did not answer ${options.waitFor ?? '/readyz'} in time:\n${output}`);
}

/** The process and all its descendants (from `ps`), the process itself first. */
export function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of rows) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Whether the process still runs (a zombie waiting for its parent to collect it does not). */
export function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
