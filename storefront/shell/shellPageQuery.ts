import { GRAPH_LOCALE } from '../platform/i18n/locales';
import { definePageQuery } from '../platform/relay/pageQueryDefinition';
import { ShellPageQuery } from './ShellPage.query';

/** The query of pages that show only the shell around their body. */
export const shellPageQuery = definePageQuery({
  query: ShellPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
