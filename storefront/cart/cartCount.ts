/**
 * The seam for the header's cart count. The cart issue replaces the body: the count is the quantity of
 * the cart's product line items, read in the browser after hydration by a small query of its own, so the
 * page's HTML stays anonymous and cacheable. Until then the cart is always empty.
 */
export function useCartCount(): number {
  return 0;
}
