import { graphql } from 'react-relay/hooks';

// The product an add-to-cart link names: its name for the shopper, and whether it can be added at all.
export const AddToCartPageQuery = graphql`
  query AddToCartPageQuery($productId: ID!, $hasProduct: Boolean!, $locale: Locale!) {
    product(id: $productId, locale: $locale) @include(if: $hasProduct) {
      ...AddToCartView_product
    }
  }
`;
