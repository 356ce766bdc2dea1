import { graphql } from 'react-relay/hooks';

// /checkout: the cart, the checkout's choices and the session's customer, in one query (never cached).
export const CheckoutPageQuery = graphql`
  query CheckoutPageQuery($locale: Locale!) {
    cart {
      isEmpty
    }
    ...CheckoutPageView_query @arguments(locale: $locale)
  }
`;
