import { expect, test, type Page } from '@playwright/test';

// The shop's shell around every page: header search with suggest, language switcher, side menu, footer.
// Texts are matched in the language under test (de, fr), as a shopper reads them.

async function languageCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'i18n_redirected')?.value;
}

/** Waits until React has taken over the server's HTML (handlers attached). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('header');
    return !!root && Object.keys(root).some((key) => key.startsWith('__react'));
  });
}

test('header search suggests products while typing; arrow and Enter open one', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const search = page.getByRole('combobox', { name: 'Produkte suchen' });
  await search.click();
  await search.pressSequentially('vitamin', { delay: 30 });

  const listbox = page.getByRole('listbox', { name: 'Suchvorschläge' });
  await expect(listbox).toBeVisible();
  const options = listbox.getByRole('option');
  await expect(options.first()).toBeVisible();
  // at most 5 products, then "all results"
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(6);
  await expect(options.last()).toContainText('vitamin');
  for (let i = 0; i < count - 1; i++) await expect(options.nth(i)).toContainText(/vitamin/i);

  await search.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowUp');
  const productUrl = await options.first().getAttribute('data-url');
  expect(productUrl).toMatch(/^\/[^/]/);

  await search.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === decodeURI(productUrl ?? ''));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(listbox).toBeHidden();
});

test('a click on a suggestion opens its product, in French too', async ({ page }) => {
  await page.goto('/fr');
  await hydrated(page);
  const search = page.getByRole('combobox', { name: 'Rechercher des produits' });
  await search.click();
  await search.pressSequentially('vitamin', { delay: 30 });
  const option = page.getByRole('listbox', { name: 'Suggestions de recherche' }).getByRole('option').nth(1);
  const productUrl = await option.getAttribute('data-url');
  expect(productUrl).toMatch(/^\/fr\//);
  await option.click();
  await expect(page).toHaveURL((url) => url.pathname === decodeURI(productUrl ?? ''));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('Escape closes the suggestions and Enter without a choice searches the term', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const search = page.getByRole('combobox', { name: 'Produkte suchen' });
  await search.click();
  await search.pressSequentially('vitamin', { delay: 30 });
  const listbox = page.getByRole('listbox', { name: 'Suchvorschläge' });
  await expect(listbox).toBeVisible();
  await search.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=vitamin$/);
  await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toHaveValue('vitamin');
});

test('the language switcher leads de → fr → de, with <html lang> and the remembered cookie', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const switcher = page.getByRole('navigation', { name: 'Sprache wählen' });
  const french = switcher.getByRole('link', { name: 'Français' });
  await expect(french).toHaveAttribute('hreflang', 'fr-CH');
  await expect(french).toHaveAttribute('lang', 'fr');
  await french.click();
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await languageCookie(page)).toBe('fr');
  await expect(page.getByRole('combobox', { name: 'Rechercher des produits' })).toBeVisible();

  await hydrated(page);
  const back = page.getByRole('navigation', { name: 'Choisir la langue' }).getByRole('link', { name: 'Deutsch' });
  await back.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await languageCookie(page)).toBe('de');

  const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  // 365 days, give or take the test's own run time
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});

test('the top navigation drops its second level down on focus and marks the active category', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const menu = page.getByRole('navigation', { name: 'Sortiment' });
  const first = menu.locator(':scope > ul > li').first();
  const dropdown = first.locator('ul');
  await expect(dropdown).toBeHidden();
  await first.getByRole('link').first().focus();
  await expect(dropdown).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();

  const category = first.getByRole('link').first();
  const href = await category.getAttribute('href');
  await category.click();
  await expect(page).toHaveURL((url) => url.pathname === decodeURI(href ?? ''));
  const active = page.getByRole('navigation', { name: 'Sortiment' }).locator(`a[href="${href}"]`);
  await expect(active).toHaveAttribute('aria-current', 'page');
  // SPEC §2: the primary brand text colour (--color-primary-text)
  await expect(active).toHaveCSS('color', 'rgb(23, 102, 63)');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side menu opens from the keyboard, keeps the focus inside and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Sortiment' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Menü', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Sortiment' });
    await expect(drawer).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.locator('summary').first()).toBeVisible();
    // the drawer takes the focus (the browser puts it on its first control)
    expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // a branch opens and its link leads to the category, closing the drawer
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    const branch = drawer.locator('summary').first();
    await branch.click();
    const showAll = drawer.locator('details[open] a').first();
    const href = await showAll.getAttribute('href');
    await showAll.click();
    await expect(page).toHaveURL((url) => url.pathname === decodeURI(href ?? ''));
    await expect(drawer).toBeHidden();
  });
});

test('the French footer lists the SPEC links, logos, socials and notes', async ({ page }) => {
  await page.goto('/fr');
  const footer = page.getByRole('contentinfo');
  const links = footer.getByRole('navigation', { name: 'Service et informations' });
  const expected: [string, string][] = [
    ['Service clients', '/fr/s/service-clients'],
    ['Expédition et livraison', '/fr/expedition-livraison'],
    ['Retours', '/fr/retours'],
    ['Conditions de garantie', '/fr/conditions-de-garantie'],
    ['Contact', '/fr/s/contact'],
    ['À propos', '/fr/s/a-propos'],
    ['Carrière', '/fr/s/carriere'],
    ['Marques', '/fr/marques'],
    ['Meilleures ventes', '/fr/t/bestseller'],
    ['Mentions légales', '/fr/mentions-legales'],
    ['Protection des données', '/fr/protection-des-donnees'],
    ['CGV', '/fr/cgv'],
  ];
  for (const [name, href] of expected) {
    await expect(links.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href);
  }
  // the shop's own footer tree names some of the same pages ("À propos", "Marques"): each is listed once
  for (const name of ['À propos', 'Marques']) await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(1);
  for (const name of ['Carte de crédit et de débit', 'PayPal', 'Paiement anticipé', 'PostFinance Card', 'TWINT', 'Facture', 'Apple Pay', 'La Poste Suisse', 'Click & Collect']) {
    await expect(footer.getByRole('img', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Pharmacie Edelweiss sur Instagram' })).toHaveAttribute('href', /instagram/);
  await expect(footer).toContainText('intelligence artificielle');
  await expect(footer).toContainText('décisions de santé');
  await expect(footer).toContainText('figurent sur chaque produit');
});

test('the newsletter form checks the email and asks to confirm the subscription by mail', async ({ page }) => {
  await page.goto('/fr');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Adresse e-mail' });
  const submit = footer.getByRole('button', { name: "S'inscrire" });
  await submit.click();
  await expect(footer.getByText('La valeur est obligatoire')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();

  await email.fill('lea@exemple');
  await expect(footer.getByText('Veuillez saisir une adresse e-mail valable.')).toBeVisible();
  await email.fill('lea@exemple.ch');
  await expect(footer.getByRole('alert')).toHaveCount(0);
  await submit.click();
  const notification = page.getByText('Presque terminé ! Veuillez confirmer votre inscription', { exact: false });
  await expect(notification).toBeVisible();
  await expect(page.locator('[aria-live="polite"]')).toContainText('Presque terminé');
});

test('the wishlist entry counts the products kept in local storage, and ignores a garbled list', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const shortcuts = page.getByRole('navigation', { name: 'Konto, Wunschliste und Warenkorb' });
  await expect(shortcuts.getByRole('link', { name: 'Wunschliste, 0 Artikel' })).toHaveAttribute('href', '/wishlist');
  await expect(shortcuts.getByRole('link', { name: 'Warenkorb, 0 Artikel' })).toHaveAttribute('href', '/checkout/cart');
  await expect(shortcuts.getByRole('link', { name: 'Mein Konto' })).toHaveAttribute('href', '/account');

  await page.evaluate(() => localStorage.setItem('shop.wishlist', JSON.stringify(['a1', 'b2', 'a1'])));
  await page.reload();
  await hydrated(page);
  await expect(shortcuts.getByRole('link', { name: 'Wunschliste, 2 Artikel' })).toContainText('2');

  await page.evaluate(() => localStorage.setItem('shop.wishlist', '{oops'));
  await page.reload();
  await hydrated(page);
  await expect(shortcuts.getByRole('link', { name: 'Wunschliste, 0 Artikel' })).toBeVisible();
});

// All hearts of a page share one pair of window listeners (storefront/features/wishlist/wishlistStore.ts): a change made in
// another tab must still reach every one of them, and the header count.
test('a product put on the wishlist in another tab shows in this tab at once: its heart and the header count', async ({ context }) => {
  const listing = '/vitamine-mineralstoffe';
  const watching = await context.newPage();
  await watching.goto(listing);
  await hydrated(watching);
  const hearts = watching.locator('main button[aria-pressed]');
  expect(await hearts.count()).toBeGreaterThan(3);
  const label = (await hearts.first().getAttribute('aria-label'))!;

  const other = await context.newPage();
  await other.goto(listing);
  await hydrated(other);
  await other.getByRole('button', { name: label, exact: true }).first().click();
  await expect(other.locator('main button[aria-pressed="true"]')).toHaveCount(1);

  await expect(hearts.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(watching.locator('main button[aria-pressed="true"]')).toHaveCount(1);
  await expect(watching.getByRole('link', { name: 'Wunschliste, 1 Artikel' })).toBeVisible();
  // and back: removed in this tab, the other tab follows
  await hearts.first().click();
  await expect(other.locator('main button[aria-pressed="true"]')).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Wunschliste, 0 Artikel' })).toBeVisible();
});
