import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { ImprintPageQuery } from './ImprintPage.query';

export default definePageQuery({
  query: ImprintPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
