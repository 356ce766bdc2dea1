import { expect, test, type Page } from '@playwright/test';

// Brands: the A–Z overview with its letter navigation, a brand page with only the brand's products and
// filters kept in the URL, the French overview, and a 404 for an unknown brand.

const BRAND = 'Kinderwohl';

/** Waits until React has taken over the server's HTML (its handlers are attached). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__react'));
  });
}

/** The listing's "N Produkte" line. */
async function total(page: Page): Promise<number> {
  const text = await page.getByRole('main').getByText(/^\d+ Produkte?$/).innerText();
  return Number(text.replace(/\D/g, ''));
}

/** The shown price of each product card (the first CHF amount), from the text content (off-screen cards are not rendered yet). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('main').getByRole('article').allTextContents();
  return texts.map((text) => {
    const match = /CHF\s*([\d'’]+[.,]\d{2})/.exec(text);
    expect(match, `a price in: ${text}`).not.toBeNull();
    return Number(match![1]!.replace(/['’]/g, '').replace(',', '.'));
  });
}

test('the brand overview jumps by letter and leads to a brand page with only its products, filterable by price', async ({ page }) => {
  await page.goto('/marken');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsere Marken von A bis Z' })).toBeVisible();
  const letters = page.getByRole('navigation', { name: 'Marken nach Anfangsbuchstabe' });
  // no brand starts with Q: the letter is shown but is no link
  await expect(letters.getByText('Q', { exact: true })).toBeVisible();
  await expect(letters.getByRole('link', { name: 'Q', exact: true })).toHaveCount(0);

  // by keyboard: the letter K jumps to the K section
  const k = letters.getByRole('link', { name: 'K', exact: true });
  await k.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/marken#brands-K$/);
  const section = page.getByRole('region', { name: 'K', exact: true });
  await expect(section.getByRole('heading', { name: 'K', exact: true })).toBeInViewport();

  await section.getByRole('link', { name: new RegExp(`^${BRAND}`) }).click();
  await expect(page).toHaveURL(/\/b\/kinderwohl$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: BRAND })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sie sind hier' }).getByRole('link', { name: 'Marken' })).toBeVisible();
  const all = await total(page);
  expect(all).toBeGreaterThan(24);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(24);
  for (const card of await cards.all()) await expect(card).toContainText(BRAND);

  // load more appends the brand's next page (not the whole catalogue's)
  await page.getByRole('button', { name: 'Mehr Produkte laden' }).click();
  await expect(cards).toHaveCount(Math.min(48, all));
  for (const card of (await cards.all()).slice(24)) await expect(card).toContainText(BRAND);

  // cheapest first, then only up to the third-cheapest price
  await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis aufsteigend' });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect.poll(async () => (await cardPrices(page)).every((p, i, list) => i === 0 || list[i - 1]! <= p)).toBe(true);
  const maxPrice = Math.ceil((await cardPrices(page))[2]!);
  await page.getByLabel('Preis bis').fill(String(maxPrice));
  await page.getByRole('button', { name: 'Preis anwenden' }).click();
  await expect(page).toHaveURL(new RegExp(`maxPrice=${maxPrice}`));
  await expect.poll(() => total(page)).toBeLessThan(all);
  const filtered = await total(page);
  expect(filtered).toBeGreaterThanOrEqual(3);
  for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(maxPrice);
  for (const card of await cards.all()) await expect(card).toContainText(BRAND);

  // the URL keeps the filter on reload
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('Preis bis')).toHaveValue(String(maxPrice));
  expect(await total(page)).toBe(filtered);
});

test('the overview works in French and an unknown brand is a 404', async ({ page }) => {
  const response = await page.goto('/fr/marques');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Nos marques de A à Z' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Marques par initiale' })).toBeVisible();
  const alpinamed = page.getByRole('main').getByRole('link', { name: /^Alpinamed/ });
  await expect(alpinamed).toHaveAttribute('href', '/fr/b/alpinamed');
  await expect(alpinamed).toContainText('produits');
  await alpinamed.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpinamed' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Tous les articles Alpinamed en un coup d’œil, avec formats, composition et avis.');
  await expect(page.getByRole('navigation', { name: 'Vous êtes ici' }).getByRole('link', { name: 'Marques', exact: true })).toHaveAttribute('href', '/fr/marques');

  const missing = await page.goto('/b/does-not-exist');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Seite nicht gefunden: /b/does-not-exist')).toBeVisible();
});
