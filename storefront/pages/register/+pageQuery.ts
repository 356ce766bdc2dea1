import { redirect } from 'vike/abort';
import { GRAPH_LOCALE, localizedPath } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { RegisterPageQuery$data } from './__generated__/RegisterPageQuery.graphql';
import { RegisterPageQuery } from './RegisterPage.query';

export default definePageQuery({
  query: RegisterPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
  statusOf: (data, pageContext) => {
    // A logged-in customer has an account already.
    if ((data as RegisterPageQuery$data).viewer?.loggedIn) throw redirect(localizedPath('/account', pageContext.locale));
    return 200;
  },
});
