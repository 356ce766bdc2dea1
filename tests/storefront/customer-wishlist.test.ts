import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGOUT, openAccountGateway, registeredCustomer, type AccountGateway } from '../gateway/account-gateway';
import { browser, testProducts, type Browser, type TestProducts } from '../gateway/shop-session';
import { CUSTOMER_HINT_COOKIE } from '../../storefront/features/wishlist/customerHint';
import { WISHLIST_STORAGE_KEY } from '../../storefront/features/wishlist/localWishlist';
import {
  ensureWishlistState,
  resetWishlistStateForTests,
  subscribeWishlist,
  toggleWishlist,
  wishlistAfterLogin,
  wishlistSnapshot,
} from '../../storefront/features/wishlist/wishlistStore';

// SPEC §4 Wishlist, the browser's side (storefront/features/wishlist/wishlistStore.ts) against the REAL gateway and
// embedded Store API: the browser's fetch of persisted operations is routed to the gateway with one
// shopper's cookies; window, localStorage and document.cookie are small stand-ins.

const persisted = JSON.parse(readFileSync('persisted_queries.json', 'utf8')) as Record<string, string>;

let gw: AccountGateway;
let products: TestProducts;
let shopper: Browser | null = null;
let requests: string[] = [];
const storage = new Map<string, string>();
const session = new Map<string, string>();
const cookies = new Map<string, string>();

class FakeWindow extends EventTarget {
  localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  sessionStorage = {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => void session.set(key, value),
  };
}

beforeAll(async () => {
  gw = await openAccountGateway();
  products = await testProducts();
  const globals = globalThis as Record<string, unknown>;
  globals.window = new FakeWindow();
  globals.document = {
    documentElement: { lang: 'de-CH' },
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0/.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.trim());
    },
  };
  // The browser's /graphql: persisted id → the operation's text, sent with the shopper's cookies.
  globals.fetch = async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as { variables: Record<string, unknown>; extensions: { persistedQuery: { sha256Hash: string } } };
    const text = persisted[body.extensions.persistedQuery.sha256Hash];
    if (!text || !shopper) throw new Error('unknown operation or no shopper');
    requests.push(/(query|mutation) (\w+)/.exec(text)?.[2] ?? '?');
    const result = await shopper.gql(text, body.variables);
    return new Response(JSON.stringify(result.body), { headers: { 'content-type': 'application/json' } });
  };
});
afterAll(() => gw?.close());

beforeEach(() => {
  storage.clear();
  session.clear();
  cookies.clear();
  requests = [];
  shopper = null;
  resetWishlistStateForTests();
});

const serverIds = async (who: Browser) => ((await who.gql('{ viewer { wishlistProductIds } }')).body.data.viewer?.wishlistProductIds ?? null) as string[] | null;
const localIds = () => JSON.parse(storage.get(WISHLIST_STORAGE_KEY) ?? '[]') as string[];

describe('the wishlist in the browser (SPEC §4)', () => {
  it('anonymous: hearts go to localStorage, the store follows at once, and nothing asks the gateway', async () => {
    let changes = 0;
    const unsubscribe = subscribeWishlist(() => changes++);
    ensureWishlistState();
    expect(await toggleWishlist(products.delivery.id)).toEqual({ active: true });
    expect(await toggleWishlist(products.delivery2.id)).toEqual({ active: true });
    expect(await toggleWishlist(products.delivery.id)).toEqual({ active: false });
    unsubscribe();
    expect(localIds()).toEqual([products.delivery2.id]);
    expect(wishlistSnapshot()).toEqual({ loggedIn: false, ids: [products.delivery2.id] });
    // The same snapshot object while nothing changed (React's useSyncExternalStore relies on it).
    expect(wishlistSnapshot()).toBe(wishlistSnapshot());
    expect(changes).toBeGreaterThanOrEqual(3);
    expect(requests).toEqual([]);
  });

  it('after a login the local list is merged into the server list and cleared; hearts then change the server list', async () => {
    await toggleWishlist(products.delivery.id);
    await toggleWishlist(products.delivery2.id);
    const customer = await registeredCustomer(gw);
    shopper = customer.shopper;

    await wishlistAfterLogin();
    expect(requests).toEqual(['wishlistStoreStateQuery', 'wishlistServerMergeMutation']);
    expect(storage.has(WISHLIST_STORAGE_KEY)).toBe(false);
    expect(cookies.get(CUSTOMER_HINT_COOKIE)).toBe('1');
    expect(wishlistSnapshot().loggedIn).toBe(true);
    expect([...wishlistSnapshot().ids].sort()).toEqual([products.delivery.id, products.delivery2.id].sort());
    expect((await serverIds(shopper))?.sort()).toEqual([products.delivery.id, products.delivery2.id].sort());

    // A heart now calls removeFromWishlist; localStorage stays untouched.
    expect(await toggleWishlist(products.delivery.id)).toEqual({ active: false });
    expect(wishlistSnapshot().ids).toEqual([products.delivery2.id]);
    expect(await serverIds(shopper)).toEqual([products.delivery2.id]);
    expect(storage.has(WISHLIST_STORAGE_KEY)).toBe(false);

    // The next page load (hint cookie set) reads the server list once.
    resetWishlistStateForTests();
    requests = [];
    ensureWishlistState();
    ensureWishlistState();
    await expect.poll(() => wishlistSnapshot().loggedIn).toBe(true);
    expect(wishlistSnapshot().ids).toEqual([products.delivery2.id]);
    expect(requests).toEqual(['wishlistStoreStateQuery']);

    // Logged out elsewhere: the next page load learns it, drops the hint and shows the local list again.
    await shopper.gql(LOGOUT);
    resetWishlistStateForTests();
    ensureWishlistState();
    await expect.poll(() => cookies.has(CUSTOMER_HINT_COOKIE)).toBe(false);
    expect(wishlistSnapshot()).toEqual({ loggedIn: false, ids: [] });
    expect(await toggleWishlist(products.delivery.id)).toEqual({ active: true });
    expect(localIds()).toEqual([products.delivery.id]);
  });

  it('an anonymous visitor with a local list: asked once per tab whether a login must merge it, then never again', async () => {
    shopper = browser(gw);
    storage.set(WISHLIST_STORAGE_KEY, JSON.stringify([products.delivery.id]));
    ensureWishlistState();
    await expect.poll(() => requests.length).toBe(1);
    await expect.poll(() => wishlistSnapshot()).toEqual({ loggedIn: false, ids: [products.delivery.id] });
    resetWishlistStateForTests();
    ensureWishlistState();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual(['wishlistStoreStateQuery']);
    expect(localIds()).toEqual([products.delivery.id]);
  });

  it('a local list left over from a login elsewhere is merged on the next page load', async () => {
    const customer = await registeredCustomer(gw);
    shopper = customer.shopper;
    storage.set(WISHLIST_STORAGE_KEY, JSON.stringify([products.delivery.id]));
    ensureWishlistState();
    await expect.poll(() => storage.has(WISHLIST_STORAGE_KEY)).toBe(false);
    expect(wishlistSnapshot()).toEqual({ loggedIn: true, ids: [products.delivery.id] });
    expect(await serverIds(shopper)).toEqual([products.delivery.id]);
  });
});
