/**
 * SPEC §4/§9: when a page's code cannot be loaded (a new release replaced the hashed files the open tab
 * knows), the browser reloads the page once; the reloaded path is remembered for 10 seconds so a page that
 * keeps failing does not reload in a loop.
 */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'reload-guard';

export interface ReloadMark {
  path: string;
  at: number;
}

/** Whether a failing page may reload now, given the last reload remembered. */
export function mayReload(last: ReloadMark | null, path: string, now: number): boolean {
  return !last || last.path !== path || now - last.at >= RELOAD_GUARD_MS;
}

function readMark(storage: Storage): ReloadMark | null {
  try {
    const mark = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as ReloadMark | null;
    return mark && typeof mark.path === 'string' && typeof mark.at === 'number' ? mark : null;
  } catch {
    return null;
  }
}

let installed = false;

/** Listens for Vite's failed code loads (vite:preloadError) and reloads once per path and 10 seconds. */
export function installReloadGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('vite:preloadError', (event) => {
    const path = window.location.pathname + window.location.search;
    const storage = window.sessionStorage;
    if (!mayReload(readMark(storage), path, Date.now())) return;
    event.preventDefault();
    storage.setItem(STORAGE_KEY, JSON.stringify({ path, at: Date.now() } satisfies ReloadMark));
    window.location.reload();
  });
}
