import { GRAPH_LOCALE } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import { CartPageQuery } from './CartPage.query';

export default definePageQuery({
  query: CartPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
});
