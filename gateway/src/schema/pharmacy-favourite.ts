import type { GatewayContext } from '../context';
import type { Pharmacy } from '../store-client/operations';
import { builder } from './builder';
import { forgetCart, rememberCart } from './cart';
import { forgetSessionCustomer, isLoggedIn, sessionCustomer } from './customer';
import { pharmacyLoader, PharmacyRef } from './pharmacy';
import { InputCheck, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// "Choose as my pharmacy" on the pharmacy finder and the pharmacy page. A logged-in customer's choice is
// the account's preferred pharmacy (PATCH /customer-pharmacy, kept for every later Click & Collect cart);
// an anonymous shopper has no account to keep it in, so it becomes the Click & Collect pharmacy of the
// session's cart (POST /checkout/cart/pharmacy). The answer says which, so the page can tell the shopper.
// Its own module: it joins the cart, customer and pharmacy modules, which import one another already.

const FavouriteTargetEnum = builder.enumType('FavouritePharmacyTarget', {
  description: 'Where a chosen favourite pharmacy was kept.',
  values: {
    ACCOUNT: { value: 'ACCOUNT', description: 'The logged-in customer’s preferred pharmacy.' },
    CART: { value: 'CART', description: 'The Click & Collect pharmacy of this session’s cart (anonymous shoppers).' },
  },
});

interface FavouritePayloadShape {
  savedTo: 'ACCOUNT' | 'CART' | null;
  pharmacy: Pharmacy | null;
  errors: ShopError[];
}

const FavouritePayloadRef = builder.objectRef<FavouritePayloadShape>('ChooseFavouritePharmacyPayload').implement({
  description: 'The chosen pharmacy and where it was kept, or what went wrong.',
  fields: (t) => ({
    savedTo: t.field({ type: FavouriteTargetEnum, nullable: true, description: 'ACCOUNT or CART; null when it failed.', resolve: (p) => p.savedTo }),
    pharmacy: t.field({ type: PharmacyRef, nullable: true, description: 'The favourite pharmacy now.', resolve: (p) => p.pharmacy }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const ChooseFavouriteInput = builder.inputType('ChooseFavouritePharmacyInput', {
  description: 'The pharmacy to keep as favourite.',
  fields: (t) => ({ pharmacyId: t.id({ required: true, description: 'The Store API pharmacy id (Pharmacy.pharmacyId).' }) }),
});

async function chooseFavourite(ctx: GatewayContext, pharmacyId: string): Promise<FavouritePayloadShape> {
  if (isLoggedIn(await sessionCustomer(ctx))) {
    const answer = await ctx.store().invoke('updateCustomerPharmacy patch /customer-pharmacy', { body: { pharmacyId } });
    const pharmacy: Pharmacy | null = answer?.pharmacy ?? null;
    if (pharmacy) pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
    forgetSessionCustomer(ctx);
    return { savedTo: 'ACCOUNT', pharmacy, errors: [] };
  }
  forgetCart(ctx);
  const cart = await ctx.store().invoke('selectCartPharmacy post /checkout/cart/pharmacy', { body: { pharmacyId } });
  rememberCart(ctx, cart);
  return { savedTo: 'CART', pharmacy: await pharmacyLoader(ctx).load(pharmacyId), errors: [] };
}

builder.mutationField('chooseFavouritePharmacy', (t) =>
  t.field({
    type: FavouritePayloadRef,
    description: 'Keeps a pharmacy as favourite: the account’s preferred pharmacy when logged in, else the cart’s Click & Collect pharmacy.',
    args: { input: t.arg({ type: ChooseFavouriteInput, required: true, description: 'The pharmacy.' }) },
    resolve: async (_root, { input }, ctx) => {
      try {
        const check = new InputCheck(ctx.locale);
        const pharmacyId = check.id('pharmacyId', input.pharmacyId);
        check.done();
        return await chooseFavourite(ctx, pharmacyId!);
      } catch (error) {
        return { savedTo: null, pharmacy: null, errors: shopErrorsOf(ctx, error) };
      }
    },
  }),
);
