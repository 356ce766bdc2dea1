import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { CssPageQuery } from './CssPage.query';

export default definePageQuery({
  query: CssPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
