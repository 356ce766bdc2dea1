import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededLoyaltyCardNumber } from '../../store-api/src/seed/loyalty-cards';
import { browser, cookieHeader, onProviderPage, openAccountGateway, ORIGIN, registeredCustomer, swissAddress, uniqueEmail, type AccountGateway, type Browser } from './account-gateway';
import { testProducts } from './shop-session';

// Access control as a matrix through the gateway (issue 25, SPEC §6): every GraphQL field that answers a
// customer's data — order(id), node(id) of an Order, viewer.orders, .addresses, .email, .loyaltyCard, .wishlist,
// .preferredPharmacy, an order by a forged order-access cookie holding A's deep link, the order mutations that
// answer the order — and the account file routes (invoice, paid download), asked for customer A's data by
// customer B, by a guest session and by an anonymous visitor, over the real embedded Store API. Every cell must
// be refused (null, empty, an error or 404) and must not carry any of A's data.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let gw: AccountGateway;
const victim = {} as {
  email: string;
  orderId: string;
  orderGlobalId: string;
  deepLinkCode: string;
  documentId: string;
  download: { orderId: string; id: string };
  wishlistProductId: string;
  cardNumber: string;
  pharmacyId: string;
  secrets: string[];
};
type Intruder = 'customer B' | 'a guest session' | 'an anonymous visitor';
const intruders = {} as Record<Intruder, Browser>;
let owner: Browser;

async function order(shopper: Browser, productId: string, payment: string): Promise<string> {
  await shopper.gql(`mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`, { input: { productId } });
  await shopper.gql(`mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`, { input: { paymentMethodId: gw.payment[payment] } });
  const placed = await shopper.gql(`mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderId } errors { code message } } }`, {
    input: { acceptedTerms: true, acceptedDownloadWaiver: true, idempotencyKey: randomUUID() },
  });
  expect(placed.body.data.placeOrder.errors).toEqual([]);
  return placed.body.data.placeOrder.order.orderId as string;
}

beforeAll(async () => {
  gw = await openAccountGateway();
  const products = await testProducts();
  const { shopper: a, email } = await registeredCustomer(gw);
  owner = a;
  const orderId = await order(a, products.delivery.id, 'payment_invoice');
  const read = await a.gql(`query ($id: ID!) { order(id: $id) { id documents { id } } }`, { id: orderId });
  const digitalId = await order(a, products.download!.id, 'payment_card');
  const handled = await a.gql(`mutation ($input: HandlePaymentInput!) { handlePayment(input: $input) { redirectUrl errors { code } } }`, { input: { orderId: digitalId } });
  await onProviderPage(gw, handled.body.data.handlePayment.redirectUrl, 'pay');
  const downloads = (await a.gql(`query ($id: ID!) { order(id: $id) { downloads { id url } } }`, { id: digitalId })).body.data.order.downloads;
  expect(downloads[0].url).toBeTruthy();

  const address = await a.gql(`mutation ($input: AddressInput!) { createAddress(input: $input) { errors { code message } } }`, {
    input: swissAddress(gw, { street: 'Zweitadresse 99', zipcode: '3011', city: 'Bern' }),
  });
  expect(address.body.data.createAddress.errors).toEqual([]);
  const wished = await a.gql(`mutation ($input: WishlistProductInput!) { addToWishlist(input: $input) { errors { code } } }`, { input: { productId: products.delivery2.id } });
  expect(wished.body.data.addToWishlist.errors).toEqual([]);
  const customerId = gw.shop.db.prepare('SELECT id FROM customer WHERE email = ?').pluck().get(email) as string;
  const cardNumber = seededLoyaltyCardNumber(7);
  gw.shop.db.prepare('UPDATE loyalty_card SET customer_id = ? WHERE card_number = ?').run(customerId, cardNumber);
  const pharmacyId = gw.shop.db.prepare('SELECT id FROM pharmacy WHERE click_and_collect = 1 ORDER BY id LIMIT 1 OFFSET 4').pluck().get() as string;
  gw.shop.db.prepare('UPDATE customer SET preferred_pharmacy_id = ? WHERE id = ?').run(pharmacyId, customerId);
  const deepLinkCode = gw.shop.db.prepare('SELECT deep_link_code FROM "order" WHERE id = ?').pluck().get(orderId) as string;

  Object.assign(victim, {
    email,
    orderId,
    orderGlobalId: read.body.data.order.id,
    deepLinkCode,
    documentId: read.body.data.order.documents[0].id,
    download: { orderId: digitalId, id: downloads[0].id },
    wishlistProductId: products.delivery2.id,
    cardNumber,
    pharmacyId,
    secrets: [email, 'Zweitadresse 99', deepLinkCode, cardNumber, pharmacyId, customerId],
  });

  intruders['customer B'] = (await registeredCustomer(gw)).shopper;
  const guest = browser(gw);
  const registered = await guest.gql(`mutation ($input: RegisterInput!) { register(input: $input) { errors { code message } } }`, {
    input: { guest: true, email: uniqueEmail('gast'), firstName: 'Gina', lastName: 'Gast', billingAddress: swissAddress(gw), acceptedDataProtection: true },
  });
  expect(registered.body.data.register.errors).toEqual([]);
  intruders['a guest session'] = guest;
  const anonymous = browser(gw);
  await anonymous.gql(`mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`, { input: { productId: products.delivery.id } });
  expect(anonymous.cookies['sw-context-token']).toBeTruthy();
  intruders['an anonymous visitor'] = anonymous;
}, 60_000);
afterAll(() => gw?.close());

interface Answer {
  status: number;
  text: string;
  json: Json;
}

interface Row {
  what: string;
  ask(intruder: Browser): Promise<Answer>;
  refused(answer: Answer): void;
  /** ids the intruder itself sent, which an error message may repeat */
  echoed?: () => string[];
}

async function query(intruder: Browser, text: string, variables?: Record<string, unknown>): Promise<Answer> {
  const result = await intruder.gql(text, variables);
  return { status: result.status, text: JSON.stringify(result.body), json: result.body };
}

async function file(intruder: Browser, path: string): Promise<Answer> {
  const request = new Request(new URL(path, ORIGIN), { headers: { cookie: cookieHeader(intruder) } });
  const parts = new URL(request.url).pathname.split('/').filter(Boolean);
  const response = parts[1] === 'document' ? await gw.files.document(request, parts[2]!) : await gw.files.download(request, parts[2]!, parts[3]!);
  return { status: response.status, text: await response.text(), json: null };
}

const viewerField = (selection: string) => (s: Browser) => query(s, `{ viewer { ${selection} } }`);
const viewerOf = (answer: Answer) => answer.json.data?.viewer ?? null;

const rows: Row[] = [
  {
    what: 'order(id: A’s order)',
    ask: (s) => query(s, `query ($id: ID!) { order(id: $id) { orderId email } }`, { id: victim.orderId }),
    refused: (answer) => expect(answer.json.data?.order ?? null).toBeNull(),
  },
  {
    what: 'node(id: A’s Order global id)',
    ask: (s) => query(s, `query ($id: ID!) { node(id: $id) { id ... on Order { orderId email } } }`, { id: victim.orderGlobalId }),
    refused: (answer) => expect(answer.json.data?.node ?? null).toBeNull(),
    echoed: () => [victim.orderGlobalId],
  },
  {
    what: 'order(id) with a forged order-access cookie holding A’s deep link (no email, no postal code)',
    ask: async (s) => {
      s.cookies['shop-order-access'] = `${victim.orderId}:${victim.deepLinkCode}`;
      try {
        return await query(s, `query ($id: ID!) { order(id: $id) { orderId email } }`, { id: victim.orderId });
      } finally {
        delete s.cookies['shop-order-access'];
      }
    },
    refused: (answer) => expect(answer.json.data?.order ?? null).toBeNull(),
  },
  {
    what: 'viewer.orders',
    ask: viewerField('orders(first: 50) { edges { node { orderId } } }'),
    refused: (answer) => expect((viewerOf(answer)?.orders.edges ?? []).map((e: Json) => e.node.orderId)).not.toContain(victim.orderId),
  },
  {
    what: 'viewer.addresses',
    ask: viewerField('addresses { street }'),
    refused: (answer) => expect((viewerOf(answer)?.addresses ?? []).map((a: Json) => a.street)).not.toContain('Zweitadresse 99'),
  },
  {
    what: 'viewer.email (the profile)',
    ask: viewerField('email firstName lastName'),
    refused: (answer) => expect(viewerOf(answer)?.email ?? null).not.toBe(victim.email),
  },
  {
    what: 'viewer.loyaltyCard',
    ask: viewerField('loyaltyCard { cardNumber points }'),
    refused: (answer) => expect(viewerOf(answer)?.loyaltyCard ?? null).toBeNull(),
  },
  {
    what: 'viewer.wishlist and wishlistProductIds',
    ask: viewerField('wishlistProductIds wishlist { id }'),
    refused: (answer) => expect(viewerOf(answer)?.wishlistProductIds ?? []).not.toContain(victim.wishlistProductId),
  },
  {
    what: 'viewer.preferredPharmacy',
    ask: viewerField('preferredPharmacy { name }'),
    refused: (answer) => expect(viewerOf(answer)?.preferredPharmacy ?? null).toBeNull(),
  },
  {
    what: 'cancelOrder(A’s order)',
    ask: (s) => query(s, `mutation ($input: CancelOrderInput!) { cancelOrder(input: $input) { order { orderId email } errors { code } } }`, { input: { orderId: victim.orderId } }),
    refused: (answer) => {
      expect(answer.json.data?.cancelOrder?.order ?? null).toBeNull();
      expect(answer.json.data?.cancelOrder?.errors?.length ?? answer.json.errors?.length).toBeGreaterThan(0);
    },
    echoed: () => [victim.orderId],
  },
  {
    what: 'changeOrderPaymentMethod(A’s order)',
    ask: (s) =>
      query(s, `mutation ($input: ChangeOrderPaymentMethodInput!) { changeOrderPaymentMethod(input: $input) { order { orderId email } errors { code } } }`, {
        input: { orderId: victim.orderId, paymentMethodId: gw.payment.payment_twint ?? Object.values(gw.payment)[0] },
      }),
    refused: (answer) => expect(answer.json.data?.changeOrderPaymentMethod?.order ?? null).toBeNull(),
    echoed: () => [victim.orderId],
  },
  {
    what: 'handlePayment(A’s order)',
    ask: (s) => query(s, `mutation ($input: HandlePaymentInput!) { handlePayment(input: $input) { redirectUrl errors { code } } }`, { input: { orderId: victim.orderId } }),
    refused: (answer) => expect(answer.json.data?.handlePayment?.redirectUrl ?? null).toBeNull(),
    echoed: () => [victim.orderId],
  },
  {
    what: 'GET /account/document/{A’s invoice}',
    ask: (s) => file(s, `/account/document/${victim.documentId}`),
    refused: (answer) => expect(answer.status).toBe(404),
  },
  {
    what: 'GET /account/download/{A’s paid order}/{its download}',
    ask: (s) => file(s, `/account/download/${victim.download.orderId}/${victim.download.id}`),
    refused: (answer) => expect(answer.status).toBe(404),
  },
];

const cells = rows.flatMap((row) => (['customer B', 'a guest session', 'an anonymous visitor'] as const).map((intruder) => [row.what, intruder, row] as const));

describe('customer A’s data through the gateway, asked for by someone else, is refused', () => {
  it.each(cells)('%s — %s', async (_what, intruder, row) => {
    const answer = await row.ask(intruders[intruder]);
    row.refused(answer);
    const echoed = new Set(row.echoed?.() ?? []);
    expect(victim.secrets.filter((secret) => !echoed.has(secret) && answer.text.includes(secret)), 'A’s data in the answer').toEqual([]);
  });

  it('while A itself gets every one of them (the rows ask for the right things)', async () => {
    // only the reading rows: the order mutations would really change A's order
    const answers = new Map<string, Answer>();
    for (const row of rows.filter((r) => !/^(cancelOrder|changeOrderPaymentMethod|handlePayment)/.test(r.what))) answers.set(row.what, await row.ask(owner));
    const of = (what: string) => [...answers].find(([key]) => key.startsWith(what))![1];
    expect(of('order(id: A’s order)').json.data.order.orderId).toBe(victim.orderId);
    expect(of('node(id').json.data.node.orderId).toBe(victim.orderId);
    expect(of('viewer.orders').json.data.viewer.orders.edges.map((e: Json) => e.node.orderId)).toContain(victim.orderId);
    expect(of('viewer.addresses').json.data.viewer.addresses.map((a: Json) => a.street)).toContain('Zweitadresse 99');
    expect(of('viewer.email').json.data.viewer.email).toBe(victim.email);
    expect(of('viewer.loyaltyCard').json.data.viewer.loyaltyCard.cardNumber).toBe(victim.cardNumber);
    expect(of('viewer.wishlist').json.data.viewer.wishlistProductIds).toContain(victim.wishlistProductId);
    expect(of('viewer.preferredPharmacy').json.data.viewer.preferredPharmacy).not.toBeNull();
    expect(of('GET /account/document').status).toBe(200);
    expect(of('GET /account/download').status).toBe(200);
  });

  it('left A’s order open with its invoice payment', () => {
    expect(gw.shop.db.prepare('SELECT state FROM "order" WHERE id = ?').pluck().get(victim.orderId)).toBe('open');
    expect(gw.shop.db.prepare('SELECT payment_method_id FROM order_transaction WHERE order_id = ?').pluck().all(victim.orderId)).toEqual([gw.payment.payment_invoice]);
  });
});
