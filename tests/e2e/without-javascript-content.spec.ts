import { expect, test, type Page } from '@playwright/test';
import { stableId } from '../../store-api/src/ids';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { holdPageScripts, kitForm, named } from './support/formPage';
import { hydrated, readShop } from './support/shop';
import { pngBytes, PDF } from '../support/sampleFiles';

// Issue 18 (ADR 0023), the content and service pages: the contest, an editorial's poll and the prescription pickup
// are real forms the server handles (server/forms/content.ts), so they work with JavaScript off — the pickup's files
// as a multipart post — and what is typed before the page's scripts arrive survives hydration.

const unique = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;

/** The POST a click sends, and its answer's status. */
async function postedStatus(page: Page, click: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await click();
  return (await answer).status();
}


/** The pickup form's person, pharmacy and first pickup date, as a shopper fills them (labels in the page's language). */
async function fillPickup(page: Page, email: string): Promise<void> {
  const field = (name: string) => named(page, 'prescription-pickup', name);
  await field('firstName').fill('Lea');
  await field('lastName').fill('Frei');
  await field('email').fill(email);
  await field('phone').fill('+41 44 123 45 67');
  await field('pharmacyId').selectOption({ index: 1 });
  await field('pickupDate').fill((await field('pickupDate').getAttribute('min'))!);
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('contest: one bad value comes back with its message and every value kept; then entered, with the confirmation', async ({ page }) => {
    const email = unique('ohne-js.wettbewerb');
    const form = kitForm(page, 'contest');
    await page.goto('/wettbewerb');
    await form.getByRole('radio', { name: '24 Türchen' }).check();
    await named(page, 'contest', 'firstName').fill('Lea');
    await named(page, 'contest', 'lastName').fill('Frei');
    await named(page, 'contest', 'email').fill('lea@');
    await named(page, 'contest', 'acceptTerms').check();
    await named(page, 'contest', 'newsletter').check();
    expect(await postedStatus(page, () => form.getByRole('button', { name: 'Teilnehmen' }).click())).toBe(422);

    await expect(named(page, 'contest', 'email')).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(named(page, 'contest', 'email')).toHaveValue('lea@');
    await expect(form.getByRole('radio', { name: '24 Türchen' })).toBeChecked();
    await expect(named(page, 'contest', 'firstName')).toHaveValue('Lea');
    await expect(named(page, 'contest', 'lastName')).toHaveValue('Frei');
    await expect(named(page, 'contest', 'acceptTerms')).toBeChecked();
    await expect(named(page, 'contest', 'newsletter')).toBeChecked();
    expect(readShop('SELECT 1 FROM contest_entry WHERE email LIKE ?', 'lea@%')).toEqual([]);

    await named(page, 'contest', 'email').fill(email);
    await form.getByRole('button', { name: 'Teilnehmen' }).click();
    await expect(page).toHaveURL(/\/wettbewerb\?contest=entered&newsletter=1$/);
    await expect(page.getByText('Vielen Dank für Ihre Teilnahme!')).toBeVisible();
    expect(readShop<{ first_name: string; answer: string }>('SELECT first_name, answer FROM contest_entry WHERE email = ?', email)).toEqual([{ first_name: 'Lea', answer: 'doors-24' }]);
  });

  test('poll: the vote goes through and the article shows the results with the thanks', async ({ page }) => {
    const articleId = stableId('article', 'pharmacist-interview');
    const [{ slug }] = readShop<{ slug: string }>('SELECT slug FROM article_translation WHERE article_id = ? AND language_id = ?', articleId, LANGUAGE_ID.de) as [{ slug: string }];
    const votes = () => readShop<{ n: number }>('SELECT COUNT(*) AS n FROM poll_vote WHERE article_id = ?', articleId)[0]!.n;
    const before = votes();
    await page.goto(`/e/${slug}`);
    const poll = page.getByTestId('poll');
    // no answer chosen: the poll's message, nothing counted
    expect(await postedStatus(page, () => poll.getByRole('button', { name: 'Abstimmen' }).click())).toBe(422);
    await expect(poll.getByRole('alert')).toHaveText('Bitte wählen Sie eine Antwort.');
    await poll.getByRole('radio', { name: 'Online' }).check();
    await poll.getByRole('button', { name: 'Abstimmen' }).click();
    await expect(page).toHaveURL(new RegExp(`/e/${slug}\\?poll=voted$`));
    await expect(poll.getByRole('status')).toHaveText('Vielen Dank für Ihre Stimme!');
    await expect(poll.getByRole('list', { name: 'Ergebnis der Umfrage' })).toContainText('Online (Ihre Wahl)');
    await expect(poll.getByRole('button', { name: 'Abstimmen' })).toHaveCount(0);
    expect(votes()).toBe(before + 1);
  });

  test('prescription pickup: the card and a prescription uploaded, the request number shown and the request stored', async ({ page }) => {
    const email = unique('ohne-js.abholung');
    await page.goto('/medikamente');
    await fillPickup(page, email);
    await named(page, 'prescription-pickup', 'insuranceCard').setInputFiles({ name: 'karte.png', mimeType: 'image/png', buffer: pngBytes() });
    await named(page, 'prescription-pickup', 'prescriptions').setInputFiles([
      { name: 'rezept.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'rezept-2.png', mimeType: 'image/png', buffer: pngBytes() },
    ]);
    await kitForm(page, 'prescription-pickup').getByRole('button', { name: 'Rezepte senden' }).click();

    await expect(page).toHaveURL(/\/medikamente\?prescription=pickup&number=R\d+&date=\d{4}-\d{2}-\d{2}$/);
    const [row] = readShop<{ id: string; request_number: string }>('SELECT id, request_number FROM prescription_request WHERE email = ?', email);
    expect(row).toBeTruthy();
    await expect(page.getByTestId('prescription-pickup-success')).toContainText(`Ihre Anfragenummer lautet ${row!.request_number}.`);
    expect(readShop('SELECT role, mime_type FROM prescription_file WHERE request_id = ? ORDER BY role, mime_type', row!.id)).toEqual([
      { role: 'insurance_card', mime_type: 'image/png' },
      { role: 'prescription', mime_type: 'application/pdf' },
      { role: 'prescription', mime_type: 'image/png' },
    ]);
  });

  test('prescription pickup in French: a text file named .png is refused in French beside its field, the text kept, the files asked again', async ({ page }) => {
    const email = unique('ohne-js.fichier');
    await page.goto('/fr/medicaments');
    await fillPickup(page, email);
    await named(page, 'prescription-pickup', 'insuranceCard').setInputFiles({ name: 'carte.png', mimeType: 'image/png', buffer: pngBytes() });
    await named(page, 'prescription-pickup', 'prescriptions').setInputFiles({ name: 'ordonnance.png', mimeType: 'image/png', buffer: Buffer.from('du texte, pas une image\n') });
    const form = kitForm(page, 'prescription-pickup');
    expect(await postedStatus(page, () => form.getByRole('button', { name: 'Envoyer les ordonnances' }).click())).toBe(422);

    await expect(page).toHaveURL(/\/fr\/medicaments$/);
    await expect(named(page, 'prescription-pickup', 'prescriptions')).toHaveAccessibleDescription(/Veuillez télécharger uniquement des fichiers PDF ou PNG\./);
    await expect(named(page, 'prescription-pickup', 'prescriptions')).toHaveAttribute('aria-invalid', 'true');
    await expect(named(page, 'prescription-pickup', 'insuranceCard')).toHaveAccessibleDescription(/Veuillez choisir à nouveau le fichier/);
    await expect(named(page, 'prescription-pickup', 'firstName')).toHaveValue('Lea');
    await expect(named(page, 'prescription-pickup', 'email')).toHaveValue(email);
    await expect(named(page, 'prescription-pickup', 'pharmacyId')).not.toHaveValue('');
    expect(readShop('SELECT id FROM prescription_request WHERE email = ?', email)).toEqual([]);
  });
});

test('contest: what the shopper typed and chose before the scripts arrived is still there after hydration', async ({ page }) => {
  const release = await holdPageScripts(page);
  await page.goto('/wettbewerb', { waitUntil: 'commit' });
  const form = kitForm(page, 'contest');
  await form.getByRole('radio', { name: '24 Türchen' }).check();
  await named(page, 'contest', 'firstName').fill('Früh');
  await named(page, 'contest', 'email').fill('frueh@example.ch');
  await named(page, 'contest', 'acceptTerms').check();
  // the button waits for nothing
  await expect(form.getByRole('button', { name: 'Teilnehmen' })).toBeEnabled();
  release();
  await hydrated(page);
  await expect(form.getByRole('radio', { name: '24 Türchen' })).toBeChecked();
  await expect(named(page, 'contest', 'firstName')).toHaveValue('Früh');
  await expect(named(page, 'contest', 'email')).toHaveValue('frueh@example.ch');
  await expect(named(page, 'contest', 'acceptTerms')).toBeChecked();
  // and the enhanced form runs with it: the missing last name is refused in place, the rest stays
  await form.getByRole('button', { name: 'Teilnehmen' }).click();
  await expect(named(page, 'contest', 'lastName')).toBeFocused();
  await expect(named(page, 'contest', 'firstName')).toHaveValue('Früh');
  await expect(form.getByRole('radio', { name: '24 Türchen' })).toBeChecked();
});

test('prescription pickup: text and files chosen before the scripts arrived are sent by the enhanced form after hydration', async ({ page }) => {
  const email = unique('frueh.abholung');
  const release = await holdPageScripts(page);
  await page.goto('/medikamente', { waitUntil: 'commit' });
  await fillPickup(page, email);
  await named(page, 'prescription-pickup', 'insuranceCard').setInputFiles({ name: 'karte.png', mimeType: 'image/png', buffer: pngBytes() });
  await named(page, 'prescription-pickup', 'prescriptions').setInputFiles({ name: 'rezept.pdf', mimeType: 'application/pdf', buffer: PDF });
  release();
  await hydrated(page);
  await expect(named(page, 'prescription-pickup', 'email')).toHaveValue(email);
  // the enhanced form: no page load, the confirmation in place
  let posted = false;
  page.on('request', (request) => (posted ||= request.method() === 'POST' && !request.url().endsWith('/graphql')));
  await kitForm(page, 'prescription-pickup').getByRole('button', { name: 'Rezepte senden' }).click();
  await expect(page.getByTestId('prescription-pickup-success')).toBeVisible();
  expect(posted).toBe(false);
  expect(readShop('SELECT 1 FROM prescription_request WHERE email = ?', email)).toHaveLength(1);
});
