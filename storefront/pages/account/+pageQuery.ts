import { requireLogin } from '../../features/account';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { AccountPageQuery$data } from './__generated__/AccountPageQuery.graphql';
import { AccountPageQuery } from './AccountPage.query';

export default definePageQuery({
  query: AccountPageQuery,
  variables: (pageContext) => {
    const path = pageContext.urlPathname;
    return {
      locale: GRAPH_LOCALE[pageContext.locale],
      overview: path === '/account',
      profile: path === '/account/profile',
      address: path === '/account/address',
      payment: path === '/account/payment',
      salutations: path === '/account/profile' || path === '/account/address',
    };
  },
  statusOf: (data, pageContext) => {
    // Logged out (anonymous, guest, or the registration not confirmed yet): to /login and back here afterwards.
    requireLogin((data as AccountPageQuery$data).viewer, pageContext);
    return 200;
  },
});
