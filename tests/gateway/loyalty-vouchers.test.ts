import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProduct } from '../store-api/checkout-fixtures';
import { openAccountGateway, registeredCustomer, type AccountGateway } from './account-gateway';

// Issue 19 item 6 through the gateway over the real embedded Store API: the card area's vouchers and points
// (1,200 points: two CHF 5 vouchers, 200 collected, 300 to the next), a voucher redeemed in its customer's cart,
// and another customer's voucher refused with a translated message beside the code field.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const CARD = 'points pointsCollected pointsToNextVoucher pointsPerVoucher voucherValue vouchers { code value state redeemedAt orderNumber }';
const VIEWER = `{ viewer { loyaltyCard { ${CARD} } } }`;
const APPLY = `mutation ($input: LoyaltyApplicationInput!) { applyForLoyaltyCard(input: $input) { card { points } errors { code } } }`;
const ADD = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { errors { code } } }`;
const PROMOTION = `mutation ($input: ApplyPromotionCodeInput!) { applyPromotionCode(input: $input) {
  cart { lineItems { type totalPrice promotionCode } } errors { code message field } } }`;

/** A logged-in customer whose new card has collected `points` (as the pharmacies' tills report them). */
async function customerWithPoints(points: number) {
  const { shopper, email } = await registeredCustomer(gw);
  const applied = await shopper.gql(APPLY, {
    input: { firstName: 'Anna', lastName: 'Muster', birthday: '1980-05-17', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', email: 'anna@example.ch' },
  });
  expect(applied.body.data.applyForLoyaltyCard.errors).toEqual([]);
  gw.shop.db.prepare('UPDATE loyalty_card SET points = ? WHERE customer_id = (SELECT id FROM customer WHERE email = ?)').run(points, email);
  return shopper;
}

describe('loyalty vouchers in the card area and the cart', () => {
  it('1,200 points: two issued CHF 5 vouchers, 200 points collected, 300 to the next', async () => {
    const shopper = await customerWithPoints(1200);
    const card = (await shopper.gql(VIEWER)).body.data.viewer.loyaltyCard;
    expect(card).toMatchObject({ points: 1200, pointsCollected: 200, pointsToNextVoucher: 300, pointsPerVoucher: 500, voucherValue: 5 });
    expect(card.vouchers).toEqual([
      { code: expect.stringMatching(/^VC-/), value: 5, state: 'ISSUED', redeemedAt: null, orderNumber: null },
      { code: expect.stringMatching(/^VC-/), value: 5, state: 'ISSUED', redeemedAt: null, orderNumber: null },
    ]);
    // Read again: the same two.
    expect((await shopper.gql(VIEWER)).body.data.viewer.loyaltyCard.vouchers).toEqual(card.vouchers);
  });

  it('999 points: one voucher, 1 point to the next; 499: none', async () => {
    const nearly = (await (await customerWithPoints(999)).gql(VIEWER)).body.data.viewer.loyaltyCard;
    expect(nearly).toMatchObject({ pointsCollected: 499, pointsToNextVoucher: 1 });
    expect(nearly.vouchers).toHaveLength(1);
    expect((await (await customerWithPoints(499)).gql(VIEWER)).body.data.viewer.loyaltyCard).toMatchObject({ pointsToNextVoucher: 1, vouchers: [] });
  });

  it('its customer gets CHF 5 off; another customer is told in their language that it is not theirs', async () => {
    const owner = await customerWithPoints(500);
    const [voucher] = (await owner.gql(VIEWER)).body.data.viewer.loyaltyCard.vouchers;
    const product = findProduct(gw.shop.db, 'delivery');

    expect((await owner.gql(ADD, { input: { productId: product.id, quantity: 2 } })).body.data.addToCart.errors).toEqual([]);
    const applied = (await owner.gql(PROMOTION, { input: { code: voucher.code } })).body.data.applyPromotionCode;
    expect(applied.errors).toEqual([]);
    expect(applied.cart.lineItems.filter((l: { type: string }) => l.type === 'PROMOTION')).toEqual([{ type: 'PROMOTION', totalPrice: -5, promotionCode: voucher.code }]);

    const { shopper: other } = await registeredCustomer(gw);
    await other.gql(ADD, { input: { productId: product.id, quantity: 2 } });
    const refused = (await other.gql(PROMOTION, { input: { code: voucher.code } })).body.data.applyPromotionCode;
    expect(refused.errors).toEqual([
      { code: 'VOUCHER_NOT_OWN', field: 'code', message: 'Dieser Gutschein gehört zu einem anderen Kundenkonto. Er kann nur dort eingelöst werden.' },
    ]);
    expect(refused.cart.lineItems.filter((l: { type: string }) => l.type === 'PROMOTION')).toEqual([]);
    const italian = (await other.gql(PROMOTION, { input: { code: voucher.code } }, { 'x-shop-locale': 'it' })).body.data.applyPromotionCode;
    expect(italian.errors[0]).toMatchObject({ code: 'VOUCHER_NOT_OWN', message: 'Questo buono appartiene a un altro conto cliente. Può essere utilizzato solo lì.' });
  });
});
