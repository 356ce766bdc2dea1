import { GRAPH_LOCALE } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import { ReturnsPageQuery } from './ReturnsPage.query';

export default definePageQuery({
  query: ReturnsPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
