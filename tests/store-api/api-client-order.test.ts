import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createAPIClient } from '@shopware/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CH_ID } from '../../store-api/src/known-ids';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { openPrivateTestShop } from '../support/shop';
import { findProduct, uniqueEmail } from './checkout-fixtures';

// The official Shopware client, unchanged, places a guest order against the embedded Store API over real
// loopback HTTP (issue 5 item 1): register a guest, add a line item, checkout/order, handle-payment, pay on
// the provider page, and read the paid order back.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let shop: Shop;
let server: ServerType;
let origin: string;

beforeAll(async () => {
  shop = await openPrivateTestShop();
  server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  shop?.close();
});

describe('@shopware/api-client places a guest order', () => {
  it('register guest → line item → checkout/order → handle-payment → provider page → paid order', async () => {
    const client = createAPIClient({ baseURL: `${origin}/store-api`, accessToken: shop.config.accessKey });
    const product = findProduct(shop.db, 'delivery');
    const email = uniqueEmail('client');

    const registered = await client.invoke('register post /account/register', {
      body: {
        guest: true,
        email,
        firstName: 'Nora',
        lastName: 'Huber',
        acceptedDataProtection: true,
        // One of the sales channel's configured domains (the test shop's PUBLIC_ORIGIN), not the address the client calls.
        storefrontUrl: shop.config.origins.primary,
        billingAddress: { street: 'Marktgasse 9', zipcode: '3011', city: 'Bern', countryId: COUNTRY_CH_ID } as Json,
      } as Json,
    });
    expect(registered.data.guest).toBe(true);
    const guestToken = client.defaultHeaders['sw-context-token'];
    expect(guestToken).toBeTruthy();

    const cart = await client.invoke('addLineItem post /checkout/cart/line-item', {
      body: { items: [{ id: product.id, referencedId: product.id, type: 'product', quantity: 2 }] },
    });
    expect(cart.data.lineItems?.[0]?.quantity).toBe(2);
    await client.invoke('updateContext patch /context', { body: { paymentMethodId: PAYMENT_METHOD_ID.card } });

    // As on Shopware, the order route asks for no terms (a Shopware frontend ticks them in its own page; ADR 0027).
    const order = await client.invoke('createOrder post /checkout/order', { body: {} as Json });
    expect(order.data.orderCustomer?.email).toBe(email);
    expect(order.data.amountTotal).toBe(cart.data.price?.totalPrice);
    expect(order.data.stateMachineState.technicalName).toBe('open');

    // Return URLs and the provider page are on the sales channel's configured domain, not the address the client calls.
    const domain = shop.config.origins.primary;
    const payment = await client.invoke('handlePaymentMethod post /handle-payment', {
      body: { orderId: order.data.id, finishUrl: `${domain}/checkout/success/${order.data.id}/paid`, errorUrl: `${domain}/checkout/success/${order.data.id}/unpaid` },
    });
    expect(payment.data.redirectUrl).toMatch(new RegExp(`^${domain}/payment-provider/`));

    // The shopper's browser on the provider page, over HTTP too (this server stands in for the domain).
    const redirectUrl = `${origin}${new URL(payment.data.redirectUrl as string).pathname}`;
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Bezahlen');
    const paid = await fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${domain}/checkout/success/${order.data.id}/paid?paymentStatus=paid`);

    const read = await client.invoke('readOrder post /order', { body: { filter: [{ type: 'equals', field: 'id', value: order.data.id }] } as Json });
    const readOrder = read.data.orders.elements[0] as Json;
    expect(readOrder.transactions.map((t: Json) => t.stateMachineState.technicalName)).toEqual(['paid']);
    expect(read.data.paymentChangeable?.[order.data.id]).toBe(false);
    expect(client.defaultHeaders['sw-context-token']).toBe(guestToken);
  });
});
