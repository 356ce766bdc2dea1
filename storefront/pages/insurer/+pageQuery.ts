import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { InsurerPageQuery } from './InsurerPage.query';

export default definePageQuery({
  query: InsurerPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
