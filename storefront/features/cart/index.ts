// The cart feature as other features and pages see it: import it from here, never from its files.
export { AddToCartView } from './AddToCartView';
export { cartChangedElsewhere, useCartCount } from './cartCount';
export { CartPageView } from './CartPageView';
export { CartProvider } from './CartProvider';
export { addToCartRequest, blocksCheckout, cartRedirectNotice } from './cartRules';
export { LineItemOptions } from './LineItemOptions';
export { allowedQuantity, initialQuantity, purchaseBounds, steppedQuantity } from './purchaseQuantity';
export { useCart } from './useCart';
