import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import type { CartRecommendations_query$key } from './__generated__/CartRecommendations_query.graphql';
import { ProductSlider } from '../catalog';

const SHOWN = 8;

/**
 * Products to add from the cart page (SPEC §2): the shop's bestsellers, as on /t/bestseller (the whole
 * catalogue by sales), in the usual product cards with their own add-to-cart. Products already in the
 * cart are left out.
 */
export function CartRecommendations({ query, inCart }: { query: CartRecommendations_query$key; inCart: ReadonlySet<string> }) {
  const data = useFragment(
    graphql`
      fragment CartRecommendations_query on Query @argumentDefinitions(locale: { type: "Locale" }) {
        context {
          homeProductListing(sort: "topseller", limit: 12, locale: $locale) {
            nodes {
              id
              productId
              ...ProductCard_product
            }
          }
        }
      }
    `,
    query,
  );
  const { t } = useTranslation('cart');
  const products = data.context.homeProductListing.nodes.filter((product) => !inCart.has(product.productId)).slice(0, SHOWN);
  return <ProductSlider title={t('recommendations.title')} products={products} />;
}
