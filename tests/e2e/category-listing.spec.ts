import { expect, test, type Page } from '@playwright/test';

// The catalogue journey in German: a category listing with filters, sorting and pages kept in the URL
// (reload and back show the same), search, the bestsellers and the home page's CMS content.

const CATEGORY = '/vitamine-mineralstoffe';

/** Waits until React has taken over the server's HTML (its handlers are attached). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__react'));
  });
}

function ascending(values: number[]): boolean {
  return values.every((value, i) => i === 0 || values[i - 1]! <= value);
}

/** The listing's "N Produkte" line. */
async function total(page: Page): Promise<number> {
  const text = await page.getByRole('main').getByText(/^\d+ Produkte?$/).innerText();
  return Number(text.replace(/\D/g, ''));
}

/**
 * The shown price of each product card (the first CHF amount; the previous price follows it). Read from the text
 * content: cards off the screen are not rendered yet (content-visibility), and their innerText is empty.
 */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('main').getByRole('article').allTextContents();
  return texts.map((text) => {
    const match = /CHF\s*([\d'’]+[.,]\d{2})/.exec(text);
    expect(match, `a price in: ${text}`).not.toBeNull();
    return Number(match![1]!.replace(/['’]/g, '').replace(',', '.'));
  });
}

test('a category listing filters, sorts and pages through the URL', async ({ page }) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Vitamine & Mineralstoffe' })).toBeVisible();
  const all = await total(page);
  expect(all).toBeGreaterThan(24);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(24);

  // a brand: fewer products, each of that brand
  const brand = page.getByRole('checkbox', { name: 'Aarevita' });
  await brand.check();
  await expect(page).toHaveURL(/[?&]brands=[0-9a-f]{32}/);
  await expect(brand).toBeChecked();
  const ofBrand = await total(page);
  expect(ofBrand).toBeGreaterThan(0);
  expect(ofBrand).toBeLessThan(all);
  for (const card of await page.getByRole('main').getByRole('article').all()) await expect(card).toContainText('Aarevita');

  // back returns to the unfiltered listing
  await page.goBack();
  await expect(page).not.toHaveURL(/brands=/);
  await expect(page.getByRole('checkbox', { name: 'Aarevita' })).not.toBeChecked();
  expect(await total(page)).toBe(all);

  // a price span: only prices inside it
  await page.getByLabel('Preis von').fill('10');
  await page.getByLabel('Preis bis').fill('20');
  await page.getByRole('button', { name: 'Preis anwenden' }).click();
  await expect(page).toHaveURL(/minPrice=10&maxPrice=20/);
  await expect(page.getByLabel('Preis von')).toHaveValue('10');
  const inSpan = await total(page);
  expect(inSpan).toBeLessThan(all);
  for (const price of await cardPrices(page)) {
    expect(price).toBeGreaterThanOrEqual(10);
    expect(price).toBeLessThanOrEqual(20);
  }

  // sorted by price, ascending
  await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis aufsteigend' });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);

  // page 2, kept on reload
  expect(inSpan).toBeGreaterThan(24);
  const firstOfPage1 = await page.getByRole('main').getByRole('article').first().getByRole('link').innerText();
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('link', { name: 'Seite 2' }).click();
  await expect(page).toHaveURL(/minPrice=10&maxPrice=20&sort=price-asc&page=2/);
  await expect(page.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main').getByRole('article').first().getByRole('link')).not.toHaveText(firstOfPage1);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Sortieren nach')).toHaveValue('price-asc');
  await expect(page.getByLabel('Preis bis')).toHaveValue('20');
  expect(await total(page)).toBe(inSpan);
  expect(ascending(await cardPrices(page))).toBe(true);

  // back: page 1 with the same filters
  await page.goBack();
  await expect(page).toHaveURL(/minPrice=10&maxPrice=20&sort=price-asc$/);
  await expect(page.getByRole('main').getByRole('article').first().getByRole('link')).toHaveText(firstOfPage1);

  // reset clears brand, properties and price (SPEC §4); the sorting stays
  await page.getByRole('link', { name: 'Filter zurücksetzen' }).first().click();
  await expect(page).not.toHaveURL(/Price=/);
  await expect(page).toHaveURL(/sort=price-asc/);
  expect(await total(page)).toBe(all);
});

test('load more appends the next page', async ({ page }) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Mehr Produkte laden' }).click();
  await expect(cards).toHaveCount(48);
  await expect(page.getByText(/^48 von \d+ Produkten angezeigt$/)).toBeVisible();
});

test('search shows results for vitamin and a hint when nothing matches', async ({ page }) => {
  await page.goto('/search?search=vitamin');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('vitamin');
  expect(await total(page)).toBeGreaterThan(24);
  const results = page.getByRole('list', { name: 'Produkte' }).getByRole('article');
  await expect(results).toHaveCount(24);
  await expect(page.getByRole('region', { name: 'Unsere Bestseller' })).toBeVisible();
  // load more continues the same search
  await page.getByRole('button', { name: 'Mehr Produkte laden' }).click();
  await expect(results).toHaveCount(48);

  await page.goto('/search?search=qqqxxzz');
  await expect(page.getByText('Keine Ergebnisse für «qqqxxzz»', { exact: false })).toBeVisible();
});

test('/t/bestseller lists the catalogue by sales', async ({ page }) => {
  const response = await page.goto('/t/bestseller');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestseller' })).toBeVisible();
  await expect(page.getByLabel('Sortieren nach')).toHaveValue('topseller');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(24);
});

test('the home page shows its CMS content with a product slider', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Willkommen in Ihrer Online-Apotheke' })).toBeVisible();
  const slider = page.getByRole('region', { name: 'Bestseller' });
  await expect(slider).toBeVisible();
  await expect(slider.getByRole('article').first()).toBeVisible();
  expect(await slider.getByRole('article').count()).toBeGreaterThan(4);
  await expect(slider.getByRole('button', { name: 'Nächste Produkte' })).toBeVisible();
  // the cards lead to product pages
  await expect(slider.getByRole('article').first().getByRole('link')).toHaveAttribute('href', /^\/[a-z0-9-]+/);
});

test('the listing speaks French under /fr', async ({ page }) => {
  await page.goto('/fr/vitamines-et-mineraux');
  await expect(page.getByRole('main').getByText(/^\d+ produits$/)).toBeVisible();
  await expect(page.getByLabel('Trier par')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filtres' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toContainText(/CHF/);
});

test('an overlong search term still searches (for its first 200 characters) instead of failing', async ({ request }) => {
  const response = await request.get(`/search?search=${encodeURIComponent(`vitamin ${'x'.repeat(400)}`)}`);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('vitamin');
});
