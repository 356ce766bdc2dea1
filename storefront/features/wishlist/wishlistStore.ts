import { graphql } from 'react-relay/hooks';
import { fetchQuery } from 'relay-runtime';
import { browserEnvironment } from '../../platform/relay/browserEnvironment';
import type { wishlistStoreStateQuery$data } from './__generated__/wishlistStoreStateQuery.graphql';
import { hasCustomerHint, rememberLoggedIn } from './customerHint';
import { WISHLIST_CHANGED_EVENT, WISHLIST_STORAGE_KEY, readLocalWishlist, writeLocalWishlist } from './localWishlist';

/**
 * The shopper's wishlist in the browser (SPEC §4): the server's list for logged-in customers, the local
 * list (localStorage) for anonymous visitors and guests. One store for the whole visit, so every heart
 * and the header count follow a change at once, without a reload.
 */
export interface WishlistSnapshot {
  /** the list is the server's (a logged-in customer) */
  readonly loggedIn: boolean;
  readonly ids: readonly string[];
}

/** The Store API accepts at most this many ids per merge. */
export const MERGE_LIMIT = 100;

const StateQuery = graphql`
  query wishlistStoreStateQuery {
    viewer {
      id
      loggedIn
      wishlistProductIds
    }
  }
`;

// ---- state ---------------------------------------------------------------------------------------------

/** null until the gateway answered (or never asked): the local list is shown meanwhile. */
let server: WishlistSnapshot | null = null;
let requested = false;
let pending: Promise<void> | null = null;
let checkedInThisTask = false;
const listeners = new Set<() => void>();

const EMPTY: WishlistSnapshot = Object.freeze({ loggedIn: false, ids: Object.freeze([]) as readonly string[] });

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function rawLocal(): string | null {
  try {
    return storage()?.getItem(WISHLIST_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

let cached: { raw: string | null; server: WishlistSnapshot | null; snapshot: WishlistSnapshot } | undefined;

/** The current list; the same object while nothing changed (useSyncExternalStore needs that). */
export function wishlistSnapshot(): WishlistSnapshot {
  const raw = rawLocal();
  if (cached && cached.raw === raw && cached.server === server) return cached.snapshot;
  const snapshot: WishlistSnapshot = server?.loggedIn ? server : { loggedIn: false, ids: readLocalWishlist(storage()) };
  cached = { raw, server, snapshot };
  return snapshot;
}

/** What the server renders and hydration starts from: nothing on the list (the HTML stays anonymous). */
export function serverWishlistSnapshot(): WishlistSnapshot {
  return EMPTY;
}

function setServer(next: WishlistSnapshot | null): void {
  server = next;
  notifyAll();
}

// One pair of window listeners for all hearts (a listing has two dozen): each tells every subscriber.
function notifyAll(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === WISHLIST_STORAGE_KEY) notifyAll();
}

export function subscribeWishlist(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage);
    window.addEventListener(WISHLIST_CHANGED_EVENT, notifyAll);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(WISHLIST_CHANGED_EVENT, notifyAll);
  };
}

// ---- the gateway -----------------------------------------------------------------------------------------

/** The list's mutations load with the first change, not with every page (wishlistServer.ts). */
const wishlistServer = () => import('./wishlistServer');

function clearLocal(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(WISHLIST_STORAGE_KEY);
  } catch {
    // blocked storage: nothing was stored either
  }
  window.dispatchEvent(new Event(WISHLIST_CHANGED_EVENT));
}

/**
 * SPEC §4: the local items go to the server list and the local list is cleared. On failure the local list
 * stays, and the next page load tries again. Answers whether the merge happened.
 */
async function mergeLocal(ids: readonly string[]): Promise<boolean> {
  const payload = await (await wishlistServer()).mergeWishlist(ids.slice(0, MERGE_LIMIT));
  if (!payload || payload.errors.length > 0) return false;
  clearLocal();
  setServer({ loggedIn: true, ids: payload.productIds });
  return true;
}

/** Asks the gateway who is logged in and what is on their list; merges a leftover local list. */
function loadState(): Promise<void> {
  requested = true;
  pending = fetchQuery(browserEnvironment(), StateQuery, {}, { fetchPolicy: 'network-only' })
    .toPromise()
    .then(async (data) => {
      const viewer = (data as wishlistStoreStateQuery$data | undefined)?.viewer;
      const loggedIn = !!viewer?.loggedIn;
      rememberLoggedIn(loggedIn);
      setServer(loggedIn && viewer ? { loggedIn: true, ids: viewer.wishlistProductIds } : { loggedIn: false, ids: [] });
      const local = readLocalWishlist(storage());
      if (loggedIn && local.length > 0) await mergeLocal(local);
    })
    .catch(() => {
      // Unreachable gateway: the local list shows; the next page load asks again.
      requested = false;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** sessionStorage flag: this tab already asked whether a local list must be merged (see below). */
const LOCAL_CHECKED_KEY = 'shop.wishlist-checked';

function localListChecked(): boolean {
  try {
    if (window.sessionStorage.getItem(LOCAL_CHECKED_KEY) === '1') return true;
    window.sessionStorage.setItem(LOCAL_CHECKED_KEY, '1');
  } catch {
    // no sessionStorage (blocked, or not a browser): ask, as on a first visit
  }
  return false;
}

/**
 * After hydration: asks the gateway once per page load, only when there is something to learn — the
 * browser was last logged in (hint cookie). A local list without the hint is checked once per tab (a
 * login the hint missed must still merge it); anonymous visitors otherwise cost no request.
 */
export function ensureWishlistState(): void {
  if (requested || checkedInThisTask || typeof document === 'undefined') return;
  // The hearts of one render all call this in the same task: the cookie and the storage are read once.
  checkedInThisTask = true;
  queueMicrotask(() => {
    checkedInThisTask = false;
  });
  if (!hasCustomerHint(document.cookie) && (readLocalWishlist(storage()).length === 0 || localListChecked())) return;
  void loadState();
}

/** The outcome of a heart click: whether the product is on the list now, and the shop's message on failure. */
export interface ToggleResult {
  active: boolean;
  /** the gateway's message (ShopError.message), '' when it could not be reached */
  error?: string;
}

/** Puts the product on the list or takes it off: the server's list when logged in, else the local one. */
export async function toggleWishlist(productId: string): Promise<ToggleResult> {
  if (pending) await pending;
  const current = server;
  if (current?.loggedIn) {
    const had = current.ids.includes(productId);
    // Optimistic: the heart and the count change at once, and go back if the gateway refuses.
    setServer({ loggedIn: true, ids: had ? current.ids.filter((id) => id !== productId) : [...current.ids, productId] });
    const lists = await wishlistServer();
    const payload = had ? await lists.removeFromWishlist(productId) : await lists.addToWishlist(productId);
    if (!payload || payload.errors.length > 0) {
      if (server?.loggedIn) setServer(current);
      return { active: had, error: payload?.errors[0]?.message ?? '' };
    }
    setServer({ loggedIn: true, ids: payload.productIds });
    return { active: payload.productIds.includes(productId) };
  }
  const store = storage();
  const local = readLocalWishlist(store);
  const had = local.includes(productId);
  try {
    if (!store) throw new Error('no storage');
    writeLocalWishlist(store, had ? local.filter((id) => id !== productId) : [...local, productId]);
  } catch {
    return { active: had, error: '' };
  }
  return { active: !had };
}

/**
 * A page whose query already asked for the viewer (wishlist page, account pages) tells the store what it
 * learned, so no second request is needed: the server list of a logged-in customer (and a leftover local
 * list is merged into it), or "not logged in".
 */
export function wishlistFromViewer(viewer: { readonly loggedIn: boolean; readonly wishlistProductIds?: readonly string[] | null } | null | undefined): void {
  if (typeof window === 'undefined') return;
  const loggedIn = !!viewer?.loggedIn;
  rememberLoggedIn(loggedIn);
  if (pending) return;
  requested = true;
  if (!loggedIn) {
    if (server?.loggedIn !== false) setServer({ loggedIn: false, ids: [] });
    return;
  }
  if (!server?.loggedIn && viewer?.wishlistProductIds) setServer({ loggedIn: true, ids: viewer.wishlistProductIds });
  else if (!server?.loggedIn) {
    void loadState();
    return;
  }
  const local = readLocalWishlist(storage());
  if (local.length > 0) {
    pending = mergeLocal(local)
      .then(() => undefined)
      .finally(() => {
        pending = null;
      });
  }
}

/** After a login (SPEC §4): remembers it, merges the local list into the server's and clears it. */
export async function wishlistAfterLogin(): Promise<void> {
  rememberLoggedIn(true);
  if (pending) await pending;
  await loadState();
}

/** After a logout: the local (empty) list again, and no more requests for it. */
export function wishlistAfterLogout(): void {
  rememberLoggedIn(false);
  requested = true;
  setServer({ loggedIn: false, ids: [] });
}

/** Tests only: forget everything learned during this visit. */
export function resetWishlistStateForTests(): void {
  server = null;
  requested = false;
  pending = null;
  cached = undefined;
}
