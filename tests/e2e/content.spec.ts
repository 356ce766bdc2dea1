import { expect, test, type Page } from '@playwright/test';
import { stableId } from '../../store-api/src/ids';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { hydrated, readShop } from './support/shop';

// The health magazine, editorial pages with their poll, topic pages with FAQ, and the fetched service
// pages with the contact form (issue 7 item 2), as a shopper's browser sees them.

function slugOf(key: string, locale: keyof typeof LANGUAGE_ID = 'de'): string {
  const [row] = readShop<{ slug: string }>('SELECT slug FROM article_translation WHERE article_id = ? AND language_id = ?', stableId('article', key), LANGUAGE_ID[locale]);
  return row!.slug;
}

function votesOf(key: string): number {
  return readShop<{ n: number }>('SELECT COUNT(*) AS n FROM poll_vote WHERE article_id = ?', stableId('article', key))[0]!.n;
}

async function faqJsonLd(page: Page): Promise<{ '@type': string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] }> {
  const text = await page.locator('script[data-testid="faq-json-ld"]').textContent();
  return JSON.parse(text!);
}

test('the magazine lists articles with keywords, and filters by a category in the URL', async ({ page }) => {
  const response = await page.goto('/magazin');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gesundheitsmagazin');
  await expect(page).toHaveTitle(/^Gesundheitsmagazin \|/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /Gesundheitsmagazin/);
  await expect(page.getByText('15 Artikel')).toBeVisible();

  await page.getByRole('navigation', { name: 'Themen' }).getByRole('link', { name: 'Vitamine', exact: true }).click();
  await expect(page).toHaveURL(/\/magazin\?category=Vitamine$/);
  await expect(page.getByText('2 Artikel')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vitamin D im Winter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Magnesium gegen Wadenkrämpfe' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Themen' }).getByRole('link', { name: 'Vitamine', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('an editorial shows quote, fact and recommended products; the visitor votes once', async ({ page }) => {
  const before = votesOf('generics');
  await page.goto('/magazin?category=Wissen');
  await page.getByRole('link', { name: 'Generika: gleich wirksam, günstiger' }).click();
  await expect(page).toHaveURL(new RegExp(`/e/${slugOf('generics')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Generika: gleich wirksam, günstiger');
  await expect(page.getByText('«Die beste Medizin ist die, die man richtig anwendet.»')).toBeVisible();
  await expect(page.getByLabel('Gut zu wissen')).toContainText('95 %');
  await expect(page.getByRole('region', { name: 'Empfohlene Produkte' }).locator('ul').first().locator(':scope > li')).toHaveCount(4);

  await hydrated(page);
  const poll = page.getByTestId('poll');
  await poll.getByRole('button', { name: 'Abstimmen' }).click();
  await expect(poll.getByRole('alert')).toHaveText('Bitte wählen Sie eine Antwort.');
  await poll.getByRole('radio', { name: 'Online' }).check();
  await poll.getByRole('button', { name: 'Abstimmen' }).click();
  await expect(poll.getByRole('status')).toHaveText('Vielen Dank für Ihre Stimme!');
  await expect(poll.getByRole('list', { name: 'Ergebnis der Umfrage' })).toContainText('Online (Ihre Wahl)');
  await expect.poll(() => votesOf('generics')).toBe(before + 1);

  // The same visitor again: the results, no second vote.
  await page.reload();
  await expect(poll.getByRole('status')).toHaveText('Sie haben bei dieser Umfrage bereits abgestimmt.');
  await expect(poll.getByRole('button', { name: 'Abstimmen' })).toHaveCount(0);
  expect(votesOf('generics')).toBe(before + 1);
});

test('a topic page shows its FAQ as an accordion and as FAQPage JSON-LD', async ({ page }) => {
  const response = await page.goto(`/t/${slugOf('cold-flu')}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erkältung & Grippe');
  const faq = page.getByRole('region', { name: 'Häufige Fragen' });
  const question = faq.getByText('Kann ich mich persönlich beraten lassen?');
  await expect(faq.getByText(/in allen Apotheken und telefonisch/)).toBeHidden();
  await question.click();
  await expect(faq.getByText(/in allen Apotheken und telefonisch/)).toBeVisible();
  const jsonLd = await faqJsonLd(page);
  expect(jsonLd['@type']).toBe('FAQPage');
  expect(jsonLd.mainEntity.map((entry) => entry.name)).toContain('Kann ich mich persönlich beraten lassen?');
});

test('/t/bestseller has the bestseller topic’s FAQ and FAQPage JSON-LD', async ({ page }) => {
  await page.goto('/t/bestseller');
  await expect(page.getByRole('region', { name: 'Häufige Fragen' })).toBeVisible();
  expect((await faqJsonLd(page)).mainEntity.length).toBeGreaterThan(0);
});

test('/s/kontakt checks the contact form and sends it', async ({ page }) => {
  const response = await page.goto('/s/kontakt');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  await expect(page.getByRole('link', { name: '0800 100 200' }).first()).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="fr-CH"]')).toHaveAttribute('href', /\/fr\/s\/contact$/);

  await hydrated(page);
  const form = page.getByRole('region', { name: 'Kontaktformular' });
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(form.getByLabel('Vorname')).toBeFocused();
  await expect(form.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Der Wert ist erforderlich').first()).toBeVisible();

  const email = `kontakt-${Date.now()}@example.ch`;
  await form.getByLabel('Vorname').fill('Lea');
  await form.getByLabel('Nachname').fill('Muster');
  await form.getByLabel('E-Mail-Adresse').fill('lea@');
  await form.getByLabel('Betreff').fill('Frage zur Lieferung');
  await form.getByLabel('Ihre Nachricht').fill('Wann kommt meine Bestellung an?');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(form.getByLabel('E-Mail-Adresse')).toBeFocused();
  await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(form.getByRole('status')).toContainText('Vielen Dank! Ihre Nachricht ist bei uns eingegangen.');
  await expect.poll(() => readShop<{ subject: string }>('SELECT subject FROM contact_message WHERE email = ?', email).map((row) => row.subject)).toEqual(['Frage zur Lieferung']);
});

test('/fr/magazine is in French and leads to French articles', async ({ page }) => {
  const response = await page.goto('/fr/magazine');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Magazine santé');
  await page.getByRole('navigation', { name: 'Thèmes' }).getByRole('link', { name: 'Vitamines', exact: true }).click();
  await page.getByRole('link', { name: 'La vitamine D en hiver' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/e/${slugOf('vitamin-d-winter', 'fr')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La vitamine D en hiver');
});

test('unknown articles answer 404', async ({ page }) => {
  for (const path of ['/e/gibt-es-nicht', '/t/gibt-es-nicht', '/s/gibt-es-nicht', '/it/e/non-esiste']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(`${path.startsWith('/it/') ? 'Pagina non trovata' : 'Seite nicht gefunden'}: ${path}`)).toBeVisible();
  }
});
