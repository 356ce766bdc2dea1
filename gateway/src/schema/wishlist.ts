import type { GatewayContext } from '../context';
import { catalogLoaders, loaderKey } from '../loaders';
import { StoreApiRequestError } from '../store-client';
import { builder } from './builder';
import { CustomerRef, isLoggedIn, sessionCustomer } from './customer';
import { ProductRef } from './product';
import { InputCheck, shopError, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// The server wishlist (SPEC §4 "Wishlist"): only logged-in customers have one. Anonymous visitors and guests
// keep theirs in the browser (localStorage `shop.wishlist`); after login the storefront merges that list
// into the server's with mergeWishlist and clears it.

/** SPEC §9: at most 100 entries per list; Shopware's merge takes 100 ids at most. */
const WISHLIST_MAX = 100;

const wishlistReads = new WeakMap<GatewayContext, Promise<string[]>>();

/** The product ids of the session customer's server wishlist, newest first; [] when none or not logged in. */
export function wishlistProductIds(ctx: GatewayContext): Promise<string[]> {
  let read = wishlistReads.get(ctx);
  if (!read) {
    read = ctx
      .store()
      .invoke('readCustomerWishlist post /customer/wishlist', { body: { limit: WISHLIST_MAX } as never })
      .then(
        (answer) => {
          const elements = ((answer as { products?: { elements?: { id: string }[] } } | null)?.products?.elements ?? []) as { id: string }[];
          return elements.map((product) => product.id).slice(0, WISHLIST_MAX);
        },
        (error: unknown) => {
          // no wishlist yet (404) or no logged-in customer (403): an empty list
          if (error instanceof StoreApiRequestError && [401, 403, 404].includes(error.statusCode)) return [];
          throw error;
        },
      );
    wishlistReads.set(ctx, read);
    read.catch(() => wishlistReads.delete(ctx));
  }
  return read;
}

function forgetWishlist(ctx: GatewayContext): void {
  wishlistReads.delete(ctx);
}

builder.objectFields(CustomerRef, (t) => ({
  wishlistProductIds: t.idList({
    description: 'The server wishlist’s product ids (logged-in customers only; else empty).',
    resolve: (c, _args, ctx) => (isLoggedIn(c) ? wishlistProductIds(ctx) : []),
  }),
  wishlist: t.field({
    type: [ProductRef],
    description: 'The server wishlist’s products (logged-in customers only; else empty); products no longer in the shop are left out.',
    args: { first: t.arg.int({ required: false, defaultValue: 24, description: 'How many (at most 100).' }) },
    resolve: async (c, { first }, ctx) => {
      if (!isLoggedIn(c)) return [];
      const count = Math.max(0, Math.min(first ?? 24, WISHLIST_MAX));
      const ids = (await wishlistProductIds(ctx)).slice(0, count);
      const products = await catalogLoaders(ctx).products.loadMany(ids.map((id) => loaderKey(ctx.languageId, id)));
      return products.flatMap((product) => (product && !(product instanceof Error) ? [{ languageId: ctx.languageId, data: product }] : []));
    },
  }),
}));

interface WishlistPayloadShape {
  productIds: string[];
  errors: ShopError[];
}

const WishlistPayloadRef = builder.objectRef<WishlistPayloadShape>('WishlistPayload').implement({
  description: 'The server wishlist after a change, and what went wrong.',
  fields: (t) => ({
    productIds: t.idList({ description: 'The wishlist’s product ids after the change.', resolve: (p) => p.productIds }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const WishlistProductInput = builder.inputType('WishlistProductInput', {
  description: 'A product of the wishlist.',
  fields: (t) => ({ productId: t.id({ required: true, description: 'The Store API product id.' }) }),
});

const MergeWishlistInput = builder.inputType('MergeWishlistInput', {
  description: 'The browser’s local wishlist, to merge into the server’s after login.',
  fields: (t) => ({ productIds: t.idList({ required: true, description: 'Store API product ids (at most 100).' }) }),
});

/** Logged-in customers only: others answer NOT_LOGGED_IN without a Store API call (their list stays local). */
async function wishlistChange(ctx: GatewayContext, change: () => Promise<void>): Promise<WishlistPayloadShape> {
  try {
    const customer = await sessionCustomer(ctx);
    if (!isLoggedIn(customer)) return { productIds: [], errors: [shopError(ctx.locale, 'NOT_LOGGED_IN')] };
    await change();
    forgetWishlist(ctx);
    return { productIds: await wishlistProductIds(ctx), errors: [] };
  } catch (error) {
    forgetWishlist(ctx);
    const errors = shopErrorsOf(ctx, error, { notFound: 'PRODUCT_NOT_AVAILABLE' });
    const productIds = await wishlistProductIds(ctx).catch(() => []);
    return { productIds, errors };
  }
}

builder.mutationFields((t) => ({
  addToWishlist: t.field({
    type: WishlistPayloadRef,
    description: 'Adds a product to the server wishlist (logged-in customers; idempotent).',
    args: { input: t.arg({ type: WishlistProductInput, required: true, description: 'The product.' }) },
    resolve: (_root, { input }, ctx) =>
      wishlistChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const productId = check.id('productId', input.productId);
        check.done();
        await ctx.store().invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId: productId! } });
      }),
  }),
  removeFromWishlist: t.field({
    type: WishlistPayloadRef,
    description: 'Removes a product from the server wishlist (logged-in customers; a product not on it is no error).',
    args: { input: t.arg({ type: WishlistProductInput, required: true, description: 'The product.' }) },
    resolve: (_root, { input }, ctx) =>
      wishlistChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const productId = check.id('productId', input.productId);
        check.done();
        try {
          await ctx.store().invoke('deleteProductOnWishlist delete /customer/wishlist/delete/{productId}', { pathParams: { productId: productId! } });
        } catch (error) {
          // already gone: the shopper's wish is fulfilled
          if (error instanceof StoreApiRequestError && error.statusCode === 404) return;
          throw error;
        }
      }),
  }),
  mergeWishlist: t.field({
    type: WishlistPayloadRef,
    description: 'Merges the browser’s local list into the server wishlist (after login).',
    args: { input: t.arg({ type: MergeWishlistInput, required: true, description: 'The local list’s product ids (at most 100).' }) },
    resolve: (_root, { input }, ctx) =>
      wishlistChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        if (input.productIds.length > WISHLIST_MAX) check.problem('productIds', 'tooMany', { max: WISHLIST_MAX });
        const ids = [...new Set(input.productIds.map((id) => check.id('productIds', id)).filter((id): id is string => id !== null))];
        check.done();
        if (ids.length === 0) return;
        await ctx.store().invoke('mergeProductOnWishlist post /customer/wishlist/merge', { body: { productIds: ids } });
      }),
  }),
}));
