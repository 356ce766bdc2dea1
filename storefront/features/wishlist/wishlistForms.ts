// The wishlist's kit forms (ADR 0023), apart from the account's forms: every product card's heart imports them.

/** The hearts (every product card and page) and the wishlist page's remove buttons post as these, to /wishlist. */
export const WISHLIST_FORMS = { add: 'wishlist-add', remove: 'wishlist-remove' } as const;

/** The hidden field with the product's Store API id. */
export const PRODUCT_ID_FIELD = 'productId';

/**
 * The hearts without scripts carry the product's id in one of these (WishlistHeart): the server shows the "remove"
 * one instead of the "add" one for the products on a logged-in customer's wishlist (server/wishlistHearts.ts).
 */
export const HEART_ADD_ATTRIBUTE = 'data-wishlist-add';
export const HEART_REMOVE_ATTRIBUTE = 'data-wishlist-remove';
