import { listingParamsOfPage } from '../../features/catalog';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { SearchPageQuery } from './SearchPage.query';

const SEARCH_TERM_MAX_LENGTH = 200;

export default definePageQuery({
  query: SearchPageQuery,
  variables: (pageContext) => {
    // The gateway refuses terms over 200 characters; a pasted essay still searches for its beginning.
    const term = (pageContext.urlParsed.search.search ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH).trim();
    const { filters, sort, page } = listingParamsOfPage(pageContext);
    // The gateway refuses to search for nothing: an empty term shows the page without results.
    return { term, hasTerm: term !== '', locale: GRAPH_LOCALE[pageContext.locale], filters, sort, page };
  },
});
