import type { PageContext } from 'vike/types';

// The account area's own pages (SPEC §2): the overview, personal data, addresses and the default payment
// method. Orders (pages/account-order), the VitalCard (pages/account-loyalty) and the password recovery
// (pages/account-recover) have page folders of their own; any other /account/… path is the 404.
const ACCOUNT_PAGES = ['/account', '/account/profile', '/account/address', '/account/payment'] as const;

export default (pageContext: PageContext) => (ACCOUNT_PAGES as readonly string[]).includes(pageContext.urlPathname);
