import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGateway } from '../../gateway/src/yoga';
import { readStoreApiConfig } from '../../store-api/src/config';
import { startEmbeddedStoreApi, type EmbeddedStoreApi } from '../../store-api/src/embedded';
import { paymentSimulationWarning } from '../../store-api/src/payment-provider';
import type { StoreApiCall } from '../support/shop';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { addProduct, choosePayment, findProduct, placeOrder, registerGuest, shopper, type Shopper } from './checkout-fixtures';

// Issue 17, item 4: the embedded payment provider page marks an order paid with one click. A local shop keeps it
// (a newcomer's `npm start` can pay); on a public host (PUBLIC_ORIGIN https) it is off unless PAYMENT_SIMULATION=true,
// and then its page says "test payment". Off: handle-payment refuses asynchronous methods (Shopware's answer for a
// method without a payment handler) and the page pays nothing, whichever way a session was made.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const PUBLIC = 'https://www.apotheke.example';

let local: Awaited<ReturnType<typeof openPrivateTestShop>>;
/** the same database served as a public host, without and with PAYMENT_SIMULATION=true */
let publicHost: EmbeddedStoreApi;
let simulatedPublicHost: EmbeddedStoreApi;

beforeAll(async () => {
  local = await openPrivateTestShop();
  const dataDir = local.config.dataDir;
  publicHost = await startEmbeddedStoreApi(readStoreApiConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: PUBLIC }), () => {});
  simulatedPublicHost = await startEmbeddedStoreApi(readStoreApiConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: PUBLIC, PAYMENT_SIMULATION: 'true' }), () => {});
});
afterAll(() => {
  publicHost?.close();
  simulatedPublicHost?.close();
  local?.close();
});

/** Store API calls to `shop` as a browser on `origin` makes them. */
function callOf(shop: EmbeddedStoreApi, origin: string): StoreApiCall {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'sw-access-key': shop.config.accessKey, accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await shop.app.fetch(new Request(`${origin}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }));
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: (text.startsWith('{') ? JSON.parse(text) : undefined) as Json, text };
  };
}

function handlePayment(s: Shopper, orderId: string) {
  return s.call('POST', '/handle-payment', { body: { orderId, finishUrl: `/checkout/success/${orderId}/paid`, errorUrl: `/checkout/success/${orderId}/unpaid` } });
}

function providerPage(shop: EmbeddedStoreApi, url: string, outcome?: string): Promise<Response> {
  const init = outcome ? { method: 'POST', body: new URLSearchParams({ outcome }) } : {};
  return Promise.resolve(shop.app.fetch(new Request(url, init)));
}

/** The order's transactions and whether its downloads may be fetched, straight from the database. */
function paymentState(orderId: string): { transactions: string[]; sessions: number; downloadsGranted: number } {
  const db = local.db;
  return {
    transactions: db.prepare('SELECT state FROM order_transaction WHERE order_id = ? ORDER BY created_at, rowid').pluck().all(orderId) as string[],
    sessions: db.prepare('SELECT COUNT(*) FROM payment_session WHERE order_id = ?').pluck().get(orderId) as number,
    downloadsGranted: db.prepare('SELECT COUNT(*) FROM order_line_item_download WHERE order_id = ? AND access_granted = 1').pluck().get(orderId) as number,
  };
}

/**
 * A guest's order on the shop at `origin`: a download (Shopware grants it on the paid transition) by card, or a
 * delivery product by `method`.
 */
async function guestOrderAt(call: StoreApiCall, origin: string, method: 'card' | 'invoice' = 'card'): Promise<{ s: Shopper; order: Json }> {
  const s = shopper(call);
  await registerGuest(s, { storefrontUrl: origin });
  await addProduct(s, findProduct(local.db, method === 'card' ? 'digital' : 'delivery').id);
  await choosePayment(s, method);
  const res = await placeOrder(s, { tos: true, downloadWaiver: method === 'card' });
  if (res.status !== 200) throw new Error(`order failed: ${res.status} ${res.text}`);
  return { s, order: res.json };
}

describe('PAYMENT_SIMULATION', () => {
  it('is on for a local shop and off on a public host unless set; nonsense stops the start', () => {
    expect(local.config.paymentSimulation).toBe(true);
    expect(publicHost.config.paymentSimulation).toBe(false);
    expect(simulatedPublicHost.config.paymentSimulation).toBe(true);
    expect(readStoreApiConfig({ PAYMENT_SIMULATION: 'false' }).paymentSimulation).toBe(false);
    expect(() => readStoreApiConfig({ PUBLIC_ORIGIN: PUBLIC, PAYMENT_SIMULATION: 'yes please' })).toThrow('PAYMENT_SIMULATION must be true or false, got "yes please"');
    // Logged as a warning at start only where it gives orders away: a public host that turned it on.
    expect(paymentSimulationWarning(simulatedPublicHost.config)).toContain(`PAYMENT_SIMULATION=true on the public host ${PUBLIC}`);
    expect(paymentSimulationWarning(publicHost.config)).toBeNull();
    expect(paymentSimulationWarning(local.config)).toBeNull();
  });
});

/** A card order placed while the simulation was on (the same database served with it), then paid on the public host. */
async function cardOrderOnPublicHost(): Promise<{ s: Shopper; order: Json }> {
  const { s: placedBy, order } = await guestOrderAt(callOf(simulatedPublicHost, PUBLIC), PUBLIC);
  const s = shopper(callOf(publicHost, PUBLIC));
  s.token = placedBy.token;
  return { s, order };
}

describe('a public host without PAYMENT_SIMULATION', () => {
  it('offers only the methods it can take: no asynchronous method is listed or can be chosen; a session starts on one it takes', async () => {
    const s = shopper(callOf(publicHost, PUBLIC));
    const listed = await s.call('POST', '/payment-method', { body: { onlyAvailable: true } });
    const names = (listed.json.elements as Json[]).map((method) => method.technicalName ?? method.translated?.name);
    expect(listed.json.elements.length).toBeGreaterThan(0);
    for (const method of listed.json.elements as Json[]) expect(method.asynchronous, JSON.stringify(names)).toBe(false);
    const context = await s.call('GET', '/context');
    expect(context.json.paymentMethod.asynchronous).toBe(false);
    const chosen = await s.call('PATCH', '/context', { body: { paymentMethodId: PAYMENT_METHOD_ID.card } });
    expect(chosen.status).toBe(400);
    expect(chosen.json.errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS', source: { pointer: '/paymentMethodId' } });
    // The local shop (simulation on) still lists card and TWINT.
    const localMethods = await shopper(local.call).call('POST', '/payment-method', { body: {} });
    expect((localMethods.json.elements as Json[]).some((method) => method.asynchronous)).toBe(true);
  });

  it('refuses to start an asynchronous payment (Shopware’s error) and changes nothing', async () => {
    const { s, order } = await cardOrderOnPublicHost();
    const handled = await handlePayment(s, order.id);
    expect(handled.status).toBe(400);
    expect(handled.json.errors[0]).toMatchObject({ status: '400', code: 'CHECKOUT__UNKNOWN_PAYMENT_METHOD' });
    expect(paymentState(order.id)).toEqual({ transactions: ['open'], sessions: 0, downloadsGranted: 0 });
  });

  it('pays nothing on a provider page, however its session was made: the page says so in the order’s language', async () => {
    // A session made while the simulation was on (here: by the local shop on the same database).
    const { s, order } = await guestOrderAt(local.call, ORIGIN);
    const url = (await handlePayment(s, order.id)).json.redirectUrl as string;
    const path = new URL(url).pathname;

    const page = await providerPage(publicHost, `${PUBLIC}${path}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('Zahlung nicht möglich');
    expect(html).toContain('Testzahlungen sind in diesem Shop ausgeschaltet');
    expect(html).toContain(`href="/checkout/success/${order.id}/unpaid"`);
    expect(html).not.toContain('<form');

    for (const outcome of ['pay', 'fail', 'cancel']) expect((await providerPage(publicHost, `${PUBLIC}${path}`, outcome)).status).toBe(404);
    expect(paymentState(order.id)).toMatchObject({ transactions: ['open'], downloadsGranted: 0 });
  });

  it('the storefront shows the refusal beside the payment method, translated, so the shopper picks another', async () => {
    const { s, order } = await cardOrderOnPublicHost();
    const config = readGatewayConfig({ NODE_ENV: 'test' }, publicHost.config.accessKey);
    const gateway = createGateway({ config, target: storeApiTarget(config, publicHost, { publicOrigin: PUBLIC }), logger: pino({ level: 'silent' }) });
    const response = await gateway.fetch(
      new Request(`${PUBLIC}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shop-locale': 'fr', 'sw-context-token': s.token! },
        body: JSON.stringify({ query: `mutation($input: HandlePaymentInput!) { handlePayment(input: $input) { redirectUrl errors { code field message } } }`, variables: { input: { orderId: order.id } } }),
      }),
    );
    const body = (await response.json()) as Json;
    expect(body.data.handlePayment).toEqual({ redirectUrl: null, errors: [{ code: 'INVALID_INPUT', field: 'paymentMethodId', message: 'Mode de paiement - La sélection n’est pas valide' }] });
    expect(paymentState(order.id)).toEqual({ transactions: ['open'], sessions: 0, downloadsGranted: 0 });
  });

  it('still takes invoice orders: paid later, no provider page', async () => {
    const { s, order } = await guestOrderAt(callOf(publicHost, PUBLIC), PUBLIC, 'invoice');
    const handled = await handlePayment(s, order.id);
    expect(handled.status).toBe(200);
    expect(handled.json.redirectUrl).toBeNull();
  });
});

describe('a public host with PAYMENT_SIMULATION=true', () => {
  it('shows the test-payment banner and pays with a click', async () => {
    const { s, order } = await guestOrderAt(callOf(simulatedPublicHost, PUBLIC), PUBLIC);
    const url = (await handlePayment(s, order.id)).json.redirectUrl as string;
    expect(url).toMatch(new RegExp(`^${PUBLIC}/payment-provider/`));
    const html = await (await providerPage(simulatedPublicHost, url)).text();
    expect(html).toContain('<p class="test-payment" role="note">Testzahlung: Dieser Shop verwendet einen simulierten Zahlungsanbieter.');
    const paid = await providerPage(simulatedPublicHost, url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/checkout/success/${order.id}/paid?paymentStatus=paid`);
    expect(paymentState(order.id)).toMatchObject({ transactions: ['paid'], downloadsGranted: 1 });
  });
});

describe('a local shop', () => {
  it('pays as before, with the banner, in the order’s language', async () => {
    const { s, order } = await guestOrderAt(local.call, ORIGIN);
    const url = (await handlePayment(s, order.id)).json.redirectUrl as string;
    expect(url).toMatch(new RegExp(`^${ORIGIN}/payment-provider/`));
    const html = await (await local.app.fetch(new Request(url))).text();
    expect(html).toContain('Testzahlung:');
    expect(html).toContain('>Bezahlen</button>');
    expect((await providerPage(local, url, 'pay')).status).toBe(303);
    expect(paymentState(order.id)).toMatchObject({ transactions: ['paid'], downloadsGranted: 1 });
  });
});
