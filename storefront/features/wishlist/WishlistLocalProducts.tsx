import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { WishlistLocalProductsQuery } from './__generated__/WishlistLocalProductsQuery.graphql';
import { WishlistGrid } from './WishlistGrid';

/** The global id the gateway gives a product (Relay `Node`): base64 of "Product:<Store API id>". */
export function productGlobalId(productId: string): string {
  return btoa(`Product:${productId}`);
}

/**
 * The products of the browser's local list, read by their ids (anonymous visitors and guests). Asked once
 * for the ids at mount; a removal only hides the card (`shownIds`), without a new request.
 */
export function WishlistLocalProducts({ ids, shownIds }: { ids: readonly string[]; shownIds: readonly string[] }) {
  const data = useLazyLoadQuery<WishlistLocalProductsQuery>(
    graphql`
      query WishlistLocalProductsQuery($ids: [ID!]!) {
        nodes(ids: $ids) {
          __typename
          ... on Product {
            productId
            ...ProductCard_product @alias(as: "card")
          }
        }
      }
    `,
    { ids: ids.map(productGlobalId) },
    { fetchPolicy: 'store-or-network' },
  );
  const products = data.nodes.flatMap((node) =>
    node && node.__typename === 'Product' && node.productId && node.card && shownIds.includes(node.productId) ? [{ productId: node.productId, card: node.card }] : [],
  );
  return <WishlistGrid products={products} />;
}
