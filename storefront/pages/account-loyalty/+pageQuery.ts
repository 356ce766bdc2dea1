import { requireLogin } from '../../features/account';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { AccountLoyaltyPageQuery$data } from './__generated__/AccountLoyaltyPageQuery.graphql';
import { AccountLoyaltyPageQuery } from './AccountLoyaltyPage.query';

export default definePageQuery({
  query: AccountLoyaltyPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
  statusOf: (data, pageContext) => {
    // Logged out: to /login and back here afterwards (SPEC §2).
    requireLogin((data as AccountLoyaltyPageQuery$data).viewer, pageContext);
    return 200;
  },
});
