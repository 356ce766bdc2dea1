import { graphql } from 'react-relay/hooks';

// /wishlist: the shell, and for a logged-in customer the server wishlist's products. Anonymous visitors
// and guests read their local list in the browser (WishlistLocalProducts). Personal: never cached.
export const WishlistPageQuery = graphql`
  query WishlistPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    viewer {
      id
      loggedIn
      wishlistProductIds
      wishlist(first: 100) {
        productId
        ...ProductCard_product
      }
    }
  }
`;
