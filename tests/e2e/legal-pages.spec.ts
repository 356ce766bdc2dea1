import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/shop';

// The legal and service pages (SPEC §2 content pages) and the /css style guide, in de, it and fr, as a
// shopper's browser receives them.

type PageName = 'shipping' | 'returns' | 'guarantee' | 'terms' | 'privacy' | 'imprint' | 'css';
const textsOf = (locale: string): Record<PageName, { title: string }> => JSON.parse(readFileSync(new URL(`../../storefront/platform/i18n/${locale}/legal.json`, import.meta.url), 'utf8'));
const TEXTS = { de: textsOf('de'), it: textsOf('it'), fr: textsOf('fr') } as const;
const PATHS = {
  shipping: { de: '/versand-lieferung', it: '/it/spedizione-consegna', fr: '/fr/expedition-livraison' },
  returns: { de: '/retouren', it: '/it/resi', fr: '/fr/retours' },
  guarantee: { de: '/garantiebestimmungen', it: '/it/conditioni-di-garanzia', fr: '/fr/conditions-de-garantie' },
  terms: { de: '/agb', it: '/it/termini-e-condizioni-generali', fr: '/fr/cgv' },
  privacy: { de: '/datenschutz', it: '/it/protezione-dei-dati', fr: '/fr/protection-des-donnees' },
  imprint: { de: '/impressum', it: '/it/note-giuridiche', fr: '/fr/mentions-legales' },
  css: { de: '/css', it: '/it/css', fr: '/fr/css' },
} as const;

for (const [name, paths] of Object.entries(PATHS) as Array<[keyof typeof PATHS, (typeof PATHS)[keyof typeof PATHS]]>) {
  for (const locale of ['de', 'it', 'fr'] as const) {
    test(`${name} answers ${paths[locale]} in ${locale} with its title and heading`, async ({ page }) => {
      const response = await page.goto(paths[locale]);
      expect(response?.status()).toBe(200);
      // one GraphQL operation per page (the shell and, for shipping, the free-shipping threshold)
      expect(response?.headers()['x-graphql-operations']).toBe('1');
      const title = TEXTS[locale][name].title;
      await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(paths[locale]);
      if (name === 'css') await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  }
}

test('the terms show the collection-cost table and the invoice terms', async ({ page }) => {
  await page.goto('/agb');
  const table = page.getByRole('table', { name: 'Höchstbeträge der Inkassokosten nach Höhe der Forderung' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('row', { name: /bis CHF 150\.00/ })).toContainText('CHF 80.00');
  // (prices are written as the locale writes them: CHF, a no-break space, 1'000.00)
  await expect(table.getByRole('row', { name: "über CHF 1'000.00 bis CHF 10'000.00" })).toContainText('CHF 860.00');
  await expect(table.getByRole('row').last()).toContainText("über CHF 10'000.00");
  await expect(table.getByRole('row').last()).toContainText('9 % der Forderung');
  await expect(page.getByText('innert 10 Tagen ab Rechnungsdatum')).toBeVisible();
  await expect(page.getByText('eine Mahngebühr von CHF 25.00')).toBeVisible();
  // the table of contents leads to the section
  await page.getByRole('navigation', { name: 'Inhalt' }).getByRole('link', { name: '5. Zahlungsverzug, Mahnung und Inkasso' }).click();
  await expect(page).toHaveURL(/#default$/);
});

test('a contents link followed while the page’s code still loads keeps its section in the address', async ({ page }) => {
  // The window between the client router's start and the first render: the terms page's own code is held
  // back until the shopper has followed a link of the table of contents.
  let releasePageCode!: () => void;
  const pageCodeHeld = new Promise<void>((resolve) => (releasePageCode = resolve));
  await page.route(/\/assets\/entries\/storefront_pages_terms\./, async (route) => {
    await pageCodeHeld;
    await route.continue();
  });
  await page.goto('/agb');
  await page.waitForFunction(() => (window as { _vike?: { globals?: Record<string, { done?: boolean }> } })._vike?.globals?.['initClientRouter.ts']?.done === true);
  await page.getByRole('navigation', { name: 'Inhalt' }).getByRole('link', { name: '5. Zahlungsverzug, Mahnung und Inkasso' }).click();
  await expect(page).toHaveURL(/\/agb#default$/);
  const entries = await page.evaluate(() => history.length);
  releasePageCode();
  await hydrated(page);
  await expect(page).toHaveURL(/\/agb#default$/);
  // no entry of the page without the section was added on top of the shopper's
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await expect(page.getByRole('heading', { name: '5. Zahlungsverzug, Mahnung und Inkasso' })).toBeInViewport();
});

test('the shipping page names the shop’s postage and free-shipping threshold', async ({ page }) => {
  await page.goto('/fr/expedition-livraison');
  const table = page.getByRole('table', { name: 'Exemples de frais de port' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(3)).toContainText('5,5 kg');
  await expect(table.getByRole('row').nth(3)).toContainText('10.70');
  await expect(page.getByText('Dès une valeur de commande de 50.00 CHF')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Commander des médicaments' })).toHaveAttribute('href', '/fr/medicaments');
});

test('the imprint names both operating companies and the footer notes', async ({ page }) => {
  await page.goto('/it/note-giuridiche');
  await expect(page.getByText('Edelweiss Apotheken AG', { exact: false }).first()).toBeVisible();
  await expect(page.locator('address').filter({ hasText: 'Rue du Rhône 30' })).toContainText('Edelweiss Gesundheit & Leben AG');
  await expect(page.locator('address').filter({ hasText: 'Rezeptservice' })).toContainText('8021 Zürich');
  await expect(page.getByRole('link', { name: 'service@edelweiss-apotheke.ch' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('intelligenza artificiale');
  await page.goto('/fr/protection-des-donnees');
  await expect(page.getByRole('main')).toContainText('Edelweiss Apotheken AG, Bahnhofstrasse 12, 8001 Zürich');
  await expect(page.getByRole('table', { name: 'Délais de conservation' }).getByRole('row', { name: /outil d'analyse/ })).toContainText('38 mois');
});

test('the language switcher leads from /agb to /fr/cgv', async ({ page }) => {
  await page.goto('/agb');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Sprache wählen' }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/fr/cgv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions générales de vente');
});

test('the style guide shows the real tokens and live components', async ({ page }) => {
  await page.goto('/css');
  await hydrated(page);
  await expect(page.getByText('--color-primary', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /^md / })).toContainText('768px');
  const field = page.getByRole('textbox', { name: 'Postleitzahl' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('8001');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Benachrichtigung «Warnung» zeigen' }).click();
  await expect(page.getByText('Beispiel einer Benachrichtigung vom Typ «Warnung».')).toBeVisible();
});
