import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { MagazinePageQuery } from './MagazinePage.query';

/** ?category=…&page=… (links of the magazine's filter and pages). */
export default definePageQuery({
  query: MagazinePageQuery,
  variables: (pageContext) => {
    const search = pageContext.urlParsed.search;
    const category = search.category?.trim().slice(0, 255) || null;
    const page = Number.parseInt(search.page ?? '', 10);
    return { locale: GRAPH_LOCALE[pageContext.locale], category, page: Number.isInteger(page) && page > 1 ? Math.min(page, 1000) : 1 };
  },
});
