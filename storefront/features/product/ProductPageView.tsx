import { graphql, useFragment } from 'react-relay/hooks';
import type { ProductPageView_route$key } from './__generated__/ProductPageView_route.graphql';
import { ProductBuyBox } from './ProductBuyBox';
import { ProductGallery } from './ProductGallery';
import { ProductJsonLd } from './ProductJsonLd';
import { ProductTabs } from './ProductTabs';
import { ReviewSlider } from './ReviewSlider';
import styles from './ProductPageView.module.css';

const fragment = graphql`
  fragment ProductPageView_route on ProductPage {
    product {
      id
      ...ProductGallery_product
      ...ProductBuyBox_product
      ...ProductTabs_product
      ...ReviewSlider_product
    }
    ...ProductJsonLd_route
  }
`;

interface ProductPageViewProps {
  route: ProductPageView_route$key;
  /** the shop's public origin (https://host) for the structured data's absolute URLs */
  origin?: string | null;
}

/**
 * The product page (SPEC §2): gallery and buy box, the text tabs, the review slider and the structured
 * data. The breadcrumbs are the layout's (the page passes route.breadcrumb to it).
 */
export function ProductPageView({ route, origin = null }: ProductPageViewProps) {
  const data = useFragment(fragment, route);
  return (
    // keyed by product: switching a variant starts the gallery, quantity and tabs afresh
    <article className={styles.page} key={data.product.id} data-testid="product-page">
      <div className={styles.top}>
        <ProductGallery product={data.product} />
        <ProductBuyBox product={data.product} />
      </div>
      <ProductTabs product={data.product} />
      <ReviewSlider product={data.product} />
      {/* server only: it writes the structured data into the HTML's head; the browser never needs it (nor its code) */}
      {import.meta.env.SSR ? <ProductJsonLd route={data} origin={origin} /> : null}
    </article>
  );
}
