import { definePageQuery } from '../../platform/relay/pageQueryDefinition';
import type { CheckoutSuccessPageQuery$data } from './__generated__/CheckoutSuccessPageQuery.graphql';
import { CheckoutSuccessPageQuery } from './CheckoutSuccessPage.query';

export default definePageQuery({
  query: CheckoutSuccessPageQuery,
  variables: (pageContext) => ({ orderId: pageContext.routeParams.orderId, unpaid: pageContext.routeParams.result === 'unpaid' }),
  // Not this session's order (or none at all): the 404 page.
  statusOf: (data) => ((data as CheckoutSuccessPageQuery$data).order ? 200 : 404),
});
