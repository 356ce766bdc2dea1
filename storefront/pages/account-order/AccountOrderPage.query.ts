import { graphql } from 'react-relay/hooks';

// /account/order (the list, first page of the connection) and /account/order/{id} (one order with the
// payment methods for a change or retry). Personal: never cached, never indexed.
export const AccountOrderPageQuery = graphql`
  query AccountOrderPageQuery($locale: Locale!, $orderId: ID!, $detail: Boolean!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    viewer {
      id
      loggedIn
    }
    ...OrderList_query @skip(if: $detail) @alias(as: "orderList")
    order(id: $orderId) @include(if: $detail) {
      orderId
      orderNumber
      ...OrderDetail_order
    }
    checkout @include(if: $detail) {
      paymentMethods {
        ...PaymentMethodChoice_methods
      }
    }
  }
`;
