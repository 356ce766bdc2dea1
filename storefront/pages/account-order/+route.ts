import type { PageContext } from 'vike/types';

// The customer's orders (SPEC §2): /account/order and /account/order/{id} ({id}: the Store API order id,
// 32 hex). Precedence over the account area's catch-all route (pages/account/+route.ts).
const ORDER_PAGE = /^\/account\/order(?:\/([0-9a-fA-F]{32}))?$/;

export default (pageContext: PageContext) => {
  const match = ORDER_PAGE.exec(pageContext.urlPathname);
  if (!match) return false;
  return { precedence: 10, routeParams: { orderId: match[1]?.toLowerCase() ?? '' } };
};
