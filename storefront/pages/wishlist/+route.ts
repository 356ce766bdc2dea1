import type { PageContext } from 'vike/types';

// The wishlist (SPEC §2 /wishlist).
export default (pageContext: PageContext) => (pageContext.urlPathname === '/wishlist' ? { precedence: 10 } : false);
