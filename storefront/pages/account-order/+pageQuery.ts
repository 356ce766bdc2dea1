import { requireLogin } from '../../features/account';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { AccountOrderPageQuery$data } from './__generated__/AccountOrderPageQuery.graphql';
import { AccountOrderPageQuery } from './AccountOrderPage.query';

export default definePageQuery({
  query: AccountOrderPageQuery,
  variables: (pageContext) => {
    const orderId = pageContext.routeParams.orderId ?? '';
    return { locale: GRAPH_LOCALE[pageContext.locale], orderId, detail: orderId !== '' };
  },
  statusOf: (data, pageContext) => {
    const page = data as AccountOrderPageQuery$data;
    // Logged out: to /login and back here afterwards (SPEC §2).
    requireLogin(page.viewer, pageContext);
    // Not this customer's order: the 404 page.
    if (pageContext.routeParams.orderId && !page.order) return 404;
    return 200;
  },
});
