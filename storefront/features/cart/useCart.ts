/**
 * "Add to cart" for product pages, listing cards and the add-to-cart page: the addToCart mutation with
 * the replace-or-cancel prompt on a Click & Collect / delivery conflict. The work lives in CartProvider
 * (the layouts wrap every page in it); this module keeps the import path the buy box uses.
 */
export { useCart, type CartAddition, type CartAddResult, type ShopCart } from './CartProvider';
