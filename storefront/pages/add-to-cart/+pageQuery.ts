import { addToCartRequest } from '../../features/cart';
import { GRAPH_LOCALE } from '../../platform/i18n/locales';
import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import { AddToCartPageQuery } from './AddToCartPage.query';

export default definePageQuery({
  query: AddToCartPageQuery,
  variables: (pageContext) => {
    const request = addToCartRequest(pageContext.urlParsed.search.productId, pageContext.urlParsed.search.quantity);
    // A malformed link asks the gateway nothing about a product.
    return { productId: request.ok ? request.productId : '', hasProduct: request.ok, locale: GRAPH_LOCALE[pageContext.locale] };
  },
  // A link to nothing (malformed, or no such product) is a 404 page with its message and a way to the shop.
  statusOf: (data, pageContext) => {
    const request = addToCartRequest(pageContext.urlParsed.search.productId, pageContext.urlParsed.search.quantity);
    return request.ok && data.product != null ? 200 : 404;
  },
});
