import { createContext, useContext } from 'react';
import type { CategoryNavigation_category$key, ListingFilters_listing$key, ProductListingView_listing$key, ListingSource } from '../catalog';

/**
 * What a CMS page's slots need from the page around it. The CMS's product-listing slot is always read
 * as the first page with the default sorting (the gateway cannot pass the URL's filters into it), so a
 * category page hands in its own `productListing(filters, sort, page)` and the listing and
 * sidebar-filter slots show that instead. The category-navigation slot has no data of its own either.
 */
export interface CmsPageSurroundings {
  listing: (ProductListingView_listing$key & ListingFilters_listing$key) | null;
  listingSource: ListingSource | null;
  /** The category whose sub-categories the category-navigation slot lists. */
  navigation: CategoryNavigation_category$key | null;
  /** The page has a sidebar-filter slot: the listing slot then leaves its filters out. */
  hasSidebarFilter: boolean;
  /** The image slot at the top of the page (first block of the first section): loaded at once, not lazily. */
  leadImageSlotId: string | null;
}

export const CmsPageContext = createContext<CmsPageSurroundings>({
  listing: null,
  listingSource: null,
  navigation: null,
  hasSidebarFilter: false,
  leadImageSlotId: null,
});

export function useCmsPageSurroundings(): CmsPageSurroundings {
  return useContext(CmsPageContext);
}
