import { graphql, useFragment } from 'react-relay/hooks';
import { useCmsPageSurroundings } from './cmsPageContext';
import { CategoryNavigation, CmsCrossSellingSlot, CmsListingSlot, CmsProductSliderSlot, ListingFilters, ProductCard } from '../catalog';
import { CmsFormSlot } from './CmsFormSlot';
import { CmsGallerySlot } from './CmsGallerySlot';
import { CmsImageSlot } from './CmsImageSlot';
import { CmsTextSlot } from './CmsTextSlot';
import { CmsVideoSlot } from './CmsVideoSlot';
import type { CmsSlot_slot$key } from './__generated__/CmsSlot_slot.graphql';

/**
 * One CMS element, drawn by the component of its kind. Kinds the gateway has no type for render nothing
 * rather than a broken box.
 */
export function CmsSlot({ slot }: { slot: CmsSlot_slot$key }) {
  const surroundings = useCmsPageSurroundings();
  const data = useFragment(
    graphql`
      fragment CmsSlot_slot on CmsSlot {
        slotId
        content {
          __typename
          ...CmsTextSlot_text @alias(as: "text")
          ...CmsImageSlot_image @alias(as: "image")
          ...CmsGallerySlot_gallery @alias(as: "gallery")
          ...CmsProductSliderSlot_slider @alias(as: "slider")
          ...CmsListingSlot_listing @alias(as: "listing")
          ...CmsCrossSellingSlot_crossSelling @alias(as: "crossSelling")
          ...CmsVideoSlot_video @alias(as: "video")
          ...CmsFormSlot_form @alias(as: "form")
          ... on CmsProductBox {
            product {
              ...ProductCard_product
            }
          }
          ... on CmsBuyBox {
            product {
              name
              url
            }
          }
          ... on CmsProductDescriptionReviews {
            product {
              name
              url
            }
          }
        }
      }
    `,
    slot,
  );
  const content = data.content;
  switch (content.__typename) {
    case 'CmsText':
      return content.text ? <CmsTextSlot text={content.text} /> : null;
    case 'CmsImage':
      return content.image ? <CmsImageSlot image={content.image} lead={data.slotId === surroundings.leadImageSlotId} /> : null;
    case 'CmsImageGallery':
      return content.gallery ? <CmsGallerySlot gallery={content.gallery} /> : null;
    case 'CmsProductSlider':
      return content.slider ? <CmsProductSliderSlot slider={content.slider} /> : null;
    case 'CmsProductListing':
      return content.listing ? <CmsListingSlot listing={content.listing} /> : null;
    case 'CmsCrossSelling':
      return content.crossSelling ? <CmsCrossSellingSlot crossSelling={content.crossSelling} /> : null;
    case 'CmsVideo':
      return content.video ? <CmsVideoSlot video={content.video} /> : null;
    case 'CmsForm':
      return content.form ? <CmsFormSlot form={content.form} /> : null;
    case 'CmsProductBox':
      return content.product ? <ProductCard product={content.product} /> : null;
    // A product page's buy box and texts belong to the product page (ProductPageView); anywhere else the
    // slot leads there.
    case 'CmsBuyBox':
    case 'CmsProductDescriptionReviews':
      return content.product ? (
        <p>
          <a href={content.product.url}>{content.product.name}</a>
        </p>
      ) : null;
    case 'CmsCategoryNavigation':
      return surroundings.navigation ? <CategoryNavigation category={surroundings.navigation} /> : null;
    case 'CmsSidebarFilter':
      return surroundings.listing ? <ListingFilters listing={surroundings.listing} /> : null;
    default:
      return null;
  }
}
