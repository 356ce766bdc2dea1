import { redirect } from 'vike/abort';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { LoginPageQuery$data } from './__generated__/LoginPageQuery.graphql';
import { LoginPageQuery } from './LoginPage.query';
import { loginTargetOf } from '../../features/account';

export default definePageQuery({
  query: LoginPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
  statusOf: (data, pageContext) => {
    // Logged in already: straight on to where the login would lead.
    if ((data as LoginPageQuery$data).viewer?.loggedIn) throw redirect(loginTargetOf(pageContext));
    return 200;
  },
});
