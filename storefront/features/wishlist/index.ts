// The wishlist feature as other features and pages see it: import it from here, never from its files.
export { useMergeLocalWishlist, useWishlistLogout } from './mergeOnLogin';
export { useWishlistList } from './useWishlist';
export { useWishlistCount } from './useWishlistCount';
export { WishlistGrid, WishlistRefusal } from './WishlistGrid';
export { WishlistHeart, WishlistHeartForm } from './WishlistHeart';
export { WishlistLocalProducts } from './WishlistLocalProducts';
export { default as wishlistPageStyles } from './WishlistPage.module.css';
export { wishlistFromViewer } from './wishlistStore';
