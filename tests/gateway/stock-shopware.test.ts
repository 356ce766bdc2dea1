import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_ERROR_MESSAGES } from '../../gateway/src/messages';
import { seededMemberNumbers } from '../../store-api/src/seed/insurer';
import { browser, openAccountGateway, registeredCustomer, swissAddress, type AccountGateway } from './account-gateway';
import { CART_PAYLOAD, testProducts, type TestProducts } from './shop-session';

// Issue 21 (ADR 0027): the gateway over a Store API that behaves like a stock Shopware 6.7 without the shop plugin —
// no plugin routes (loyalty, pharmacies, prescriptions, insurer, contest, magazine, brands), no terms or waiver check
// and no Idempotency-Key at the order. The catalogue, the cart and the checkout still work, the SPEC's order rules
// still hold (the gateway enforces them), and the shop's own services answer a translated "not offered" instead of
// an internal error.

let gw: AccountGateway;
let products: TestProducts;
beforeAll(async () => {
  gw = await openAccountGateway({ stockShopware: true });
  products = await testProducts();
});
afterAll(() => gw?.close());

const ADD = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { ${CART_PAYLOAD} } }`;
const REGISTER_GUEST = `mutation ($input: RegisterInput!) { register(input: $input) { viewer { email guest } errors { code message field } } }`;
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { orderNumber totalPrice } errors { code message field } } }`;
const NOT_OFFERED = SHOP_ERROR_MESSAGES.SERVICE_NOT_AVAILABLE;

function ordersOf(email: string): number {
  return gw.shop.db.prepare('SELECT count(*) FROM "order" WHERE email = ?').pluck().get(email) as number;
}

/** A guest with `productId` in the cart, paying by invoice. */
async function guestWithCart(productId: string) {
  const shopper = browser(gw);
  const email = `stock-${randomUUID()}@example.ch`;
  expect((await shopper.gql(ADD, { input: { productId, quantity: 1 } })).body.data.addToCart.errors).toEqual([]);
  const registered = await shopper.gql(REGISTER_GUEST, {
    input: { guest: true, email, firstName: 'Anna', lastName: 'Muster', billingAddress: swissAddress(gw), acceptedDataProtection: true },
  });
  expect(registered.body.data.register.errors).toEqual([]);
  await shopper.gql('mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }', {
    input: { paymentMethodId: gw.payment.payment_invoice },
  });
  return { shopper, email };
}

describe('on a stock Shopware: catalogue, cart and checkout', () => {
  it('the Store API has no plugin routes and orders without terms, as Shopware does', async () => {
    const loyalty = await gw.shop.call('POST', '/store-api/loyalty', { body: {} });
    expect(loyalty.status).toBe(404);
    expect(loyalty.json.errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
  });

  it('sets a customer’s default payment method through the context (Shopware 6.7 has no change-payment-method)', async () => {
    const { shopper } = await registeredCustomer(gw);
    const set = await shopper.gql(
      'mutation ($input: SetPaymentMethodInput!) { setDefaultPaymentMethod(input: $input) { viewer { defaultPaymentMethod { technicalName } } errors { code } } }',
      { input: { paymentMethodId: gw.payment.payment_invoice } },
    );
    expect(set.body.data.setDefaultPaymentMethod).toEqual({ viewer: { defaultPaymentMethod: { technicalName: 'payment_invoice' } }, errors: [] });
  });

  it('shows a product and a listing', async () => {
    const product = await gw.gql(`query ($id: ID!) { product(id: $id) { productId name price { unitPrice } } }`, { id: products.delivery.id });
    expect(product.body.errors).toBeUndefined();
    expect(product.body.data.product).toMatchObject({ productId: products.delivery.id, price: { unitPrice: products.delivery.price } });
    expect(product.body.data.product.name).not.toBe('');
    const categoryId = gw.shop.db
      .prepare("SELECT id FROM category WHERE active = 1 AND parent_id IS NOT NULL AND type = 'page' ORDER BY level, id LIMIT 1")
      .pluck()
      .get() as string;
    const listing = await gw.gql(`query ($categoryId: ID!) { listing(categoryId: $categoryId, limit: 3) { total edges { node { productId } } } }`, { categoryId });
    expect(listing.body.errors, JSON.stringify(listing.body.errors)).toBeUndefined();
    expect(listing.body.data.listing.total).toBeGreaterThan(0);
    expect(listing.body.data.listing.edges).toHaveLength(3);
  });

  it('fills the cart and places the order; without the terms the gateway refuses and nothing is ordered', async () => {
    const { shopper, email } = await guestWithCart(products.delivery.id);
    const refused = await shopper.gql(PLACE, { input: { acceptedTerms: false, idempotencyKey: randomUUID() } });
    expect(refused.body.data.placeOrder).toEqual({
      order: null,
      errors: [{ code: 'TERMS_NOT_ACCEPTED', message: 'Bitte akzeptieren Sie die AGB.', field: 'acceptedTerms' }],
    });
    expect(ordersOf(email)).toBe(0);
    const placed = await shopper.gql(PLACE, { input: { acceptedTerms: true, idempotencyKey: randomUUID() } });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    expect(placed.body.data.placeOrder.order.totalPrice).toBeGreaterThan(products.delivery.price);
    expect(ordersOf(email)).toBe(1);
  });

  it('a download still needs the waiver of the right of withdrawal (the gateway asks, Shopware would not)', async () => {
    expect(products.download).not.toBeNull();
    const { shopper, email } = await guestWithCart(products.download!.id);
    const refused = await shopper.gql(PLACE, { input: { acceptedTerms: true, idempotencyKey: randomUUID() } }, { 'x-shop-locale': 'fr' });
    expect(refused.body.data.placeOrder.errors).toEqual([
      { code: 'DOWNLOAD_WAIVER_REQUIRED', message: SHOP_ERROR_MESSAGES.DOWNLOAD_WAIVER_REQUIRED.fr, field: 'acceptedDownloadWaiver' },
    ]);
    expect(ordersOf(email)).toBe(0);
    const placed = await shopper.gql(PLACE, { input: { acceptedTerms: true, acceptedDownloadWaiver: true, idempotencyKey: randomUUID() } });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    expect(gw.shop.db.prepare('SELECT download_waiver_accepted FROM "order" WHERE email = ?').pluck().get(email)).toBe(1);
  });
});

describe('on a stock Shopware: the shop plugin’s services say they are not offered', () => {
  it.each([
    ['de', 'DE'],
    ['it', 'IT'],
    ['fr', 'FR'],
  ] as const)('the pharmacy finder, a pharmacy page, brands, the contest and the magazine in %s', async (locale, LOCALE) => {
    const result = await gw.gql(
      `query ($locale: Locale) {
        pharmacyFinder(search: "8001", first: 3) { placeFound }
        pharmacy(path: "/p/zuerich-bahnhofstrasse") { name }
        brands(locale: $locale) { name }
        contest(locale: $locale) { open }
        article(path: "/s/kontakt", locale: $locale) { title }
      }`,
      { locale: LOCALE },
      { headers: { 'x-shop-locale': locale } },
    );
    expect(result.status).toBe(200);
    const errors = result.body.errors ?? [];
    expect(errors.map((e) => e.path?.[0]).sort()).toEqual(['article', 'brands', 'contest', 'pharmacy', 'pharmacyFinder']);
    for (const error of errors) expect(error).toMatchObject({ message: NOT_OFFERED[locale], extensions: { code: 'SERVICE_NOT_AVAILABLE' } });
  });

  it('the search finds products and no magazine articles, without an error', async () => {
    const found = await gw.gql('{ contentSearch(term: "grippe", locale: DE) { url } searchAlternatives(term: "vitamim", locale: DE) { name } }');
    expect(found.body.errors).toBeUndefined();
    expect(found.body.data.contentSearch).toEqual([]);
    expect(found.body.data.searchAlternatives.length).toBeGreaterThan(0);
  });

  it('loyalty card, insurer and prescription forms answer the translated message as their error', async () => {
    const { shopper } = await registeredCustomer(gw);
    const card = await shopper.gql(`{ viewer { loyaltyCard { cardNumber } } }`);
    expect(card.body.errors?.[0]).toMatchObject({ message: NOT_OFFERED.de, extensions: { code: 'SERVICE_NOT_AVAILABLE' } });
    const assign = await shopper.gql(
      `mutation ($input: AssignLoyaltyCardInput!) { assignLoyaltyCard(input: $input) { card { cardNumber } errors { code message field } } }`,
      { input: { cardNumber: '2990000000019', verificationCode: '1234' } },
    );
    expect(assign.body.data.assignLoyaltyCard).toEqual({ card: null, errors: [{ code: 'SERVICE_NOT_AVAILABLE', message: NOT_OFFERED.de, field: null }] });
    const verify = await shopper.gql(
      `mutation ($n: String!) { verifyInsurance(insuranceNumber: $n) { errors { code message field } } }`,
      { n: seededMemberNumbers()[0]!.number },
      { 'x-shop-locale': 'it' },
    );
    expect(verify.body.data.verifyInsurance.errors).toEqual([{ code: 'SERVICE_NOT_AVAILABLE', message: NOT_OFFERED.it, field: null }]);
    const delivery = await shopper.gql(
      `mutation ($input: PrescriptionDeliveryInput!) { requestPrescriptionDelivery(input: $input) { requestNumber errors { code message field } } }`,
      { input: { firstName: 'Marco', lastName: 'Rossi', email: 'marco@example.ch', phone: '091 123 45 67', street: 'Via Nassa 1', zipcode: '6900', city: 'Lugano', country: 'CH' } },
      { 'x-shop-locale': 'fr' },
    );
    expect(delivery.body.data.requestPrescriptionDelivery).toEqual({ requestNumber: null, errors: [{ code: 'SERVICE_NOT_AVAILABLE', message: NOT_OFFERED.fr, field: null }] });
  });
});
