import { expect, test } from '@playwright/test';
import { consentGiven, findProducts, graph, hydrated, readShop } from './support/shop';

// Issue 20 items 1 and 9 in Chromium: the product page promises only what holds for the product; a skip link; the
// home page's h1; sold-out cards keep their price; the Click & Collect prompt says its text once.

async function urlOf(request: Parameters<typeof graph>[0], condition: string): Promise<string> {
  const [row] = readShop<{ id: string }>(
    `SELECT p.id FROM product p WHERE p.parent_id IS NULL AND p.child_count = 0 AND p.active = 1 AND ${condition} ORDER BY p.product_number LIMIT 1`,
  );
  expect(row, condition).toBeTruthy();
  const { product } = await graph<{ product: { url: string } }>(request, 'query ($id: ID!) { product(id: $id) { url } }', { id: row!.id });
  return product.url;
}

const SHIPPED = "p.type = 'physical' AND p.click_collect_only = 0 AND p.prescription_required = 0 AND p.available = 1 AND p.stock > 0 AND p.shipping_free = 0";

test('product pages promise returns, dispatch and free shipping only where they hold', async ({ page, request }) => {
  await page.goto(await urlOf(request, `${SHIPPED} AND p.tags LIKE '%"medicine"%'`));
  const usps = page.getByTestId('product-usps');
  await expect(usps).toContainText('Von der Rückgabe ausgeschlossen');
  await expect(usps).not.toContainText('14 Tage Rückgaberecht');
  await expect(usps).toContainText('Gratisversand ab CHF 50.00');

  await page.goto(await urlOf(request, `${SHIPPED} AND p.tags NOT LIKE '%no-returns%'`));
  await expect(page.getByTestId('product-usps')).toContainText('14 Tage Rückgaberecht');

  await page.goto(await urlOf(request, "p.click_collect_only = 1 AND p.available = 1 AND p.stock > 0"));
  await expect(page.getByTestId('product-availability')).toContainText('Abholung in der Apotheke');
  await expect(page.getByTestId('product-availability')).not.toContainText('Versand');
  await expect(page.getByTestId('product-usps')).not.toContainText('Versand');
});

// A first visit's first Tab is the consent banner's (ADR 0029): it asks for a decision before anything else.
test('the first Tab reaches a visible skip link that leads to the content', async ({ page, baseURL }) => {
  await consentGiven(page, baseURL!);
  for (const path of ['/', '/fr/checkout/cart']) {
    await page.goto(path);
    await page.keyboard.press('Tab');
    const link = page.locator(':focus');
    await expect(link).toHaveText(path === '/' ? 'Zum Inhalt springen' : 'Aller au contenu');
    const box = await link.boundingBox();
    expect(box && box.y >= 0 && box.height > 10).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main-content$/);
  }
});

test('the home page’s h1 is its title in each language, not "Startseite"', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Ihre Online-Apotheke für die Schweiz und Liechtenstein');
  await page.goto('/it');
  await expect(page.locator('h1')).toHaveText('La vostra farmacia online per la Svizzera e il Liechtenstein');
});

test('a sold-out card keeps its price and says "Zurzeit nicht erhältlich", with no add button', async ({ page }) => {
  const [soldOut] = readShop<{ name: string }>(
    `SELECT t.name FROM product p JOIN product_translation t ON t.product_id = p.id JOIN language l ON l.id = t.language_id
     WHERE p.available = 0 AND p.parent_id IS NULL AND p.active = 1 AND l.code LIKE 'de%' ORDER BY p.product_number LIMIT 1`,
  );
  await page.goto(`/search?search=${encodeURIComponent(soldOut!.name)}`);
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: soldOut!.name, exact: true }) }).first();
  await expect(card.getByTestId('card-sold-out')).toHaveText('Zurzeit nicht erhältlich');
  await expect(card.locator('[data-price]')).toContainText('CHF');
  await expect(card.getByTestId('card-add-to-cart')).toHaveCount(0);
});

test('the Click & Collect prompt says its explanation once', async ({ page, request }) => {
  const [delivery] = await findProducts(request, (p) => !p.clickAndCollectOnly && !p.prescriptionRequired && !p.isDownload && p.available && p.variants.length === 0);
  const [pickup] = await findProducts(request, (p) => p.clickAndCollectOnly && !p.prescriptionRequired && p.available && p.variants.length === 0);
  await page.goto(delivery!.url);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText(/in den Warenkorb gelegt/i).first()).toBeVisible();
  await page.goto(pickup!.url);
  await hydrated(page);
  await page.getByTestId('add-to-cart').click();
  const dialog = page.getByTestId('fulfilment-conflict');
  await expect(dialog).toBeVisible();
  expect((await dialog.innerText()).match(/können nicht zusammen bestellt werden/g)).toHaveLength(1);
});
