import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from './sourceHash';
import { CURRENT_LINK, DIST_DIR, isCompleteRelease, PERSISTED_QUERIES, RELEASE_MARK, RELEASES_DIR, SERVER_BUNDLE, SERVER_START, type ReleaseMark } from './releases';

// `npm run build` (and the first step of `npm start`): makes the release of the sources as they are, unless it exists,
// and points dist/current at it (ADR 0026). Built into a folder of its own and renamed into place when complete;
// one build at a time per checkout (a lock folder), so two starts at the same moment build once and both serve it.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOCK = join(ROOT, DIST_DIR, 'build.lock');
/** Releases kept besides the current one, for instances still running an older build. */
const KEPT_RELEASES = 5;
const LOCK_WAIT_MS = 10 * 60_000;

const say = (line: string) => console.info(`build: ${line}`);
// A release is a production build whoever runs it: under NODE_ENV=test (vitest) or development, Vite would compile
// JSX for React's development runtime, which a production server does not have.
process.env.NODE_ENV = 'production';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for the checkout's build lock; a lock whose build process died is taken over. */
async function lock(): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    } catch {
      // the owner has made the folder and not yet written its pid
    }
    if (Number.isInteger(owner) && owner > 0 && !isRunning(owner)) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`build: ${relative(ROOT, LOCK)} is held by process ${owner} for too long`);
    if (!told) say(`waiting for the build of process ${owner}`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** dist/current -> releases/<hash>, switched by renaming a new link over it (readers see the old or the new one). */
function pointCurrentAt(hash: string): void {
  const link = join(ROOT, CURRENT_LINK);
  const next = `${link}.${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(join('releases', hash), next);
  renameSync(next, link);
}

/** Old releases beyond the newest KEPT_RELEASES go, and unfinished builds of processes that died. */
function prune(currentHash: string): void {
  const releases = join(ROOT, RELEASES_DIR);
  const entries = readdirSync(releases).map((name) => ({ name, path: join(releases, name), mtime: statSync(join(releases, name)).mtimeMs }));
  for (const entry of entries) {
    const builder = /^\.tmp-\w+-(\d+)$/.exec(entry.name)?.[1];
    if (builder && !isRunning(Number(builder))) rmSync(entry.path, { recursive: true, force: true });
  }
  const finished = entries.filter((entry) => !entry.name.startsWith('.') && entry.name !== currentHash && isCompleteRelease(entry.path));
  for (const old of finished.sort((a, b) => b.mtime - a.mtime).slice(KEPT_RELEASES)) rmSync(old.path, { recursive: true, force: true });
}

async function buildRelease(hash: string, folder: string): Promise<void> {
  const started = Date.now();
  // relay-compiler: the artifacts the pages import and the persisted operations the release carries.
  const relay = spawnSync('npm', ['run', '--silent', 'relay'], { cwd: ROOT, stdio: 'inherit' });
  if (relay.status !== 0) throw new Error(`build: relay-compiler failed (${relay.status ?? relay.signal})`);
  // Loaded only when building: a start whose release exists checks the hash and nothing more.
  const [{ build: vikeBuild }, { build: bundle }] = await Promise.all([import('vike/api'), import('esbuild')]);
  await vikeBuild({ viteConfig: { root: ROOT, build: { outDir: folder } } });
  // The server, compiled: plain `node` starts it. Packages stay imports of node_modules (native ones among them).
  await bundle({
    entryPoints: [join(ROOT, 'server', 'index.ts')],
    outfile: join(folder, SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // React renders about 9 times slower in development mode: a release runs in production unless told otherwise.
  // Set before the bundle's imports load React.
  writeFileSync(join(folder, SERVER_START), `process.env.NODE_ENV ??= 'production';\nawait import('./${SERVER_BUNDLE}');\n`);
  copyFileSync(join(ROOT, PERSISTED_QUERIES), join(folder, PERSISTED_QUERIES));
  const mark: ReleaseMark = { hash, builtAt: new Date().toISOString() };
  writeFileSync(join(folder, RELEASE_MARK), `${JSON.stringify(mark, null, 2)}\n`);
  say(`release ${hash} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  mkdirSync(join(ROOT, RELEASES_DIR), { recursive: true });
  const hash = sourceHash(ROOT);
  const target = join(ROOT, RELEASES_DIR, hash);
  if (isCompleteRelease(target)) {
    pointCurrentAt(hash);
    say(`release ${hash} is up to date`);
    return;
  }
  const unlock = await lock();
  try {
    // Another start may have built it while this one waited.
    if (isCompleteRelease(target)) say(`release ${hash} is up to date`);
    else {
      const folder = join(ROOT, RELEASES_DIR, `.tmp-${hash}-${process.pid}`);
      rmSync(folder, { recursive: true, force: true });
      await buildRelease(hash, folder);
      renameSync(folder, target);
    }
    pointCurrentAt(hash);
    prune(hash);
  } finally {
    unlock();
  }
}

await main();
