import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_ID } from '../../store-api/src/seed/reference-data';
import { openPrivateTestShop } from '../support/shop';
import { activeAccount, loggedIn } from './account-session';
import { addProduct, address, choosePayment, findProduct, placeOrder, registerGuest, shopper, type Shopper } from './checkout-fixtures';

// Access control as a matrix (issue 25, SPEC §6): every Store API route that answers a customer's data — orders
// (list, by id, by deep link), the invoice, a paid download, addresses, the profile, the wishlist, the loyalty
// card, the preferred pharmacy, and the order actions that answer the order — asked for customer A's data by
// customer B (logged in), by a guest session and by an anonymous visitor (a context token, nobody in it). Each
// cell must be refused and its answer must not hold any of A's data; the order actions must leave A's order as
// it was. Prescriptions have no route that reads them back (the uploads are never served: prescription.test.ts).

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; text: string; json: Json };

let shop: Shop;

/** What customer A has, and the strings none of A's data may appear as in an intruder's answer. */
interface Victim {
  email: string;
  customerId: string;
  order: Json;
  invoice: { id: string; deepLinkCode: string };
  download: { orderId: string; id: string };
  addressId: string;
  wishlistProductId: string;
  cardNumber: string;
  pharmacyId: string;
  /** strings that only A's data contains (an order's answer holds its deepLinkCode, so that stands for the order) */
  secrets: string[];
}

let victim: Victim;
const intruders: Record<'customer B' | 'a guest session' | 'an anonymous visitor', Shopper> = {} as never;

async function payOnProviderPage(s: Shopper, orderId: string): Promise<void> {
  const handled = await s.call('POST', '/handle-payment', { body: { orderId, finishUrl: '/done', errorUrl: '/failed' } });
  const paid = await shop.app.fetch(new Request(new URL(handled.json.redirectUrl), { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }) }));
  expect(paid.status).toBe(303);
}

beforeAll(async () => {
  shop = await openPrivateTestShop();
  const email = await activeAccount(shop, { extra: { firstName: 'Amalia', lastName: 'Vertraulich', billingAddress: address({ street: 'Geheimweg 7' }) } });
  const a = await loggedIn(shop, email);
  const customerId = (await a.call('POST', '/account/customer', { body: {} })).json.id as string;

  await addProduct(a, findProduct(shop.db, 'delivery').id, 2);
  await choosePayment(a, 'invoice');
  const placed = await placeOrder(a);
  expect(placed.status, placed.text).toBe(200);
  const order = placed.json;

  await addProduct(a, findProduct(shop.db, 'digital').id);
  await choosePayment(a, 'card');
  const digital = await placeOrder(a, { tos: true, downloadWaiver: true });
  expect(digital.status, digital.text).toBe(200);
  await payOnProviderPage(a, digital.json.id);
  const download = { orderId: digital.json.id as string, id: digital.json.lineItems[0].downloads[0].id as string };
  expect((await a.call('GET', `/order/download/${download.orderId}/${download.id}`)).status).toBe(200);

  const added = await a.call('POST', '/account/address', { body: address({ firstName: 'Amalia', lastName: 'Vertraulich', street: 'Zweitadresse 99', zipcode: '3011', city: 'Bern' }) });
  expect(added.status, added.text).toBe(200);
  const wishlistProductId = findProduct(shop.db, 'delivery', 3).id;
  expect((await a.call('POST', `/customer/wishlist/add/${wishlistProductId}`)).status).toBe(200);
  const card = await a.call('POST', '/loyalty/apply', {
    body: { firstName: 'Amalia', lastName: 'Vertraulich', birthday: '1980-02-03', street: 'Geheimweg 7', zipcode: '8001', city: 'Zürich', email },
  });
  expect(card.status, card.text).toBe(200);
  const pharmacyId = shop.db.prepare('SELECT id FROM pharmacy WHERE click_and_collect = 1 ORDER BY id LIMIT 1 OFFSET 2').pluck().get() as string;
  expect((await a.call('PATCH', '/customer-pharmacy', { body: { pharmacyId } })).status).toBe(200);

  victim = {
    email,
    customerId,
    order,
    invoice: { id: order.documents[0].id, deepLinkCode: order.documents[0].deepLinkCode },
    download,
    addressId: added.json.id,
    wishlistProductId,
    cardNumber: card.json.card.cardNumber,
    pharmacyId,
    // order numbers are short counters (10001) that other numbers can equal: the order's id and deep link stand for it
    secrets: [email, 'Vertraulich', 'Geheimweg 7', 'Zweitadresse 99', order.deepLinkCode, digital.json.id, card.json.card.cardNumber, pharmacyId, customerId],
  };

  intruders['customer B'] = await loggedIn(shop, await activeAccount(shop));
  const guest = shopper(shop.call);
  await registerGuest(guest);
  intruders['a guest session'] = guest;
  const anonymous = shopper(shop.call);
  await anonymous.call('GET', '/context');
  expect(anonymous.token).toBeTruthy();
  intruders['an anonymous visitor'] = anonymous;
});
afterAll(() => shop?.close());

const byDeepLink = () => [{ type: 'equals', field: 'deepLinkCode', value: victim.order.deepLinkCode }];

interface Row {
  what: string;
  ask(intruder: Shopper): Promise<Answer>;
  /** the refusal: statuses allowed, and for a 200 what it must (not) hold */
  refused(answer: Answer): void;
  /** ids the intruder itself sent, which an error message may repeat */
  echoed?: () => string[];
}

const notAllowed = (...statuses: number[]) => (answer: Answer) => expect(statuses, answer.text).toContain(answer.status);

const rows: Row[] = [
  {
    what: 'POST /order (the order list)',
    ask: (s) => s.call('POST', '/order', { body: {} }),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.orders.elements.map((o: Json) => o.id)).not.toContain(victim.order.id);
      else expect(answer.status).toBe(403);
    },
  },
  {
    what: 'POST /order filtered by A’s order id',
    ask: (s) => s.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: victim.order.id }] } }),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.orders.elements).toEqual([]);
      else expect(answer.status).toBe(403);
    },
    echoed: () => [victim.order.id],
  },
  {
    what: 'POST /order by A’s deepLinkCode without email and postal code',
    ask: (s) => s.call('POST', '/order', { body: { filter: byDeepLink() } }),
    refused: notAllowed(403),
  },
  {
    what: 'POST /order by A’s deepLinkCode with A’s email and a wrong postal code',
    ask: (s) => s.call('POST', '/order', { body: { filter: byDeepLink(), email: victim.email, zipcode: '9999' } }),
    refused: notAllowed(403),
    echoed: () => [victim.email],
  },
  {
    what: 'GET /document/download/{A’s invoice}/{its deepLinkCode}',
    ask: (s) => s.call('GET', `/document/download/${victim.invoice.id}/${victim.invoice.deepLinkCode}`),
    refused: (answer) => {
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('%PDF');
    },
  },
  {
    what: 'GET /order/download/{A’s paid order}/{its download}',
    ask: (s) => s.call('GET', `/order/download/${victim.download.orderId}/${victim.download.id}`),
    refused: (answer) => {
      expect([403, 404]).toContain(answer.status);
      expect(answer.text).not.toContain('%PDF');
    },
    echoed: () => [victim.download.orderId, victim.download.id],
  },
  {
    what: 'GET /account/list-address',
    ask: (s) => s.call('GET', '/account/list-address'),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.elements.map((a: Json) => a.id)).not.toContain(victim.addressId);
      else expect(answer.status).toBe(403);
    },
  },
  {
    what: 'PATCH /account/address/{A’s address} (answers the address)',
    ask: (s) => s.call('PATCH', `/account/address/${victim.addressId}`, { body: { street: 'Umgeleitet 1' } }),
    refused: notAllowed(403, 404),
    echoed: () => [victim.addressId],
  },
  {
    what: 'GET /account/customer (the profile)',
    ask: (s) => s.call('GET', '/account/customer'),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.id).not.toBe(victim.customerId);
      else expect(answer.status).toBe(403);
    },
  },
  {
    what: 'GET /customer/wishlist',
    ask: (s) => s.call('GET', '/customer/wishlist'),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.products.elements.map((p: Json) => p.id)).not.toContain(victim.wishlistProductId);
      else expect([403, 404]).toContain(answer.status);
    },
  },
  {
    what: 'POST /loyalty (the loyalty card)',
    ask: (s) => s.call('POST', '/loyalty', { body: {} }),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.card).toBeNull();
      else expect(answer.status).toBe(403);
    },
  },
  {
    what: 'GET /customer-pharmacy (the preferred pharmacy)',
    ask: (s) => s.call('GET', '/customer-pharmacy'),
    refused: (answer) => {
      if (answer.status === 200) expect(answer.json.pharmacy).toBeNull();
      else expect(answer.status).toBe(403);
    },
  },
  {
    what: 'POST /order/state/cancel of A’s order',
    ask: (s) => s.call('POST', '/order/state/cancel', { body: { orderId: victim.order.id } }),
    refused: notAllowed(403, 404),
    echoed: () => [victim.order.id],
  },
  {
    what: 'POST /order/payment of A’s order',
    ask: (s) => s.call('POST', '/order/payment', { body: { orderId: victim.order.id, paymentMethodId: PAYMENT_METHOD_ID.twint } }),
    refused: notAllowed(403, 404),
    echoed: () => [victim.order.id],
  },
  {
    what: 'POST /handle-payment of A’s order',
    ask: (s) => s.call('POST', '/handle-payment', { body: { orderId: victim.order.id, finishUrl: '/done', errorUrl: '/failed' } }),
    refused: notAllowed(403, 404),
    echoed: () => [victim.order.id],
  },
];

const cells = rows.flatMap((row) => (['customer B', 'a guest session', 'an anonymous visitor'] as const).map((intruder) => [row.what, intruder, row] as const));

describe('customer A’s data, asked for by someone else, is refused', () => {
  it.each(cells)('%s — %s', async (_what, intruder, row) => {
    const answer = await row.ask(intruders[intruder]);
    row.refused(answer);
    const echoed = new Set(row.echoed?.() ?? []);
    const leaked = victim.secrets.filter((secret) => !echoed.has(secret) && answer.text.includes(secret));
    expect(leaked, 'A’s data in the answer').toEqual([]);
  });

  it('left A’s order, address and payment as they were', () => {
    const order = shop.db.prepare('SELECT state FROM "order" WHERE id = ?').pluck().get(victim.order.id);
    expect(order).toBe('open');
    const payments = shop.db.prepare('SELECT payment_method_id FROM order_transaction WHERE order_id = ?').pluck().all(victim.order.id);
    expect(payments).toEqual([PAYMENT_METHOD_ID.invoice]);
    const street = shop.db.prepare('SELECT street FROM customer_address WHERE id = ?').pluck().get(victim.addressId);
    expect(street).toBe('Zweitadresse 99');
  });

  it('and A itself still reads all of it (the rows ask the right things)', async () => {
    const a = await loggedIn(shop, victim.email);
    expect((await a.call('POST', '/order', { body: { filter: byDeepLink() } })).json.orders.elements.map((o: Json) => o.id)).toEqual([victim.order.id]);
    expect((await a.call('GET', `/document/download/${victim.invoice.id}/${victim.invoice.deepLinkCode}`)).status).toBe(200);
    expect((await a.call('GET', `/order/download/${victim.download.orderId}/${victim.download.id}`)).status).toBe(200);
    expect((await a.call('GET', '/account/list-address')).json.elements.map((x: Json) => x.id)).toContain(victim.addressId);
    expect((await a.call('GET', '/customer/wishlist')).json.products.elements.map((p: Json) => p.id)).toContain(victim.wishlistProductId);
    expect((await a.call('POST', '/loyalty', { body: {} })).json.card.cardNumber).toBe(victim.cardNumber);
    expect((await a.call('GET', '/customer-pharmacy')).json.pharmacy.id).toBe(victim.pharmacyId);
  });
});
