import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBankCredits, readCamt054 } from '../../store-api/src/domain/bank-credits';
import { findOrder } from '../../store-api/src/domain/order';
import { paymentSlipOf, qrReferenceOf } from '../../store-api/src/domain/payment-slip';
import { camt054 } from '../support/camt054';
import { openPrivateTestShop } from '../support/shop';
import { addProduct, choosePayment, findProduct, placeOrder, registerGuest, shopper } from './checkout-fixtures';

// Issue 19 item 3, the way back: the bank's camt.054 credit notification marks invoice orders paid — matched by the
// QR reference and the amount, each credit once, and what cannot be matched reported.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;
const folder = mkdtempSync(join(tmpdir(), 'camt054-'));

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => {
  shop?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function invoiceOrder(): Promise<{ id: string; orderNumber: string; amountTotal: number }> {
  const s = shopper(shop.call);
  await registerGuest(s);
  await addProduct(s, findProduct(shop.db, 'delivery').id, 2);
  await choosePayment(s, 'invoice');
  return (await placeOrder(s)).json;
}

const transactionState = (orderId: string) => shop.db.prepare('SELECT state FROM order_transaction WHERE order_id = ? ORDER BY created_at DESC, rowid DESC').pluck().get(orderId);
const paymentMails = (orderId: string) => shop.db.prepare("SELECT subject FROM mail_outbox WHERE order_id = ? AND template = 'order_payment_received'").pluck().all(orderId);
let bankReferences = 0;
const nextBankReference = () => `ZKB-2026-${(bankReferences += 1)}`;

describe('importing a camt.054 credit notification', () => {
  it('the whole amount with the order’s reference: paid, in the state history, the customer told, no QR-bill any more', async () => {
    const order = await invoiceOrder();
    const [report] = importBankCredits(shop.db, readCamt054(camt054([{ reference: qrReferenceOf(order.orderNumber), amount: order.amountTotal, bankReference: nextBankReference() }])));
    expect(report).toMatchObject({ outcome: 'paid', orderNumber: order.orderNumber, difference: 0 });
    expect(transactionState(order.id)).toBe('paid');
    expect(shop.db.prepare("SELECT from_state, to_state FROM state_history WHERE order_id = ? AND entity = 'order_transaction'").all(order.id)).toEqual([
      { from_state: null, to_state: 'open' },
      { from_state: 'open', to_state: 'paid' },
    ]);
    expect(paymentMails(order.id)).toEqual([`Zahlung erhalten – Bestellung ${order.orderNumber}`]);
    expect(paymentSlipOf(shop.db, findOrder(shop.db, order.id)!)).toBeNull();
  });

  it('the same file twice: the second import books nothing', async () => {
    const order = await invoiceOrder();
    const file = camt054([{ reference: qrReferenceOf(order.orderNumber), amount: order.amountTotal, bankReference: nextBankReference() }]);
    expect(importBankCredits(shop.db, readCamt054(file)).map((r) => r.outcome)).toEqual(['paid']);
    expect(importBankCredits(shop.db, readCamt054(file)).map((r) => r.outcome)).toEqual(['duplicate']);
    expect(shop.db.prepare('SELECT COUNT(*) FROM bank_credit WHERE order_id = ?').pluck().get(order.id)).toBe(1);
    expect(paymentMails(order.id)).toHaveLength(1);
  });

  it('less than the total: partly paid, the QR-bill asks for the rest; the rest then makes it paid', async () => {
    const order = await invoiceOrder();
    const reference = qrReferenceOf(order.orderNumber);
    const [partial] = importBankCredits(shop.db, readCamt054(camt054([{ reference, amount: 10, bankReference: nextBankReference() }])));
    const rest = Math.round((order.amountTotal - 10) * 100) / 100;
    expect(partial).toMatchObject({ outcome: 'partial', difference: rest });
    expect(transactionState(order.id)).toBe('paid_partially');
    expect(paymentSlipOf(shop.db, findOrder(shop.db, order.id)!)?.amount).toBe(rest);
    expect(paymentMails(order.id)).toEqual([]);

    const [last] = importBankCredits(shop.db, readCamt054(camt054([{ reference, amount: rest, bankReference: nextBankReference() }])));
    expect(last).toMatchObject({ outcome: 'paid', difference: 0 });
    expect(transactionState(order.id)).toBe('paid');
  });

  it('more than the total: paid, and reported as overpaid by the difference (for a refund)', async () => {
    const order = await invoiceOrder();
    const [report] = importBankCredits(shop.db, readCamt054(camt054([{ reference: qrReferenceOf(order.orderNumber), amount: order.amountTotal + 5, bankReference: nextBankReference() }])));
    expect(report).toMatchObject({ outcome: 'overpaid', difference: 5 });
    expect(transactionState(order.id)).toBe('paid');
  });

  it('an unknown or broken reference, another currency, a cancelled order: reported, nothing booked', async () => {
    const order = await invoiceOrder();
    const cancelled = await invoiceOrder();
    shop.db.prepare("UPDATE \"order\" SET state = 'cancelled' WHERE id = ?").run(cancelled.id);
    const reference = qrReferenceOf(order.orderNumber);
    const broken = `${reference.slice(0, 26)}${(Number(reference[26]) + 1) % 10}`;
    const reports = importBankCredits(
      shop.db,
      readCamt054(
        camt054([
          { reference: qrReferenceOf('99999999'), amount: 20, bankReference: nextBankReference() },
          { reference: broken, amount: order.amountTotal, bankReference: nextBankReference() },
          { reference, amount: order.amountTotal, bankReference: nextBankReference(), currency: 'EUR' },
          { reference: qrReferenceOf(cancelled.orderNumber), amount: cancelled.amountTotal, bankReference: nextBankReference() },
        ]),
      ),
    );
    expect(reports.map((r) => r.outcome)).toEqual(['unknown-reference', 'unknown-reference', 'wrong-currency', 'not-open']);
    expect(transactionState(order.id)).toBe('open');
    expect(transactionState(cancelled.id)).toBe('open');
  });

  it('a file that is not camt.054 is refused', () => {
    expect(() => readCamt054('<Document><Something/></Document>')).toThrow(/camt\.054/);
  });

  it('npm run payments -- import FILE books the file on the shop database and prints what became of each credit', async () => {
    const order = await invoiceOrder();
    const file = join(folder, 'credits.xml');
    writeFileSync(file, camt054([{ reference: qrReferenceOf(order.orderNumber), amount: order.amountTotal, bankReference: nextBankReference() }, { reference: qrReferenceOf('88888888'), amount: 3, bankReference: nextBankReference() }]));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'store-api/src/payments-cli.ts', 'import', file], { env: { ...process.env, DATA_DIR: shop.config.dataDir } });
    expect(stdout).toContain(`${order.orderNumber}`);
    expect(stdout).toMatch(/NOT MATCHED: no order has this reference/);
    expect(stdout).toContain('2 credit(s): 1 booked or already imported, 1 for a person to look at.');
    expect(transactionState(order.id)).toBe('paid');
  });
});
