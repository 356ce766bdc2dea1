import { graphql, useFragment } from 'react-relay/hooks';
import { ProductSlider } from './ProductSlider';
import type { CmsProductSliderSlot_slider$key } from './__generated__/CmsProductSliderSlot_slider.graphql';

/** A CMS product slider (e.g. the home page's bestsellers): its title and products in the editor's order. */
export function CmsProductSliderSlot({ slider }: { slider: CmsProductSliderSlot_slider$key }) {
  const data = useFragment(
    graphql`
      fragment CmsProductSliderSlot_slider on CmsProductSlider {
        title
        products {
          id
          ...ProductCard_product
        }
      }
    `,
    slider,
  );
  return <ProductSlider title={data.title} products={data.products} />;
}
