import { expect, test } from '@playwright/test';
import { ACCESS_KEY, hydrated, readShop, registeredAccount } from './support/shop';

// Issue 21 in real Chromium: a frontend on another of the shop's origins calls the Store API from the browser (CORS),
// a foreign page cannot; and a shopper who logs in before opening the registration link is told to confirm the
// e-mail first and can have the link mailed again.

test('a page on another of the shop’s origins reads the Store API and its sw-context-token; a foreign page is refused', async ({ page, baseURL }) => {
  // the server runs as http://localhost:PORT (PUBLIC_ORIGIN unset); the test browser is on 127.0.0.1, one of its aliases
  const storeApi = `${baseURL!.replace('127.0.0.1', 'localhost')}/store-api/context`;
  const readContext = ({ url, key }: { url: string; key: string }) =>
    fetch(url, { headers: { 'sw-access-key': key } })
      .then(async (response) => ({ status: response.status, token: response.headers.get('sw-context-token'), currency: ((await response.json()) as { currency: { isoCode: string } }).currency.isoCode }))
      .catch((error: Error) => ({ status: 0, token: null, currency: error.name }));

  await page.goto('/health');
  const allowed = await page.evaluate(readContext, { url: storeApi, key: ACCESS_KEY });
  expect(allowed.status).toBe(200);
  expect(allowed.currency).toBe('CHF');
  expect(allowed.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  const foreignOrigin = baseURL!.replace('127.0.0.1', 'foreign.localhost');
  await page.route(`${foreignOrigin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>foreign</title>' }));
  await page.goto(`${foreignOrigin}/`);
  const refused = await page.evaluate(readContext, { url: storeApi, key: ACCESS_KEY });
  expect(refused).toEqual({ status: 0, token: null, currency: 'TypeError' });
});

test('login before the registration link: "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse", and the button mails the link again', async ({ page, request }) => {
  const email = `bestaetigen-${Date.now()}@example.ch`;
  await registeredAccount(request, { email, password: 'Sicher-12345', firstName: 'Nina', lastName: 'Graf' });
  await page.goto('/login');
  await hydrated(page);
  await page.locator('[data-field="email"]').fill(email);
  await page.locator('[data-field="password"]').fill('Sicher-12345');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert')).toContainText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
  await expect(page.getByTestId('confirmation-resent')).toContainText(`Wir haben den Bestätigungslink erneut an ${email} gesendet.`);
  const mails = () => readShop<{ n: number }>("SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ? AND template = 'customer_register.double_opt_in'", email)[0]!.n;
  await expect.poll(mails).toBe(2);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the French login says to confirm the e-mail first; the resend button posts and the page says the link went out', async ({ page, request }) => {
    const email = `confirmer-${Date.now()}@example.ch`;
    await registeredAccount(request, { email, password: 'Sicher-12345', firstName: 'Léa', lastName: 'Favre' });
    await page.goto('/fr/login');
    await page.locator('[data-field="email"]').fill(email);
    await page.locator('[data-field="password"]').fill('Sicher-12345');
    await page.getByTestId('login-submit').click();
    await expect(page.getByRole('alert')).toContainText('Veuillez d’abord confirmer votre adresse e-mail');

    await page.getByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }).click();
    await expect(page).toHaveURL(/\/fr\/login\?resent=1$/);
    await expect(page.getByTestId('confirmation-resent')).toContainText('Nous avons renvoyé le lien de confirmation à l’adresse e-mail indiquée.');
    const mails = () => readShop<{ n: number }>("SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ? AND template = 'customer_register.double_opt_in'", email)[0]!.n;
    await expect.poll(mails).toBe(2);
  });
});
