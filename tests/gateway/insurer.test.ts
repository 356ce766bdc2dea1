import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuredUnitPrice } from '../../store-api/src/domain/insurer';
import { insuranceNumberFormatOk } from '../../gateway/src/schema/insurer';
import { seededMemberNumbers } from '../../store-api/src/seed/insurer';
import { browser, openAccountGateway, registeredCustomer, type AccountGateway } from './account-gateway';

// The insurer partnership through the gateway over the real embedded Store API: status, verification with
// errors as data, and the insured prices of the product and the cart line for the verified customer only.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const STATUS = `{ insurerStatus { loggedIn verified multiMedicationPlan maskedNumber voucherAvailable voucherCode } }`;
const VERIFY = `mutation ($n: String!) { verifyInsurance(insuranceNumber: $n) { insurerStatus { verified multiMedicationPlan maskedNumber voucherAvailable voucherCode } errors { code message field } } }`;
const PRODUCT = `query ($id: ID!) { product(id: $id) { price { unitPrice listPrice { price } } insurerDiscount { percentage kind } } }`;
const ADD = `mutation ($input: AddToCartInput!) { addToCart(input: $input) { cart { positionPrice lineItems { unitPrice totalPrice listPrice insurerDiscount { percentage kind } } } } }`;

const member = seededMemberNumbers().find((m) => !m.plan)!.number;

function generic(): { id: string; price: number } {
  return gw.shop.db
    .prepare(
      `SELECT id, price FROM product WHERE medication_kind = 'generic' AND parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1
       AND stock > 50 AND list_price IS NULL AND click_collect_only = 0 AND prescription_required = 0 AND price BETWEEN 10 AND 40
       AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = product.id) ORDER BY product_number LIMIT 1`,
    )
    .get() as { id: string; price: number };
}

describe('insurer', () => {
  it('answers an anonymous visitor: not logged in, nothing verified; verifying says NOT_LOGGED_IN', async () => {
    const anonymous = browser(gw);
    expect((await anonymous.gql(STATUS)).body.data.insurerStatus).toEqual({
      loggedIn: false, verified: false, multiMedicationPlan: false, maskedNumber: null, voucherAvailable: false, voucherCode: null,
    });
    const res = await anonymous.gql(VERIFY, { n: member });
    expect(res.body.data.verifyInsurance.errors.map((e: Json) => e.code)).toEqual(['NOT_LOGGED_IN']);
  });

  it('refuses a malformed number before the Store API and a non-member number after it, beside the field', async () => {
    const { shopper } = await registeredCustomer(gw);
    // '1234' fails the format here; the other has the card format (Luhn) but is not a member: the Store API refuses it
    const notMember = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => `8075699999999999999${d}`).find((n) => insuranceNumberFormatOk(n))!;
    for (const n of ['1234', notMember]) {
      const res = await shopper.gql(VERIFY, { n }, { 'x-shop-locale': 'de' });
      expect(res.body.data.verifyInsurance).toMatchObject({ insurerStatus: null, errors: [{ code: 'INSURANCE_NUMBER_INVALID', field: 'insuranceNumber' }] });
      expect(res.body.data.verifyInsurance.errors[0].message).toBeTruthy();
    }
  });

  it('verifies a member; the product and the cart line then show the 10 % generic discount, others still see the regular price', async () => {
    const { shopper } = await registeredCustomer(gw);
    const p = generic();
    const before = (await shopper.gql(PRODUCT, { id: p.id })).body.data.product;
    expect(before).toEqual({ price: { unitPrice: p.price, listPrice: null }, insurerDiscount: null });

    const verified = await shopper.gql(VERIFY, { n: member.replace(/(\d{5})(?=\d)/g, '$1 ') });
    expect(verified.body.data.verifyInsurance).toMatchObject({
      errors: [],
      insurerStatus: { verified: true, multiMedicationPlan: false, voucherAvailable: true, voucherCode: 'VERSICHERT20' },
    });
    const insured = insuredUnitPrice('insured', 'generic', p.price).unitPrice;
    expect((await shopper.gql(PRODUCT, { id: p.id })).body.data.product).toEqual({
      price: { unitPrice: insured, listPrice: { price: p.price } },
      insurerDiscount: { percentage: 10, kind: 'GENERIC' },
    });
    expect((await browser(gw).gql(PRODUCT, { id: p.id })).body.data.product.price.unitPrice).toBe(p.price);

    const cart = (await shopper.gql(ADD, { input: { productId: p.id, quantity: 2 } })).body.data.addToCart.cart;
    expect(cart.lineItems[0]).toEqual({ unitPrice: insured, totalPrice: Math.round(insured * 200) / 100, listPrice: p.price, insurerDiscount: { percentage: 10, kind: 'GENERIC' } });
    expect(cart.positionPrice).toBe(Math.round(insured * 200) / 100);
    expect((await shopper.gql(STATUS)).body.data.insurerStatus).toMatchObject({ loggedIn: true, verified: true });
  });
});
