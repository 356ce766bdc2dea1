import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { browser } from './shop-session';

// Issue 20 item 9: the checkout's payment methods keep the shop's order when one is chosen — Shopware answers the
// context's method first, and a radio group that reorders under the keyboard loses the shopper's place.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openTestGateway({ privateShop: true });
});
afterAll(() => gw?.close());

const METHODS = `{ checkout { paymentMethods { id technicalName } } }`;
const SET_PAYMENT = `mutation ($input: SetPaymentMethodInput!) { setPaymentMethod(input: $input) { errors { code } } }`;

it('lists the payment methods in the same order before and after the shopper chose the last one', async () => {
  const shopper = browser(gw);
  const before = (await shopper.gql(METHODS)).body.data.checkout.paymentMethods as { id: string; technicalName: string }[];
  expect(before.length).toBeGreaterThan(3);
  const last = before[before.length - 1]!;
  expect((await shopper.gql(SET_PAYMENT, { input: { paymentMethodId: last.id } })).body.data.setPaymentMethod.errors).toEqual([]);
  const after = (await shopper.gql(METHODS)).body.data.checkout.paymentMethods as { id: string; technicalName: string }[];
  expect(after.map((method) => method.technicalName)).toEqual(before.map((method) => method.technicalName));
});
