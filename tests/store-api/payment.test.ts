import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { ORIGIN, openPrivateTestShop } from '../support/shop';
import { addProduct, address, choosePayment, findProduct, guestOrder, placeOrder, registerGuest, shopper, type Shopper } from './checkout-fixtures';

// Payment (issue 5 item 3): handle-payment, the embedded provider page (pay / fail / cancel, one use, no open
// redirect), Shopware's transaction states, retry with another method, cancelling, and the cart put back
// after a failed or cancelled payment.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function handlePayment(s: Shopper, orderId: string, urls: { finishUrl?: unknown; errorUrl?: unknown } = {}) {
  return s.call('POST', '/handle-payment', {
    body: { orderId, finishUrl: `/checkout/success/${orderId}/paid`, errorUrl: `/checkout/success/${orderId}/unpaid`, ...urls },
  });
}

function providerPage(url: string, init?: RequestInit): Promise<Response> {
  return Promise.resolve(shop.app.fetch(new Request(url, init)));
}

function submit(url: string, outcome: string): Promise<Response> {
  return providerPage(url, { method: 'POST', body: new URLSearchParams({ outcome }) });
}

async function order(s: Shopper, id: string): Promise<Json> {
  const res = await s.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: id }] } });
  return { ...res.json.orders.elements[0], paymentChangeable: res.json.paymentChangeable[id] };
}

function states(o: Json): { order: string; transactions: string[] } {
  return { order: o.stateMachineState.technicalName, transactions: o.transactions.map((t: Json) => t.stateMachineState.technicalName) };
}

describe('an asynchronous payment on the provider page', () => {
  it('pays: the transaction is paid, the order stays open, the shopper goes to finishUrl, the page works once', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const handled = await handlePayment(s, placed.id);
    expect(handled.status).toBe(200);
    const url = handled.json.redirectUrl as string;
    expect(url).toMatch(new RegExp(`^${ORIGIN}/payment-provider/[A-Za-z0-9_-]{32}$`));

    const page = await providerPage(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = (await page.text()).replace(/\u00a0/g, ' ');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(placed.orderNumber);
    expect(html).toContain(`CHF ${placed.amountTotal.toFixed(2)}`);
    expect(html).toContain('Kreditkarte');
    expect(html.match(/<form method="post"/g)).toHaveLength(3);
    for (const label of ['Bezahlen', 'Zahlung fehlschlagen lassen', 'Abbrechen']) expect(html).toContain(`>${label}</button>`);
    expect(html).not.toContain('<script');

    const paid = await submit(url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/checkout/success/${placed.id}/paid?paymentStatus=paid`);
    const after = await order(s, placed.id);
    expect(states(after)).toEqual({ order: 'open', transactions: ['paid'] });
    expect(after.paymentChangeable).toBe(false);

    // One use: the page and its buttons are gone.
    expect((await providerPage(url)).status).toBe(410);
    expect((await submit(url, 'fail')).status).toBe(410);
    expect(states(await order(s, placed.id)).transactions).toEqual(['paid']);
    // handle-payment again is harmless: nothing left to pay.
    expect((await handlePayment(s, placed.id)).json.redirectUrl).toBeNull();
    // A paid order is not cancelled nor its method changed.
    expect((await s.call('POST', '/order/state/cancel', { body: { orderId: placed.id } })).status).toBe(400);
    expect((await s.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: PAYMENT_METHOD_ID.twint } })).status).toBe(403);
  });

  it('fails: back to errorUrl, the cart is put back, and a retry with TWINT pays the same order', async () => {
    const { s, order: placed, productId } = await guestOrder(shop.call, shop.db, 'card', 2);
    const url = (await handlePayment(s, placed.id)).json.redirectUrl;
    const failed = await submit(url, 'fail');
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`/checkout/success/${placed.id}/unpaid?paymentStatus=failed`);
    let current = await order(s, placed.id);
    expect(states(current)).toEqual({ order: 'open', transactions: ['failed'] });
    expect(current.paymentChangeable).toBe(true);

    // The shopper's cart holds the order's items again (back to cart), marked as restored from it.
    const cart = (await s.call('GET', '/checkout/cart')).json;
    expect(cart.lineItems.map((l: Json) => [l.referencedId, l.quantity])).toEqual([[productId, 2]]);
    const stored = JSON.parse(shop.db.prepare('SELECT payload FROM cart WHERE token = ?').pluck().get(s.token) as string);
    expect(stored.restoredFromOrderId).toBe(placed.id);

    // Retry with another method: a new open transaction, a new page, paid.
    const changed = await s.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: PAYMENT_METHOD_ID.twint } });
    expect(changed.status).toBe(200);
    expect(changed.json.success).toBe(true);
    current = await order(s, placed.id);
    expect(current.transactions.map((t: Json) => [t.paymentMethodId, t.stateMachineState.technicalName])).toEqual([
      [PAYMENT_METHOD_ID.card, 'failed'],
      [PAYMENT_METHOD_ID.twint, 'open'],
    ]);
    const retryUrl = (await handlePayment(s, placed.id)).json.redirectUrl;
    expect(retryUrl).not.toBe(url);
    expect(await (await providerPage(retryUrl)).text()).toContain('TWINT');
    expect((await submit(retryUrl, 'pay')).headers.get('location')).toContain('/paid');
    expect(states(await order(s, placed.id))).toEqual({ order: 'open', transactions: ['failed', 'paid'] });
    // Paid: the restored cart of this order is gone, so nothing is bought twice.
    expect((await s.call('GET', '/checkout/cart')).json.lineItems).toEqual([]);
    const history = shop.db.prepare("SELECT from_state, to_state FROM state_history WHERE order_id = ? AND entity = 'order_transaction' ORDER BY created_at, rowid").all(placed.id);
    expect(history).toEqual([
      { from_state: null, to_state: 'open' },
      { from_state: 'open', to_state: 'failed' },
      { from_state: null, to_state: 'open' },
      { from_state: 'open', to_state: 'paid' },
    ]);
  });

  it('retry on invoice (SPEC §5): refused when the order is billed elsewhere than it goes to, allowed when one address', async () => {
    // Billed in Bern, delivered to Luzern (issue 19 item 4: order 10004 was accepted on invoice on the retry page).
    const elsewhere = shopper(shop.call);
    await registerGuest(elsewhere, { billingAddress: address({ street: 'Marktgasse 5', zipcode: '3011', city: 'Bern' }), shippingAddress: address({ street: 'Seestrasse 2', zipcode: '6004', city: 'Luzern' }) });
    await addProduct(elsewhere, findProduct(shop.db, 'delivery').id);
    await choosePayment(elsewhere, 'card');
    const placed = (await placeOrder(elsewhere)).json;
    const refused = await elsewhere.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: PAYMENT_METHOD_ID.invoice } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ code: 'CHECKOUT__PAYMENT_METHOD_BLOCKED', meta: { parameters: { reason: 'billing-address-differs' } } });
    expect((await order(elsewhere, placed.id)).transactions.map((t: Json) => t.paymentMethodId)).toEqual([PAYMENT_METHOD_ID.card]);

    // One address for both: invoice is a valid retry.
    const { s, order: same } = await guestOrder(shop.call, shop.db, 'card');
    const allowed = await s.call('POST', '/order/payment', { body: { orderId: same.id, paymentMethodId: PAYMENT_METHOD_ID.invoice } });
    expect(allowed.status).toBe(200);
    expect((await order(s, same.id)).transactions.map((t: Json) => t.paymentMethodId)).toEqual([PAYMENT_METHOD_ID.card, PAYMENT_METHOD_ID.invoice]);
  });

  it('retries with the same method: handle-payment opens a new transaction after a failure', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'paypal');
    await submit((await handlePayment(s, placed.id)).json.redirectUrl, 'fail');
    const retry = (await handlePayment(s, placed.id)).json.redirectUrl;
    expect((await submit(retry, 'pay')).status).toBe(303);
    expect(states(await order(s, placed.id)).transactions).toEqual(['failed', 'paid']);
  });

  it('cancels: errorUrl; ordering again from the restored cart replaces the unpaid order', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const cancelled = await submit((await handlePayment(s, placed.id)).json.redirectUrl, 'cancel');
    expect(cancelled.headers.get('location')).toBe(`/checkout/success/${placed.id}/unpaid?paymentStatus=cancelled`);
    expect(states(await order(s, placed.id))).toEqual({ order: 'open', transactions: ['cancelled'] });
    expect((await s.call('GET', '/checkout/cart')).json.lineItems).toHaveLength(1);

    const again = await placeOrder(s);
    expect(again.status, again.text).toBe(200);
    expect(again.json.id).not.toBe(placed.id);
    expect(states(await order(s, placed.id)).order).toBe('cancelled');
    expect(states(await order(s, again.json.id))).toEqual({ order: 'open', transactions: ['open'] });
  });

  it('leaves a cart the shopper filled meanwhile alone', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const other = findProduct(shop.db, 'delivery', 3);
    await addProduct(s, other.id, 1);
    await submit((await handlePayment(s, placed.id)).json.redirectUrl, 'fail');
    expect((await s.call('GET', '/checkout/cart')).json.lineItems.map((l: Json) => l.referencedId)).toEqual([other.id]);
  });

  it('speaks the order’s language', async () => {
    const s = shopper(shop.call, LANGUAGE_ID.it);
    await registerGuest(s);
    await addProduct(s, findProduct(shop.db, 'delivery').id);
    const placed = (await placeOrder(s)).json;
    const html = await (await providerPage((await handlePayment(s, placed.id)).json.redirectUrl)).text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('>Paga</button>');
  });

  it('records one outcome when the buttons are pressed twice at once', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const url = (await handlePayment(s, placed.id)).json.redirectUrl;
    const answers = await Promise.all([submit(url, 'pay'), submit(url, 'fail')]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
    expect(states(await order(s, placed.id)).transactions).toHaveLength(1);
  });

  it('supersedes an older page when handle-payment is called again', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const first = (await handlePayment(s, placed.id)).json.redirectUrl;
    const second = (await handlePayment(s, placed.id)).json.redirectUrl;
    expect((await submit(first, 'pay')).status).toBe(410);
    expect((await submit(second, 'pay')).status).toBe(303);
  });

  it('shows a clear page for an unknown session and refuses an unknown outcome', async () => {
    const unknown = await providerPage(`${ORIGIN}/payment-provider/doesnotexist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Zahlung nicht gefunden');
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const url = (await handlePayment(s, placed.id)).json.redirectUrl;
    expect((await submit(url, 'steal')).status).toBe(400);
    expect((await submit(url, 'pay')).status).toBe(303);
  });
});

describe('handle-payment', () => {
  it('answers redirectUrl null for invoice and prepayment: the order stays open, to be paid later', async () => {
    for (const method of ['invoice', 'prepayment'] as const) {
      const { s, order: placed } = await guestOrder(shop.call, shop.db, method);
      const res = await s.call('GET', `/handle-payment?orderId=${placed.id}&finishUrl=%2Fdone`);
      expect(res.status).toBe(200);
      expect(res.json.redirectUrl).toBeNull();
      expect(states(await order(s, placed.id))).toEqual({ order: 'open', transactions: ['open'] });
    }
  });

  it('refuses return URLs outside the shop (no open redirect)', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    for (const finishUrl of ['https://evil.example/paid', '//evil.example/paid', 'javascript:alert(1)', '/\\evil.example', 'http://shop.test.evil.example/x', 42]) {
      const res = await handlePayment(s, placed.id, { finishUrl });
      expect(res.status, String(finishUrl)).toBe(400);
      expect(res.json.errors[0].source.pointer).toBe('/finishUrl');
    }
    expect((await handlePayment(s, placed.id, { errorUrl: 'https://evil.example' })).status).toBe(400);
    const absolute = await handlePayment(s, placed.id, { finishUrl: `${ORIGIN}/it/checkout/success/${placed.id}/paid` });
    expect(absolute.status).toBe(200);
    expect((await submit(absolute.json.redirectUrl, 'pay')).headers.get('location')).toBe(`${ORIGIN}/it/checkout/success/${placed.id}/paid?paymentStatus=paid`);
  });

  it('pays only the session’s own orders', async () => {
    const { order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const stranger = shopper(shop.call);
    expect((await handlePayment(stranger, placed.id)).status).toBe(403);
    await registerGuest(stranger);
    expect((await handlePayment(stranger, placed.id)).status).toBe(404);
    expect((await stranger.call('POST', '/order/state/cancel', { body: { orderId: placed.id } })).status).toBe(404);
    expect((await stranger.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: PAYMENT_METHOD_ID.twint } })).status).toBe(404);
    expect((await stranger.call('POST', '/handle-payment', { body: {} })).status).toBe(400);
  });
});

describe('cancelling an order', () => {
  it('cancels an unpaid order with its transaction; it can no longer be paid', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const page = (await handlePayment(s, placed.id)).json.redirectUrl;
    const res = await s.call('POST', '/order/state/cancel', { body: { orderId: placed.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ technicalName: 'cancelled', apiAlias: 'state_machine_state' });
    const after = await order(s, placed.id);
    expect(states(after)).toEqual({ order: 'cancelled', transactions: ['cancelled'] });
    expect(after.deliveries[0].stateMachineState.technicalName).toBe('cancelled');
    expect(after.paymentChangeable).toBe(false);
    expect((await submit(page, 'pay')).status).toBe(410);
    expect((await handlePayment(s, placed.id)).status).toBe(403);
    expect((await s.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: PAYMENT_METHOD_ID.twint } })).status).toBe(403);
    expect((await s.call('POST', '/order/state/cancel', { body: { orderId: placed.id } })).status).toBe(400);
  });

  it('refuses a payment method that does not exist', async () => {
    const { s, order: placed } = await guestOrder(shop.call, shop.db, 'card');
    const res = await s.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: '0123456789abcdef0123456789abcdef' } });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CHECKOUT__UNKNOWN_PAYMENT_METHOD');
    // The same method as the open transaction changes nothing.
    await s.call('POST', '/order/payment', { body: { orderId: placed.id, paymentMethodId: PAYMENT_METHOD_ID.card } });
    expect(states(await order(s, placed.id)).transactions).toEqual(['open']);
  });
});
