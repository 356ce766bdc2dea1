import type { PageContext } from 'vike/types';

// Password reset, step 2 (SPEC §2): /account/recover?hash=… — the recovery mail's link, without layout.
// Precedence over nothing: the account area's route (pages/account/+route.ts) matches only its own paths.
export default (pageContext: PageContext) => pageContext.urlPathname === '/account/recover';
