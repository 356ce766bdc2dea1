import type { StoreApiApp } from '../app';
import { applyIncludes } from '../dal/includes';
import { parseCriteria, readCriteriaInput } from '../dal/parse-criteria';
import { requireAccount } from '../domain/customer';
import { addToWishlist, findWishlist, mergeWishlist, removeFromWishlist, wishlistNotFound, wishlistProductIds } from '../domain/wishlist';
import { loadProducts } from '../entities/product';
import { readBody } from '../request';

// The customer's server wishlist (Shopware's /customer/wishlist routes; logged-in accounts only, guests and
// anonymous visitors keep theirs in the browser, SPEC §4).

/** Shopware's default page size of the wishlist's product search. */
const DEFAULT_LIMIT = 24;

export function registerWishlistRoutes(app: StoreApiApp): void {
  app.on(['GET', 'POST'], '/customer/wishlist', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireAccount(ctx);
    const criteria = parseCriteria(await readCriteriaInput(c), { entity: 'product', maxLimit: c.get('deps').config.maxLimit });
    const wishlist = findWishlist(ctx, customer.id);
    if (!wishlist) throw wishlistNotFound();
    const ids = wishlistProductIds(ctx, wishlist.id);
    const limit = criteria.limit ?? DEFAULT_LIMIT;
    const page = Math.max(1, criteria.page);
    const pageIds = ids.slice((page - 1) * limit, page * limit);
    const elements = loadProducts(ctx, pageIds, criteria);
    // Shopware's schema types the products as a ProductListingResult: no sortings or filters apply here.
    const body = {
      wishlist: { id: wishlist.id, customerId: wishlist.customer_id, salesChannelId: wishlist.sales_channel_id, apiAlias: 'customer_wishlist' },
      products: {
        entity: 'product',
        total: ids.length,
        aggregations: [],
        page,
        limit,
        elements,
        sorting: null,
        currentFilters: { navigationId: ctx.salesChannel.navigationCategoryId, manufacturer: [], price: { min: 0, max: 0 }, rating: null, 'shipping-free': false, properties: [] },
        availableSortings: [],
        states: [],
        apiAlias: 'product_listing',
      },
      apiAlias: 'wishlist_products',
    };
    return c.json(applyIncludes(body, criteria.includes, criteria.excludes));
  });

  app.post('/customer/wishlist/add/:productId', (c) => {
    const ctx = c.get('ctx');
    addToWishlist(ctx, requireAccount(ctx), c.req.param('productId'));
    return c.json({ success: true });
  });

  app.delete('/customer/wishlist/delete/:productId', (c) => {
    const ctx = c.get('ctx');
    removeFromWishlist(ctx, requireAccount(ctx), c.req.param('productId'));
    return c.json({ success: true });
  });

  app.post('/customer/wishlist/merge', async (c) => {
    const ctx = c.get('ctx');
    const customer = requireAccount(ctx);
    mergeWishlist(ctx, customer, await readBody(c));
    return c.json({ success: true });
  });
}
