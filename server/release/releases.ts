import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The layout of the built shop (ADR 0026): every build is a folder of its own, never changed after it is complete,
//   dist/releases/<source hash>/  client/ (the browser's assets), server/ (Vike's SSR build), shop.mjs (the compiled
//                                 server), server.mjs (its start), persisted_queries.json, release.json (written last)
//   dist/current -> releases/<hash>   the release `node dist/current/server.mjs` starts, switched by a rename
// A running server resolved dist/current once, at its start: a later build cannot change the files it serves.

export const DIST_DIR = 'dist';
export const RELEASES_DIR = join(DIST_DIR, 'releases');
export const CURRENT_LINK = join(DIST_DIR, 'current');
/** Written last into a release folder: without it the folder is a build that did not finish. */
export const RELEASE_MARK = 'release.json';
/** The compiled server (esbuild) and the file that starts it with NODE_ENV=production unless set. */
export const SERVER_BUNDLE = 'shop.mjs';
export const SERVER_START = 'server.mjs';
export const PERSISTED_QUERIES = 'persisted_queries.json';

export interface ReleaseMark {
  hash: string;
  builtAt: string;
}

export function isCompleteRelease(folder: string): boolean {
  return existsSync(join(folder, RELEASE_MARK));
}

/**
 * The release this server runs from: the folder of the compiled server itself, or, run from the sources (tsx), the
 * one dist/current points at now (resolved once). Undefined when nothing is built.
 */
export function servedRelease(moduleUrl: string, root = process.cwd()): string | undefined {
  const ownFolder = dirname(fileURLToPath(moduleUrl));
  if (isCompleteRelease(ownFolder)) return ownFolder;
  const current = join(root, CURRENT_LINK);
  return existsSync(current) ? realpathSync(current) : undefined;
}

/** A file of a complete release: it never changes, so whoever reads it needs no look at its mtime again. */
export function isReleaseFile(file: string): boolean {
  return isCompleteRelease(dirname(file));
}

/** relay-compiler's operations of the pages this release serves; from the sources' folder when there is no release. */
export function persistedQueriesOf(releaseFolder: string | undefined): string {
  const file = releaseFolder === undefined ? PERSISTED_QUERIES : join(releaseFolder, PERSISTED_QUERIES);
  return existsSync(file) ? file : PERSISTED_QUERIES;
}

/**
 * Loads Vike's server build of `releaseFolder` (its entry registers the pages and the asset manifest), so page renders
 * use this release and not the one Vike's own lookup (@brillout/vite-plugin-server-entry) would find.
 */
export async function loadVikeBuild(releaseFolder: string): Promise<void> {
  const entry = join(releaseFolder, 'server', 'entry.mjs');
  if (existsSync(entry)) await import(pathToFileURL(entry).href);
}
