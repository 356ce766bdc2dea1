import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmedAccount, hydrated, mailedLink } from './support/shop';

// The account journeys of issue 6 (item 6) in Chromium against the real server (production mode: no
// /dev/mailbox): registration in the browser with the confirmation mail read from the server's SQLite
// outbox, the address book, logout and the login guard; the password recovery end to end; the SPEC §5
// messages beside the fields.

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;

/** An active account, registered and confirmed through the Store API as the confirmation link would. */
const activeAccount = (request: APIRequestContext, email: string, password: string) => confirmedAccount(request, { email, password, firstName: 'Carla', lastName: 'Beispiel' });

async function login(page: Page, email: string, password: string): Promise<void> {
  await hydrated(page, '[data-testid="login-submit"]');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('(1) register in the browser, confirm from the mail, keep an address book, log out, log in again', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('anna');
  const password = 'Sicher-123';

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
  await hydrated(page, '[data-testid="register-submit"]');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await field(page, 'passwordConfirmation').fill(password);
  await field(page, 'billingAddress.firstName').fill('Anna');
  await field(page, 'billingAddress.lastName').fill('Muster');
  await field(page, 'billingAddress.street').fill('Bahnhofstrasse 1');
  await field(page, 'billingAddress.zipcode').fill('8001');
  await field(page, 'billingAddress.city').fill('Zürich');
  await field(page, 'acceptedDataProtection').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success')).toContainText('Bitte prüfen Sie Ihr E-Mail-Postfach');
  await expect(page.getByTestId('register-success')).toContainText(email);

  // Not active yet: the account pages still send to the login.
  await page.goto('/account');
  await page.waitForURL(/\/login\?redirect=%2Faccount$/);
  const confirmLink = await mailedLink(email, 'customer_register.double_opt_in', '/registration/confirm');
  await page.goto(confirmLink);
  await page.waitForURL(/\/account\?confirmed=1$/);
  await expect(page.getByTestId('registration-confirmed')).toHaveText('Vielen Dank! Ihr Kundenkonto ist aktiviert und Sie sind angemeldet.');
  await expect(page.getByText('Willkommen, Anna Muster')).toBeVisible();
  await expect(page.getByTestId('overview-billing')).toContainText('Bahnhofstrasse 1');

  // The link works once.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Der Link ist ungültig' })).toBeVisible();

  // A second address, made the default billing address.
  await page.goto('/account/address');
  await expect(page.getByRole('navigation', { name: 'Kontomenü' }).getByRole('link', { name: 'Adressen' })).toHaveAttribute('aria-current', 'page');
  await hydrated(page, '[data-testid="account-logout"]');
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await page.getByRole('link', { name: 'Neue Adresse hinzufügen' }).click();
  const form = page.getByTestId('address-form');
  await field(page, 'address.firstName').fill('Anna');
  await field(page, 'address.lastName').fill('Muster');
  await field(page, 'address.street').fill('Seeweg 12');
  await field(page, 'address.zipcode').fill('6003');
  await field(page, 'address.city').fill('Luzern');
  await form.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByText('Die Adresse wurde gespeichert.')).toBeVisible();
  await expect(page.getByTestId('address-card')).toHaveCount(2);
  const seeweg = page.getByTestId('address-card').filter({ hasText: 'Seeweg 12' });
  await expect(seeweg.getByText('Standard-Rechnungsadresse')).toHaveCount(0);
  await seeweg.getByRole('button', { name: 'Als Rechnungsadresse verwenden' }).click();
  await expect(seeweg.getByText('Standard-Rechnungsadresse')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByTestId('overview-billing')).toContainText('Seeweg 12');

  // Logout; the account is behind the login again and the login leads back to it.
  await hydrated(page, '[data-testid="account-logout"]');
  await page.getByTestId('account-logout').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/account/address');
  await page.waitForURL(/\/login\?redirect=%2Faccount%2Faddress$/);
  await login(page, email, password);
  await page.waitForURL((url) => url.pathname === '/account/address');
  await expect(page.getByTestId('address-card')).toHaveCount(2);
});

test('(2) password recovery: request the link, set a new password, log in with it; the link works once', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('ruth');
  await activeAccount(request, email, 'Altes-Passwort-1');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await page.waitForURL((url) => url.pathname === '/reset-password');
  await hydrated(page, '[data-field="email"]');
  // An email without an account says so beside the field (SPEC §5).
  await field(page, 'email').fill(uniqueEmail('niemand'));
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(field(page, 'email')).toHaveAccessibleDescription('Zu dieser E-Mail-Adresse wurde kein Kunde gefunden.');
  await field(page, 'email').fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText(email);

  const link = await mailedLink(email, 'customer.recovery.request', '/account/recover');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
  await hydrated(page, '[data-field="newPassword"]');
  await field(page, 'newPassword').fill('Neues-Passwort-2');
  await field(page, 'newPasswordConfirm').fill('Neues-Passwort-2');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort geändert' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();

  await page.waitForURL((url) => url.pathname === '/login');
  await login(page, email, 'Altes-Passwort-1');
  await expect(page.getByRole('alert')).toContainText('Ungültiger Benutzername oder Passwort');
  await field(page, 'password').fill('Neues-Passwort-2');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/account');
  await expect(page.getByText('Willkommen, Carla Beispiel')).toBeVisible();

  // The same link a second time: the error view with the way to a new one.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Der Link ist abgelaufen oder ungültig' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/reset-password');
});

test('(3) SPEC §5 messages beside the fields: postal code, passwords, wrong login', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page, '[data-testid="register-submit"]');
  await field(page, 'email').fill(uniqueEmail('felix'));
  await field(page, 'password').fill('Sicher-123');
  await field(page, 'passwordConfirmation').fill('Sicher-124');
  await field(page, 'billingAddress.firstName').fill('Felix');
  await field(page, 'billingAddress.lastName').fill('Muster');
  await field(page, 'billingAddress.street').fill('Gasse 3');
  await field(page, 'billingAddress.zipcode').fill('800');
  await field(page, 'billingAddress.city').fill('Zürich');
  await field(page, 'acceptedDataProtection').check();
  await page.getByTestId('register-submit').click();
  await expect(field(page, 'billingAddress.zipcode')).toHaveAccessibleDescription('Die Postleitzahl muss genau 4 Zeichen lang sein');
  await expect(field(page, 'billingAddress.zipcode')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'passwordConfirmation')).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein');
  await expect(field(page, 'passwordConfirmation')).toBeFocused();
  await field(page, 'email').fill('');
  await page.getByTestId('register-submit').click();
  await expect(field(page, 'email')).toHaveAccessibleDescription('Der Wert ist erforderlich');

  // the same rules in Italian
  await page.goto('/it/register');
  await hydrated(page, '[data-testid="register-submit"]');
  await field(page, 'password').fill('Sicuro-123');
  await field(page, 'passwordConfirmation').fill('Sicuro-124');
  await page.getByTestId('register-submit').click();
  await expect(field(page, 'passwordConfirmation')).toHaveAccessibleDescription('Le password non corrispondono');

  await page.goto('/login?redirect=//evil.example');
  await login(page, uniqueEmail('unbekannt'), 'Falsch-123');
  await expect(page.getByRole('alert')).toContainText('Ungültiger Benutzername oder Passwort');
  await expect(field(page, 'password')).toHaveValue('');
  await expect(page).toHaveURL(/\/login\?redirect=\/\/evil\.example$/);
});

test('(4) profile, newsletter setting and default payment method of a logged-in customer', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('lea');
  const password = 'Sicher-123';
  await activeAccount(request, email, password);
  await page.goto('/login?redirect=%2Faccount%2Fprofile');
  await login(page, email, password);
  await page.waitForURL((url) => url.pathname === '/account/profile');
  await hydrated(page, '[data-testid="profile-form"] button[type="submit"]');

  // personal data
  await field(page, 'firstName').fill('Lea');
  await field(page, 'birthday').fill('1985-04-12');
  await page.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(page.getByText('Ihre Angaben wurden gespeichert.')).toBeVisible();

  // change password: the current one is checked by the server, the new one twice by the browser first
  const passwordForm = page.getByTestId('password-form');
  await field(page, 'changePassword.password').fill('Falsch-999');
  await field(page, 'changePassword.newPassword').fill('Neu-Sicher-1');
  await field(page, 'changePassword.newPasswordConfirm').fill('Neu-Sicher-2');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(field(page, 'changePassword.newPasswordConfirm')).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein');
  await field(page, 'changePassword.newPasswordConfirm').fill('Neu-Sicher-1');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(passwordForm).toContainText('Das aktuelle Passwort ist falsch.');

  // newsletter: double opt-in, so the setting waits for the mail's link
  const newsletter = page.getByTestId('newsletter-setting');
  await expect(newsletter).toContainText('Sie erhalten unseren Newsletter nicht.');
  await field(page, 'newsletter').check();
  await newsletter.getByRole('button', { name: 'Newsletter-Einstellung speichern' }).click();
  await expect(newsletter).toContainText('Bitte bestätigen Sie Ihr Abonnement mit dem Link aus unserer E-Mail.');

  await page.goto('/account');
  await expect(page.getByText('Willkommen, Lea Beispiel')).toBeVisible();

  // default payment method
  await page.goto('/account/payment');
  await hydrated(page, '[data-testid="payment-form"] button[type="submit"]');
  const choice = page.getByTestId('payment-methods').getByRole('radio').last();
  const methodName = ((await choice.locator('xpath=..').innerText()).split('\n')[0] ?? '').trim();
  expect(methodName).not.toBe('');
  await choice.check();
  await page.getByRole('button', { name: 'Zahlungsart speichern' }).click();
  await expect(page.getByText('Ihre Standard-Zahlungsart wurde gespeichert.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByTestId('overview-payment')).toContainText(methodName);
});
