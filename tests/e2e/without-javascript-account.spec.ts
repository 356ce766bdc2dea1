import { expect, test, type Locator, type Page } from '@playwright/test';
import { holdPageScripts, kitForm, named } from './support/formPage';
import { confirmedAccount, findProducts, hydrated, isDelivery, mailedLink, readShop } from './support/shop';
import { seededLoyaltyCardCode, seededLoyaltyCardNumber } from '../../store-api/src/seed/loyalty-cards';

// Issue 18 (ADR 0023), the account area: the profile, the address book, the default payment method, the wishlist's
// hearts and the links mailed for the registration and the newsletter work with JavaScript off. A refused post shows
// the page again with what was typed (passwords never) and the message beside its field, in the page's language.

const PASSWORD = 'Sicher-123';

/** Logs in on the login page without scripts and lands in the account. */
async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await named(page, 'login', 'email').fill(email);
  await named(page, 'login', 'password').fill(password);
  await kitForm(page, 'login').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** A fresh confirmed account, logged in. */
async function loggedIn(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.ch`;
  await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Nora', lastName: 'Konto' });
  await login(page, email);
  return email;
}

/** Presses a form's button and answers the status of the post it sent. */
async function submit(page: Page, button: Locator): Promise<number> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await button.click();
  return (await answer).status();
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('register, the mailed link’s button confirms, then the login and a new name on the profile page', async ({ page }) => {
    test.setTimeout(60_000);
    const email = `konto-ohne-js-${Date.now()}@example.ch`;
    const field = (name: string) => named(page, 'register', name);
    await page.goto('/register');
    await field('email').fill(email);
    await field('password').fill(PASSWORD);
    await field('passwordConfirmation').fill(PASSWORD);
    await field('billingAddress.firstName').fill('Nora');
    await field('billingAddress.lastName').fill('Skript');
    await field('billingAddress.street').fill('Marktgasse 5');
    await field('billingAddress.zipcode').fill('3011');
    await field('billingAddress.city').fill('Bern');
    await field('acceptedDataProtection').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toBeVisible();

    // Opening the link changes nothing (a mail scanner's GET); its button confirms and logs in.
    await page.goto(await mailedLink(email, 'customer_register.double_opt_in', '/registration/confirm'));
    expect(readShop<{ active: number }>('SELECT active FROM customer WHERE email = ? AND guest = 0', email)).toEqual([{ active: 0 }]);
    await kitForm(page, 'registration-confirm').getByRole('button', { name: 'Registrierung bestätigen' }).click();
    await expect(page).toHaveURL(/\/account\?confirmed=1$/);
    await expect(page.getByTestId('registration-confirmed')).toContainText('Ihr Kundenkonto ist aktiviert');
    expect(readShop<{ active: number }>('SELECT active FROM customer WHERE email = ? AND guest = 0', email)).toEqual([{ active: 1 }]);

    // a fresh session, as after closing the browser
    await page.context().clearCookies();
    await login(page, email);
    await page.goto('/account/profile');
    await named(page, 'profile', 'firstName').fill('Leonora');
    await kitForm(page, 'profile').getByRole('button', { name: 'Angaben speichern' }).click();
    await expect(page).toHaveURL(/\/account\/profile\?saved=profile$/);
    await expect(page.getByTestId('account-saved')).toHaveText('Ihre Angaben wurden gespeichert.');
    await expect(named(page, 'profile', 'firstName')).toHaveValue('Leonora');
    await page.goto('/account');
    await expect(page.getByText('Willkommen, Leonora Skript')).toBeVisible();
  });

  test('profile: a wrong current password is refused beside its field in German and in French, the other values kept', async ({ page }) => {
    const email = await loggedIn(page, 'passwort-ohne-js');
    await page.goto('/account/profile');
    const password = (name: string) => named(page, 'change-password', `changePassword.${name}`);
    await password('password').fill('Falsch-999');
    await password('newPassword').fill('Neues-Pass-1');
    await password('newPasswordConfirm').fill('Neues-Pass-1');
    expect(await submit(page, kitForm(page, 'change-password').getByRole('button', { name: 'Passwort ändern' }))).toBe(422);
    await expect(password('password')).toHaveAccessibleDescription('Das aktuelle Passwort ist falsch.');
    // passwords are never sent back
    await expect(password('newPassword')).toHaveValue('');
    await expect(named(page, 'profile', 'firstName')).toHaveValue('Nora');

    // The e-mail form in French: the new address typed twice stays, the password does not.
    await page.goto('/fr/account/profile');
    const other = `nouveau-${email}`;
    await named(page, 'change-email', 'changeEmail.email').fill(other);
    await named(page, 'change-email', 'changeEmail.emailConfirmation').fill(other);
    await named(page, 'change-email', 'changeEmail.password').fill('Faux-99999');
    expect(await submit(page, kitForm(page, 'change-email').getByRole('button', { name: "Modifier l'adresse e-mail" }))).toBe(422);
    await expect(page).toHaveURL(/\/fr\/account\/profile$/);
    await expect(named(page, 'change-email', 'changeEmail.password')).toHaveAccessibleDescription('Le mot de passe actuel est incorrect.');
    await expect(named(page, 'change-email', 'changeEmail.email')).toHaveValue(other);
    await expect(named(page, 'change-email', 'changeEmail.emailConfirmation')).toHaveValue(other);
    await expect(named(page, 'change-email', 'changeEmail.password')).toHaveValue('');
    expect(readShop<{ email: string }>('SELECT email FROM customer WHERE email = ?', other)).toEqual([]);

    // and the right password changes it
    await named(page, 'change-password', 'changePassword.password').fill(PASSWORD);
    await named(page, 'change-password', 'changePassword.newPassword').fill('Neues-Pass-1');
    await named(page, 'change-password', 'changePassword.newPasswordConfirm').fill('Neues-Pass-1');
    await kitForm(page, 'change-password').getByRole('button', { name: 'Modifier le mot de passe' }).click();
    await expect(page).toHaveURL(/\/fr\/account\/profile\?saved=password$/);
    await expect(page.getByTestId('account-saved')).toHaveText('Votre mot de passe a été modifié.');
  });

  test('addresses: a new one with a bad postal code comes back with every value, then saved, made the delivery address and deleted', async ({ page }) => {
    const email = await loggedIn(page, 'adresse-ohne-js');
    await page.goto('/account/address');
    await page.getByRole('link', { name: 'Neue Adresse hinzufügen' }).click();
    await expect(page).toHaveURL(/\/account\/address\?edit=new$/);
    const field = (name: string) => named(page, 'address-create', `address.${name}`);
    await field('firstName').fill('Lea');
    await field('lastName').fill('Zweite');
    await field('street').fill('Bahnhofstrasse 1');
    await field('zipcode').fill('800');
    await field('city').fill('Zürich');
    expect(await submit(page, kitForm(page, 'address-create').getByRole('button', { name: 'Adresse speichern' }))).toBe(422);
    await expect(field('zipcode')).toHaveAccessibleDescription('Die Postleitzahl muss genau 4 Zeichen lang sein');
    await expect(field('zipcode')).toHaveValue('800');
    await expect(field('street')).toHaveValue('Bahnhofstrasse 1');
    await expect(field('lastName')).toHaveValue('Zweite');

    await field('zipcode').fill('8001');
    await kitForm(page, 'address-create').getByRole('button', { name: 'Adresse speichern' }).click();
    await expect(page).toHaveURL(/\/account\/address\?saved=addressCreated$/);
    await expect(page.getByTestId('account-saved')).toHaveText('Die Adresse wurde gespeichert.');
    const card = page.getByTestId('address-card').filter({ hasText: 'Bahnhofstrasse 1' });
    await expect(card).toContainText('8001');

    await card.getByRole('button', { name: 'Als Lieferadresse verwenden' }).click();
    await expect(page.getByTestId('account-saved')).toHaveText('Die Standard-Lieferadresse wurde geändert.');
    await expect(card.getByText('Standard-Lieferadresse')).toBeVisible();

    // the first address is the default for both until then; now it can go
    const first = page.getByTestId('address-card').filter({ hasText: 'Marktgasse 5' });
    await card.getByRole('button', { name: 'Als Rechnungsadresse verwenden' }).click();
    // Deleting asks first, as the enhanced page's dialog does: a page of its own, then the button.
    await first.getByRole('link', { name: 'Adresse von Nora Konto löschen' }).click();
    await expect(page).toHaveURL(/\/account\/address\?delete=[0-9a-f]{32}$/);
    await expect(first.getByRole('group', { name: 'Möchten Sie diese Adresse wirklich löschen?' })).toBeVisible();
    expect(readShop<{ n: number }>('SELECT COUNT(*) AS n FROM customer_address a JOIN customer c ON c.id = a.customer_id WHERE c.email = ?', email)).toEqual([{ n: 2 }]);
    await first.getByRole('button', { name: 'Adresse von Nora Konto löschen' }).click();
    await expect(page.getByTestId('account-saved')).toHaveText('Die Adresse wurde gelöscht.');
    await expect(page.getByTestId('address-card')).toHaveCount(1);
  });

  test('default payment method: chosen from the radio group and saved', async ({ page }) => {
    await loggedIn(page, 'zahlung-ohne-js');
    await page.goto('/account/payment');
    const methods = kitForm(page, 'default-payment').getByRole('radio');
    const last = methods.last();
    const methodId = await last.getAttribute('value');
    await last.check();
    await kitForm(page, 'default-payment').getByRole('button', { name: 'Zahlungsart speichern' }).click();
    await expect(page).toHaveURL(/\/account\/payment\?saved=payment$/);
    await expect(page.getByTestId('account-saved')).toHaveText('Ihre Standard-Zahlungsart wurde gespeichert.');
    await expect(kitForm(page, 'default-payment').locator(`input[value="${methodId}"]`)).toBeChecked();
  });

  test('the profile page’s newsletter setting: ticked and saved subscribes (double opt-in), unticked and saved unsubscribes', async ({ page }) => {
    const email = await loggedIn(page, 'newsletter-ohne-js');
    await page.goto('/account/profile');
    const subscribe = kitForm(page, 'newsletter-setting-subscribe');
    await subscribe.getByRole('checkbox', { name: /Newsletter/ }).check();
    await subscribe.getByRole('button', { name: 'Newsletter-Einstellung speichern' }).click();
    await expect(page).toHaveURL(/\/account\/profile\?saved=newsletterPending$/);
    await expect(page.getByTestId('account-saved')).toHaveText('Vielen Dank! Bitte bestätigen Sie Ihr Abonnement mit dem Link aus unserer E-Mail.');
    const stored = () => readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((row) => row.status);
    expect(stored()).toHaveLength(1);

    // now the unsubscribe form, its box ticked as the status is
    const unsubscribe = kitForm(page, 'newsletter-setting-unsubscribe');
    await expect(unsubscribe.getByRole('checkbox', { name: /Newsletter/ })).toBeChecked();
    await unsubscribe.getByRole('checkbox', { name: /Newsletter/ }).uncheck();
    await unsubscribe.getByRole('button', { name: 'Newsletter-Einstellung speichern' }).click();
    await expect(page).toHaveURL(/\/account\/profile\?saved=newsletterUnsubscribed$/);
    await expect(page.getByTestId('account-saved')).toHaveText('Sie haben den Newsletter abbestellt.');
    expect(stored()).toEqual(['optOut']);
  });

  test('wishlist: a guest’s heart asks for the login and comes back; the customer’s heart adds, the wishlist page removes', async ({ page }) => {
    const [product] = await findProducts(page.request, isDelivery);
    await page.goto(product!.url);
    expect(await submit(page, page.getByTestId('wishlist-heart').filter({ visible: true }).first())).toBe(303);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === product!.url);

    const email = `wunsch-ohne-js-${Date.now()}@example.ch`;
    await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Nora', lastName: 'Wunsch' });
    await named(page, 'login', 'email').fill(email);
    await named(page, 'login', 'password').fill(PASSWORD);
    await kitForm(page, 'login').getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === product!.url);

    expect(await submit(page, page.getByTestId('wishlist-heart').filter({ visible: true }).first())).toBe(303);
    await page.waitForURL((url) => url.pathname === product!.url);
    const stored = () =>
      readShop<{ productId: string }>(
        'SELECT p.product_id AS productId FROM customer_wishlist_product p JOIN customer_wishlist w ON w.id = p.wishlist_id JOIN customer c ON c.id = w.customer_id WHERE c.email = ?',
        email,
      ).map((row) => row.productId);
    expect(stored()).toEqual([product!.productId]);

    await page.goto('/wishlist');
    const item = page.getByTestId('wishlist-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(product!.name);
    await item.getByTestId('wishlist-remove').click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByTestId('wishlist-empty')).toBeVisible();
    expect(stored()).toEqual([]);
  });

  test('newsletter: the mailed link’s button confirms, the unsubscribe link’s button unsubscribes (in Italian)', async ({ page }) => {
    const email = `leser-konto-ohne-js-${Date.now()}@example.ch`;
    await page.goto('/newsletter-subscribe');
    await named(page, 'newsletter', 'email').last().fill(email);
    await kitForm(page, 'newsletter').last().getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\?subscribed=pending$/);
    const status = () => readShop<{ status: string }>('SELECT status FROM newsletter_recipient WHERE email = ?', email).map((row) => row.status);

    const link = await mailedLink(email, 'newsletter.double_opt_in', '/newsletter-subscribe');
    await page.goto(link);
    // the page alone confirms nothing
    expect(status()).toEqual(['notSet']);
    await kitForm(page, 'newsletter-confirm').getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await expect(page).toHaveURL(/\/newsletter-subscribe\?subscribed=confirmed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigt' })).toBeVisible();
    expect(status()).toEqual(['optIn']);

    // The same secret is the unsubscribe link (/newsletter-unsubscribe/{hash}).
    const hash = new URL(link, 'http://shop.invalid').searchParams.get('hash')!;
    await page.goto(`/it/newsletter-unsubscribe/${hash}`);
    expect(status()).toEqual(['optIn']);
    await kitForm(page, 'newsletter-unsubscribe').getByRole('button', { name: 'Disiscriversi dalla newsletter' }).click();
    await expect(page).toHaveURL(/\/it\/newsletter-unsubscribe\/[^/?]+\?done=1$/);
    await expect(page.getByTestId('newsletter-done')).toContainText('Disiscrizione');
    expect(status()).toEqual(['optOut']);
  });

  test('VitalCard: a wrong verification code is refused beside its field, the number kept; the right one shows the card; the code is never in a URL', async ({ page }) => {
    const email = await loggedIn(page, 'vitalcard-ohne-js');
    // a seeded card no other spec assigns
    const cardNumber = seededLoyaltyCardNumber(21);
    const code = seededLoyaltyCardCode(21);
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto('/account/my-vitalcard');
    // by what the shopper sees: before the fix the fields were there, but the form sent them in the address
    const number = page.getByRole('textbox', { name: /^Kartennummer/ });
    const verification = page.getByRole('textbox', { name: /^Prüfcode/ });
    const assign = page.getByRole('button', { name: 'Karte erfassen' });
    await number.fill(cardNumber);
    await verification.fill('ZZZZ-ZZZZ');
    await assign.click();
    await expect(page).toHaveURL(/\/account\/my-vitalcard$/);
    await expect(verification).toHaveAccessibleDescription(/Die Kartennummer oder der Prüfcode ist falsch\./);
    await expect(verification).toHaveValue('');
    await expect(number).toHaveValue(cardNumber);

    await verification.fill(code);
    await assign.click();
    await expect(page).toHaveURL(/\/account\/my-vitalcard\?saved=loyaltyAssigned$/);
    await expect(page.getByTestId('loyalty-saved')).toHaveText('Ihre VitalCard wurde Ihrem Kundenkonto zugeordnet.');
    await expect(page.getByTestId('loyalty-card-number')).toHaveText(cardNumber);
    expect(readShop<{ email: string }>('SELECT c.email FROM loyalty_card l JOIN customer c ON c.id = l.customer_id WHERE l.card_number = ?', cardNumber)).toEqual([{ email }]);
    expect(addresses.filter((address) => /ZZZZ|verificationCode/.test(address) || address.includes(code) || address.includes(code.replace('-', '')))).toEqual([]);
  });
});

test('a registration link confirmed before the page’s scripts arrived goes through as a form post; with them it confirms on its own', async ({ page, browser }) => {
  const first = `frueh-konto-${Date.now()}@example.ch`;
  await page.request.post('/graphql', {
    data: {
      query: 'mutation ($input: RegisterInput!) { register(input: $input) { errors { code } } }',
      variables: { input: await registerInput(page, first) },
    },
  });
  const release = await holdPageScripts(page);
  await page.goto(await mailedLink(first, 'customer_register.double_opt_in', '/registration/confirm'), { waitUntil: 'commit' });
  await kitForm(page, 'registration-confirm').getByRole('button', { name: 'Registrierung bestätigen' }).click();
  await expect(page).toHaveURL(/\/account\?confirmed=1$/);
  release();
  await hydrated(page);
  await expect(page.getByTestId('registration-confirmed')).toBeVisible();

  // with scripts, as before: the link confirms once the page has loaded
  const second = `auto-konto-${Date.now()}@example.ch`;
  await page.request.post('/graphql', {
    data: { query: 'mutation ($input: RegisterInput!) { register(input: $input) { errors { code } } }', variables: { input: await registerInput(page, second) } },
  });
  const { baseURL } = test.info().project.use;
  const withScripts = await browser.newContext({ baseURL });
  const confirmPage = await withScripts.newPage();
  await confirmPage.goto(await mailedLink(second, 'customer_register.double_opt_in', '/registration/confirm'));
  await expect(confirmPage).toHaveURL(/\/account\?confirmed=1$/);
  await withScripts.close();
});

/** A new account's RegisterInput (double opt-in: the mail's link activates it). */
async function registerInput(page: Page, email: string) {
  const answer = await page.request.post('/graphql', { data: { query: '{ countries { id iso } }' } });
  const { data } = (await answer.json()) as { data: { countries: Array<{ id: string; iso: string }> } };
  const countryId = data.countries.find((country) => country.iso === 'CH')!.id;
  const address = { firstName: 'Nora', lastName: 'Frueh', street: 'Marktgasse 5', zipcode: '3011', city: 'Bern', countryId };
  return { guest: false, email, password: PASSWORD, firstName: 'Nora', lastName: 'Frueh', acceptedDataProtection: true, billingAddress: address, shippingAddress: null };
}

test('a new name typed on the profile page before its scripts arrived is still there after hydration, and saved in place', async ({ page }) => {
  const email = `profil-frueh-${Date.now()}@example.ch`;
  await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Nora', lastName: 'Frueh' });
  await login(page, email);
  const release = await holdPageScripts(page);
  await page.goto('/account/profile', { waitUntil: 'commit' });
  await named(page, 'profile', 'firstName').fill('Noemi');
  release();
  await hydrated(page);
  await expect(named(page, 'profile', 'firstName')).toHaveValue('Noemi');
  // the enhanced form sends it in place: no page load, the notice, the stored name
  await kitForm(page, 'profile').getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(page.getByText('Ihre Angaben wurden gespeichert.')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect.poll(() => readShop<{ name: string }>('SELECT first_name AS name FROM customer WHERE email = ? AND guest = 0', email).map((row) => row.name)).toEqual(['Noemi']);
});
