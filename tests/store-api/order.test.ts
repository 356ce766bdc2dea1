import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_ID, SHIPPING_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, address, choosePayment, findProduct, guestOrder, placeOrder, registerGuest, shopper, type Shopper } from './checkout-fixtures';

// POST /checkout/order and what it writes, the rules it enforces server-side (customer, terms, empty cart,
// blocking cart errors, download waiver), idempotency, reading orders (own, deep link + email + zipcode),
// invoices and downloads. Payment outcomes are in payment.test.ts.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

function count(sql: string, ...params: unknown[]): number {
  return shop.db.prepare(sql).pluck().get(...params) as number;
}

async function payOnProviderPage(s: Shopper, orderId: string, outcome: 'pay' | 'fail' | 'cancel' = 'pay'): Promise<Response> {
  const handled = await s.call('POST', '/handle-payment', { body: { orderId, finishUrl: '/done', errorUrl: '/failed' } });
  const url = new URL(handled.json.redirectUrl);
  return shop.app.fetch(new Request(url, { method: 'POST', body: new URLSearchParams({ outcome }) }));
}

describe('placing an order', () => {
  it('writes the order from the calculated cart and deletes the cart', async () => {
    const s = shopper(shop.call);
    const product = findProduct(shop.db, 'delivery');
    const customer = await registerGuest(s);
    await addProduct(s, product.id, 2);
    await choosePayment(s, 'card');
    const cart = (await s.call('GET', '/checkout/cart')).json;
    const ordersBefore = count('SELECT COUNT(*) FROM "order"');

    const res = await placeOrder(s, { tos: true, customerComment: 'Bitte klingeln' });
    expect(res.status, res.text).toBe(200);
    const order = res.json;
    expect(order).toMatchObject({
      apiAlias: 'order',
      amountTotal: cart.price.totalPrice,
      positionPrice: cart.price.positionPrice,
      shippingTotal: cart.deliveries[0].shippingCosts.totalPrice,
      customerComment: 'Bitte klingeln',
      stateMachineState: { technicalName: 'open' },
      orderCustomer: { email: customer.email, firstName: 'Anna', lastName: 'Muster' },
    });
    expect(order.orderNumber).toMatch(/^\d+$/);
    expect(order.deepLinkCode).toMatch(/^[0-9a-f]{32}$/);
    expect(order.price.totalPrice).toBe(cart.price.totalPrice);
    expect(order.lineItems).toHaveLength(1);
    expect(order.lineItems[0]).toMatchObject({ referencedId: product.id, productId: product.id, quantity: 2, type: 'product' });
    expect(order.lineItems[0].unitPrice).toBe(cart.lineItems[0].price.unitPrice);
    expect(order.lineItems[0].price.calculatedTaxes).toEqual(cart.lineItems[0].price.calculatedTaxes);
    expect(order.transactions).toHaveLength(1);
    expect(order.transactions[0]).toMatchObject({ paymentMethodId: PAYMENT_METHOD_ID.card, stateMachineState: { technicalName: 'open' } });
    expect(order.transactions[0].amount.totalPrice).toBe(cart.price.totalPrice);
    expect(order.deliveries).toHaveLength(1);
    const expected = cart.extensions['pharmacy-shop'].expectedDelivery;
    expect(order.deliveries[0]).toMatchObject({ shippingMethodId: SHIPPING_METHOD_ID.standard, stateMachineState: { technicalName: 'open' } });
    expect(order.deliveries[0].shippingDateEarliest.slice(0, 10)).toBe(expected.earliest);
    expect(order.deliveries[0].shippingDateLatest.slice(0, 10)).toBe(expected.latest);
    expect(order.deliveries[0].shippingOrderAddress).toMatchObject({ street: 'Bahnhofstrasse 1', zipcode: '8001' });
    expect(order.billingAddress).toMatchObject({ street: 'Bahnhofstrasse 1', city: 'Zürich' });
    expect(order.extensions['pharmacy-shop']).toMatchObject({ pharmacyId: null, expectedDelivery: { earliest: expected.earliest, latest: expected.latest } });
    expect(order.documents).toHaveLength(1);
    expect(order.documents[0]).toMatchObject({ config: { name: 'invoice' }, orderId: order.id });

    expect(count('SELECT COUNT(*) FROM "order"')).toBe(ordersBefore + 1);
    expect((await s.call('GET', '/checkout/cart')).json.lineItems).toEqual([]);
    expect(count('SELECT COUNT(*) FROM cart WHERE token = ?', s.token)).toBe(0);
    const history = shop.db.prepare('SELECT entity, to_state FROM state_history WHERE order_id = ? ORDER BY entity').all(order.id);
    expect(history).toEqual([
      { entity: 'order', to_state: 'open' },
      { entity: 'order_delivery', to_state: 'open' },
      { entity: 'order_transaction', to_state: 'open' },
    ]);
    const mail = shop.db.prepare("SELECT recipient, subject, body_text FROM mail_outbox WHERE order_id = ? AND template = 'order_confirmation_mail'").get(order.id) as Json;
    expect(mail.recipient).toBe(customer.email);
    expect(mail.subject).toBe(`Ihre Bestellung ${order.orderNumber}`);
    expect(mail.body_text).toContain(product.name);
  });

  it('numbers orders one after the other', async () => {
    const a = await guestOrder(shop.call, shop.db);
    const b = await guestOrder(shop.call, shop.db);
    expect(Number(b.order.orderNumber)).toBe(Number(a.order.orderNumber) + 1);
  });

  it('counts a promotion code as used', async () => {
    const s = shopper(shop.call);
    await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'delivery').id, 3);
    const added = await s.call('POST', '/checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: 'GESUND10' }] } });
    expect(added.json.lineItems.some((l: Json) => l.type === 'promotion')).toBe(true);
    const uses = count("SELECT uses FROM promotion WHERE code = 'GESUND10'");
    const res = await placeOrder(s);
    expect(res.status, res.text).toBe(200);
    expect(res.json.lineItems.find((l: Json) => l.type === 'promotion').totalPrice).toBeLessThan(0);
    expect(count("SELECT uses FROM promotion WHERE code = 'GESUND10'")).toBe(uses + 1);
  });
});

describe('the rules checkout/order enforces', () => {
  it('needs a customer in the session (guests count)', async () => {
    const s = shopper(shop.call);
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    const res = await placeOrder(s);
    expect(res.status).toBe(403);
    expect(res.json.errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
  });

  it('lets a new account that has not confirmed its email yet finish the checkout it is in', async () => {
    const s = shopper(shop.call);
    const registered = await s.call('POST', '/account/register', {
      body: { email: `neu.${Date.now()}@example.ch`, password: 'Sicher-123', firstName: 'Ida', lastName: 'Graf', billingAddress: address() },
    });
    expect(registered.json.active).toBe(false);
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    const res = await placeOrder(s);
    expect(res.status, res.text).toBe(200);
    expect(res.json.orderCustomer.customerId).toBe(registered.json.id);
  });

  it('needs a cart with products; like Shopware\'s order route it places the order without `tos` (the gateway asks for the terms)', async () => {
    const s = shopper(shop.call);
    await registerGuest(s);
    const empty = await placeOrder(s, {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].code).toBe('CHECKOUT__CART_EMPTY');
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    const placed = await placeOrder(s, {});
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.stateMachineState.technicalName).toBe('open');
    expect((await s.call('GET', '/checkout/cart')).json.lineItems).toHaveLength(0);
  });

  it('refuses a Click & Collect cart without a pharmacy; selectedCheckoutPharmacyId picks one', async () => {
    const s = shopper(shop.call);
    await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'clickCollect').id);
    await choosePayment(s, 'invoice');
    const blocked = await placeOrder(s);
    expect(blocked.status).toBe(400);
    expect(blocked.json.errors[0].code).toBe('CHECKOUT__CART_INVALID');
    expect(Object.values(blocked.json.errors[0].meta.parameters.errors).map((e: Json) => e.messageKey)).toContain('pharmacy-required');

    const unknown = await s.call('POST', '/checkout/order?selectedCheckoutPharmacyId=0123456789abcdef0123456789abcdef', { body: { tos: true } });
    expect(unknown.status).toBe(404);
    const pharmacyId = shop.db.prepare('SELECT id FROM pharmacy WHERE click_and_collect = 1 ORDER BY id LIMIT 1').pluck().get() as string;
    const res = await s.call('POST', `/checkout/order?selectedCheckoutPharmacyId=${pharmacyId}`, { body: { tos: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.extensions['pharmacy-shop'].pharmacyId).toBe(pharmacyId);
    expect(res.json.deliveries[0].shippingMethodId).toBe(SHIPPING_METHOD_ID.clickCollect);
    expect(res.json.shippingTotal).toBe(0);
  });

  it('refuses invoice when the billing address differs from the shipping address', async () => {
    const s = shopper(shop.call);
    await registerGuest(s, { shippingAddress: address({ street: 'Seeweg 5', zipcode: '6003', city: 'Luzern' }) });
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    await choosePayment(s, 'invoice');
    const res = await placeOrder(s);
    expect(res.status).toBe(400);
    expect(res.json.errors[0].code).toBe('CHECKOUT__CART_INVALID');
    expect(Object.values(res.json.errors[0].meta.parameters.errors).map((e: Json) => e.messageKey)).toContain('payment-method-blocked');
    await choosePayment(s, 'twint');
    expect((await placeOrder(s)).status).toBe(200);
  });

  it('records the download waiver (not required, as on Shopware: the gateway asks for it); digital content arrives only once paid', async () => {
    const digital = findProduct(shop.db, 'digital');
    const withoutWaiver = shopper(shop.call);
    await registerGuest(withoutWaiver);
    await addProduct(withoutWaiver, digital.id);
    const noWaiver = await placeOrder(withoutWaiver, {});
    expect(noWaiver.status, noWaiver.text).toBe(200);
    expect(noWaiver.json.extensions['pharmacy-shop'].downloadWaiverAccepted).toBe(false);

    const s = shopper(shop.call);
    await registerGuest(s);
    await addProduct(s, digital.id);
    await choosePayment(s, 'card');
    const res = await placeOrder(s, { tos: true, downloadWaiver: true });
    expect(res.status, res.text).toBe(200);
    const order = res.json;
    expect(order.deliveries).toEqual([]);
    expect(order.shippingTotal).toBe(0);
    expect(order.extensions['pharmacy-shop'].downloadWaiverAccepted).toBe(true);
    const download = order.lineItems[0].downloads[0];
    expect(download).toMatchObject({ accessGranted: false, media: { mimeType: 'application/pdf' } });
    const path = `/order/download/${order.id}/${download.id}`;
    expect((await s.call('GET', path)).status).toBe(404);

    const paid = await payOnProviderPage(s, order.id);
    expect(paid.status).toBe(303);
    const file = await s.call('GET', path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.text.startsWith('%PDF-1.4')).toBe(true);
    const raw = await shop.app.fetch(
      new Request(`http://shop.test/store-api${path}`, { headers: { 'sw-access-key': shop.config.accessKey, 'sw-context-token': s.token! } }),
    );
    const guide = await PDFDocument.load(new Uint8Array(await raw.arrayBuffer()));
    // the four-week plan: a cover, a page per week and the shopping list
    expect(guide.getPageCount()).toBe(6);
    expect(guide.getTitle()).toBe(digital.name);
    // Another session never gets it, and no public media URL serves it.
    const stranger = shopper(shop.call);
    await registerGuest(stranger);
    expect((await stranger.call('GET', path)).status).toBe(404);
    const stored = shop.db.prepare('SELECT path FROM download_file WHERE id = ?').pluck().get(download.mediaId) as string;
    for (const url of [`/media/${stored}`, `/private/${stored}`, `/media/../private/${stored}`]) {
      expect((await shop.app.fetch(new Request(`http://shop.test${url}`))).status).not.toBe(200);
    }
  });
});

describe('idempotency', () => {
  it('answers ten concurrent submissions with one Idempotency-Key with one order', async () => {
    const s = shopper(shop.call);
    await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'delivery').id, 2);
    const before = count('SELECT COUNT(*) FROM "order"');
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(s, { tos: true }, { 'Idempotency-Key': 'checkout-7f3a' })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(count('SELECT COUNT(*) FROM "order"')).toBe(before + 1);
    const again = await placeOrder(s, { tos: true }, { 'Idempotency-Key': 'checkout-7f3a' });
    expect(again.json.id).toBe(results[0]!.json.id);
    expect(count('SELECT COUNT(*) FROM mail_outbox WHERE order_id = ?', results[0]!.json.id)).toBe(1);
  });

  it('without a key, a second submission after success finds the cart empty', async () => {
    const { s } = await guestOrder(shop.call, shop.db);
    const before = count('SELECT COUNT(*) FROM "order"');
    const second = await placeOrder(s);
    expect(second.status).toBe(400);
    expect(second.json.errors[0].code).toBe('CHECKOUT__CART_EMPTY');
    expect(count('SELECT COUNT(*) FROM "order"')).toBe(before);
  });

  it('refuses an overlong key', async () => {
    const s = shopper(shop.call);
    await registerGuest(s);
    const res = await placeOrder(s, { tos: true }, { 'Idempotency-Key': 'k'.repeat(101) });
    expect(res.status).toBe(400);
  });
});

describe('reading orders (POST /order)', () => {
  it('shows the session customer its own orders, filtered by id, with paymentChangeable', async () => {
    const { s, order } = await guestOrder(shop.call, shop.db);
    const list = await s.call('POST', '/order', { body: {} });
    expect(list.status).toBe(200);
    expect(list.json.orders.elements.map((o: Json) => o.id)).toEqual([order.id]);
    expect(list.json.paymentChangeable).toEqual({ [order.id]: true });
    const byId = await s.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: order.id }] } });
    expect(byId.json.orders.total).toBe(1);

    const other = await guestOrder(shop.call, shop.db);
    const foreign = await s.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: other.order.id }] } });
    expect(foreign.json.orders.elements).toEqual([]);
    expect((await shopper(shop.call).call('POST', '/order', { body: {} })).status).toBe(403);
  });

  it('lets anyone with deepLinkCode + email + zipcode read that one order, nobody with less', async () => {
    const { order } = await guestOrder(shop.call, shop.db);
    const filter = [{ type: 'equals', field: 'deepLinkCode', value: order.deepLinkCode }];
    const anonymous = shopper(shop.call);
    expect((await anonymous.call('POST', '/order', { body: { filter } })).status).toBe(403);
    expect((await anonymous.call('POST', '/order', { body: { filter, email: order.orderCustomer.email, zipcode: '9999' } })).status).toBe(403);
    const ok = await anonymous.call('POST', '/order', { body: { filter, email: order.orderCustomer.email.toUpperCase(), zipcode: '8001' } });
    expect(ok.status).toBe(200);
    expect(ok.json.orders.elements.map((o: Json) => o.id)).toEqual([order.id]);
    const unknown = await anonymous.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'deepLinkCode', value: 'nope' }], email: 'a@b.ch', zipcode: '8001' } });
    expect(unknown.json.orders.elements).toEqual([]);
    const badFilter = await anonymous.call('POST', '/order', { body: { filter: [{ type: 'contains', field: 'email', value: '@' }] } });
    expect(badFilter.status).toBe(400);
  });
});

describe('invoice document', () => {
  it('is a PDF with the invoice number, for the order’s customer or with email + zipcode', async () => {
    const { s, order } = await guestOrder(shop.call, shop.db);
    const document = order.documents[0];
    const path = `/document/download/${document.id}/${document.deepLinkCode}`;
    const res = await shop.app.fetch(
      new Request(`http://shop.test/store-api${path}`, { headers: { 'sw-access-key': shop.config.accessKey, 'sw-context-token': s.token! } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Rechnung ${document.documentNumber}`);

    const stranger = shopper(shop.call);
    expect((await stranger.call('GET', path)).status).toBe(403);
    expect((await stranger.call('POST', path, { body: { email: order.orderCustomer.email, zipcode: '8001' } })).status).toBe(200);
    expect((await stranger.call('GET', `/document/download/${document.id}/wrongcode`)).status).toBe(404);
  });
});
