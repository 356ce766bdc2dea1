import { useWishlistList } from './useWishlist';

/**
 * How many products are on the shopper's wishlist (the server's list when logged in, else the local one),
 * kept current across hearts and tabs. 0 on the server and during hydration, then the real count.
 */
export function useWishlistCount(): number {
  return useWishlistList().ids.length;
}
