import { BrandRef } from './brand';
import { builder } from './builder';
import { ListingFilterInput, ProductListingRef, readListing, readListingArgs } from './listing';
import { readSalesChannelContext } from './shop-context';

// A brand's products as a full listing: the sales channel's whole catalogue (its navigation root
// category, POST /product-listing/{categoryId}) narrowed to the brand with Shopware's `manufacturer`
// listing parameter, so price, property, rating and free-shipping filters, sortings and paging behave
// exactly as on a category page.

builder.objectField(BrandRef, 'listing', (t) =>
  t.field({
    type: ProductListingRef,
    description:
      'The brand’s products, filtered, sorted and paged like a category listing (the catalogue listing narrowed to this brand; brand filters given are ignored).',
    args: {
      filters: t.arg({ type: ListingFilterInput, required: false, description: 'Filters (price, properties, rating, free shipping).' }),
      sort: t.arg.string({ required: false, description: 'A key of availableSortings, e.g. price-asc (default: the shop’s).' }),
      page: t.arg.int({ required: false, description: 'Page number from 1.' }),
      limit: t.arg.int({ required: false, description: 'Products per page, 1 to 100 (default: the shop’s).' }),
      first: t.arg.int({ required: false, description: 'Relay: products per page (instead of limit).' }),
      after: t.arg.string({ required: false, description: 'Relay: the endCursor of the previous page (instead of page).' }),
    },
    resolve: async (brand, args, ctx) => {
      const listingArgs = readListingArgs(args);
      const filters = { ...(listingArgs.filters ?? { propertyIds: [] }), brandIds: [brand.data.id] };
      const shop = await readSalesChannelContext(ctx, brand.languageId);
      const categoryId = shop.salesChannel.navigationCategoryId;
      const listing = await readListing(ctx, brand.languageId, { ...listingArgs, filters }, (body) =>
        ctx.store(brand.languageId).invoke('readProductListing post /product-listing/{categoryId}', {
          pathParams: { categoryId },
          body,
        }),
      );
      // the brand is fixed on its page: no brand facet to offer
      const aggregations = { ...(listing.data.aggregations as unknown as Record<string, unknown>) };
      delete aggregations.manufacturer;
      return { ...listing, data: { ...listing.data, aggregations: aggregations as unknown as typeof listing.data.aggregations } };
    },
  }),
);
