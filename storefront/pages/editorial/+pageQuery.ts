import { GRAPH_LOCALE } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import type { EditorialPageQuery$data } from './__generated__/EditorialPageQuery.graphql';
import { EditorialPageQuery } from './EditorialPage.query';

export default definePageQuery({
  query: EditorialPageQuery,
  // The path without the language prefix; the language comes from the page.
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale], path: pageContext.urlPathname }),
  statusOf: (data) => ((data as EditorialPageQuery$data).article ? 200 : 404),
});
