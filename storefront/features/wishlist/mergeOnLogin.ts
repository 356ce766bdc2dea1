import { useCallback } from 'react';
import { wishlistAfterLogin, wishlistAfterLogout } from './wishlistStore';

/**
 * Call the returned function right after a successful login (or a registration confirmation that logs
 * in): SPEC §4 — the browser's local wishlist is merged into the customer's server wishlist
 * (mergeWishlist) and then cleared; hearts and the header count switch to the server list. It never
 * throws: on failure the local list stays and the next page load merges it.
 */
export function useMergeLocalWishlist(): () => Promise<void> {
  return useCallback(() => wishlistAfterLogin().catch(() => undefined), []);
}

/** Call after a logout: hearts and the header count show the (empty) local list again. */
export function useWishlistLogout(): () => void {
  return useCallback(() => wishlistAfterLogout(), []);
}
