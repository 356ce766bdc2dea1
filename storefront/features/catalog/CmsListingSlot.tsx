import { graphql, useFragment } from 'react-relay/hooks';
import { useCmsPageSurroundings } from '../content';
import { ProductListingView } from './ProductListingView';
import type { CmsListingSlot_listing$key } from './__generated__/CmsListingSlot_listing.graphql';

/**
 * The CMS's product-listing slot shows the page's own listing, read with the URL's filters, sorting and
 * page (CategoryPageView passes it in). The slot's `listing` field is not read: it is always the
 * unfiltered first page, and selecting its products in every CMS slot would cost the page query more
 * than the gateway's complexity limit allows.
 */
export function CmsListingSlot({ listing }: { listing: CmsListingSlot_listing$key }) {
  const surroundings = useCmsPageSurroundings();
  const data = useFragment(
    graphql`
      fragment CmsListingSlot_listing on CmsProductListing {
        showSorting
      }
    `,
    listing,
  );
  if (!surroundings.listing) return null;
  return (
    <ProductListingView
      listing={surroundings.listing}
      source={surroundings.listingSource}
      showFilters={!surroundings.hasSidebarFilter}
      showSorting={data.showSorting}
    />
  );
}
