import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { expectStoreApiContract } from '../support/contract';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, address, choosePayment, findProduct, shopper, uniqueEmail, type Shopper } from './checkout-fixtures';

// The account, order and payment answers of issue 5 against Shopware's Store API schema (from
// @shopware/api-client, overrides and the documented runtime deviations applied, tests/support/contract.ts).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

/**
 * [runtime] Order.shippingCosts, OrderDelivery.shippingCosts and OrderTransaction.amount are CalculatedPrice
 * values; Shopware serialises their calculatedTaxes / taxRules as lists (as in the cart), while the schema,
 * generated from the JSON field, types them `object`. Only these paths are rewritten for validation (lists
 * become index-keyed objects); everything else is validated as answered. Candidate for ENDPOINTS.md §6 and
 * tests/support/contract.ts.
 */
function withOrderPriceDeviation(body: Json): Json {
  const copy = structuredClone(body);
  const asObject = (price: Json) => {
    if (!price || typeof price !== 'object') return;
    for (const key of ['calculatedTaxes', 'taxRules']) if (Array.isArray(price[key])) price[key] = Object.fromEntries(price[key].map((v: Json, i: number) => [String(i), v]));
  };
  const fixOrder = (order: Json) => {
    if (!order || typeof order !== 'object') return;
    asObject(order.shippingCosts);
    for (const d of [...(order.deliveries ?? []), order.primaryOrderDelivery]) if (d) asObject(d.shippingCosts);
    for (const t of [...(order.transactions ?? []), order.primaryOrderTransaction]) if (t) asObject(t.amount);
  };
  if (copy?.apiAlias === 'order') fixOrder(copy);
  for (const order of copy?.orders?.elements ?? []) fixOrder(order);
  return copy;
}

async function contract(s: Shopper, method: string, template: string, path: string, options: { body?: unknown; status?: number; headers?: Record<string, string> } = {}): Promise<Json> {
  const res = await s.call(method, path, { body: options.body, headers: options.headers });
  expect(res.status, `${method} ${path} → ${res.text.slice(0, 400)}`).toBe(options.status ?? 200);
  expectStoreApiContract(method, template, res.status, withOrderPriceDeviation(res.json));
  return res.json;
}

describe('accounts', () => {
  it('register, customer, addresses, login and logout answer Shopware shapes', async () => {
    const guest = shopper(shop.call);
    const registered = await contract(guest, 'POST', '/account/register', '/account/register', {
      body: { guest: true, email: uniqueEmail(), firstName: 'Lea', lastName: 'Frei', acceptedDataProtection: true, storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    expect(registered.guest).toBe(true);
    await contract(guest, 'POST', '/account/customer', '/account/customer', { body: {} });
    await contract(guest, 'POST', '/account/list-address', '/account/list-address', { body: {} });
    const created = await contract(guest, 'POST', '/account/address', '/account/address', { body: address({ firstName: 'Tom', lastName: 'Frei', street: 'Gasse 2' }) });
    await contract(guest, 'PATCH', '/account/address/{addressId}', `/account/address/${created.id}`, { body: { city: 'Winterthur', zipcode: '8400' } });

    const invalid = await contract(shopper(shop.call), 'POST', '/account/register', '/account/register', { body: { guest: true }, status: 400 });
    expect(invalid.errors.length).toBeGreaterThan(2);

    const email = uniqueEmail('vertrag');
    shop.config.registrationDoubleOptIn = false;
    try {
      await contract(shopper(shop.call), 'POST', '/account/register', '/account/register', {
        body: { email, password: 'Sicher-123', firstName: 'Lea', lastName: 'Frei', storefrontUrl: 'http://shop.test', billingAddress: address() },
      });
    } finally {
      shop.config.registrationDoubleOptIn = true;
    }
    const s = shopper(shop.call);
    await contract(s, 'POST', '/account/login', '/account/login', { body: { username: email, password: 'falsch-falsch' }, status: 401 });
    await contract(s, 'POST', '/account/login', '/account/login', { body: { username: email, password: 'Sicher-123' } });
    await contract(s, 'POST', '/account/logout', '/account/logout');
    await contract(s, 'POST', '/account/customer', '/account/customer', { body: {}, status: 403 });
  });
});

describe('orders and payment', () => {
  it('checkout/order, order, order/payment, handle-payment and order/state/cancel answer Shopware shapes', async () => {
    const s = shopper(shop.call);
    await contract(s, 'POST', '/checkout/order', '/checkout/order', { body: { tos: true }, status: 403 });
    await contract(s, 'POST', '/account/register', '/account/register', {
      body: { guest: true, email: uniqueEmail(), firstName: 'Lea', lastName: 'Frei', storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    await contract(s, 'POST', '/checkout/order', '/checkout/order', { body: { tos: true }, status: 400 });
    await addProduct(s, findProduct(shop.db, 'delivery').id, 2);
    await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: 'GESUND10' }] } });
    await choosePayment(s, 'card');
    const order = await contract(s, 'POST', '/checkout/order', '/checkout/order', { body: { tos: true } });
    expect(order.lineItems.length).toBe(2);

    const list = await contract(s, 'POST', '/order', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: order.id }] } });
    expect(list.paymentChangeable[order.id]).toBe(true);
    await contract(s, 'POST', '/order', '/order', { body: { filter: [{ type: 'equals', field: 'deepLinkCode', value: order.deepLinkCode }] } });

    const handled = await contract(s, 'POST', '/handle-payment', '/handle-payment', { body: { orderId: order.id, finishUrl: '/ok', errorUrl: '/ko' } });
    expect(handled.redirectUrl).toContain('/payment-provider/');
    await contract(s, 'POST', '/order/payment', '/order/payment', { body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_ID.invoice } });
    const sync = await contract(s, 'GET', '/handle-payment', `/handle-payment?orderId=${order.id}`);
    expect(sync.redirectUrl).toBeNull();
    await contract(s, 'POST', '/handle-payment', '/handle-payment', { body: { orderId: order.id, finishUrl: 'https://evil.example' }, status: 400 });
    const cancelled = await contract(s, 'POST', '/order/state/cancel', '/order/state/cancel', { body: { orderId: order.id } });
    expect(cancelled.technicalName).toBe('cancelled');
    await contract(s, 'POST', '/order/payment', '/order/payment', { body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_ID.card }, status: 403 });
  });

  it('a digital order with its downloads answers a Shopware Order', async () => {
    const s = shopper(shop.call);
    await s.call('POST', '/account/register', {
      body: { guest: true, email: uniqueEmail(), firstName: 'Lea', lastName: 'Frei', storefrontUrl: 'http://shop.test', billingAddress: address() },
    });
    await addProduct(s, findProduct(shop.db, 'digital').id);
    const order = await contract(s, 'POST', '/checkout/order', '/checkout/order', { body: { tos: true, downloadWaiver: true } });
    expect(order.lineItems[0].downloads).toHaveLength(1);
  });
});
