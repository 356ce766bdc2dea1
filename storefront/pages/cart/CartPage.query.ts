import { graphql } from 'react-relay/hooks';

// /checkout/cart: the shopper's cart (personal: never cached, not indexed) and bestsellers to add.
export const CartPageQuery = graphql`
  query CartPageQuery($locale: Locale!) {
    cart {
      ...CartPageView_cart
    }
    viewer {
      loggedIn
    }
    ...CartRecommendations_query @arguments(locale: $locale)
  }
`;
