import { redirect } from 'vike/abort';
import { GRAPH_LOCALE, localizedPath } from '../../platform/i18n/locales';
import { PHARMACY_SEARCH_PARAMETER } from '../../features/checkout';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { CheckoutPageQuery$data } from './__generated__/CheckoutPageQuery.graphql';
import { CheckoutPageQuery } from './CheckoutPage.query';

export default definePageQuery({
  query: CheckoutPageQuery,
  variables: (pageContext) => {
    const pharmacySearch = pageContext.urlParsed.search[PHARMACY_SEARCH_PARAMETER];
    return { locale: GRAPH_LOCALE[pageContext.locale], withPharmacies: pharmacySearch !== undefined, pharmacySearch: pharmacySearch?.trim() || null };
  },
  statusOf: (data, pageContext) => {
    // Nothing to order: the cart page says so and leads back to the shop.
    if ((data as CheckoutPageQuery$data).cart.isEmpty) throw redirect(localizedPath('/checkout/cart', pageContext.locale));
    return 200;
  },
});
