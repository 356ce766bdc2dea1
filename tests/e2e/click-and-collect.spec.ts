import { expect, test } from '@playwright/test';
import { findProducts, hydrated, mailTo, readShop } from './support/shop';

// Issue 19 items 1 and 2: Click & Collect from a cold cart (no pharmacy chosen anywhere before) can always go on —
// adding a pickup-only item raises no alarm over the header, the cart offers the same pharmacy choice as the
// checkout and never closes the way there — and the order is described as a pickup, on the paid page and in the mail.

test.describe.configure({ timeout: 120_000 });

test('a pickup-only item from a cold cart: pharmacy chosen in the cart, paid by card, the paid page and the mail name the pharmacy', async ({ page, request }) => {
  const [product] = await findProducts(request, (p) => p.clickAndCollectOnly && !p.prescriptionRequired && !p.isDownload && p.variants.length === 0);
  await page.goto(product!.url);
  await hydrated(page);
  await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).first().click();
  // no red notice that stays: the header's cart link is free to use (Playwright refuses to click a covered element)
  await expect(page.getByText(/Apotheke .*(wählen|choose)/i)).toHaveCount(0);
  await page.getByRole('link', { name: /Warenkorb/ }).first().click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await hydrated(page);

  // The cart: no alarm, the pharmacy box, the way to the checkout open.
  await expect(page.getByTestId('cart-errors')).toHaveCount(0);
  const box = page.getByTestId('selected-pharmacy');
  await expect(box).toContainText('Es wurde keine Apotheke ausgewählt.');
  await expect(box).toContainText('Wählen Sie die Apotheke für die Abholung hier oder an der Kasse.');
  await expect(page.getByTestId('to-checkout')).toBeVisible();
  const opener = box.getByRole('button', { name: 'Apotheke wählen' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Apotheke wählen' });
  await expect(dialog).toBeVisible();
  // Escape closes the modal and the keyboard is back on its button; it opens again on the search field
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog.getByRole('searchbox', { name: 'Postleitzahl oder Ort' })).toBeFocused();
  const firstChoice = dialog.getByRole('button', { name: / wählen$/ }).first();
  const pharmacyName = ((await firstChoice.getAttribute('aria-label')) ?? '').replace(/ wählen$/, '');
  expect(pharmacyName).not.toBe('');
  await firstChoice.click();
  await expect(dialog).toBeHidden();
  await expect(box).toContainText(pharmacyName);
  await expect(page.getByTestId('expected-delivery')).toContainText(/Abholbereit in der Apotheke ab/);
  await expect(page.getByTestId('expected-delivery')).not.toContainText('Lieferung');

  // The checkout keeps the pharmacy; a guest pays by card.
  await page.getByTestId('to-checkout').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page, 'form');
  await expect(page.getByTestId('selected-pharmacy')).toContainText(pharmacyName);
  const email = `abholung-${Date.now()}@example.ch`;
  await page.getByRole('radio', { name: 'Als Gast bestellen' }).check();
  const field = (name: RegExp) => page.getByRole('textbox', { name });
  await field(/^E-Mail-Adresse/).fill(email);
  await field(/^Vorname/).fill('Anna');
  await field(/^Nachname/).fill('Muster');
  await field(/^Strasse und Hausnummer/).fill('Bahnhofstrasse 1');
  await field(/^PLZ/).fill('8001');
  await field(/^Ort/).fill('Zürich');
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page.getByText(`Sie bestellen als Gast: Anna Muster (${email})`)).toBeVisible();
  await page.getByRole('radio', { name: /^Kreditkarte/ }).check();
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  // the success page names the pickup before the shopper goes on to pay
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.getByTestId('pickup-pharmacy')).toContainText(pharmacyName);
  await expect(page).toHaveURL(/\/payment-provider\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}\/paid/);
  await expect(page.getByTestId('pickup-pharmacy')).toContainText(pharmacyName);
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('Abholung in der Apotheke');
  await expect(summary).toContainText(/Abholbereit in der Apotheke ab/);
  await expect(summary).not.toContainText(/Versandkosten|Lieferung/);

  const [order] = readShop<{ id: string; pharmacy: string }>('SELECT o.id, p.name AS pharmacy FROM "order" o JOIN pharmacy p ON p.id = o.pharmacy_id WHERE o.email = ?', email);
  expect(order?.pharmacy).toBe(pharmacyName);
  const mail = await mailTo(email, 'order_confirmation_mail');
  expect(mail).toContain(`Abholung in ${pharmacyName}, `);
  expect(mail).not.toMatch(/Versandkosten|Voraussichtliche Lieferung/);
});
