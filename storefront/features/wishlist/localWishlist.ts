/**
 * SPEC §4: anonymous and guest shoppers keep their wishlist in local storage, as a JSON array of
 * product ids under this key. Logged-in customers use the server (the wishlist issue merges the local
 * list into it on login and clears it).
 */
export const WISHLIST_STORAGE_KEY = 'shop.wishlist';

/** Fired on `window` after this tab changed the stored list (`storage` events only reach other tabs). */
export const WISHLIST_CHANGED_EVENT = 'shop:wishlist-changed';

/** The product ids on the local wishlist; an empty list when storage is missing, blocked or garbled. */
export function readLocalWishlist(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  let raw: string | null;
  try {
    raw = storage?.getItem(WISHLIST_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings); the wishlist is then empty.
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return [...new Set(parsed.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** Stores the list and tells this tab's header about it. */
export function writeLocalWishlist(storage: Pick<Storage, 'setItem'>, productIds: readonly string[]): void {
  storage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify([...new Set(productIds)]));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(WISHLIST_CHANGED_EVENT));
}
