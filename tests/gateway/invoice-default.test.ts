import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountGateway, registeredCustomer, swissAddress, type AccountGateway } from './account-gateway';

// Issue 19 item 4 on the account's default payment method: invoice is refused (by the gateway itself, so it holds on
// a stock Shopware too) while the customer's billing and delivery addresses differ, and the screen knows it.

let gw: AccountGateway;
beforeAll(async () => {
  gw = await openAccountGateway();
});
afterAll(() => gw?.close());

const VIEWER = '{ viewer { invoiceAllowed defaultBillingAddress { id } } checkout { paymentMethods { id technicalName } } }';
const CREATE = 'mutation ($input: AddressInput!) { createAddress(input: $input) { address { id } errors { code } } }';
const DEFAULT = 'mutation ($input: SetDefaultAddressInput!) { setDefaultAddress(input: $input) { errors { code } } }';
const PAYMENT = 'mutation ($input: SetPaymentMethodInput!) { setDefaultPaymentMethod(input: $input) { errors { code message field } } }';

describe('invoice as the default payment method', () => {
  it('refused while the delivery address is another, with the SPEC §5 text beside the choice; allowed once they are one', async () => {
    const { shopper } = await registeredCustomer(gw);
    const read = async () => (await shopper.gql(VIEWER)).body.data;
    const first = await read();
    expect(first.viewer.invoiceAllowed).toBe(true);
    const invoice = first.checkout.paymentMethods.find((method: { technicalName: string }) => method.technicalName === 'payment_invoice').id;

    const created = await shopper.gql(CREATE, { input: swissAddress(gw, { street: 'Seestrasse 2', zipcode: '6004', city: 'Luzern' }) });
    expect(created.body.data.createAddress.errors).toEqual([]);
    await shopper.gql(DEFAULT, { input: { addressId: created.body.data.createAddress.address.id, kind: 'SHIPPING' } });
    expect((await read()).viewer.invoiceAllowed).toBe(false);

    const refused = await shopper.gql(PAYMENT, { input: { paymentMethodId: invoice } });
    expect(refused.body.data.setDefaultPaymentMethod.errors).toEqual([{ code: 'INVOICE_ADDRESS_MISMATCH', message: expect.stringMatching(/Rechnung/), field: 'paymentMethodId' }]);

    await shopper.gql(DEFAULT, { input: { addressId: first.viewer.defaultBillingAddress.id, kind: 'SHIPPING' } });
    expect((await read()).viewer.invoiceAllowed).toBe(true);
    expect((await shopper.gql(PAYMENT, { input: { paymentMethodId: invoice } })).body.data.setDefaultPaymentMethod.errors).toEqual([]);
  });
});
