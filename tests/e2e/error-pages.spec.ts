import { expect, test } from '@playwright/test';
import { startSecondShop, type SecondShop } from './support/secondShop';

// SPEC §8 error pages with the right HTTP status: a second shop process whose Store API cannot be reached
// (STORE_API_URL points at a closed port) answers its pages with 502 and the spec's wording.

let shop: SecondShop | undefined;
let origin = '';

test.beforeAll(async () => {
  shop = await startSecondShop({ STORE_API_URL: 'http://127.0.0.1:9/store-api' });
  origin = shop.origin;
});

test.afterAll(() => {
  shop?.stop();
});

test('a page whose back end is unreachable answers 502 with the SPEC text, in its language', async ({ page }) => {
  const german = await page.goto(`${origin}/medikamente`);
  expect(german?.status()).toBe(502);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 502');
  await expect(page.getByText('Der Server konnte die Anfrage nicht abschliessen. Bitte versuchen Sie es in einigen Sekunden erneut.')).toBeVisible();

  const french = await page.goto(`${origin}/fr/medicaments`);
  expect(french?.status()).toBe(502);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 502');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
});
