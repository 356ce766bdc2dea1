import { GRAPH_LOCALE } from '../../i18n/locales';
import { finderParamsOf } from '../../pharmacy/finderUrl';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import { PharmacyMapPageQuery } from './PharmacyMapPage.query';

export default definePageQuery({
  query: PharmacyMapPageQuery,
  variables: (pageContext) => {
    const { search, near } = finderParamsOf(pageContext.urlParsed.search);
    return { locale: GRAPH_LOCALE[pageContext.locale], search, near };
  },
});
