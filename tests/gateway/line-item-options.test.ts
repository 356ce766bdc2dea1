import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openAccountGateway, type AccountGateway } from './account-gateway';
import { browser } from './shop-session';

// Issue 19 item 5 through the gateway over the real embedded Store API: CartLineItem.options and
// OrderLineItem.options name the chosen variant (Taille, Arôme …) in the shopper's language.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const ADD = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { lineItems { label options { group option } } } errors { code } } }`;
const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { errors { code message field } } }`;
const PAYMENT = `mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`;
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { order { lineItems { type label options { group option } } } errors { code message } } }`;

/** A buyable variant of P100009 and its options as the catalogue names them in one language. */
function variant(language: string): { id: string; options: { group: string; option: string }[] } {
  const id = gw.shop.db
    .prepare(
      `SELECT v.id FROM product v JOIN product p ON p.id = v.parent_id
       WHERE p.product_number = 'P100009' AND v.active = 1 AND v.available = 1 AND v.stock > 10 ORDER BY v.product_number LIMIT 1`,
    )
    .pluck()
    .get() as string;
  const options = gw.shop.db
    .prepare(
      `SELECT gt.name AS "group", ot.name AS option FROM product_option po
       JOIN property_group_option o ON o.id = po.property_group_option_id
       JOIN property_group_option_translation ot ON ot.property_group_option_id = o.id AND ot.language_id = ?
       JOIN property_group_translation gt ON gt.property_group_id = o.group_id AND gt.language_id = ?
       WHERE po.product_id = ?`,
    )
    .all(language, language, id) as { group: string; option: string }[];
  return { id, options };
}

const byGroup = (a: { group: string }, b: { group: string }) => a.group.localeCompare(b.group);

describe('variant options of cart and order lines', () => {
  it('the cart line and the order line name the variant in French', async () => {
    const french = variant(LANGUAGE_ID.fr);
    expect(french.options.length).toBeGreaterThan(0);
    const shopper = browser(gw);
    const fr = { 'x-shop-locale': 'fr' };

    const added = (await shopper.gql(ADD, { input: { productId: french.id, quantity: 1 } }, fr)).body.data.addToCart;
    expect(added.errors).toEqual([]);
    expect([...added.cart.lineItems[0].options].sort(byGroup)).toEqual([...french.options].sort(byGroup));

    const registered = await shopper.gql(
      REGISTER,
      {
        input: {
          guest: true,
          email: `variante-${randomUUID().slice(0, 8)}@example.ch`,
          firstName: 'Anne',
          lastName: 'Exemple',
          acceptedDataProtection: true,
          billingAddress: { firstName: 'Anne', lastName: 'Exemple', street: 'Rue du Lac 1', zipcode: '1003', city: 'Lausanne', countryId: gw.switzerlandId },
        },
      },
      fr,
    );
    expect(registered.body.data.register.errors).toEqual([]);
    expect((await shopper.gql(PAYMENT, { input: { paymentMethodId: gw.payment.payment_card } }, fr)).body.data.setPaymentMethod.errors).toEqual([]);
    const placed = (await shopper.gql(PLACE, { input: { acceptedTerms: true, idempotencyKey: randomUUID() } }, fr)).body.data.placeOrder;
    expect(placed.errors).toEqual([]);
    const [line] = placed.order.lineItems;
    expect(line.type).toBe('PRODUCT');
    expect([...line.options].sort(byGroup)).toEqual([...french.options].sort(byGroup));
  });

  it('a product without variants has no options', async () => {
    const simple = gw.shop.db
      .prepare("SELECT id FROM product WHERE parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1 AND type = 'physical' AND click_collect_only = 0 AND stock > 10 LIMIT 1")
      .pluck()
      .get() as string;
    const added = (await browser(gw).gql(ADD, { input: { productId: simple, quantity: 1 } })).body.data.addToCart;
    expect(added.cart.lineItems[0].options).toEqual([]);
  });
});
