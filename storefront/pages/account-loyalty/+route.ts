import type { PageContext } from 'vike/types';
import { LOYALTY_PATH } from '../../platform/navigation/loyaltyPath';

// The loyalty card area (SPEC §2 /account/my-{product}; the shop's card is the "VitalCard"). Precedence
// over the account area's catch-all route (pages/account/+route.ts).

export default (pageContext: PageContext) => (pageContext.urlPathname === LOYALTY_PATH ? { precedence: 10 } : false);
