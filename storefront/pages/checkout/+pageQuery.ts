import { redirect } from 'vike/abort';
import { GRAPH_LOCALE, localizedPath } from '../../i18n/locales';
import { definePageQuery } from '../../relay/pageQueryDefinition';
import type { CheckoutPageQuery$data } from './__generated__/CheckoutPageQuery.graphql';
import { CheckoutPageQuery } from './CheckoutPage.query';

export default definePageQuery({
  query: CheckoutPageQuery,
  variables: (pageContext) => ({ locale: GRAPH_LOCALE[pageContext.locale] }),
  statusOf: (data, pageContext) => {
    // Nothing to order: the cart page says so and leads back to the shop.
    if ((data as CheckoutPageQuery$data).cart.isEmpty) throw redirect(localizedPath('/checkout/cart', pageContext.locale));
    return 200;
  },
});
