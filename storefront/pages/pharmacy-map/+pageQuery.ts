import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { finderParamsOf } from '../../features/pharmacies';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { PharmacyMapPageQuery } from './PharmacyMapPage.query';

export default definePageQuery({
  query: PharmacyMapPageQuery,
  variables: (pageContext) => {
    const { search, near } = finderParamsOf(pageContext.urlParsed.search);
    return { locale: GRAPH_LOCALE[pageContext.locale], search, near };
  },
});
