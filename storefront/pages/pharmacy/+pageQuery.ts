import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { PharmacyPageQuery$data } from './__generated__/PharmacyPageQuery.graphql';
import { PharmacyPageQuery } from './PharmacyPage.query';

export default definePageQuery({
  query: PharmacyPageQuery,
  // The path without the language prefix, cut to what the gateway accepts (longer: no such pharmacy).
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale], path: pageContext.urlPathname.slice(0, 203) }),
  statusOf: (data) => ((data as PharmacyPageQuery$data).pharmacy ? 200 : 404),
});
