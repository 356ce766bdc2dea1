import { expect, test, type Page } from '@playwright/test';
import { FOLLOWED_PAGES, firstLinkMatching, PAGE_TYPES, type Locale } from './support/pageTypes';

// Every text a page shows is in its language (issue 20 item 3): a crawl of the main page types in de, it and fr
// checks the rendered text for the shop's English UI strings and, on Italian and French pages, for the German
// texts of the home hero, the category banners and the magazine teasers.

/** English wording a shopper must never meet on a de/it/fr page (whole words, as rendered). */
const ENGLISH = [
  'Page Not Found', 'Page not found', 'Registration is not active', 'Add to cart', 'Loading', 'Read more', 'Something went wrong',
  'Try again', 'Out of stock', 'Sold out', 'Sign in', 'Log in', 'Sign up', 'Shopping cart', 'Your cart', 'Search results',
  'No results', 'Show more', 'Back to home', 'Next page', 'Previous page', 'Sort by', 'Reviews', 'Quantity',
  'Subtotal', 'Free shipping', 'Privacy', 'Terms', 'Not available', 'Unknown error',
];

/** The German texts of the home hero, category banners and magazine teasers. */
const GERMAN_CMS = [
  'Gesund durch den Winter', 'Beratung, Vitamine und Erkältungsmittel', 'Zu den Vitaminen', 'Willkommen in Ihrer Online-Apotheke',
  'Geprüfte Qualität und persönliche Beratung', 'Gut gerüstet durch die Erkältungszeit', '10 Tipps gegen Erkältung', 'Vitamin D im Winter',
  'Heuschnupfen richtig behandeln', 'So kommen Sie gesund durch die kalte Jahreszeit',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of `list` the page's rendered text contains. */
async function leaks(page: Page, list: string[]): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return list.filter((phrase) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(phrase)}($|[^\\p{L}])`, 'u').test(text));
}

for (const locale of ['de', 'it', 'fr'] as const) {
  test(`every main page type speaks ${locale} only`, async ({ page }) => {
    test.setTimeout(180_000);
    const paths = PAGE_TYPES[locale];
    const checked: string[] = [];
    const check = async (label: string, path: string) => {
      const response = await page.goto(path);
      expect(response?.status(), `${label} ${path}`).toBeLessThan(500);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
      expect(await leaks(page, ENGLISH), `English on ${label} ${path}`).toEqual([]);
      if (locale !== 'de') expect(await leaks(page, GERMAN_CMS), `German CMS text on ${label} ${path}`).toEqual([]);
      checked.push(label);
    };
    for (const [label, path] of Object.entries(paths)) {
      await check(label, path);
      for (const [followed, from, pattern] of FOLLOWED_PAGES) {
        if (from === label) await check(followed, await firstLinkMatching(page, pattern));
      }
    }
    expect(checked).toHaveLength(Object.keys(paths).length + FOLLOWED_PAGES.length);
  });
}

test('the 404 page says it in the page’s language and offers a search and the home page', async ({ page }) => {
  const expected: Record<Locale, { path: string; message: string; search: string; home: string; found: RegExp }> = {
    de: { path: '/gibt-es-nicht', message: 'Seite nicht gefunden: /gibt-es-nicht', search: 'Suchen', home: 'Zur Startseite', found: /\/search\?search=Vitamin$/ },
    it: { path: '/it/non-esiste', message: 'Pagina non trovata: /it/non-esiste', search: 'Cerca', home: 'Alla pagina iniziale', found: /\/it\/search\?search=Vitamin$/ },
    fr: { path: '/fr/nexiste-pas', message: 'Page introuvable : /fr/nexiste-pas', search: 'Rechercher', home: 'Vers la page d’accueil', found: /\/fr\/search\?search=Vitamin$/ },
  };
  for (const { path, message, search, home, found } of Object.values(expected)) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const main = page.locator('main');
    await expect(main.getByText(message)).toBeVisible();
    await expect(main.getByRole('link', { name: home })).toHaveAttribute('href', path.startsWith('/it') ? '/it' : path.startsWith('/fr') ? '/fr' : '/');
    await main.getByRole('searchbox').fill('Vitamin');
    await main.getByRole('button', { name: search }).click();
    await expect(page).toHaveURL(found);
  }
});

test('the /error page answers in the page’s language, with a status’s own text when given', async ({ page }) => {
  const german = await page.goto('/error');
  expect(german?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler');
  await expect(page.getByText('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page.goto('/it/error?status=503');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Errore 503');
  await expect(page.getByText('Il server è molto occupato in questo momento. Riprova tra poco.')).toBeVisible();

  await page.goto('/fr/error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur');
  await expect(page.getByText('Une erreur est survenue. Veuillez réessayer plus tard.')).toBeVisible();
});
