import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { CmsPage, HomePageView } from '../content';
import { ProductListingView } from './ProductListingView';
import { ShopHtml } from '../../ui/ShopHtml';
import styles from './CategoryPageView.module.css';
import type { CategoryPageView_route$key } from './__generated__/CategoryPageView_route.graphql';

/**
 * A category page (/cp/… and SEO paths): breadcrumbs, title, introduction, and the category's CMS page
 * with the listing read for the URL's filters, sorting and page. The CMS's own listing slot is always the
 * unfiltered first page, so the page's `productListing(filters…)` takes its place (CmsListingSlot).
 * The page query passes `listingParamsFromUrl(search)` as filters, sort and page. The tree's root (the
 * home page, level 1) shows its CMS page alone; pass `withListing: false` there to skip its listing.
 */
export function CategoryPageView({ route, withBreadcrumbs = true }: { route: CategoryPageView_route$key; withBreadcrumbs?: boolean }) {
  const data = useFragment(
    graphql`
      fragment CategoryPageView_route on CategoryPage
      @argumentDefinitions(
        filters: { type: "ListingFilterInput" }
        sort: { type: "String" }
        page: { type: "Int" }
        limit: { type: "Int", defaultValue: 24 }
        withListing: { type: "Boolean!", defaultValue: true }
      ) {
        category {
          categoryId
          level
          name
          description
          breadcrumb {
            name
            url
          }
          cmsPage {
            sections {
              blocks {
                slots {
                  type
                }
              }
            }
            ...CmsPage_page
          }
          productListing(filters: $filters, sort: $sort, page: $page, limit: $limit) @include(if: $withListing) {
            ...ProductListingView_listing
            ...ListingFilters_listing
          }
          ...CategoryNavigation_category
          ...HomePageView_category
        }
      }
    `,
    route,
  );
  const category = data.category;
  const listing = category.productListing ?? null;
  const source = useMemo(() => ({ categoryId: category.categoryId }), [category.categoryId]);
  const cmsHasListing = category.cmsPage?.sections.some((s) => s.blocks.some((b) => b.slots.some((slot) => slot.type === 'product-listing'))) ?? false;
  if (category.level <= 1) return <HomePageView category={category} />;
  return (
    <div className={styles.page}>
      {withBreadcrumbs && <Breadcrumbs items={category.breadcrumb} />}
      <h1 className={styles.title}>{category.name}</h1>
      <ShopHtml html={category.description} className={styles.description} />
      {category.cmsPage && <CmsPage page={category.cmsPage} listing={listing} listingSource={source} navigation={category} />}
      {/* Without a CMS page, or one without a listing slot, the listing follows the introduction. */}
      {listing && !cmsHasListing && <ProductListingView listing={listing} source={source} />}
    </div>
  );
}
