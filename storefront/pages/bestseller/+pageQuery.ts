import { listingParamsOfPage } from '../../features/catalog';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { BestsellerPageQuery } from './BestsellerPage.query';

export default definePageQuery({
  query: BestsellerPageQuery,
  variables: (pageContext) => {
    const { filters, sort, page } = listingParamsOfPage(pageContext);
    return { locale: GRAPH_LOCALE[pageContext.locale], filters, sort: sort ?? 'topseller', page };
  },
});
