import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ensureWishlistState, serverWishlistSnapshot, subscribeWishlist, toggleWishlist, wishlistSnapshot, type ToggleResult, type WishlistSnapshot } from './wishlistStore';

/** The whole list (server ids when logged in, else the local ones), kept current; empty while hydrating. */
export function useWishlistList(): WishlistSnapshot {
  const snapshot = useSyncExternalStore(subscribeWishlist, wishlistSnapshot, serverWishlistSnapshot);
  useEffect(() => ensureWishlistState(), []);
  return snapshot;
}

/**
 * The heart of one product (SPEC §4): whether it is on the wishlist — the server's ids when logged in,
 * else localStorage — and a toggle that calls addToWishlist/removeFromWishlist or changes the local list.
 */
export function useWishlist(productId: string): { active: boolean; busy: boolean; toggle: () => Promise<ToggleResult> } {
  const { ids } = useWishlistList();
  const [busy, setBusy] = useState(false);
  const toggle = useCallback(async () => {
    setBusy(true);
    try {
      return await toggleWishlist(productId);
    } finally {
      setBusy(false);
    }
  }, [productId]);
  return { active: ids.includes(productId), busy, toggle };
}
