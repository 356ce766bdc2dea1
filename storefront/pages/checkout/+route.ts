import type { PageContext } from 'vike/types';

// The checkout page itself (SPEC §2): /checkout. The cart (/checkout/cart), the add-to-cart page and the
// order success pages (/checkout/success/…) have page folders of their own.
export default (pageContext: PageContext) => pageContext.urlPathname === '/checkout';
