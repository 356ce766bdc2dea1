import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPages } from './shopServer';
import { closedLoop, percentile, writeResultsSection } from './support';

// Start-up of the production runtime (issue 22, ADR 0026): time from the start command to the first /readyz 200 and
// the server's resident memory, on a built tree with data (`node dist/current/server.mjs`, the README's production
// command, and `npm start`, which checks the release first), on a fresh checkout (the sources alone: build, then a
// first start that seeds the shop; node_modules as installed), and after a load of catalogue pages.
// Replaces its own section of bench/RESULTS.md. Measured here, never asserted in a test.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const DATA_DIR = process.env.BENCH_STARTUP_DATA_DIR ?? join(tmpdir(), 'shop-bench', 'startup');
const SECTION_MARK = '<!-- start-up bench (bench/startup.ts) -->';
const LOAD_AT_START = loadavg()[0] ?? 0;
const PORT = 3900 + Math.floor(Math.random() * 90);
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Started {
  ms: number;
  child: ChildProcess;
  /** the server's own process (npm's child after its shell exec'd node) */
  serverPid: number;
}

function serverPidUnder(pid: number): number {
  const rows = execSync('ps -e -o pid=,ppid=,comm=', { encoding: 'utf8' }).trim().split('\n').map((line) => line.trim().split(/\s+/));
  let found = pid;
  for (let next = rows.find(([, parent]) => Number(parent) === found); next; next = rows.find(([, parent]) => Number(parent) === found)) found = Number(next[0]);
  return found;
}

const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function startAndWait(command: string[], cwd: string, dataDir: string): Promise<Started> {
  const began = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN, GRAPHIQL: 'false' },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench: ${command.join(' ')} exited ${child.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms: performance.now() - began, child, serverPid: serverPidUnder(child.pid!) };
}

function stop(started: Started): Promise<void> {
  return new Promise((resolve) => {
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

async function timedStarts(command: string[]): Promise<{ median: number; max: number; rssMb: number }> {
  const times: number[] = [];
  let rssMb = NaN;
  for (let run = 0; run < RUNS; run++) {
    const started = await startAndWait(command, ROOT, DATA_DIR);
    times.push(started.ms);
    rssMb = residentMb(started.serverPid);
    await stop(started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), max: times.at(-1)!, rssMb };
}

const ms = (value: number) => `${Math.round(value)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

// A built tree with data: the release of the sources, and a data folder seeded by a first start.
spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
mkdirSync(DATA_DIR, { recursive: true });
await stop(await startAndWait(['node', 'dist/current/server.mjs'], ROOT, DATA_DIR));
const plainNode = await timedStarts(['node', 'dist/current/server.mjs']);
const npmStart = await timedStarts(['npm', 'start']);
console.info(`bench: node ${ms(plainNode.median)}, npm start ${ms(npmStart.median)}`);

// Memory after a load of the catalogue pages (home, a listing, a product page; 10 shoppers without a session).
const loaded = await startAndWait(['node', 'dist/current/server.mjs'], ROOT, DATA_DIR);
const rssAfterStart = residentMb(loaded.serverPid);
const pages = await benchPages(ORIGIN);
const load10 = await closedLoop(
  async (_state, n) => {
    const page = pages[n % pages.length]!;
    const response = await fetch(`${ORIGIN}${page.path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${page.path}: ${response.status}`);
  },
  10,
  LOAD_SECONDS,
);
const rssAfterLoad = residentMb(loaded.serverPid);
await stop(loaded);

// A fresh checkout: the committed sources alone (node_modules as installed), built, then a first start that seeds.
const checkout = mkdtempSync(join(tmpdir(), 'shop-checkout-'));
execSync(`git -C ${JSON.stringify(ROOT)} archive HEAD | tar -x -C ${JSON.stringify(checkout)}`);
symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
const buildBegan = performance.now();
const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: checkout, stdio: 'inherit' });
if (build.status !== 0) throw new Error('bench: the fresh checkout did not build');
const buildMs = performance.now() - buildBegan;
const fresh = await startAndWait(['node', 'dist/current/server.mjs'], checkout, join(checkout, 'data'));
const freshRss = residentMb(fresh.serverPid);
await stop(fresh);
rmSync(checkout, { recursive: true, force: true });

const section = [
  SECTION_MARK,
  '',
  '## Start-up and memory (bench/startup.ts, issue 22)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${process.platform} ${process.arch}, Node ${process.version}, load average ${LOAD_AT_START.toFixed(1)} at the start`,
  '(the machine is shared: figures of a busy machine). From spawning the command to the first `/readyz` 200; median of',
  `${RUNS} starts. Target: under 2 s on a built tree with data.`,
  '',
  '| start | to /readyz 200 | resident memory after start |',
  '|---|---|---|',
  `| \`node dist/current/server.mjs\` (production command), built tree with data | ${ms(plainNode.median)} (max ${ms(plainNode.max)}) | ${plainNode.rssMb.toFixed(0)} MB |`,
  `| \`npm start\` (release check, then exec node), built tree with data | ${ms(npmStart.median)} (max ${ms(npmStart.max)}) | ${npmStart.rssMb.toFixed(0)} MB |`,
  `| fresh checkout (node_modules installed): \`npm run build\` | ${seconds(buildMs)} | |`,
  `| fresh checkout: first start, seeding the catalogue | ${seconds(fresh.ms)} | ${freshRss.toFixed(0)} MB |`,
  '',
  `Resident memory of one server: ${rssAfterStart.toFixed(0)} MB after start, ${rssAfterLoad.toFixed(0)} MB after ${LOAD_SECONDS} s of 10 shoppers`,
  `loading home, a listing and a product page (${Math.round(load10.requestsPerSecond)} pages/s, p50 ${ms(load10.p50)}; the page cache answers most).`,
  '`npm ci` itself is not timed here (the packages come from the machine\'s cache; better-sqlite3 compiles on a clean one).',
  '',
].join('\n');
console.info(section);
console.info(`bench: wrote ${writeResultsSection(SECTION_MARK, section)}`);
