import type { PageContext } from 'vike/types';

// Checkout (SPEC §2): /checkout, /checkout/cart, /checkout/add-to-cart, /checkout/success/{id}[/paid|/unpaid].
export default (pageContext: PageContext) => /^\/checkout(\/|$)/.test(pageContext.urlPathname);
