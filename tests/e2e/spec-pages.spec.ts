import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CUSTOMER_GROUP_DEFAULT_ID, CUSTOMER_GROUP_PROFESSIONALS_ID } from '../../store-api/src/known-ids';
import { named } from './support/formPage';
import { startSecondShop, type SecondShop } from './support/secondShop';
import { hydrated, readShop } from './support/shop';

// Issue 20, item 8: the rest of SPEC §1–§2. The consent banner of the revised Swiss FADP (nothing optional loads
// before the choice, which is remembered and changeable from the footer), CMS video and form elements, the customer
// group registration page, the footer's operator note per area, and the English locale's /brands and /magazine.

/** Third parties the shop may load: the configured scripts and the video players. */
const THIRD_PARTY = /^https:\/\/([a-z]+\.example\.ch|www\.youtube-nocookie\.com|player\.vimeo\.com)\//;

/** Every request to a third party the context makes, answered here (the machine has no internet). */
async function recordThirdParties(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(THIRD_PARTY, (route) => {
    requests.push(route.request().url());
    const script = route.request().resourceType() === 'script';
    return route.fulfill({ status: 200, contentType: script ? 'text/javascript' : 'text/html', body: script ? '' : '<!DOCTYPE html><title>player</title>' });
  });
  return requests;
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'Datenschutz-Einstellungen' });

test.describe('the consent banner with the optional scripts configured', () => {
  let shop: SecondShop;
  test.beforeAll(async () => {
    shop = await startSecondShop({
      TRACKING_SCRIPT_URL: 'https://track.example.ch/t.js',
      PUSH_SCRIPT_URL: 'https://push.example.ch/sdk.js',
      ANALYTICS_TAG_URL: 'https://analytics.example.ch/tag.js',
    });
  });
  test.afterAll(() => shop?.stop());

  test('nothing optional loads before the choice; accepted, the choice holds on other pages; changed in the footer, the scripts stay away', async ({ page, context }) => {
    const requests = await recordThirdParties(context);
    await page.goto(`${shop.origin}/erkaeltungszeit`);
    await hydrated(page);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByText('Dieses Video wird von YouTube bereitgestellt.')).toBeVisible();
    await page.goto(`${shop.origin}/marken`);
    await expect(banner(page)).toBeVisible();
    expect(requests).toEqual([]);
    await expect(page.locator('script[data-third-party]')).toHaveCount(0);

    // Accept all: back on the same page, the scripts load and the banner is gone — on the next pages too.
    await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect(page).toHaveURL(`${shop.origin}/marken`);
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => requests.filter((url) => url.includes('example.ch')).sort()).toEqual([
      'https://analytics.example.ch/tag.js',
      'https://push.example.ch/sdk.js',
      'https://track.example.ch/t.js',
    ]);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'cookie_consent');
    expect(cookie?.value).toBe('statistics.marketing.externalMedia');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // External media granted: the video plays in the no-cookie player without another click.
    await page.goto(`${shop.origin}/erkaeltungszeit`);
    await hydrated(page);
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toBeVisible();

    // The footer's link opens the banner again, with the choice ticked; "only necessary" withdraws it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('checkbox', { name: 'Statistik' })).toBeChecked();
    const { violations } = await new AxeBuilder({ page }).include('#cookie-consent').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Nur notwendige' }).click();
    await expect(page).toHaveURL(`${shop.origin}/erkaeltungszeit`);
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('script[data-third-party]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Video von YouTube laden' })).toBeVisible();
  });

  test('without JavaScript the banner is a plain form: statistics only', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-CH' });
    const requests = await recordThirdParties(context);
    const page = await context.newPage();
    await page.goto(`${shop.origin}/fr/marques`);
    const dialog = page.getByRole('dialog', { name: 'Paramètres de confidentialité' });
    await dialog.getByRole('checkbox', { name: 'Statistiques' }).check();
    await dialog.getByRole('button', { name: 'Enregistrer la sélection' }).click();
    await expect(page).toHaveURL(`${shop.origin}/fr/marques`);
    await expect(dialog).toBeHidden();
    // The page now carries the analytics tag only (a browser without scripts does not fetch it).
    await expect(page.locator('script[data-third-party]')).toHaveAttribute('src', 'https://analytics.example.ch/tag.js');
    expect(requests).toEqual([]);
    await context.close();
  });
});

test('a CMS video is a placeholder naming its provider until clicked, then the privacy-enhanced player', async ({ page, context }) => {
  const requests = await recordThirdParties(context);
  await page.goto('/sommer-apotheke');
  await hydrated(page);
  const video = page.locator('figure[data-video-provider="Vimeo"]');
  await expect(video).toContainText('Dieses Video wird von Vimeo bereitgestellt.');
  await expect(video.locator('iframe')).toHaveCount(0);
  expect(requests).toEqual([]);
  await video.getByRole('link', { name: 'Video von Vimeo laden' }).click();
  await expect(video.locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/482901736?dnt=1&autoplay=1');
  await expect(video.locator('iframe')).toHaveAttribute('title', 'Die Reiseapotheke richtig packen');
  await expect.poll(() => requests).toEqual(['https://player.vimeo.com/video/482901736?dnt=1&autoplay=1']);
});

test('CMS form elements: the contact form and the newsletter signup on landing pages', async ({ page }) => {
  await page.goto('/erkaeltungszeit');
  const contact = page.getByRole('main').locator('form[data-form="contact"]');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Fragen zur Erkältung? Schreiben Sie unserem Apothekenteam' })).toBeVisible();
  await expect(contact).toHaveAttribute('action', '/s/kontakt');
  await page.goto('/it/farmacia-estiva');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Consigli estivi della farmacia via e-mail' })).toBeVisible();
  await expect(page.getByRole('main').locator('form[data-form="newsletter-cms"]')).toHaveAttribute('action', '/it/newsletter-subscribe');
});

test.describe('the customer group registration page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('registers an account requesting the group; a group without registration has no page', async ({ page }) => {
    const email = `praxis-e2e-${Date.now()}@example.ch`;
    const path = `/customer-group-registration/${CUSTOMER_GROUP_PROFESSIONALS_ID}`;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registrierung für Gesundheitsfachpersonen');
    const field = (name: string) => named(page, 'customer-group-registration', name);
    await field('email').fill(email);
    await field('password').fill('Praxis-12345');
    await field('passwordConfirmation').fill('Praxis-12345');
    await field('billingAddress.company').fill('Physiotherapie Aare');
    await field('billingAddress.firstName').fill('Jonas');
    await field('billingAddress.lastName').fill('Brunner');
    await field('billingAddress.street').fill('Aarstrasse 12');
    await field('billingAddress.zipcode').fill('3005');
    await field('billingAddress.city').fill('Bern');
    await field('acceptedDataProtection').check();
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(`${path}?registered=1`);
    await expect(page.getByTestId('register-success')).toContainText('Ihre Anfrage für die Kundengruppe haben wir erhalten');
    expect(readShop('SELECT requested_customer_group_id AS requested FROM customer WHERE email = ?', email)).toEqual([{ requested: CUSTOMER_GROUP_PROFESSIONALS_ID }]);

    expect((await page.goto(`/fr/customer-group-registration/${CUSTOMER_GROUP_DEFAULT_ID}`))?.status()).toBe(404);
  });
});

test('the footer names the operator of the shop’s area, as the imprint says', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  await page.goto('/medikamente');
  await expect(footer).toContainText('Dieser Online-Shop wird von der Edelweiss Apotheken AG betrieben');
  await page.goto('/fr/marques');
  await expect(footer).toContainText('Cette boutique en ligne est exploitée par Edelweiss Gesundheit & Leben AG');
  await page.goto('/impressum');
  await expect(page.getByRole('main')).toContainText('Medikamente, Rezepte, Apotheken und Angebot für Versicherte: Dieser Online-Shop wird von der Edelweiss Apotheken AG betrieben');
});

test('the English locale’s /brands and /magazine lead to the page in the shopper’s language', async ({ page, context }) => {
  const brands = await page.goto('/brands');
  expect(brands?.status()).toBe(200);
  await expect(page).toHaveURL(/\/marken$/);
  await context.addCookies([{ name: 'i18n_redirected', value: 'it', url: page.url() }]);
  await page.goto('/magazine');
  await expect(page).toHaveURL(/\/it\/rivista$/);
});
