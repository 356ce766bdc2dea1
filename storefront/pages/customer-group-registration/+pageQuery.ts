import { redirect } from 'vike/abort';
import { GRAPH_LOCALE, localizedPath } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { CustomerGroupRegistrationPageQuery$data } from './__generated__/CustomerGroupRegistrationPageQuery.graphql';
import { CustomerGroupRegistrationPageQuery } from './CustomerGroupRegistrationPage.query';

export default definePageQuery({
  query: CustomerGroupRegistrationPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale], customerGroupId: String(pageContext.routeParams.customerGroupId ?? '').toLowerCase() }),
  statusOf: (data, pageContext) => {
    const page = data as CustomerGroupRegistrationPageQuery$data;
    // A logged-in customer has an account already (as /register).
    if (page.viewer?.loggedIn) throw redirect(localizedPath('/account', pageContext.locale));
    return page.customerGroupRegistration ? 200 : 404;
  },
});
