import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { browser, testProducts, type TestProducts } from './shop-session';

// Issue 4 follow-up (K1): pure browsing opens no session. The embedded Store API answers every call with
// a context token; the gateway hands a NEW token to the browser only from a mutation. A shopper's
// existing session keeps working (and is refreshed when its token changes, e.g. at login).

let gw: TestGateway;
let products: TestProducts;

beforeAll(async () => {
  gw = await openTestGateway({ privateShop: true });
  products = await testProducts();
});
afterAll(() => gw?.close());

const BROWSE = '{ context { language { id } } cart { id productCount } }';
const ADD = 'mutation Add($input: AddToCartInput!) { addToCart(input: $input) { cart { productCount } errors { code } } }';

describe('session cookie only from mutations', () => {
  it('a query from a browser without cookies sets no cookie and hands out no token', async () => {
    const visitor = browser(gw);
    const result = await visitor.gql(BROWSE);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.cart.productCount).toBe(0);
    expect(result.headers.getSetCookie()).toEqual([]);
    expect(result.headers.get('sw-context-token')).toBeNull();
    expect(visitor.cookies).toEqual({});
    // browsing on stays cookie-less
    const again = await visitor.gql(BROWSE);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('adding to the cart sets the session cookie (HttpOnly, Lax, one year) and the language beside it', async () => {
    const shopper = browser(gw);
    await shopper.gql(BROWSE);
    const added = await shopper.gql(ADD, { input: { productId: products.delivery.id, quantity: 2 } });
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addToCart).toEqual({ cart: { productCount: 2 }, errors: [] });
    const token = added.headers.getSetCookie().find((line) => line.startsWith('sw-context-token='));
    expect(token?.split('; ')).toEqual(expect.arrayContaining(['Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'HttpOnly']));
    expect(added.headers.get('sw-context-token')).toBe(shopper.cookies['sw-context-token']);
    expect(shopper.cookies['sw-context-token']).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(shopper.cookies['sw-language-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a later query keeps the session: the same cart, the token sent to the Store API, no cookie rewritten', async () => {
    const shopper = browser(gw);
    await shopper.gql(ADD, { input: { productId: products.delivery.id } });
    const token = shopper.cookies['sw-context-token'];
    expect(token).toBeTruthy();
    gw.storeCalls.reset();
    const later = await shopper.gql(BROWSE);
    expect(later.body.data.cart.productCount).toBe(1);
    expect(later.headers.getSetCookie()).toEqual([]);
    expect(shopper.cookies['sw-context-token']).toBe(token);
    expect(gw.storeCalls.list.length).toBeGreaterThan(0);
    for (const call of gw.storeCalls.list) expect(call.headers.get('sw-context-token')).toBe(token);
  });

  it('an existing session whose token changes (a guest registers) gets the new token', async () => {
    const countries = await gw.gql('{ countries { id iso } }');
    const switzerland = (countries.body.data.countries as { id: string; iso: string }[]).find((c) => c.iso === 'CH')!.id;
    const shopper = browser(gw);
    await shopper.gql(ADD, { input: { productId: products.delivery.id } });
    const anonymous = shopper.cookies['sw-context-token'];
    expect(shopper.cookies['shop-guest']).toBe('1');
    const registered = await shopper.gql('mutation ($input: RegisterInput!) { register(input: $input) { viewer { guest } errors { code } } }', {
      input: {
        guest: true,
        email: `guest-${randomUUID()}@example.ch`,
        firstName: 'Anna',
        lastName: 'Muster',
        billingAddress: { firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: switzerland },
        acceptedDataProtection: true,
      },
    });
    expect(registered.body.data.register).toEqual({ viewer: { guest: true }, errors: [] });
    expect(shopper.cookies['sw-context-token']).toBeTruthy();
    expect(shopper.cookies['sw-context-token']).not.toBe(anonymous);
    const later = await shopper.gql('{ viewer { guest } cart { productCount } }');
    expect(later.body.data).toEqual({ viewer: { guest: true }, cart: { productCount: 1 } });
    // a session with a customer (a guest's too) is no anonymous guest any more: its pages are its own (ADR 0019)
    expect(registered.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^shop-guest=; Max-Age=0; Path=\/; SameSite=Lax; HttpOnly/));
    expect(shopper.cookies['shop-guest']).toBe('');
  });
});

describe('the guest marker (ADR 0019)', () => {
  const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { errors { code } } }';

  it('a session a first add to cart opened is marked a guest’s (HttpOnly, a year); cart changes keep the mark', async () => {
    const shopper = browser(gw);
    const added = await shopper.gql(ADD, { input: { productId: products.delivery.id } });
    const marker = added.headers.getSetCookie().find((line) => line.startsWith('shop-guest='));
    expect(marker?.split('; ')).toEqual(['shop-guest=1', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'HttpOnly']);
    const again = await shopper.gql(ADD, { input: { productId: products.delivery2.id } });
    expect(again.body.data.addToCart.errors).toEqual([]);
    expect(again.headers.getSetCookie().filter((line) => line.startsWith('shop-guest='))).toEqual([]);
    expect(shopper.cookies['shop-guest']).toBe('1');
  });

  it('any other mutation removes the mark, even one that fails (a login with a wrong password)', async () => {
    const shopper = browser(gw);
    await shopper.gql(ADD, { input: { productId: products.delivery.id } });
    const login = await shopper.gql(LOGIN, { input: { email: `nobody-${randomUUID()}@example.ch`, password: 'wrong-password-1' } });
    expect(login.body.data.login.errors.length).toBeGreaterThan(0);
    expect(shopper.cookies['shop-guest']).toBe('');
    // and it does not come back with the next cart change
    await shopper.gql(ADD, { input: { productId: products.delivery2.id } });
    expect(shopper.cookies['shop-guest']).toBe('');
  });

  it('no mark for a session a login opened, for a session sent without one, nor from a query', async () => {
    const fresh = browser(gw);
    await fresh.gql(LOGIN, { input: { email: `nobody-${randomUUID()}@example.ch`, password: 'wrong-password-1' } });
    expect(fresh.cookies['shop-guest']).toBeUndefined();

    const opened = browser(gw);
    await opened.gql(ADD, { input: { productId: products.delivery.id } });
    const unmarked = browser(gw, { 'sw-context-token': opened.cookies['sw-context-token']! });
    await unmarked.gql(ADD, { input: { productId: products.delivery2.id } });
    await unmarked.gql(BROWSE);
    expect(unmarked.cookies['shop-guest']).toBeUndefined();
  });
});
