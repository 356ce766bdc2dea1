import { graphql } from 'react-relay/hooks';

// An order page: the order (null when it is not this session's → 404) and, on the unpaid page, the
// payment methods for a retry.
export const CheckoutSuccessPageQuery = graphql`
  query CheckoutSuccessPageQuery($orderId: ID!, $unpaid: Boolean!) {
    order(id: $orderId) {
      orderId
      ...OrderSuccessView_order
      ...OrderPaidView_order
      ...OrderUnpaidView_order
    }
    checkout @include(if: $unpaid) {
      paymentMethods {
        ...PaymentMethodChoice_methods
      }
    }
  }
`;
