import { expect, test, type Page } from '@playwright/test';
import { hydrated, mailTo, readShop } from './support/shop';
import { pngBytes, PDF } from '../support/sampleFiles';

// The medications page (SPEC §4 prescription delivery and pickup, §5 uploads PDF or PNG, §9 2–3 days) in a
// shopper's browser: a text file renamed to .png is refused with the message (the server reads the content),
// a real PNG and a real PDF are accepted with a request number; the delivery form shows where to post.

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;
}



/** The next working day (Mon–Sat) in Zurich, as the date input takes it. */
function nextWorkingDay(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function fillPerson(page: Page, formTestId: string, email: string): Promise<void> {
  const form = page.getByTestId(formTestId);
  await form.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Lea');
  await form.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Frei');
  await form.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+41 44 123 45 67');
}

test('pickup: a renamed text file is refused, a real PNG and PDF are accepted with a request number', async ({ page }) => {
  const response = await page.goto('/medikamente');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-graphql-operations']).toBe('1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medikamente mit Rezept');
  await hydrated(page);

  const form = page.getByTestId('prescription-pickup-form');
  // The browser's own check first: the first wrong field gets the focus.
  await form.getByRole('button', { name: 'Rezepte senden' }).click();
  await expect(form.getByRole('textbox', { name: 'Vorname', exact: true })).toBeFocused();

  const email = uniqueEmail('e2e.rezept');
  await fillPerson(page, 'prescription-pickup-form', email);
  await form.getByLabel('Apotheke').selectOption({ index: 1 });
  const dateInput = form.getByLabel('Abholdatum');
  expect(await dateInput.getAttribute('min')).toBe(nextWorkingDay());
  await dateInput.fill(nextWorkingDay());
  await expect(form.getByLabel('Versichertenkarte')).toHaveAttribute('accept', 'application/pdf,image/png');
  await form.getByLabel('Versichertenkarte').setInputFiles({ name: 'karte.png', mimeType: 'image/png', buffer: pngBytes() });
  // A text file named .png: the browser says image/png, the server reads the bytes.
  await form.getByLabel('Rezepte').setInputFiles({ name: 'rezept.png', mimeType: 'image/png', buffer: Buffer.from('nur Text, kein Bild\n') });
  await form.getByRole('button', { name: 'Rezepte senden' }).click();
  await expect(form.getByText('Bitte laden Sie nur PDF- oder PNG-Dateien hoch.')).toBeVisible();
  await expect(form.getByLabel('Rezepte')).toBeFocused();
  await expect(form.getByLabel('Rezepte')).toHaveAttribute('aria-invalid', 'true');
  expect(readShop('SELECT id FROM prescription_request WHERE email = ?', email)).toEqual([]);

  await form.getByLabel('Rezepte').setInputFiles([
    { name: 'rezept.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'rezept-2.png', mimeType: 'image/png', buffer: pngBytes() },
  ]);
  await form.getByRole('button', { name: 'Rezepte senden' }).click();
  const success = page.getByTestId('prescription-pickup-success');
  await expect(success).toBeVisible();
  const [row] = readShop<{ id: string; request_number: string }>('SELECT id, request_number FROM prescription_request WHERE email = ?', email);
  expect(row).toBeTruthy();
  await expect(success).toContainText(`Ihre Anfragenummer lautet ${row!.request_number}.`);
  await expect(success).toBeFocused();
  expect(readShop<{ role: string; mime_type: string }>('SELECT role, mime_type FROM prescription_file WHERE request_id = ? ORDER BY role, mime_type', row!.id)).toEqual([
    { role: 'insurance_card', mime_type: 'image/png' },
    { role: 'prescription', mime_type: 'application/pdf' },
    { role: 'prescription', mime_type: 'image/png' },
  ]);
  expect(await mailTo(email, 'prescription.pickup')).toContain('Die Apotheke ruft Sie an');
});

test('delivery: the form is sent and shows where to post the prescription', async ({ page }) => {
  await page.goto('/medikamente');
  await hydrated(page);
  const form = page.getByTestId('prescription-delivery-form');
  const email = uniqueEmail('e2e.lieferung');
  await fillPerson(page, 'prescription-delivery-form', email);
  await form.getByRole('textbox', { name: 'Strasse und Nr.' }).fill('Bahnhofstrasse 1');
  await form.getByRole('textbox', { name: 'PLZ' }).fill('800');
  await form.getByRole('textbox', { name: 'Ort' }).fill('Zürich');
  await form.getByRole('button', { name: 'Lieferung anfordern' }).click();
  await expect(form.getByText('Die Postleitzahl muss genau 4 Ziffern haben')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'PLZ' })).toBeFocused();
  await form.getByRole('textbox', { name: 'PLZ' }).fill('8001');
  await form.getByRole('button', { name: 'Lieferung anfordern' }).click();

  const success = page.getByTestId('prescription-delivery-success');
  await expect(success).toBeVisible();
  const [row] = readShop<{ request_number: string }>('SELECT request_number FROM prescription_request WHERE email = ?', email);
  await expect(success).toContainText(row!.request_number);
  await expect(success).toContainText('Edelweiss Apotheken AG');
  await expect(success).toContainText('8021 Zürich');
  await expect(success).toContainText('2 bis 3 Tage');
});

test('the page in Italian and French', async ({ page }) => {
  for (const [path, heading] of [
    ['/it/medicinali', 'Medicamenti con ricetta'],
    ['/fr/medicaments', 'Médicaments sur ordonnance'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});
