import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGateway } from '../../gateway/src/yoga';
import type { GqlOptions, GqlResult, StoreCall } from '../support/gateway';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { browser, testProducts, type Browser, type TestProducts } from './shop-session';

// Issue 5 items 3, 4 and 6: orders through the gateway over the real embedded Store API (a private copy of
// the seeded shop): paying (the embedded provider page plays the shopper's part), retrying with another
// method, cancelling, and who may see an order.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;

let shop: Shop;
let products: TestProducts;
let gql: (query: string, variables?: Record<string, unknown>, options?: GqlOptions) => Promise<GqlResult>;
const calls: StoreCall[] = [];
/** Store API paths that fail as if the network were down (an outage of the back end). */
let outage: RegExp | null = null;
let switzerlandId: string;
let italianLanguageId: string;
let payment: Record<string, string>;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  // The gateway as tests/support/gateway.ts builds it, keeping the shop at hand for the provider page.
  const app = {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? '' : await request.clone().text();
      calls.push({ method: request.method, path: url.pathname + url.search, body, headers: new Headers(request.headers) });
      if (outage?.test(url.pathname)) throw new TypeError('fetch failed');
      return shop.app.fetch(request);
    },
  };
  const config = readGatewayConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }, shop.config.accessKey);
  const gateway = createGateway({
    config,
    target: storeApiTarget(config, { app, config: shop.config }, { publicOrigin: ORIGIN }),
    logger: pino({ level: 'silent' }),
  });
  gql = async (query, variables, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...options.headers };
    if (options.cookies) headers.cookie = Object.entries(options.cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
    const before = calls.length;
    const response = await gateway.fetch(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }));
    return { status: response.status, body: (await response.json()) as GqlResult['body'], headers: response.headers, storeCalls: calls.length - before };
  };
  products = await testProducts();
  const lists = await gql('{ countries { id iso } languages { id locale } checkout { paymentMethods { id technicalName } } }');
  switzerlandId = (lists.body.data.countries as { id: string; iso: string }[]).find((c) => c.iso === 'CH')!.id;
  italianLanguageId = (lists.body.data.languages as { id: string; locale: string }[]).find((l) => l.locale === 'IT')!.id;
  payment = Object.fromEntries((lists.body.data.checkout.paymentMethods as { id: string; technicalName: string }[]).map((m) => [m.technicalName, m.id]));
});
afterAll(() => shop?.close());

const ORDER_FIELDS = `id orderId orderNumber status paymentStatus paymentChangeable cancellable totalPrice email firstName
  paymentMethod { technicalName } shippingMethod { technicalName } billingAddress { zipcode city } shippingAddress { zipcode }
  lineItems { label quantity unitPrice totalPrice taxRate isDownload product { productId } } taxes { taxRate tax }`;
const ORDER = `query ($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
const HANDLE = `mutation ($input: HandlePaymentInput!) { handlePayment(input: $input) { redirectUrl errors { code message field } } }`;
const CHANGE = `mutation ($input: ChangeOrderPaymentMethodInput!) { changeOrderPaymentMethod(input: $input) { order { paymentStatus paymentChangeable paymentMethod { technicalName } } errors { code message } } }`;
const CANCEL = `mutation ($input: CancelOrderInput!) { cancelOrder(input: $input) { order { status paymentStatus cancellable paymentChangeable } errors { code message } } }`;

/** A guest who ordered a delivery product with the given payment method. */
async function guestOrder(method: string, cookies: Record<string, string> = {}, shippingAddress?: Record<string, string>): Promise<{ shopper: Browser; orderId: string; email: string }> {
  const shopper = browser({ gql }, cookies);
  await shopper.gql(`mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`, { input: { productId: products.delivery.id } });
  const email = `guest-${randomUUID()}@example.ch`;
  const registered = await shopper.gql(`mutation ($input: RegisterInput!) { register(input: $input) { errors { code field message } } }`, {
    input: {
      guest: true,
      email,
      firstName: 'Anna',
      lastName: 'Muster',
      billingAddress: { firstName: 'Anna', lastName: 'Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: switzerlandId },
      ...(shippingAddress ? { shippingAddress: { firstName: 'Anna', lastName: 'Muster', countryId: switzerlandId, ...shippingAddress } } : {}),
      acceptedDataProtection: true,
    },
  });
  expect(registered.body.data.register.errors).toEqual([]);
  await shopper.gql(`mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`, { input: { paymentMethodId: payment[method] } });
  const placed = await shopper.gql(`mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderId } errors { code message } } }`, {
    input: { acceptedTerms: true, idempotencyKey: randomUUID() },
  });
  expect(placed.body.data.placeOrder.errors).toEqual([]);
  return { shopper, orderId: placed.body.data.placeOrder.order.orderId, email };
}

/** The shopper presses a button on the embedded provider page; answers where the provider sends them (a path of the page's own host). */
async function onProviderPage(redirectUrl: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<string> {
  const response = await shop.app.fetch(
    new Request(new URL(redirectUrl, ORIGIN), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` }),
  );
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

describe('orders and payment', () => {
  it('card: handlePayment leads to the provider page; a failed payment is retried with Twint and paid', async () => {
    const { shopper, orderId, email } = await guestOrder('payment_card');
    const shown = await shopper.gql(ORDER, { id: orderId });
    expect(shown.body.errors).toBeUndefined();
    expect(shown.body.data.order).toMatchObject({
      orderId,
      email,
      firstName: 'Anna',
      status: 'OPEN',
      paymentStatus: 'OPEN',
      paymentChangeable: true,
      cancellable: true,
      paymentMethod: { technicalName: 'payment_card' },
      billingAddress: { zipcode: '8001', city: 'Zürich' },
      shippingAddress: { zipcode: '8001' },
    });
    expect(shown.body.data.order.lineItems).toEqual([expect.objectContaining({ quantity: 1, isDownload: false, product: { productId: products.delivery.id } })]);

    const handled = await shopper.gql(HANDLE, { input: { orderId } });
    expect(handled.body.data.handlePayment.errors).toEqual([]);
    const redirectUrl = handled.body.data.handlePayment.redirectUrl as string;
    expect(redirectUrl).toMatch(/^\/payment-provider\/[A-Za-z0-9_-]+$/);
    const sent = calls.filter((c) => c.path.startsWith('/store-api/handle-payment')).at(-1)!;
    const query = new URL(sent.path, ORIGIN).searchParams;
    // Paths: the provider page sends the browser back on the host it came from (its session cookie's host).
    expect(query.get('finishUrl')).toBe(`/checkout/success/${orderId}/paid`);
    expect(query.get('errorUrl')).toBe(`/checkout/success/${orderId}/unpaid`);

    expect(await onProviderPage(redirectUrl, 'fail')).toBe(`/checkout/success/${orderId}/unpaid?paymentStatus=failed`);
    const failed = await shopper.gql(ORDER, { id: orderId });
    expect(failed.body.data.order).toMatchObject({ status: 'OPEN', paymentStatus: 'FAILED', paymentChangeable: true });

    const changed = await shopper.gql(CHANGE, { input: { orderId, paymentMethodId: payment.payment_twint } });
    expect(changed.body.data.changeOrderPaymentMethod).toEqual({
      order: { paymentStatus: 'OPEN', paymentChangeable: true, paymentMethod: { technicalName: 'payment_twint' } },
      errors: [],
    });
    const retry = await shopper.gql(HANDLE, { input: { orderId } });
    expect(await onProviderPage(retry.body.data.handlePayment.redirectUrl, 'pay')).toBe(`/checkout/success/${orderId}/paid?paymentStatus=paid`);
    const paid = await shopper.gql(ORDER, { id: orderId });
    expect(paid.body.data.order).toMatchObject({ status: 'OPEN', paymentStatus: 'PAID', paymentChangeable: false, cancellable: false });

    const cancel = await shopper.gql(CANCEL, { input: { orderId } });
    expect(cancel.body.data.cancelOrder).toEqual({ order: null, errors: [{ code: 'ORDER_NOT_CANCELLABLE', message: 'Diese Bestellung kann nicht mehr storniert werden.' }] });
    const change = await shopper.gql(CHANGE, { input: { orderId, paymentMethodId: payment.payment_card } });
    expect(change.body.data.changeOrderPaymentMethod.errors).toEqual([
      { code: 'PAYMENT_NOT_CHANGEABLE', message: 'Die Zahlung dieser Bestellung kann nicht mehr geändert werden.' },
    ]);
  });

  it('retry on invoice when billed elsewhere: refused by the gateway itself (a stock Shopware would accept it), in the page’s language', async () => {
    const { shopper, orderId } = await guestOrder('payment_card', {}, { street: 'Seestrasse 2', zipcode: '6004', city: 'Luzern' });
    expect((await shopper.gql(`query ($id: ID!) { order(id: $id) { invoiceAllowed } }`, { id: orderId })).body.data.order).toEqual({ invoiceAllowed: false });
    const before = calls.length;
    const refused = await shopper.gql(CHANGE, { input: { orderId, paymentMethodId: payment.payment_invoice } });
    expect(refused.body.data.changeOrderPaymentMethod.errors).toEqual([
      { code: 'INVOICE_ADDRESS_MISMATCH', message: expect.stringMatching(/Rechnung/) },
    ]);
    expect(refused.body.data.changeOrderPaymentMethod.order.paymentMethod).toEqual({ technicalName: 'payment_card' });
    // never sent on to the Store API: the rule holds without the embedded one's own check
    expect(calls.slice(before).map((call) => call.path)).not.toContain('/store-api/order/payment');

    // another method is still possible; and one address for billing and delivery allows invoice
    expect((await shopper.gql(CHANGE, { input: { orderId, paymentMethodId: payment.payment_twint } })).body.data.changeOrderPaymentMethod.errors).toEqual([]);
    const same = await guestOrder('payment_card');
    expect((await same.shopper.gql(`query ($id: ID!) { order(id: $id) { invoiceAllowed } }`, { id: same.orderId })).body.data.order).toEqual({ invoiceAllowed: true });
    const allowed = await same.shopper.gql(CHANGE, { input: { orderId: same.orderId, paymentMethodId: payment.payment_invoice } });
    expect(allowed.body.data.changeOrderPaymentMethod).toMatchObject({ order: { paymentMethod: { technicalName: 'payment_invoice' } }, errors: [] });
  });

  it('invoice: handlePayment answers the paid page in the request’s language; the order can be cancelled', async () => {
    const { shopper, orderId } = await guestOrder('payment_invoice', { 'sw-language-id': italianLanguageId });
    const handled = await shopper.gql(HANDLE, { input: { orderId } });
    expect(handled.body.data.handlePayment).toEqual({ redirectUrl: `/it/checkout/success/${orderId}/paid`, errors: [] });

    const cancelled = await shopper.gql(CANCEL, { input: { orderId } });
    expect(cancelled.body.data.cancelOrder).toEqual({
      order: { status: 'CANCELLED', paymentStatus: 'CANCELLED', cancellable: false, paymentChangeable: false },
      errors: [],
    });
  });

  it('the order’s addresses name their country in the page’s language, though the Store API sends an order address’s country only when asked', async () => {
    const { shopper, orderId } = await guestOrder('payment_invoice', { 'sw-language-id': italianLanguageId });
    const order = await shopper.gql(`query ($id: ID!) { order(id: $id) { billingAddress { country { name } } shippingAddress { country { name } } } }`, { id: orderId });
    expect(order.body.data.order).toEqual({ billingAddress: { country: { name: 'Svizzera' } }, shippingAddress: { country: { name: 'Svizzera' } } });
  });

  it('an order is visible to its session and to the browser that placed it, never to another session', async () => {
    const { shopper, orderId } = await guestOrder('payment_prepayment');
    const own = await shopper.gql(ORDER, { id: orderId });
    expect(own.body.data.order.orderId).toBe(orderId);

    // by its global id, as Relay refetches it
    const node = await shopper.gql('query ($id: ID!) { node(id: $id) { ... on Order { orderId } } }', { id: own.body.data.order.id });
    expect(node.body.data.node).toEqual({ orderId });

    const stranger = await browser({ gql }).gql(ORDER, { id: orderId });
    expect(stranger.body.errors).toBeUndefined();
    expect(stranger.body.data.order).toBeNull();

    const otherGuest = await guestOrder('payment_prepayment');
    const foreign = await otherGuest.shopper.gql(ORDER, { id: orderId });
    expect(foreign.body.data.order).toBeNull();
    const forged = await browser({ gql }, { 'shop-order-access': `${orderId}:${'x'.repeat(32)}` }).gql(ORDER, { id: orderId });
    expect(forged.body.data.order).toBeNull();

    // the guest leaves the session (logout): the order-access cookie still shows the order to this browser
    const out = await shopper.gql('mutation { logout { viewer { email } errors { code } } }');
    expect(out.body.data.logout).toEqual({ viewer: null, errors: [] });
    const afterLogout = await shopper.gql(ORDER, { id: orderId });
    expect(afterLogout.body.data.order?.orderId).toBe(orderId);
    // … and only this one: the other guest's order is not among its entries
    const notMine = await shopper.gql(ORDER, { id: otherGuest.orderId });
    expect(notMine.body.data.order).toBeNull();
  });

  it('bad order ids: order(id) answers null and handlePayment INVALID_INPUT, without any Store API call', async () => {
    const shopper = browser({ gql });
    await shopper.gql('{ cart { id } }');
    const order = await shopper.gql(ORDER, { id: 'not-an-order' });
    expect(order.body.data.order).toBeNull();
    expect(order.storeCalls).toBe(0);
    const handled = await shopper.gql(HANDLE, { input: { orderId: '1234' } });
    expect(handled.storeCalls).toBe(0);
    expect(handled.body.data.handlePayment).toEqual({
      redirectUrl: null,
      errors: [{ code: 'INVALID_INPUT', field: 'orderId', message: 'Bestellung - Die Auswahl ist ungültig' }],
    });
    const unknown = await shopper.gql(HANDLE, { input: { orderId: 'a'.repeat(32) } });
    expect(unknown.body.data.handlePayment.errors.map((e: { code: string }) => e.code)).toEqual(['NOT_LOGGED_IN']);
  });

  it('a confirmed customer logs in: the token changes, the cart comes along, and logout ends it', async () => {
    const email = `kunde-${randomUUID()}@example.ch`;
    const registered = await browser({ gql }).gql(`mutation ($input: RegisterInput!) { register(input: $input) { viewer { active loggedIn } errors { code } } }`, {
      input: {
        guest: false,
        email,
        password: 'geheim-12345',
        firstName: 'Beat',
        lastName: 'Kunde',
        billingAddress: { firstName: 'Beat', lastName: 'Kunde', street: 'Marktgasse 3', zipcode: '3011', city: 'Bern', countryId: switzerlandId },
        acceptedDataProtection: true,
      },
    });
    expect(registered.body.data.register).toEqual({ viewer: { active: false, loggedIn: false }, errors: [] });
    // the confirmation link of the mail (double opt-in), done in the database
    shop.db.prepare('UPDATE customer SET active = 1, double_opt_in_confirmed_at = ? WHERE email = ?').run(new Date().toISOString(), email);

    const shopper = browser({ gql });
    await shopper.gql(`mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`, { input: { productId: products.delivery.id, quantity: 3 } });
    const anonymousToken = shopper.cookies['sw-context-token'];
    const login = await shopper.gql(`mutation ($input: LoginInput!) { login(input: $input) { viewer { email loggedIn guest } cart { productCount } errors { code } } }`, {
      input: { email, password: 'geheim-12345' },
    });
    expect(login.body.data.login).toEqual({ viewer: { email, loggedIn: true, guest: false }, cart: { productCount: 3 }, errors: [] });
    expect(shopper.cookies['sw-context-token']).toBeTruthy();
    expect(shopper.cookies['sw-context-token']).not.toBe(anonymousToken);
    const viewer = await shopper.gql('{ viewer { email loggedIn addresses { city } } context { loggedIn } }');
    expect(viewer.body.data).toEqual({ viewer: { email, loggedIn: true, addresses: [{ city: 'Bern' }] }, context: { loggedIn: true } });

    const loggedInToken = shopper.cookies['sw-context-token'];
    const logout = await shopper.gql('mutation { logout { viewer { email } cart { productCount } errors { code } } }');
    expect(logout.body.data.logout).toEqual({ viewer: null, cart: { productCount: 0 }, errors: [] });
    expect(shopper.cookies['sw-context-token']).not.toBe(loggedInToken);
  });

  it('a Store API outage answers UNAVAILABLE with the SPEC’s generic message, in the request’s language', async () => {
    const shopper = browser({ gql });
    await shopper.gql('{ cart { id } }');
    outage = /\/checkout\/cart\/line-item$/;
    try {
      const add = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { id } errors { code message field } } }`;
      const german = await shopper.gql(add, { input: { productId: products.delivery.id } });
      expect(german.body.errors).toBeUndefined();
      expect(german.body.data.addToCart).toEqual({
        cart: null,
        errors: [{ code: 'UNAVAILABLE', message: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.', field: null }],
      });
      // a POST is never sent twice
      expect(german.storeCalls).toBe(1);
      shopper.cookies['sw-language-id'] = italianLanguageId;
      const italian = await shopper.gql(add, { input: { productId: products.delivery.id } });
      expect(italian.body.data.addToCart.errors[0].message).toBe('Si è verificato un errore. Si prega di riprovare più tardi.');
    } finally {
      outage = null;
    }
  });
});
