import { SwissQRBill } from 'swissqrbill/svg';
import { isQRReferenceValid } from 'swissqrbill/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf, type DocumentRow } from '../../store-api/src/domain/documents';
import { findOrder } from '../../store-api/src/domain/order';
import { paymentSlipOf, qrBillData, qrReferenceOf } from '../../store-api/src/domain/payment-slip';
import { billingCompany } from '../../store-api/src/domain/shop-settings';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { renderMailAttachments } from '../../store-api/src/mail-sender';
import { pdfText } from '../support/pdfText';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, address, choosePayment, findProduct, placeOrder, registerGuest, shopper } from './checkout-fixtures';

// Issue 19 item 3: an invoice or prepayment order can be paid — a Swiss QR-bill (QR-IBAN, a QR reference tied to the
// order, the amount, the operating company as creditor) in the order, the invoice PDF and the order mail.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

async function orderPaidBy(method: 'invoice' | 'prepayment' | 'card', language: keyof typeof LANGUAGE_ID = 'de', guest: Record<string, unknown> = {}): Promise<Json> {
  const s = shopper(shop.call, LANGUAGE_ID[language]);
  await registerGuest(s, guest);
  await addProduct(s, findProduct(shop.db, 'delivery').id, 2);
  await choosePayment(s, method);
  const placed = await placeOrder(s);
  expect(placed.status, placed.text).toBe(200);
  return placed.json;
}

describe('the QR reference (27 digits, recursive mod-10 check digit)', () => {
  it('is the standard’s own example for its digits', () => {
    // Swiss Payment Standards, QR-bill implementation guidelines: 21 00000 00003 13947 14300 09017
    expect(qrReferenceOf('21000000000313947143000901')).toBe('210000000003139471430009017');
  });

  it('is the order number zero-padded to 26 digits and its check digit', () => {
    // check digits worked by hand with the standard's table 0 9 4 6 8 2 7 1 3 5
    expect(qrReferenceOf('10004')).toBe('000000000000000000000100047');
    expect(qrReferenceOf('10005')).toBe('000000000000000000000100055');
    for (const number of ['1', '10004', '99999999']) expect(isQRReferenceValid(qrReferenceOf(number))).toBe(true);
    // one digit changed: the check digit no longer fits
    expect(isQRReferenceValid('000000000000000000000100057')).toBe(false);
  });
});

describe('an order paid by transfer', () => {
  it('invoice: the order carries the QR-bill data — QR-IBAN, its reference, the total, the operating company — valid by the standard', async () => {
    const order = await orderPaidBy('invoice');
    const slip = order.extensions['pharmacy-shop'].paymentSlip;
    expect(slip).toMatchObject({
      iban: 'CH4431999123000889012',
      reference: qrReferenceOf(order.orderNumber),
      amount: order.amountTotal,
      currency: 'CHF',
      creditor: { name: 'Edelweiss Apotheken AG', street: 'Bahnhofstrasse', buildingNumber: '12', zipcode: '8001', city: 'Zürich', country: 'CH' },
      debtor: { name: 'Anna Muster', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich', country: 'CH' },
    });
    // swissqrbill checks the data against the QR-bill's rules (IBAN, QR-IBAN with a QR reference, lengths): no throw
    expect(() => new SwissQRBill(qrBillData(slip, 'Bestellung'))).not.toThrow();
  });

  it('prepayment has one too; a card payment has none', async () => {
    expect((await orderPaidBy('prepayment')).extensions['pharmacy-shop'].paymentSlip).toMatchObject({ iban: 'CH4431999123000889012' });
    expect((await orderPaidBy('card')).extensions['pharmacy-shop'].paymentSlip).toBeNull();
  });

  it.each([
    ['de', 'Zahlteil', 'Edelweiss Apotheken AG', 'MWST-Nr.: CHE-112.457.893 MWST'],
    ['fr', 'Section paiement', 'Edelweiss Apotheken AG', 'N° TVA: CHE-112.457.893 MWST'],
  ] as const)('the %s invoice PDF names the company and its VAT number and has the payment part: account, reference, amount', async (language, paymentPart, company, vat) => {
    const order = await orderPaidBy('invoice', language);
    const document = shop.db.prepare('SELECT * FROM document WHERE order_id = ?').get(order.id) as DocumentRow;
    const text = await pdfText(await renderInvoicePdf(shop.db, findOrder(shop.db, order.id)!, document));
    expect(text).toContain(company);
    expect(text).toContain('Bahnhofstrasse 12, 8001 Zürich');
    expect(text).toContain(vat);
    expect(text).toContain(paymentPart);
    expect(text).toContain('CH44 3199 9123 0008 8901 2');
    const reference = qrReferenceOf(order.orderNumber);
    expect(text).toContain(`${reference.slice(0, 2)} ${reference.slice(2, 7)} ${reference.slice(7, 12)} ${reference.slice(12, 17)} ${reference.slice(17, 22)} ${reference.slice(22)}`);
    expect(text).toContain(order.amountTotal.toFixed(2));
  });

  it('the order mail says what to transfer, to whom and with which reference, and carries the invoice with the QR-bill', async () => {
    const order = await orderPaidBy('invoice', 'it');
    const mail = shop.db.prepare("SELECT body_text, attachments FROM mail_outbox WHERE order_id = ? AND template = 'order_confirmation_mail'").get(order.id) as {
      body_text: string;
      attachments: string;
    };
    expect(mail.body_text).toContain('Vi preghiamo di versare');
    expect(mail.body_text).toContain('Conto / IBAN: CH44 3199 9123 0008 8901 2');
    expect(mail.body_text).toContain(`Riferimento: ${qrReferenceOf(order.orderNumber).slice(0, 2)} `);
    const files = await renderMailAttachments(shop.db, mail.attachments);
    expect(files.map((file) => [file.filename.replace(/\d+/, 'N'), file.contentType])).toEqual([['Fattura-N.pdf', 'application/pdf']]);
    expect(await pdfText(new Uint8Array(files[0]!.content))).toContain('Sezione pagamento');
  });

  it('a card order’s mail has no transfer text and no attachment', async () => {
    const order = await orderPaidBy('card');
    const mail = shop.db.prepare("SELECT body_text, attachments FROM mail_outbox WHERE order_id = ? AND template = 'order_confirmation_mail'").get(order.id) as {
      body_text: string;
      attachments: string;
    };
    expect(mail.body_text).not.toContain('IBAN');
    expect(JSON.parse(mail.attachments)).toEqual([]);
  });

  it('a hostile name reaches the QR-bill only as text', async () => {
    const order = await orderPaidBy('invoice', 'de', { billingAddress: address({ street: '<img src=x onerror=alert(1)>' }) });
    const svg = new SwissQRBill(qrBillData(paymentSlipOf(shop.db, findOrder(shop.db, order.id)!)!, 'Bestellung')).toString();
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('the creditor comes from the shop settings (system_config)', () => {
    shop.db.prepare("UPDATE system_config SET configuration_value = '\"Edelweiss Gesundheit & Leben AG\"' WHERE configuration_key = 'PharmacyShop.billing.companyName'").run();
    try {
      expect(billingCompany(shop.db).companyName).toBe('Edelweiss Gesundheit & Leben AG');
    } finally {
      shop.db.prepare("UPDATE system_config SET configuration_value = '\"Edelweiss Apotheken AG\"' WHERE configuration_key = 'PharmacyShop.billing.companyName'").run();
    }
  });
});
