import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { ServicePagePageQuery$data } from './__generated__/ServicePagePageQuery.graphql';
import { ServicePagePageQuery } from './ServicePagePage.query';

export default definePageQuery({
  query: ServicePagePageQuery,
  // The path without the language prefix; the language comes from the page.
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale], path: pageContext.urlPathname }),
  statusOf: (data) => ((data as ServicePagePageQuery$data).article ? 200 : 404),
});
