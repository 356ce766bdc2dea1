import { listingParamsFromUrl } from '../../catalog/listingUrl';
import { GRAPH_LOCALE } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import { SearchPageQuery } from './SearchPage.query';

export default definePageQuery({
  query: SearchPageQuery,
  variables: (pageContext) => {
    const term = (pageContext.urlParsed.search.search ?? '').trim();
    const { filters, sort, page } = listingParamsFromUrl(pageContext.urlParsed.search);
    // The gateway refuses to search for nothing: an empty term shows the page without results.
    return { term, hasTerm: term !== '', locale: GRAPH_LOCALE[pageContext.locale], filters, sort, page };
  },
});
