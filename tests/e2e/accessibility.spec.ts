import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { confirmedAccount, findProducts, hydrated, isDelivery } from './support/shop';

// The axe-core check of issue 8 (item 6): every page type of the shop, in German and a few in French and
// Italian, against WCAG 2.0/2.1 A and AA. A violation of impact "serious" or "critical" fails the test;
// "moderate" and "minor" ones are printed (prefix "a11y:") and attached to the test's report.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/** Runs axe on the page as it is now; fails on serious or critical violations, reports the rest. */
async function expectAccessible(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const describe = (v: (typeof violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help} — ${v.nodes
      .slice(0, 5)
      .map((node) => node.target.join(' '))
      .join(' | ')}${v.nodes.length > 5 ? ` (+${v.nodes.length - 5})` : ''}`;
  const minor = violations.filter((v) => !FAILING.has(v.impact ?? ''));
  for (const v of minor) console.info(`a11y: ${label} (${page.url()}) ${describe(v)}`);
  if (minor.length) await testInfo.attach(`axe ${label} (moderate/minor)`, { body: minor.map(describe).join('\n'), contentType: 'text/plain' });
  const failing = violations.filter((v) => FAILING.has(v.impact ?? ''));
  expect(failing.map(describe), `${label} (${page.url()})`).toEqual([]);
}

/** Opens a path, waits for React to take over, and checks it. */
async function check(page: Page, testInfo: TestInfo, path: string, label = path): Promise<void> {
  const response = await page.goto(path);
  expect(response, path).toBeTruthy();
  await hydrated(page);
  await expectAccessible(page, testInfo, label);
}

/** The first link whose path starts with a prefix, as shown on the current page. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await expect(link).toBeAttached();
  return (await link.getAttribute('href'))!;
}

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;

// Pages that are checked as they load.
const PLAIN_PAGES: Array<[string, string]> = [
  ['home', '/'],
  ['home fr', '/fr'],
  ['home it', '/it'],
  ['search results', '/search?search=vitamin'],
  ['search without results', '/search?search=qqqxxzz'],
  ['search with suggestions and articles', '/fr/search?search=grippe'],
  ['search with category suggestions', '/search?search=vitamim'],
  ['bestseller', '/t/bestseller'],
  ['brands overview', '/marken'],
  ['brands overview fr', '/fr/marques'],
  ['magazine', '/magazin'],
  ['magazine it', '/it/rivista'],
  ['service page with contact form', '/s/kontakt'],
  ['service page fr', '/fr/s/service-clients'],
  ['terms', '/agb'],
  ['imprint', '/impressum'],
  ['privacy', '/datenschutz'],
  ['shipping', '/versand-lieferung'],
  ['returns', '/retouren'],
  ['guarantee', '/garantiebestimmungen'],
  ['css', '/css'],
  ['medications (both forms)', '/medikamente'],
  ['medications fr', '/fr/medicaments'],
  ['insurers', '/versicherte'],
  ['contest', '/wettbewerb'],
  ['contest fr', '/fr/concours'],
  ['login', '/login'],
  ['register', '/register'],
  ['register it', '/it/register'],
  ['reset password', '/reset-password'],
  ['password recovery', '/account/recover'],
  ['registration confirmation without its link', '/registration/confirm'],
  ['add-to-cart link without a product', '/checkout/add-to-cart'],
  ['landing page', '/erkaeltungszeit'],
  ['landing page it', '/it/stagione-del-raffreddore'],
  ['newsletter', '/newsletter-subscribe'],
  ['empty cart', '/checkout/cart'],
  ['wishlist', '/wishlist'],
];

for (const [label, path] of PLAIN_PAGES) {
  test(`axe: ${label} (${path})`, async ({ page }, testInfo) => {
    await check(page, testInfo, path, label);
  });
}

test('axe: 404 page', async ({ page }, testInfo) => {
  const response = await page.goto('/gibt-es-sicher-nicht-xyz');
  expect(response?.status()).toBe(404);
  await expectAccessible(page, testInfo, '404');
  await page.goto('/fr/b/nexiste-pas');
  await expectAccessible(page, testInfo, '404 brand fr');
});

test('axe: category listing with filters', async ({ page }, testInfo) => {
  await check(page, testInfo, '/vitamine-mineralstoffe', 'category listing');
  // On a narrow screen the filters may be a drawer: open it if there is a button for it.
  await page.setViewportSize({ width: 390, height: 844 });
  const opener = page.getByRole('button', { name: /^Filter/ }).first();
  if (await opener.isVisible()) {
    await opener.click();
    await expectAccessible(page, testInfo, 'category listing, filters open (phone)');
  }
  await check(page, testInfo, '/fr/vitamines-et-mineraux', 'category listing fr');
});

test('axe: product page and its tabs', async ({ page, request }, testInfo) => {
  const [product] = await findProducts(request, isDelivery);
  await check(page, testInfo, product!.url, 'product page');
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    await tabs.nth(index).click();
    await expectAccessible(page, testInfo, `product page, tab ${index + 1}`);
  }
});

test('axe: brand page', async ({ page }, testInfo) => {
  await page.goto('/marken');
  await check(page, testInfo, await firstLink(page, '/b/'), 'brand page');
});

test('axe: editorial page with poll and a topic page with FAQ', async ({ page }, testInfo) => {
  await page.goto('/magazin');
  await check(page, testInfo, await firstLink(page, '/e/'), 'editorial page');
  const topic = page.locator('a[href^="/t/"]:not([href="/t/bestseller"])').first();
  if (await topic.count()) await check(page, testInfo, (await topic.getAttribute('href'))!, 'topic page');
});

test('axe: pharmacy map with a search and a pharmacy page', async ({ page }, testInfo) => {
  await check(page, testInfo, '/pharmacy-map?search=3011', 'pharmacy map (search)');
  await check(page, testInfo, await firstLink(page, '/p/'), 'pharmacy page');
  await check(page, testInfo, '/it/pharmacy-map', 'pharmacy map it');
});

test('axe: cart with an item, the guest checkout and the order confirmation', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const [product] = await findProducts(request, isDelivery);
  // The add-to-cart link adds the product once hydrated, then moves on to the cart by itself.
  await page.goto(`/checkout/add-to-cart?productId=${product!.productId}`);
  await expect(page).toHaveURL(/\/checkout\/cart$/, { timeout: 15_000 });
  await hydrated(page);
  await expectAccessible(page, testInfo, 'cart with an item');
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page, 'form');
  await expectAccessible(page, testInfo, 'checkout');
  await page.getByRole('radio', { name: 'Als Gast bestellen' }).check();
  await expectAccessible(page, testInfo, 'checkout, guest form');
  // The browser's own validation is bypassed, so the shop's messages beside the fields show.
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expectAccessible(page, testInfo, 'checkout, guest form with errors');
  // Step 1 done: shipping, payment and the order overview; then the confirmation page.
  const field = (name: RegExp) => page.getByRole('textbox', { name });
  await field(/^E-Mail-Adresse/).fill(uniqueEmail('axe-guest'));
  await field(/^Vorname/).fill('Anna');
  await field(/^Nachname/).fill('Muster');
  await field(/^Strasse und Hausnummer/).fill('Bahnhofstrasse 1');
  await field(/^PLZ/).fill('8001');
  await field(/^Ort/).fill('Zürich');
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page.getByText(/^Sie bestellen als Gast: Anna Muster/)).toBeVisible();
  await page.getByRole('radio', { name: /^Post Standard/ }).check();
  await page.getByRole('radio', { name: /^Rechnung/ }).check();
  await expectAccessible(page, testInfo, 'checkout, shipping and payment');
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}/, { timeout: 15_000 });
  await hydrated(page);
  await expectAccessible(page, testInfo, 'order confirmation');
});

test('axe: account overview, orders and wishlist when logged in', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('axe');
  const password = 'Sicher-123';
  await confirmedAccount(request, { email, password, firstName: 'Carla', lastName: 'Beispiel' });
  await page.goto('/login');
  await hydrated(page, '[data-testid="login-submit"]');
  await page.locator('[data-field="email"]').fill(email);
  await page.locator('[data-field="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/account/);
  await check(page, testInfo, '/account', 'account overview');
  await check(page, testInfo, '/account/order', 'account orders');
  await check(page, testInfo, '/account/profile', 'account profile');
  await check(page, testInfo, '/account/address', 'account addresses');
  await check(page, testInfo, '/account/my-vitalcard', 'loyalty card');
  await check(page, testInfo, '/wishlist', 'wishlist (logged in)');
  await check(page, testInfo, '/fr/account', 'account overview fr');
});

test('axe: forms showing their errors', async ({ page }, testInfo) => {
  await check(page, testInfo, '/login', 'login');
  await page.locator('[data-field="email"]').fill('niemand@example.ch');
  await page.locator('[data-field="password"]').fill('falsch-falsch');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, testInfo, 'login with an error');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('axe: home on a phone with the side menu open', async ({ page }, testInfo) => {
    await check(page, testInfo, '/', 'home (phone)');
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Sortiment' })).toBeVisible();
    await expectAccessible(page, testInfo, 'side menu (phone)');
  });
});
