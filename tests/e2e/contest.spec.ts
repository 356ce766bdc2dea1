import { expect, test } from '@playwright/test';
import { hydrated, readShop } from './support/shop';

// The contest page (SPEC §2 /wettbewerb, §9 a CHF 250 gift card) in a shopper's browser: enter, enter again with
// the same email in other letter case and be refused with the message, and the French page in French. No
// third-party script is configured for the e2e server, so the shell loads none (they are off by default).

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;
}

test('enter the contest; a second entry with the same email in other letter case is refused', async ({ page }) => {
  const response = await page.goto('/wettbewerb');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-graphql-operations']).toBe('1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wettbewerb');
  await expect(page.getByText('CHF 250.00').first()).toBeVisible();
  await expect(page.getByText('Mitarbeitende der Apotheke und ihre Angehörigen sind von der Teilnahme ausgeschlossen.')).toBeVisible();
  await expect(page.locator('script[data-third-party]')).toHaveCount(0);
  await hydrated(page);

  // The browser's own check first: the first wrong field gets the focus.
  await page.getByRole('button', { name: 'Teilnehmen' }).click();
  await expect(page.getByRole('radio', { name: '12 Türchen' })).toBeFocused();
  await expect(page.getByText('Bitte wählen Sie eine Antwort.')).toBeVisible();

  const email = uniqueEmail('e2e.wettbewerb');
  const fill = async (address: string) => {
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Teilnehmen' }) });
    await form.getByRole('radio', { name: '24 Türchen' }).check();
    await form.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Lea');
    await form.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Frei');
    await form.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(address);
    await form.getByRole('checkbox', { name: /Teilnahmebedingungen gelesen/ }).check();
    await form.getByRole('button', { name: 'Teilnehmen' }).click();
  };
  await fill(email);
  await expect(page.getByText('Vielen Dank für Ihre Teilnahme!')).toBeVisible();
  expect(readShop<{ email: string }>('SELECT email FROM contest_entry WHERE email = ?', email)).toEqual([{ email }]);

  await page.reload();
  await hydrated(page);
  await fill(email.toUpperCase());
  await expect(page.getByRole('alert').filter({ hasText: 'Mit dieser E-Mail-Adresse wurde bereits am Wettbewerb teilgenommen.' })).toBeVisible();
  await expect(page.getByText('Vielen Dank für Ihre Teilnahme!')).toHaveCount(0);
  expect(readShop('SELECT 1 FROM contest_entry WHERE email = ? COLLATE NOCASE', email)).toHaveLength(1);
});

test('/fr/concours is in French and its entry is confirmed by mail in French', async ({ page }) => {
  const response = await page.goto('/fr/concours');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Concours');
  await expect(page.getByRole('heading', { name: 'Conditions de participation' })).toBeVisible();
  await expect(page.getByText('Combien de fenêtres compte un calendrier de l’Avent classique ?')).toBeVisible();
  await expect(page.getByText(/250\.00\s?CHF/).first()).toBeVisible();
  await hydrated(page);

  const email = uniqueEmail('e2e.concours');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Participer' }) });
  await form.getByRole('radio', { name: '24 fenêtres' }).check();
  await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Chloé');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Favre');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
  await form.getByRole('button', { name: 'Participer' }).click();
  await expect(page.getByText('Merci de votre participation !')).toBeVisible();
  await expect
    .poll(() => readShop<{ subject: string }>("SELECT subject FROM mail_outbox WHERE recipient = ? AND template = 'contest.entry'", email)[0]?.subject)
    .toBe('Votre participation au concours');
});
