import type { PageContext } from 'vike/types';

// The account area (SPEC §2): /account and everything under it.
export default (pageContext: PageContext) => /^\/account(\/|$)/.test(pageContext.urlPathname);
