import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { qrReferenceOf } from '../../store-api/src/domain/payment-slip';
import { camt054 } from '../support/camt054';
import { pdfText } from '../support/pdfText';
import { confirmedAccount, findProducts, hydrated, isDelivery, readShop } from './support/shop';

// Issue 19 item 3 end to end: an invoice order can be paid and the shop learns it was — the QR-bill on the order page
// (account, reference, amount, the payment part as an image), in the invoice PDF and attached to the mail; the bank's
// camt.054 file imported with `npm run payments -- import` marks the order paid, and the account shows it paid.

test.describe.configure({ timeout: 120_000 });

test('an invoice order: the QR-bill on the page, in the PDF and the mail; the bank’s camt.054 makes it paid in the account', async ({ page, request }) => {
  const email = `rechnung-${Date.now()}@example.ch`;
  const password = 'Sicher-123';
  await confirmedAccount(request, { email, password, firstName: 'Rita', lastName: 'Rechnung' });
  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').first().fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.locator('form[data-form="login"]').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/account$/);

  const [product] = await findProducts(request, isDelivery);
  await page.goto(`/checkout/add-to-cart?productId=${product!.productId}`);
  await expect(page).toHaveURL(/\/checkout\/cart$/, { timeout: 15_000 });
  await page.goto('/checkout');
  await hydrated(page, 'form');
  await page.getByRole('radio', { name: /^Post Standard/ }).check();
  await page.getByRole('radio', { name: /^Rechnung/ }).check();
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}\/paid/, { timeout: 20_000 });
  const orderId = /\/checkout\/success\/([0-9a-f]{32})/.exec(page.url())![1]!;
  const [order] = readShop<{ order_number: string; amount_total: number }>('SELECT order_number, amount_total FROM "order" WHERE id = ?', orderId);
  const reference = qrReferenceOf(order!.order_number);
  const grouped = `${reference.slice(0, 2)} ${reference.slice(2, 7)} ${reference.slice(7, 12)} ${reference.slice(12, 17)} ${reference.slice(17, 22)} ${reference.slice(22)}`;

  // The page: what to transfer, and the payment part as an image of this session's order.
  const slip = page.getByTestId('payment-slip');
  await expect(slip.getByTestId('slip-iban')).toHaveText('CH44 3199 9123 0008 8901 2');
  await expect(slip.getByTestId('slip-reference')).toHaveText(grouped);
  await expect(slip.getByTestId('slip-amount')).toContainText(order!.amount_total.toFixed(2));
  const image = slip.getByRole('img', { name: /QR-Rechnung/ });
  const svg = await page.request.get((await image.getAttribute('src'))!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(await svg.text()).toContain(grouped);

  // The invoice PDF of the account's order page: company, account, reference, amount.
  await page.goto(`/account/order/${orderId}`);
  await expect(page.getByText('Die Zahlung dieser Bestellung steht noch aus.', { exact: false })).toBeVisible();
  const invoiceLink = page.getByTestId('order-documents').getByRole('link').first();
  const pdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
  const text = await pdfText(new Uint8Array(await pdf.body()));
  for (const expected of ['Edelweiss Apotheken AG', 'CHE-112.457.893 MWST', 'CH44 3199 9123 0008 8901 2', grouped, order!.amount_total.toFixed(2)]) expect(text).toContain(expected);
  // the order mail carries that invoice
  const [mail] = readShop<{ attachments: string; body: string }>("SELECT attachments, body_text AS body FROM mail_outbox WHERE order_id = ? AND template = 'order_confirmation_mail'", orderId);
  expect(JSON.parse(mail!.attachments)).toEqual([expect.objectContaining({ kind: 'invoice' })]);
  expect(mail!.body).toContain(`Referenz: ${grouped}`);

  // The bank's credit notification, imported as an operator would.
  const file = join(mkdtempSync(join(tmpdir(), 'camt054-e2e-')), 'credits.xml');
  writeFileSync(file, camt054([{ reference, amount: order!.amount_total, bankReference: `E2E-${Date.now()}` }]));
  const report = execFileSync(process.execPath, ['--import', 'tsx', 'store-api/src/payments-cli.ts', 'import', file], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  expect(report).toContain(`${order!.order_number}`);
  expect(report).toContain('1 credit(s): 1 booked or already imported, 0 for a person to look at.');

  await page.reload();
  await expect(page.getByText('Bezahlt', { exact: true })).toBeVisible();
  await expect(page.getByTestId('payment-slip')).toHaveCount(0);
});
