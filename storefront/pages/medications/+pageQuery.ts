import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { MedicationsPageQuery } from './MedicationsPage.query';

export default definePageQuery({
  query: MedicationsPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
