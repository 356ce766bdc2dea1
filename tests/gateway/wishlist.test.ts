import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, LOGIN, openAccountGateway, PASSWORD, registeredCustomer, swissAddress, uniqueEmail, type AccountGateway } from './account-gateway';
import { testProducts, type TestProducts } from './shop-session';

// Issue 6 item 5 (SPEC §4 Wishlist) through the gateway over the real embedded Store API: the server wishlist of
// logged-in customers (add, remove, merge of the browser's local list after login); anonymous visitors and guests
// get an empty list and NOT_LOGGED_IN without any wishlist call (their list stays in the browser).

let gw: AccountGateway;
let products: TestProducts;
beforeAll(async () => {
  gw = await openAccountGateway();
  products = await testProducts();
});
afterAll(() => gw?.close());

const ERRORS = 'errors { code message field }';
const ADD = `mutation ($input: WishlistProductInput!) { addToWishlist(input: $input) { productIds ${ERRORS} } }`;
const REMOVE = `mutation ($input: WishlistProductInput!) { removeFromWishlist(input: $input) { productIds ${ERRORS} } }`;
const MERGE = `mutation ($input: MergeWishlistInput!) { mergeWishlist(input: $input) { productIds ${ERRORS} } }`;
const VIEWER = `{ viewer { wishlistProductIds wishlist(first: 10) { productId name } } }`;

function wishlistCalls(before: number): string[] {
  return gw.calls.slice(before).filter((c) => c.path.includes('/wishlist')).map((c) => `${c.method} ${c.path.replace(/^\/store-api/, '')}`);
}

describe('wishlist', () => {
  it('anonymous visitors: no server list, NOT_LOGGED_IN without a wishlist call', async () => {
    const anonymous = browser(gw);
    const before = gw.calls.length;
    const added = await anonymous.gql(ADD, { input: { productId: products.delivery.id } });
    expect(added.body.data.addToWishlist).toEqual({
      productIds: [],
      errors: [{ code: 'NOT_LOGGED_IN', field: null, message: 'Bitte melden Sie sich an oder bestellen Sie als Gast.' }],
    });
    expect(wishlistCalls(before)).toEqual([]);
  });

  it('guests of the checkout are treated like anonymous visitors', async () => {
    const guest = browser(gw);
    const registered = await guest.gql(`mutation ($input: RegisterInput!) { register(input: $input) { errors { code } } }`, {
      input: { guest: true, email: uniqueEmail('gast'), firstName: 'Anna', lastName: 'Muster', billingAddress: swissAddress(gw), acceptedDataProtection: true },
    });
    expect(registered.body.data.register.errors).toEqual([]);
    expect((await guest.gql(VIEWER)).body.data.viewer).toEqual({ wishlistProductIds: [], wishlist: [] });
    const before = gw.calls.length;
    expect((await guest.gql(MERGE, { input: { productIds: [products.delivery.id] } })).body.data.mergeWishlist.errors[0].code).toBe('NOT_LOGGED_IN');
    expect(wishlistCalls(before)).toEqual([]);
  });

  it('a customer adds (idempotent), reads and removes products', async () => {
    const { shopper } = await registeredCustomer(gw);
    expect((await shopper.gql(VIEWER)).body.data.viewer).toEqual({ wishlistProductIds: [], wishlist: [] });
    expect((await shopper.gql(ADD, { input: { productId: products.delivery.id } })).body.data.addToWishlist).toEqual({ productIds: [products.delivery.id], errors: [] });
    const twice = await shopper.gql(ADD, { input: { productId: products.delivery.id } });
    expect(twice.body.data.addToWishlist).toEqual({ productIds: [products.delivery.id], errors: [] });
    await shopper.gql(ADD, { input: { productId: products.delivery2.id } });
    const viewer = (await shopper.gql(VIEWER)).body.data.viewer;
    expect([...viewer.wishlistProductIds].sort()).toEqual([products.delivery.id, products.delivery2.id].sort());
    expect(viewer.wishlist.map((p: { productId: string }) => p.productId).sort()).toEqual([products.delivery.id, products.delivery2.id].sort());
    expect(viewer.wishlist.every((p: { name: string }) => p.name.length > 0)).toBe(true);

    const removed = await shopper.gql(REMOVE, { input: { productId: products.delivery.id } });
    expect(removed.body.data.removeFromWishlist).toEqual({ productIds: [products.delivery2.id], errors: [] });
    // removing what is not there is no error
    expect((await shopper.gql(REMOVE, { input: { productId: products.delivery.id } })).body.data.removeFromWishlist.errors).toEqual([]);
    const bad = await shopper.gql(ADD, { input: { productId: 'kein-produkt' } });
    expect(bad.body.data.addToWishlist.errors).toEqual([{ code: 'INVALID_INPUT', field: 'productId', message: 'Produkt - Die Auswahl ist ungültig' }]);
  });

  it('after login the local list is merged into the server’s (unknown ids skipped); more than 100 ids are refused', async () => {
    const { shopper, email } = await registeredCustomer(gw);
    await shopper.gql(ADD, { input: { productId: products.delivery.id } });
    // a new browser: anonymous with a local list, then logs in and merges it
    const visitor = browser(gw);
    const login = await visitor.gql(LOGIN, { input: { email, password: PASSWORD } });
    expect(login.body.data.login.errors).toEqual([]);
    const merged = await visitor.gql(MERGE, { input: { productIds: [products.delivery2.id, products.clickAndCollect.id, products.delivery.id, '0'.repeat(32)] } });
    expect(merged.body.data.mergeWishlist.errors).toEqual([]);
    expect([...merged.body.data.mergeWishlist.productIds].sort()).toEqual([products.delivery.id, products.delivery2.id, products.clickAndCollect.id].sort());

    const before = gw.calls.length;
    const tooMany = await visitor.gql(MERGE, { input: { productIds: Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(32, '0')) } });
    expect(tooMany.body.data.mergeWishlist.errors[0]).toEqual({ code: 'INVALID_INPUT', field: 'productIds', message: 'Produkte - Höchstens 100 Einträge' });
    expect(wishlistCalls(before).filter((c) => c.includes('merge'))).toEqual([]);
  });
});
