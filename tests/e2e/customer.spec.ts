import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmedAccount as storeApiAccount, findProducts, graph, hydrated, isDelivery, linkIn, mailTo, readShop } from './support/shop';

// Issue 6 (items 4–6) in Chromium against the real server: the customer's long journey (register → mail →
// confirm → hearts while anonymous → login merges the wishlist → default address → order → order list →
// logout), the newsletter's double opt-in and unsubscribe with their error pages, and the VitalCard.
// Products are found through /graphql; mails are read from the server's SQLite outbox (production mode
// has no /dev/mailbox).

const PASSWORD = 'Sicher-123';

/** A confirmed account made through the Store API, as the confirmation link would. */
const confirmedAccount = (request: APIRequestContext, email: string) => storeApiAccount(request, { email, password: PASSWORD, firstName: 'Vreni', lastName: 'Vitalis' });

/** Logs the browser's session in through the gateway (the same cookies as the page). */
async function loginThroughGateway(page: Page, email: string): Promise<void> {
  const data = await graph<{ login: { errors: unknown[]; viewer: { loggedIn: boolean } | null } }>(
    page.request,
    'mutation ($input: LoginInput!) { login(input: $input) { viewer { loggedIn } errors { code message } } }',
    { input: { email, password: PASSWORD } },
  );
  expect(data.login.errors).toEqual([]);
  expect(data.login.viewer?.loggedIn).toBe(true);
}

/** React's hydration mismatches (reported as recoverable errors on the console) while the test runs. */
function watchHydration(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const localWishlist = (page: Page) => page.evaluate(() => window.localStorage.getItem('shop.wishlist'));

test.describe.configure({ timeout: 120_000 });

test('the journey: register, confirm, hearts while anonymous, login merges them, default address, order, order list, logout', async ({ page, request }) => {
  const email = `reise-${Date.now()}@example.ch`;
  const hydrationErrors = watchHydration(page);

  // 1. Register in the browser (J4's /register page).
  await page.goto('/register');
  await hydrated(page, 'form');
  const register = page.getByRole('main');
  await register.getByRole('textbox', { name: /^Vorname/ }).first().fill('Regula');
  await register.getByRole('textbox', { name: /^Nachname/ }).first().fill('Reisende');
  await register.getByRole('textbox', { name: /^E-Mail-Adresse/ }).first().fill(email);
  await register.getByLabel(/^Passwort\b(?! wiederholen)/).first().fill(PASSWORD);
  await register.getByLabel(/^Passwort wiederholen/).fill(PASSWORD);
  await register.getByRole('textbox', { name: /^Strasse und Hausnummer/ }).first().fill('Bahnhofstrasse 1');
  await register.getByRole('textbox', { name: /^PLZ/ }).first().fill('8001');
  await register.getByRole('textbox', { name: /^Ort/ }).first().fill('Zürich');
  await register.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await register.getByRole('button', { name: 'Kundenkonto erstellen' }).click();
  await expect(page.getByText(/Bitte prüfen Sie Ihr E-Mail-Postfach/)).toBeVisible({ timeout: 15_000 });

  // 2. The confirmation mail from the outbox; its link activates the account (and logs in).
  const registrationMail = await mailTo(email, 'customer_register.double_opt_in');
  await page.goto(linkIn(registrationMail, '/registration/confirm'));
  await expect(page).toHaveURL(/\/account(\?.*)?$/, { timeout: 15_000 });

  // 3. Anonymous again (a new session, nothing stored): two hearts go to the browser's local list.
  await page.context().clearCookies();
  const products = await findProducts(request, isDelivery, 2);
  for (const [index, product] of products.entries()) {
    await page.goto(product.url);
    await hydrated(page, '[data-testid="add-to-cart"]');
    const heart = page.getByRole('button', { name: `${product.name} auf die Wunschliste setzen` }).first();
    await heart.click();
    await expect(page.getByRole('button', { name: `${product.name} von der Wunschliste entfernen` }).first()).toHaveAttribute('aria-pressed', 'true');
    // The header count follows without a reload.
    await expect(page.getByRole('link', { name: `Wunschliste, ${index + 1} Artikel` })).toBeVisible();
  }
  expect(JSON.parse((await localWishlist(page)) ?? '[]')).toEqual(products.map((p) => p.productId));
  await page.goto('/wishlist');
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2);

  // 4. Login: the local list moves to the server and is cleared in the browser.
  await page.goto('/login?redirect=%2Fwishlist');
  await hydrated(page, 'form');
  const login = page.getByRole('main');
  await login.getByRole('textbox', { name: /^E-Mail-Adresse/ }).fill(email);
  await login.getByLabel(/^Passwort/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/wishlist$/, { timeout: 15_000 });
  await expect.poll(() => localWishlist(page), { timeout: 10_000 }).toBeNull();
  const stored = readShop<{ productId: string }>(
    `SELECT p.product_id AS productId FROM customer_wishlist_product p JOIN customer_wishlist w ON w.id = p.wishlist_id
     JOIN customer c ON c.id = w.customer_id WHERE c.email = ?`,
    email,
  ).map((row) => row.productId);
  expect(stored.sort()).toEqual(products.map((p) => p.productId).sort());
  // Rendered from the server's list (the server cannot see local storage).
  await page.reload();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2);
  for (const product of products) await expect(page.getByTestId('wishlist-items')).toContainText(product.name);
  await expect(page.getByRole('link', { name: 'Wunschliste, 2 Artikel' })).toBeVisible();

  // 5. A new address, made the default billing and shipping address (J4's /account/address). Both: the
  // invoice is only possible when billing and shipping address are the same (SPEC §8).
  await page.goto('/account/address');
  await hydrated(page, 'main');
  await page.getByRole('link', { name: 'Neue Adresse hinzufügen' }).click();
  const form = page.getByTestId('address-form');
  await form.getByRole('textbox', { name: /^Vorname/ }).fill('Regula');
  await form.getByRole('textbox', { name: /^Nachname/ }).fill('Reisende');
  await form.getByRole('textbox', { name: /^Strasse und Hausnummer/ }).fill('Seeweg 7');
  await form.getByRole('textbox', { name: /^PLZ/ }).fill('6003');
  await form.getByRole('textbox', { name: /^Ort/ }).fill('Luzern');
  await form.getByRole('button', { name: 'Adresse speichern' }).click();
  const card = page.getByTestId('address-card').filter({ hasText: 'Seeweg 7' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Als Rechnungsadresse verwenden' }).click();
  await expect(card).toContainText('Standard-Rechnungsadresse', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Als Lieferadresse verwenden' }).click();
  await expect(card).toContainText('Standard-Lieferadresse', { timeout: 15_000 });

  // 6. An order: cart, checkout as the logged-in customer, invoice, terms.
  await page.goto(`/checkout/add-to-cart?productId=${products[0]!.productId}`);
  await expect(page).toHaveURL(/\/checkout\/cart$/, { timeout: 15_000 });
  await page.goto('/checkout');
  await hydrated(page, 'form');
  await expect(page.getByText(`Angemeldet als Regula Reisende (${email})`)).toBeVisible();
  await page.getByRole('radio', { name: /^Post Standard/ }).check();
  await page.getByRole('radio', { name: /^Rechnung/ }).check();
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}/, { timeout: 15_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim();
  expect(orderNumber).toBeTruthy();

  // 7. The order in the account's order list, and its details.
  await page.goto('/account/order');
  const row = page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: `Details zur Bestellung ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/account\/order\/[0-9a-f]{32}$/);
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber!);
  await expect(page.getByTestId('order-summary')).toContainText(products[0]!.name);
  // The unpaid invoice order: another payment method, then cancelled (after the confirmation prompt).
  await hydrated(page, '[data-testid="payment-methods"]');
  await page.getByRole('radio', { name: /^Vorauskasse/ }).check();
  await page.getByRole('button', { name: 'Zahlungsart ändern' }).click();
  await expect(page.getByText('Die Zahlungsart wurde geändert.')).toBeVisible();
  await expect(page.getByText('Zahlungsart: Vorauskasse')).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Bestellung stornieren' }).click();
  await expect(page.getByText('Diese Bestellung wurde storniert.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0);

  // 8. Logout (the account menu): the account pages lead to the login again.
  await page.goto('/account');
  await hydrated(page, 'main');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).not.toHaveURL(/\/account/, { timeout: 15_000 });
  // Anonymous again: the header counts the (empty) local list, not the customer's server list.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Wunschliste, 0 Artikel' })).toBeVisible();
  await page.goto('/account/order');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Forder$/);
  expect(hydrationErrors).toEqual([]);
});

test('the newsletter: footer form, confirmation mail, confirmed page, unsubscribe link, error pages', async ({ page }) => {
  const email = `leser-${Date.now()}@example.ch`;
  await page.goto('/');
  await hydrated(page, 'footer form');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await footer.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText(/Fast geschafft! Bitte bestätigen Sie Ihre Anmeldung/)).toBeVisible();
  expect(readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((r) => r.status)).toEqual(['notSet']);

  const mail = await mailTo(email, 'newsletter.double_opt_in');
  const confirmLink = linkIn(mail, '/newsletter-subscribe');
  const unsubscribeLink = linkIn(mail, '/newsletter-unsubscribe/');

  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigt' })).toBeVisible();
  await expect(page.getByText('Vielen Dank! Ihre Anmeldung zum Newsletter ist bestätigt.')).toBeVisible();
  expect(readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((r) => r.status)).toEqual(['optIn']);

  // The same confirmation link again is used up: the error page.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Der Link ist ungültig' })).toBeVisible();

  await page.goto(unsubscribeLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Abmeldung erfolgreich' })).toBeVisible();
  expect(readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((r) => r.status)).toEqual(['optOut']);

  // Made-up links: the error pages, in the page's language.
  await page.goto('/newsletter-subscribe?em=0000&hash=erfunden');
  await expect(page.getByRole('heading', { level: 1, name: 'Der Link ist ungültig' })).toBeVisible();
  await expect(page.getByText('Der Bestätigungslink ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.')).toBeVisible();
  await page.goto('/fr/newsletter-unsubscribe/erfunden');
  await expect(page.getByRole('heading', { level: 1, name: "Le lien n'est pas valable" })).toBeVisible();

  // Without a link: the subscribe form, with the SPEC §5 message beside the field.
  await page.goto('/newsletter-subscribe');
  await hydrated(page, 'main form');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Anmelden' }).click();
  await expect(main.getByText('Der Wert ist erforderlich')).toBeVisible();
  await expect(main.getByRole('textbox', { name: /^E-Mail-Adresse/ })).toHaveAttribute('aria-invalid', 'true');
  await main.getByRole('textbox', { name: /^E-Mail-Adresse/ }).fill(`zweite-${email}`);
  await main.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fast geschafft' })).toBeVisible();
  await mailTo(`zweite-${email}`, 'newsletter.double_opt_in');
});

test('the VitalCard: login required, an invalid number is refused, a seeded card shows its points to the voucher', async ({ page }) => {
  // Logged out: to the login, and back here afterwards.
  await page.goto('/account/my-vitalcard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fmy-vitalcard$/);

  const email = `karte-${Date.now()}@example.ch`;
  await confirmedAccount(page.request, email);
  await loginThroughGateway(page, email);
  await page.goto('/account/my-vitalcard');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine VitalCard' })).toBeVisible();
  await hydrated(page, 'main form');

  const number = page.getByRole('textbox', { name: /^Kartennummer/ });
  const code = page.getByRole('textbox', { name: /^Prüfcode/ });
  const assign = page.getByRole('button', { name: 'Karte erfassen' });
  // A 13-digit number with a wrong check digit: refused, the message stands beside the field.
  await number.fill('2990000000010');
  await code.fill('7F4U-TR4L');
  await assign.click();
  await expect(page.getByText('Die Kartennummer ist ungültig')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toBeFocused();

  // A printed card of the seed (499 points) with a wrong verification code: not assigned (issue 17).
  await number.fill('2990000000019');
  await code.fill('AAAA-BBBB');
  await assign.click();
  await expect(page.getByText('Die Kartennummer oder der Prüfcode ist falsch.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('loyalty-card')).toHaveCount(0);

  // With the code printed on it (README "Loyalty cards"): assigned, with the one point still missing for CHF 5.
  await code.fill('7f4u tr4l');
  await assign.click();
  const card = page.getByTestId('loyalty-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('loyalty-card-number')).toHaveText('2990000000019');
  await expect(card.getByTestId('loyalty-points')).toHaveText('499');
  await expect(card.getByTestId('loyalty-missing')).toHaveText(/^Noch 1 Punkt bis zum nächsten CHF\s5\.00-Gutschein\.$/);
  // Still there after a reload (from the server).
  await page.reload();
  await expect(page.getByTestId('loyalty-card-number')).toHaveText('2990000000019');
  await expect(page.getByTestId('loyalty-missing')).toContainText('Noch 1 Punkt');
});

test('the VitalCard application in French: SPEC §5 messages beside the fields, then the new card on its way', async ({ page }) => {
  const email = `demande-${Date.now()}@example.ch`;
  await confirmedAccount(page.request, email);
  await loginThroughGateway(page, email);
  await page.goto('/fr/account/my-vitalcard');
  await expect(page.getByRole('heading', { level: 1, name: 'Ma VitalCard' })).toBeVisible();
  await hydrated(page, 'main form');
  const form = page.getByRole('form', { name: 'Demander une nouvelle VitalCard' });
  // Prefilled from the account and its billing address; the birthday is missing and the postal code is short.
  await expect(form.getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Vreni');
  await expect(form.getByRole('textbox', { name: /^Localité/ })).toHaveValue('Bern');
  await form.getByRole('textbox', { name: /^NPA/ }).fill('301');
  await form.getByRole('button', { name: 'Demander la carte' }).click();
  await expect(form.getByText('La valeur est obligatoire')).toBeVisible();
  await expect(form.getByText('Le NPA doit comporter exactement 4 caractères')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^NPA/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(/^Date de naissance/)).toBeFocused();

  await form.getByLabel(/^Date de naissance/).fill('1980-02-29');
  await form.getByRole('textbox', { name: /^NPA/ }).fill('3011');
  await form.getByRole('button', { name: 'Demander la carte' }).click();
  const card = page.getByTestId('loyalty-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Demandée – votre carte est en route');
  await expect(card.getByTestId('loyalty-card-number')).toHaveText(/^2\d{12}$/);
  await expect(card.getByTestId('loyalty-missing')).toHaveText(/^Encore 500 points jusqu'à votre prochain bon de 5\.00\sCHF\.$/);
});
