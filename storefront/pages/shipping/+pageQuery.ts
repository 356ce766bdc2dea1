import { GRAPH_LOCALE } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import { ShippingPageQuery } from './ShippingPage.query';

export default definePageQuery({
  query: ShippingPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
