import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// What a release is built from (ADR 0026): the shop's sources, the build's configuration and the lockfile. Tests,
// docs and generated files (relay-compiler's output is made from the sources) are not part of it, so a change
// there reuses the release.
export const RELEASE_INPUTS = [
  'server',
  'gateway',
  'store-api',
  'storefront',
  'patches',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'relay.config.js',
  'schema.graphql',
  'tsconfig.json',
];
const SKIPPED_DIRECTORY = new Set(['node_modules', '__generated__']);
const SKIPPED_FILE = /\.test\.tsx?$/;
/** Settings the build reads besides the files. */
const BUILD_SETTINGS = ['BUILD_SOURCEMAP'];

function filesOf(root: string, path: string): string[] {
  const full = join(root, path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return []; // an optional input (patches/) that is not there
  }
  if (!stat.isDirectory()) return SKIPPED_FILE.test(path) ? [] : [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_DIRECTORY.has(entry.name)))
    .flatMap((entry) => filesOf(root, join(path, entry.name)));
}

/** The release's name: 16 hex digits of the SHA-256 over every input's path and content (and the build settings). */
export function sourceHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files = RELEASE_INPUTS.flatMap((input) => filesOf(root, input))
    .map((file) => relative(root, join(root, file)).split(sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex').slice(0, 16);
}
