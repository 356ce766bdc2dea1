import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_ID, SHIPPING_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { openFormPostShop, type ShownAgain } from '../support/formPostShop';
import type { TestGateway } from '../support/gateway';
import { ORIGIN } from '../support/shop';

// The checkout's forms without JavaScript (server/forms/checkout.ts, issue 18 item 2) through the form kit's handler,
// with the real gateway over the embedded Store API: one shopper's session from the cart to the provider, refusals
// rendered again (here: recorded) with every value but the passwords, and a double post of the order making one
// order. The browser journeys are in tests/e2e/without-javascript-checkout.spec.ts.

let shop: TestGateway;
let app: Hono;
let shownAgain: ShownAgain[];

beforeAll(async () => {
  // a copy of the seeded shop of its own: the checkout writes customers and orders
  ({ shop, app, shownAgain } = await openFormPostShop({ cartForms: true }));
});
afterAll(() => shop?.close());

/** A shopper's browser: its cookies kept from answer to answer, each form posted from the shop's pages. */
function shopper() {
  const cookies = new Map<string, string>();
  return async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }): Promise<Response> {
    const answer = await app.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
    );
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return answer;
  };
}

async function switzerlandId(): Promise<string> {
  const { body } = await shop.gql('{ countries { id iso } }');
  return (body.data.countries as Array<{ id: string; iso: string }>).find((country) => country.iso === 'CH')!.id;
}

/** A product sent by post, in stock, without variants (from the graph's search, never hard-coded). */
async function deliveryProductId(): Promise<string> {
  const { body } = await shop.gql('{ search(term: "Vitamin", limit: 100) { nodes { productId available availableStock clickAndCollectOnly prescriptionRequired isDownload variants { productId } } } }');
  const nodes = body.data.search.nodes as Array<{ productId: string; available: boolean; availableStock: number; clickAndCollectOnly: boolean; prescriptionRequired: boolean; isDownload: boolean; variants: unknown[] }>;
  return nodes.find((p) => p.available && p.availableStock >= 2 && !p.clickAndCollectOnly && !p.prescriptionRequired && !p.isDownload && p.variants.length === 0)!.productId;
}

/** The guest form's fields as a shopper fills them. */
function guestFields(email: string, countryId: string): Record<string, string> {
  return {
    _form: 'checkout-registration',
    mode: 'guest',
    email,
    'billingAddress.salutationId': '',
    'billingAddress.company': '',
    'billingAddress.firstName': 'Anna',
    'billingAddress.lastName': 'Muster',
    'billingAddress.street': 'Bahnhofstrasse 1',
    'billingAddress.zipcode': '8001',
    'billingAddress.city': 'Zürich',
    'billingAddress.countryId': countryId,
    'billingAddress.phoneNumber': '',
    acceptedDataProtection: 'on',
  };
}

const ordersOf = (email: string) => (shop.db.prepare('SELECT id FROM "order" WHERE email = ?').all(email) as Array<{ id: string }>).map((row) => row.id);

describe('the checkout without JavaScript', () => {
  const email = `kasse-formular-${Date.now()}@example.ch`;
  const post = shopper();
  const key = crypto.randomUUID();

  it('the guest form: a refusal keeps every value, in Italian, the Store API not asked; then 303 back to the checkout', async () => {
    const countryId = await switzerlandId();
    expect((await post('/checkout/add-to-cart', { productId: await deliveryProductId(), quantity: '1' })).status).toBe(303);
    shownAgain.length = 0;
    shop.storeCalls.reset();
    const refused = await post('/it/checkout', { ...guestFields(email, countryId), 'billingAddress.zipcode': '80', acceptedDataProtection: '' });
    expect(refused.status).toBe(422);
    expect(shop.storeCalls.count).toBe(0);
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}/it/checkout`, method: 'GET' });
    expect(shownAgain[0]!.formPost).toMatchObject({
      form: 'checkout-registration',
      values: { mode: 'guest', email, 'billingAddress.firstName': 'Anna', 'billingAddress.zipcode': '80', acceptedDataProtection: '' },
      problems: { 'billingAddress.zipcode': 'postalCode', acceptedDataProtection: 'required' },
      errors: [],
    });

    const sent = await post('/it/checkout', guestFields(email, countryId));
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/it/checkout');
  });

  it('the address step sent again: the shown address left as it was is chosen by its id, a corrected one is added once', async () => {
    const addresses = () => (shop.db.prepare('SELECT a.id, a.street FROM customer_address a JOIN customer c ON c.id = a.customer_id WHERE c.email = ?').all(email) as Array<{ id: string; street: string }>);
    const [stored] = addresses();
    const shown = { salutationId: '', firstName: 'Anna', lastName: 'Muster', company: '', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', countryId: await switzerlandId(), phoneNumber: '' };
    const fields = (street: string, shownId: string, shownStreet: string) => ({
      _form: 'checkout-addresses',
      'billingAddress.id': shownId,
      'billingAddress.shown': JSON.stringify({ ...shown, street: shownStreet }),
      ...Object.fromEntries(Object.entries({ ...shown, street }).map(([key, value]) => [`billingAddress.${key}`, value])),
    });
    for (let i = 0; i < 2; i++) expect((await post('/checkout', fields('Bahnhofstrasse 1', stored!.id, 'Bahnhofstrasse 1'))).status).toBe(303);
    expect(addresses()).toHaveLength(1);
    expect((await post('/checkout', fields('Bahnhofstrasse 12', stored!.id, 'Bahnhofstrasse 1'))).status).toBe(303);
    const corrected = addresses().find((address) => address.street === 'Bahnhofstrasse 12')!;
    expect((await post('/checkout', fields('Bahnhofstrasse 12', corrected.id, 'Bahnhofstrasse 12'))).status).toBe(303);
    expect(addresses()).toHaveLength(2);
  });

  it('a choice without a value is refused beside its field; shipping and payment chosen go back to the checkout', async () => {
    shownAgain.length = 0;
    expect((await post('/checkout', { _form: 'checkout-shipping' })).status).toBe(422);
    expect(shownAgain[0]!.formPost).toMatchObject({ form: 'checkout-shipping', problems: { shippingMethodId: 'required' } });
    for (const [form, field, id] of [
      ['checkout-shipping', 'shippingMethodId', SHIPPING_METHOD_ID.standard],
      ['checkout-payment', 'paymentMethodId', PAYMENT_METHOD_ID.card],
    ] as const) {
      const chosen = await post('/checkout', { _form: form, [field]: id });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get('location')).toBe('/checkout');
    }
  });

  it('the order without the terms: the checkout again with the comment and the key kept, nothing ordered', async () => {
    shownAgain.length = 0;
    const refused = await post('/fr/checkout', { _form: 'checkout-order', customerComment: 'Sonnez svp', idempotencyKey: key });
    expect(refused.status).toBe(422);
    expect(shownAgain[0]!.formPost).toEqual({
      form: 'checkout-order',
      values: { acceptedTerms: '', acceptedDownloadWaiver: '', customerComment: 'Sonnez svp', idempotencyKey: key },
      problems: { acceptedTerms: 'required' },
      errors: [],
    });
    expect(ordersOf(email)).toEqual([]);
  });

  it('the order posted twice with the same key: one order, both answered with the provider’s page', async () => {
    const fields = { _form: 'checkout-order', acceptedTerms: 'on', customerComment: '', idempotencyKey: key };
    const first = await post('/checkout', fields);
    const second = await post('/checkout', fields);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/^\/payment-provider\/[\w-]+$/);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toMatch(/^\/payment-provider\/[\w-]+$/);
    expect(ordersOf(email)).toHaveLength(1);
  });

  it('the retry on /unpaid: another method saved on the order, then the provider again; an unknown method is refused there', async () => {
    const [orderId] = ordersOf(email);
    shownAgain.length = 0;
    const refused = await post(`/checkout/success/${orderId}/unpaid`, { _form: 'order-payment-retry', paymentMethodId: 'f'.repeat(32) });
    expect(refused.status).toBe(422);
    expect(shownAgain[0]).toMatchObject({ url: `${ORIGIN}/checkout/success/${orderId}/unpaid`, formPost: { form: 'order-payment-retry', values: { paymentMethodId: 'f'.repeat(32) } } });
    expect(shownAgain[0]!.formPost.errors).not.toEqual([]);

    const retried = await post(`/checkout/success/${orderId}/unpaid`, { _form: 'order-payment-retry', paymentMethodId: PAYMENT_METHOD_ID.twint });
    expect(retried.status).toBe(303);
    expect(retried.headers.get('location')).toMatch(/^\/payment-provider\/[\w-]+$/);
    const transaction = shop.db.prepare('SELECT payment_method_id AS method FROM order_transaction WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(orderId) as { method: string };
    expect(transaction.method).toBe(PAYMENT_METHOD_ID.twint);
  });

  it('the cancellation on /unpaid: 303 back to the page, the order cancelled', async () => {
    const [orderId] = ordersOf(email);
    const cancelled = await post(`/fr/checkout/success/${orderId}/unpaid`, { _form: 'order-cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/fr/checkout/success/${orderId}/unpaid`);
    expect(shop.db.prepare('SELECT state FROM "order" WHERE id = ?').get(orderId)).toEqual({ state: 'cancelled' });
  });

  it('the identity step’s "change": the session forgets its guest, and an order then is refused on the checkout', async () => {
    const another = shopper();
    const guest = `wechsel-${Date.now()}@example.ch`;
    expect((await another('/checkout/add-to-cart', { productId: await deliveryProductId(), quantity: '1' })).status).toBe(303);
    expect((await another('/checkout', guestFields(guest, await switzerlandId()))).status).toBe(303);
    const out = await another('/checkout', { _form: 'checkout-logout' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/checkout');
    shownAgain.length = 0;
    expect((await another('/checkout', { _form: 'checkout-order', acceptedTerms: 'on', idempotencyKey: crypto.randomUUID() })).status).toBe(422);
    expect(shownAgain[0]!.formPost.errors).not.toEqual([]);
    expect(ordersOf(guest)).toEqual([]);
  });

  it('a checkout form from a foreign page is refused before anything runs', async () => {
    shop.storeCalls.reset();
    const foreign = await post('/checkout', { _form: 'checkout-order', acceptedTerms: 'on', idempotencyKey: crypto.randomUUID() }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(shop.storeCalls.count).toBe(0);
  });
});
