import { useSyncExternalStore } from 'react';
import { WISHLIST_CHANGED_EVENT, WISHLIST_STORAGE_KEY, readLocalWishlist } from './localWishlist';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === WISHLIST_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(WISHLIST_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(WISHLIST_CHANGED_EVENT, onChange);
  };
}

const readCount = (): number => readLocalWishlist(window.localStorage).length;
// The server cannot see local storage: it renders 0 and hydration matches it, then the real count shows.
const serverCount = (): number => 0;

/** How many products are on the shopper's local wishlist, kept current across tabs. */
export function useWishlistCount(): number {
  return useSyncExternalStore(subscribe, readCount, serverCount);
}
