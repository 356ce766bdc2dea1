import { expect, test, type Browser, type Page } from '@playwright/test';
import { kitForm, named } from './support/formPage';
import { graph, hydrated } from './support/shop';

// Issue 18, browsing (ADR 0023): the listing's filters, price span and sort are GET forms whose URL is the one the
// enhanced listing opens; the product tabs are sections reachable by their links; the phone menu opens; and a form
// the server refused puts the keyboard on its first wrong field — all with JavaScript off.

const CATEGORY = '/vitamine-mineralstoffe';
const BRAND = 'Aarevita';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

/** The listing's "N Produkte" line (in Italian "N prodotti"). */
async function total(page: Page, line = /^\d+ Produkte?$/): Promise<number> {
  const text = await page.getByRole('main').getByText(line).innerText();
  return Number(text.replace(/\D/g, ''));
}

/** Each card's shown price (the first CHF amount), from the text: cards off the screen have no innerText yet. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(/CHF\s*([\d'’]+[.,]\d{2})/.exec(text)![1]!.replace(/['’]/g, '').replace(',', '.')));
}

/** The address as the shopper sees it: path and query. */
const shownUrl = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * A shopper's way through a listing — a brand ticked, a price span, a sort — with or without scripts (then with the
 * form's buttons); the address after each step.
 */
async function browseListing(page: Page, scripts: boolean): Promise<string[]> {
  const shown: string[] = [];
  await page.goto(CATEGORY);
  if (scripts) await hydrated(page);
  const after = async (step: () => Promise<void>, urlPart: RegExp) => {
    await step();
    await expect(page).toHaveURL(urlPart);
    await expect(page.getByLabel('Preis von')).toBeVisible();
    shown.push(shownUrl(page));
  };

  await after(async () => {
    await page.getByRole('checkbox', { name: BRAND }).check();
    if (!scripts) await page.getByRole('button', { name: 'Anwenden', exact: true }).click();
  }, /brands=/);
  await after(async () => {
    await page.getByLabel('Preis von').fill('5');
    await page.getByLabel('Preis bis').fill('40');
    await page.getByRole('button', { name: 'Preis anwenden' }).click();
  }, /maxPrice=40/);
  await after(async () => {
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis aufsteigend' });
    if (!scripts) await page.getByRole('button', { name: 'Sortieren', exact: true }).click();
  }, /sort=price-asc/);
  return shown;
}

async function withoutScripts<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a category: a brand ticked and applied, then sorted — the filtered products, the checkbox ticked, a clean URL', async ({ page }) => {
    await page.goto(CATEGORY);
    const all = await total(page);
    const brand = page.getByRole('checkbox', { name: BRAND });
    const brandId = await brand.getAttribute('value');
    expect(brandId).toMatch(/^[0-9a-f]{32}$/);
    await brand.check();
    await page.getByRole('button', { name: 'Anwenden', exact: true }).click();

    // the plain form's fields (empty prices, the box as a repeated key) end at the enhanced listing's address
    await expect(page).toHaveURL(`${CATEGORY}?brands=${brandId}`);
    await expect(page.getByRole('checkbox', { name: BRAND })).toBeChecked();
    const ofBrand = await total(page);
    expect(ofBrand).toBeGreaterThan(0);
    expect(ofBrand).toBeLessThan(all);
    for (const card of await cards(page).all()) await expect(card).toContainText(BRAND);

    await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis aufsteigend' });
    await page.getByRole('button', { name: 'Sortieren', exact: true }).click();
    await expect(page).toHaveURL(`${CATEGORY}?brands=${brandId}&sort=price-asc`);
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('price-asc');
    expect(await total(page)).toBe(ofBrand);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // "Filter zurücksetzen" is a link: back to the whole listing, the sort kept
    await page.getByRole('link', { name: 'Filter zurücksetzen' }).first().click();
    await expect(page).toHaveURL(`${CATEGORY}?sort=price-asc`);
    expect(await total(page)).toBe(all);
  });

  test('"Preis anwenden" keeps the prices entered and shows only products inside the span', async ({ page }) => {
    await page.goto(CATEGORY);
    const all = await total(page);
    await page.getByLabel('Preis von').fill('10');
    await page.getByLabel('Preis bis').fill('20');
    await page.getByRole('button', { name: 'Preis anwenden' }).click();
    await expect(page).toHaveURL(`${CATEGORY}?minPrice=10&maxPrice=20`);
    await expect(page.getByLabel('Preis von')).toHaveValue('10');
    await expect(page.getByLabel('Preis bis')).toHaveValue('20');
    expect(await total(page)).toBeLessThan(all);
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(10);
      expect(price).toBeLessThanOrEqual(20);
    }
  });

  test('the search page keeps its term when sorted and filtered, in Italian', async ({ page }) => {
    const italianTotal = /^\d+ prodott[oi]$/;
    await page.goto('/it/search?search=vitamin');
    const found = await total(page, italianTotal);
    expect(found).toBeGreaterThan(0);
    await page.getByLabel('Ordina per').selectOption({ label: 'Prezzo crescente' });
    await page.getByRole('button', { name: 'Ordina', exact: true }).click();
    await expect(page).toHaveURL('/it/search?search=vitamin&sort=price-asc');
    await expect(page.getByRole('combobox', { name: 'Cerca prodotti' })).toHaveValue('vitamin');
    expect(await total(page, italianTotal)).toBe(found);

    await page.getByLabel('Prezzo da').fill('10');
    await page.getByRole('button', { name: 'Applica il prezzo' }).click();
    await expect(page).toHaveURL('/it/search?search=vitamin&minPrice=10&sort=price-asc');
    const fromTen = await total(page, italianTotal);
    expect(fromTen).toBeGreaterThan(0);
    expect(fromTen).toBeLessThan(found);
  });

  test('product page: every tab is a section; the second tab’s link leads to its text', async ({ page }) => {
    const { product } = await graph<{ product: { url: string } }>(page.request, '{ product(productNumber: "P100009") { url } }');
    await page.goto(product.url);
    const tabs = page.getByRole('tablist', { name: 'Produktinformationen' }).getByRole('tab');
    // every tab link is a tab stop: no script moves the keyboard between them
    for (const tab of await tabs.all()) await expect(tab).toHaveAttribute('tabindex', '0');
    const second = tabs.nth(1);
    await expect(second).toHaveText('Anwendung');
    await second.click();
    await expect(page).toHaveURL(/#product-panel-usage$/);
    const usage = page.locator('#product-panel-usage');
    await expect(usage.getByRole('heading', { name: 'Anwendung' })).toBeInViewport();
    expect((await usage.innerText()).trim().length).toBeGreaterThan(20);
    // the others are in the page too, each under its title
    await expect(page.locator('#product-panel-faq')).toContainText('Brauche ich ein Rezept?');
    await expect(page.locator('#product-panel-faq').getByRole('heading', { name: 'Häufige Fragen' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('"Menü" opens the catalogue and a category link leads to its listing', async ({ page }) => {
      await page.goto('/');
      const catalogue = page.getByRole('navigation', { name: 'Sortiment' });
      await expect(catalogue).toBeHidden();
      await page.getByRole('link', { name: 'Menü', exact: true }).click();
      await expect(catalogue).toBeVisible();
      const category = catalogue.getByRole('link').first();
      const href = await category.getAttribute('href');
      await category.click();
      await expect(page).toHaveURL((url) => url.pathname === decodeURI(href ?? ''));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('the listing’s filters are open, with their "Anwenden" button', async ({ page }) => {
      await page.goto(CATEGORY);
      await expect(page.getByRole('button', { name: 'Filter anzeigen' })).toBeHidden();
      await page.getByRole('checkbox', { name: BRAND }).check();
      await page.getByRole('button', { name: 'Anwenden', exact: true }).click();
      await expect(page).toHaveURL(/\?brands=[0-9a-f]{32}$/);
    });
  });

  test('a refused login puts the keyboard on its first wrong field', async ({ page }) => {
    await page.goto('/login');
    await named(page, 'login', 'email').fill('nora@example.ch');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await kitForm(page, 'login').getByRole('button', { name: 'Anmelden' }).click();
    expect((await answer).status()).toBe(422);
    await expect(named(page, 'login', 'password')).toBeFocused();
    await expect(named(page, 'login', 'email')).toHaveValue('nora@example.ch');

    // the first of two wrong fields, in French
    await page.goto('/fr/login');
    await kitForm(page, 'login').getByRole('button', { name: 'Se connecter' }).click();
    await expect(named(page, 'login', 'email')).toBeFocused();
    await expect(kitForm(page, 'login').getByText('Ce champ est obligatoire').first()).toBeVisible();
  });

  test('a refused contact form focuses its message field, a textarea', async ({ page }) => {
    await page.goto('/s/kontakt');
    const form = kitForm(page, 'contact');
    await form.getByLabel('Vorname').fill('Lea');
    await form.getByLabel('Nachname').fill('Muster');
    await form.getByLabel('E-Mail-Adresse').fill('lea@example.ch');
    await form.getByLabel('Betreff').fill('Frage zur Lieferung');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(named(page, 'contact', 'comment')).toBeFocused();
    await expect(form.getByLabel('Betreff')).toHaveValue('Frage zur Lieferung');
  });
});

test.describe('with JavaScript', () => {
  test('the filters, the price span and the sort open the same addresses as the forms without scripts', async ({ page, browser }) => {
    const enhanced = await browseListing(page, true);
    const plain = await withoutScripts(browser, (plainPage) => browseListing(plainPage, false));
    expect(enhanced).toEqual(plain);
    expect(enhanced[2]).toMatch(new RegExp(`^${CATEGORY}\\?brands=[0-9a-f]{32}&minPrice=5&maxPrice=40&sort=price-asc$`));
    // …and the scripts' page shows what the address asks
    for (const card of await cards(page).all()) await expect(card).toContainText(BRAND);
  });

  test('a tab’s address selects it once the page is hydrated', async ({ page }) => {
    const { product } = await graph<{ product: { url: string } }>(page.request, '{ product(productNumber: "P100009") { url } }');
    await page.goto(`${product.url}#product-panel-faq`);
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'Häufige Fragen' })).toHaveAttribute('aria-selected', 'true');
    // enhanced: one tab stop, the arrow keys move between the tabs
    await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toContainText('Brauche ich ein Rezept?');
  });

  test('the listing’s forms and the product tabs hydrate without a React error (the <noscript> parts included)', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const { product } = await graph<{ product: { url: string } }>(page.request, '{ product(productNumber: "P100009") { url } }');
    for (const url of [`/it/search?search=vitamin&minPrice=1&sort=price-asc`, CATEGORY, product.url]) {
      await page.goto(url);
      await hydrated(page);
    }
    expect(errors).toEqual([]);
  });
});
