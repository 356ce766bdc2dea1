import { expect, test, type Page } from '@playwright/test';
import { holdPageScripts, named } from './support/formPage';
import { confirmedAccount, graph, hydrated, mailedLink, readShop } from './support/shop';

// Issue 18 (ADR 0023): the shop's forms are real forms the server handles, so they work with JavaScript off and in
// the window before the page's scripts arrive. A refused post shows the page again with what was typed (passwords
// never) and the message the enhanced form would show, in the page's language.

const PASSWORD = 'Sicher-123';

/** A variant of a product family (its own page, its own price). */
async function variantPage(page: Page): Promise<{ url: string; name: string; productId: string }> {
  const { product } = await graph<{ product: { variants: Array<{ url: string; name: string; productId: string; available: boolean }> } }>(
    page.request,
    '{ product(productNumber: "P100009") { variants { url name productId available } } }',
  );
  return product.variants.find((variant) => variant.available)!;
}

/** The login page's form (the footer has a newsletter e-mail field too). */
const loginForm = (page: Page) => page.locator('form[data-form="login"]');
/** Logs in on the login page without scripts and lands in the account. */
async function loginWithoutScripts(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await named(page, 'login', 'email').fill(email);
  await named(page, 'login', 'password').fill(password);
  await loginForm(page).getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** The contact page's form (/s/kontakt). */
const contactForm = (page: Page) => page.locator('form[data-form="contact"]');

/** The contact form filled as a shopper would; `email` is the address to answer. */
async function fillContact(page: Page, email: string): Promise<void> {
  const form = contactForm(page);
  await form.getByLabel('Vorname').fill('Lea');
  await form.getByLabel('Nachname').fill('Muster');
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByLabel('Betreff').fill('Frage zur Lieferung');
  await form.getByLabel('Ihre Nachricht').fill('Wann kommt meine Bestellung an?');
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('login: every refusal in the page’s language with the e-mail kept, then into the account and on to the page that asked', async ({ page }) => {
    const email = `ohne-js-${Date.now()}@example.ch`;
    await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Nora', lastName: 'Skript' });

    await page.goto('/login?redirect=%2Faccount%2Forder');
    // A field left empty: the SPEC §5 message beside it, nothing sent to the Store API.
    await loginForm(page).getByLabel('E-Mail-Adresse').fill(email);
    let answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await loginForm(page).getByRole('button', { name: 'Anmelden' }).click();
    expect((await answer).status()).toBe(422);
    await expect(loginForm(page).getByText('Der Wert ist erforderlich')).toBeVisible();
    await expect(loginForm(page).getByLabel('E-Mail-Adresse')).toHaveValue(email);

    // A wrong password: the gateway's message in the alert box; the e-mail stays, the password does not.
    await loginForm(page).getByLabel('Passwort').fill('Falsch-999');
    answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await loginForm(page).getByRole('button', { name: 'Anmelden' }).click();
    expect((await answer).status()).toBe(422);
    await expect(loginForm(page).getByRole('alert')).toContainText('Ungültiger Benutzername oder Passwort');
    await expect(loginForm(page).getByLabel('E-Mail-Adresse')).toHaveValue(email);
    await expect(loginForm(page).getByLabel('Passwort')).toHaveValue('');

    // Right: post/redirect/get to the page that sent the shopper here, logged in.
    await loginForm(page).getByLabel('Passwort').fill(PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/account\/order$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('sw-context-token');
  });

  test('product page: the chosen variant in the chosen quantity goes into the cart', async ({ page }) => {
    const variant = await variantPage(page);
    await page.goto(variant.url);
    await page.getByLabel('Menge', { exact: true }).fill('2');
    await page.getByTestId('add-to-cart').click();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(variant.name);
    await expect(line.getByTestId('cart-line-quantity')).toHaveValue('2');
  });

  test('register: a refusal keeps every field but the passwords; then the double opt-in message, the mail’s link and the login', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const email = `register-ohne-js-${Date.now()}@example.ch`;
    const field = (name: string) => named(page, 'register', name);
    await page.goto('/register');
    await field('email').fill(email);
    await field('password').fill(PASSWORD);
    await field('passwordConfirmation').fill(PASSWORD);
    await field('billingAddress.salutationId').selectOption({ label: 'Frau' });
    await field('billingAddress.firstName').fill('Nora');
    await field('billingAddress.lastName').fill('Skript');
    await field('billingAddress.street').fill('Marktgasse 5');
    await field('billingAddress.zipcode').fill('301');
    await field('billingAddress.city').fill('Bern');
    await field('acceptedDataProtection').check();
    await page.getByTestId('register-submit').click();
    // One bad value: its message beside it; every other value kept, the passwords not.
    await expect(field('billingAddress.zipcode')).toHaveAccessibleDescription('Die Postleitzahl muss genau 4 Zeichen lang sein');
    await expect(field('billingAddress.zipcode')).toHaveValue('301');
    await expect(field('email')).toHaveValue(email);
    await expect(field('billingAddress.salutationId').locator('option:checked')).toHaveText('Frau');
    await expect(field('billingAddress.firstName')).toHaveValue('Nora');
    await expect(field('billingAddress.street')).toHaveValue('Marktgasse 5');
    await expect(field('acceptedDataProtection')).toBeChecked();
    await expect(field('password')).toHaveValue('');
    await expect(field('passwordConfirmation')).toHaveValue('');

    await field('billingAddress.zipcode').fill('3011');
    await field('password').fill(PASSWORD);
    await field('passwordConfirmation').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toContainText('Bitte prüfen Sie Ihr E-Mail-Postfach');
    await expect(page.getByTestId('register-success')).toContainText('an die angegebene E-Mail-Adresse');
    // the address never travels in the URL
    expect(page.url()).not.toContain(encodeURIComponent(email));

    // The confirmation page still confirms from its script (not yet a kit form): the mail's link is opened in a
    // browser with JavaScript, as a mail app's would be; the login is then without it.
    const mailApp = await browser.newContext({ javaScriptEnabled: true, baseURL: new URL(page.url()).origin });
    const confirmPage = await mailApp.newPage();
    await confirmPage.goto(await mailedLink(email, 'customer_register.double_opt_in', '/registration/confirm'));
    await expect(confirmPage).toHaveURL(/\/account\?confirmed=1$/);
    await mailApp.close();
    // a fresh session, as after closing the browser
    await page.context().clearCookies();
    await loginWithoutScripts(page, email, PASSWORD);
    await expect(page.getByText('Willkommen, Nora Skript')).toBeVisible();
  });

  test('password recovery: the link by mail, a new password (refused once, in Italian), then the login with it', async ({ page }) => {
    test.setTimeout(60_000);
    const email = `vergessen-ohne-js-${Date.now()}@example.ch`;
    await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Nora', lastName: 'Vergessen' });

    await page.goto('/reset-password');
    // An address without an account: the message beside the field, the address kept.
    const nobody = `niemand-${Date.now()}@example.ch`;
    await named(page, 'password-recovery', 'email').fill(nobody);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(named(page, 'password-recovery', 'email')).toHaveAccessibleDescription('Zu dieser E-Mail-Adresse wurde kein Kunde gefunden.');
    await expect(named(page, 'password-recovery', 'email')).toHaveValue(nobody);
    await named(page, 'password-recovery', 'email').fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByTestId('reset-sent')).toContainText('Wir haben Ihnen einen Link an die angegebene E-Mail-Adresse gesendet.');
    // the address never travels in the URL
    expect(page.url()).not.toContain(encodeURIComponent(email));

    const link = await mailedLink(email, 'customer.recovery.request', '/account/recover');
    await page.goto(link.replace('/account/recover', '/it/account/recover'));
    await named(page, 'new-password', 'newPassword').fill('Nuova-Password-2');
    await named(page, 'new-password', 'newPasswordConfirm').fill('Nuova-Password-3');
    await page.getByRole('button', { name: 'Salva la password' }).click();
    await expect(named(page, 'new-password', 'newPasswordConfirm')).toHaveAccessibleDescription('Le password non corrispondono');
    await expect(named(page, 'new-password', 'newPassword')).toHaveValue('');
    await named(page, 'new-password', 'newPassword').fill('Nuova-Password-2');
    await named(page, 'new-password', 'newPasswordConfirm').fill('Nuova-Password-2');
    await page.getByRole('button', { name: 'Salva la password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password modificata' })).toBeVisible();

    await loginWithoutScripts(page, email, 'Nuova-Password-2');
    await expect(page.getByText('Willkommen, Nora Vergessen')).toBeVisible();
  });

  test('login in French: the refusal in French on the French page', async ({ page }) => {
    await page.goto('/fr/login');
    await loginForm(page).getByLabel('Adresse e-mail').fill(`inconnu-${Date.now()}@example.ch`);
    await loginForm(page).getByLabel('Mot de passe').fill('Faux-12345');
    await loginForm(page).getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/fr\/login$/);
    await expect(loginForm(page).getByRole('alert')).toContainText('Nom d’utilisateur ou mot de passe invalide');
  });

  test('contact: a bad address comes back beside its field with every value kept, then the message is sent and confirmed', async ({ page }) => {
    const email = `kontakt-ohne-js-${Date.now()}@example.ch`;
    await page.goto('/s/kontakt');
    await fillContact(page, 'lea@');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await contactForm(page).getByRole('button', { name: 'Nachricht senden' }).click();
    expect((await answer).status()).toBe(422);
    await expect(contactForm(page).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
    await expect(contactForm(page).getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await expect(contactForm(page).getByLabel('Vorname')).toHaveValue('Lea');
    await expect(contactForm(page).getByLabel('Ihre Nachricht')).toHaveValue('Wann kommt meine Bestellung an?');

    await contactForm(page).getByLabel('E-Mail-Adresse').fill(email);
    await contactForm(page).getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page).toHaveURL(/\/s\/kontakt\?contact=sent$/);
    await expect(page.getByRole('region', { name: 'Kontaktformular' }).getByRole('status')).toContainText('Vielen Dank! Ihre Nachricht ist bei uns eingegangen.');
    expect(readShop<{ subject: string }>('SELECT subject FROM contact_message WHERE email = ?', email).map((row) => row.subject)).toEqual(['Frage zur Lieferung']);
  });

  test('newsletter from the footer: the check-your-mail page (the address in no URL), and the mail’s link confirms', async ({ page, browser }) => {
    const email = `leser-ohne-js-${Date.now()}@example.ch`;
    await page.goto('/s/kontakt');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await footer.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/newsletter-subscribe\?subscribed=pending$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fast geschafft' })).toBeVisible();
    await expect(page.getByText(/Fast geschafft! Bitte bestätigen Sie Ihre Anmeldung/)).toBeVisible();
    expect(readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((r) => r.status)).toEqual(['notSet']);

    // The confirmation link runs once the page's scripts do (a mail scanner fetching it confirms nothing).
    const link = await mailedLink(email, 'newsletter.double_opt_in', '/newsletter-subscribe');
    const { baseURL, userAgent, viewport, locale } = test.info().project.use;
    const withScripts = await browser.newContext({ baseURL, userAgent, viewport, locale, javaScriptEnabled: true });
    const confirmPage = await withScripts.newPage();
    await confirmPage.goto(link);
    await expect(confirmPage.getByRole('heading', { level: 1, name: 'Anmeldung bestätigt' })).toBeVisible({ timeout: 15_000 });
    await withScripts.close();
    expect(readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((r) => r.status)).toEqual(['optIn']);
  });

  test('newsletter in Italian: an invalid address from the footer comes back on the newsletter page, typed value and message beside it', async ({ page }) => {
    await page.goto('/it/s/contatto');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Indirizzo e-mail' }).fill('nessuno@');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await footer.getByRole('button', { name: 'Iscriversi' }).click();
    expect((await answer).status()).toBe(422);
    await expect(page).toHaveURL(/\/it\/newsletter-subscribe$/);
    const form = page.locator('form[data-form="newsletter"]');
    await expect(form.getByRole('heading', { level: 1, name: 'Iscriversi alla newsletter' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: /^Indirizzo e-mail/ })).toHaveValue('nessuno@');
    await expect(form.getByRole('textbox', { name: /^Indirizzo e-mail/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Inserite un indirizzo e-mail valido')).toBeVisible();
  });
});

test('a login sent before the page’s scripts arrived goes through as a form post; nothing typed is lost', async ({ page }) => {
  const email = `frueh-${Date.now()}@example.ch`;
  await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Nora', lastName: 'Frueh' });
  // The page's scripts are held back until the shopper has typed and pressed the button.
  const release = await holdPageScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await loginForm(page).getByLabel('E-Mail-Adresse').fill(email);
  await loginForm(page).getByLabel('Passwort').fill(PASSWORD);
  await loginForm(page).getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/account$/);
  release();
  await hydrated(page);
  await expect(page).toHaveURL(/\/account$/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('sw-context-token');
});

test('what the shopper typed before the scripts arrived is still there after hydration', async ({ page }) => {
  const release = await holdPageScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await loginForm(page).getByLabel('E-Mail-Adresse').fill('getippt@example.ch');
  release();
  await hydrated(page);
  await expect(loginForm(page).getByLabel('E-Mail-Adresse')).toHaveValue('getippt@example.ch');
  // and the enhanced form runs with it: an empty password is refused in place, the e-mail stays
  await loginForm(page).getByRole('button', { name: 'Anmelden' }).click();
  await expect(loginForm(page).getByText('Der Wert ist erforderlich')).toBeVisible();
  await expect(loginForm(page).getByLabel('E-Mail-Adresse')).toHaveValue('getippt@example.ch');
});

test('an add to cart pressed before the page’s scripts arrived is not lost', async ({ page }) => {
  const variant = await variantPage(page);
  const release = await holdPageScripts(page);
  await page.goto(variant.url, { waitUntil: 'commit' });
  await page.getByLabel('Menge', { exact: true }).fill('3');
  await page.getByTestId('add-to-cart').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  release();
  await hydrated(page);
  await expect(page.getByTestId('cart-line').getByTestId('cart-line-quantity')).toHaveValue('3');
});

test('a quantity typed before the page’s scripts arrived is the one added after hydration', async ({ page }) => {
  const variant = await variantPage(page);
  const release = await holdPageScripts(page);
  await page.goto(variant.url, { waitUntil: 'commit' });
  await page.getByLabel('Menge', { exact: true }).fill('2');
  release();
  await hydrated(page);
  await expect(page.getByLabel('Menge', { exact: true })).toHaveValue('2');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('link', { name: 'Warenkorb, 2 Artikel' })).toBeVisible();
});

test('contact text typed before the page’s scripts arrived is still there after hydration, and is sent', async ({ page }) => {
  const email = `kontakt-frueh-${Date.now()}@example.ch`;
  const release = await holdPageScripts(page);
  await page.goto('/s/kontakt', { waitUntil: 'commit' });
  await fillContact(page, email);
  // nothing waits for the scripts: the button can be pressed at once
  await expect(contactForm(page).getByRole('button', { name: 'Nachricht senden' })).toBeEnabled();
  release();
  await hydrated(page);
  await expect(contactForm(page).getByLabel('Vorname')).toHaveValue('Lea');
  await expect(contactForm(page).getByLabel('Ihre Nachricht')).toHaveValue('Wann kommt meine Bestellung an?');
  await expect(contactForm(page).getByText('Der Wert ist erforderlich')).toHaveCount(0);
  // the enhanced form sends it in place
  await contactForm(page).getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByRole('region', { name: 'Kontaktformular' }).getByRole('status')).toContainText('Vielen Dank! Ihre Nachricht ist bei uns eingegangen.');
  await expect(page).toHaveURL(/\/s\/kontakt$/);
  await expect.poll(() => readShop<{ subject: string }>('SELECT subject FROM contact_message WHERE email = ?', email).map((row) => row.subject)).toEqual(['Frage zur Lieferung']);
});
