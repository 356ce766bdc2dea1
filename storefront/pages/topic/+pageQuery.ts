import { GRAPH_LOCALE } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import type { TopicPageQuery$data } from './__generated__/TopicPageQuery.graphql';
import { TopicPageQuery } from './TopicPage.query';

export default definePageQuery({
  query: TopicPageQuery,
  // The path without the language prefix; the language comes from the page.
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale], path: pageContext.urlPathname }),
  statusOf: (data) => ((data as TopicPageQuery$data).article ? 200 : 404),
});
