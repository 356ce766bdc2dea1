import type { PageContext } from 'vike/types';

// The order pages after placing an order (SPEC §2): /checkout/success/{id}, …/paid and …/unpaid, where
// {id} is the Store API order id (32 hex). Anything else under /checkout/success is left to the 404.
const ORDER_PAGE = /^\/checkout\/success\/([0-9a-fA-F]{32})(?:\/(paid|unpaid))?$/;

export default (pageContext: PageContext) => {
  const match = ORDER_PAGE.exec(pageContext.urlPathname);
  if (!match) return false;
  return { routeParams: { orderId: match[1]!.toLowerCase(), result: match[2] ?? 'placed' } };
};
