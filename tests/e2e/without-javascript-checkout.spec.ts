import { expect, test } from '@playwright/test';
import { cartWith, cartWithDeliveryProduct, chooseAndApply, fillGuest, guestCheckoutByCard, nextPost, order, ordersOf } from './support/checkoutSteps';
import { holdPageScripts, kitForm, named } from './support/formPage';
import { confirmedAccount, findProducts, hydrated, isDelivery, readShop } from './support/shop';

// Issue 18, item 2 (ADR 0023): the whole checkout as plain forms the server handles — who orders, shipping,
// the Click & Collect pharmacy, payment, terms and the order — then the provider and /paid or /unpaid, and
// the retry there. With JavaScript off, and once with the page's scripts held back.

const PASSWORD = 'Sicher-123';

test.describe.configure({ timeout: 90_000 });

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest orders by card: a refused guest form keeps every value, then the provider’s page and /paid', async ({ page }) => {
    const email = `kasse-ohne-js-${Date.now()}@example.ch`;
    await cartWithDeliveryProduct(page);
    await page.goto('/checkout');
    // A postal code of two digits: the SPEC §5 message beside it, every other value as typed.
    const answer = nextPost(page);
    await fillGuest(page, email, '80');
    expect((await answer).status()).toBe(422);
    const field = (name: string) => named(page, 'checkout-registration', name);
    await expect(kitForm(page, 'checkout-registration').getByText('Die Postleitzahl muss genau 4 Zeichen lang sein')).toBeVisible();
    await expect(field('email')).toHaveValue(email);
    await expect(field('billingAddress.firstName')).toHaveValue('Anna');
    await expect(field('billingAddress.street')).toHaveValue('Bahnhofstrasse 1');
    await expect(field('billingAddress.zipcode')).toHaveValue('80');
    await expect(field('acceptedDataProtection')).toBeChecked();
    await field('billingAddress.zipcode').fill('8001');
    await kitForm(page, 'checkout-registration').getByRole('button', { name: 'Weiter', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(`Sie bestellen als Gast: Anna Muster (${email})`)).toBeVisible();

    await chooseAndApply(page, 'checkout-shipping', /^Post Standard/);
    await chooseAndApply(page, 'checkout-payment', /^Kreditkarte/);
    await order(page);
    // Straight on to the provider, as the success page's countdown would lead.
    await expect(page).toHaveURL(/\/payment-provider\//);
    const [orderId] = ordersOf(email);
    expect(ordersOf(email)).toHaveLength(1);
    await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/success/${orderId}/paid(\\?.*)?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank für Ihre Bestellung');
    await expect(page.getByTestId('payment-status')).toHaveText('Bezahlt');
  });

  test('Click & Collect: the login comes back to the checkout, no order without a pharmacy, one chosen from the list, paid by invoice', async ({ page }) => {
    const email = `abholen-ohne-js-${Date.now()}@example.ch`;
    await confirmedAccount(page.request, { email, password: PASSWORD, firstName: 'Beatrice', lastName: 'Beispiel' });
    await cartWith(page, (p) => p.clickAndCollectOnly && !p.prescriptionRequired && !p.isDownload);
    await page.goto('/checkout');

    // The identity choice is a GET form: "I have an account" shows the login form.
    await page.getByRole('radio', { name: 'Ich habe ein Kundenkonto' }).check();
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page).toHaveURL(/\/checkout\?identity=login$/);
    await named(page, 'checkout-login', 'login.email').fill(email);
    await named(page, 'checkout-login', 'login.password').fill(PASSWORD);
    await kitForm(page, 'checkout-login').getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(`Angemeldet als Beatrice Beispiel (${email})`)).toBeVisible();

    await expect(kitForm(page, 'checkout-shipping').getByRole('radio', { name: /^Post Standard/ })).toBeDisabled();
    await chooseAndApply(page, 'checkout-shipping', /^Click & Collect/);
    await chooseAndApply(page, 'checkout-payment', /^Rechnung/);
    // Without a pharmacy the order is refused, with the enhanced page's words beside the pharmacy box.
    const refused = nextPost(page);
    await order(page);
    expect((await refused).status()).toBe(422);
    await expect(page.getByTestId('selected-pharmacy')).toContainText('Bitte wählen Sie eine Apotheke für die Abholung.');
    expect(ordersOf(email)).toEqual([]);

    // "Apotheke wählen" leads to the list rendered on the server; a search narrows it.
    await page.getByTestId('selected-pharmacy').getByRole('button', { name: 'Apotheke wählen' }).click();
    const list = page.getByTestId('pharmacy-list');
    await expect(list.getByRole('radio').first()).toBeVisible();
    await list.getByRole('searchbox', { name: 'Postleitzahl oder Ort' }).fill('Zürich');
    await list.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/pharmacy-search=Z%C3%BCrich$/);
    const choice = list.locator('fieldset label').first();
    const pharmacyName = (await choice.locator('strong').textContent())!.trim();
    await choice.getByRole('radio').check();
    await list.getByRole('button', { name: 'Apotheke wählen' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('selected-pharmacy')).toContainText(pharmacyName);

    await order(page);
    // Invoice needs no provider: the paid page, with the pharmacy to collect from.
    await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}\/paid(\?.*)?$/);
    await expect(page.getByTestId('pickup-pharmacy')).toContainText(pharmacyName);
    expect(ordersOf(email)).toHaveLength(1);
  });

  test('a new account from the checkout keeps all but the passwords when refused; its addresses change there, a different shipping address by its box', async ({ page }) => {
    const email = `konto-ohne-js-${Date.now()}@example.ch`;
    await cartWithDeliveryProduct(page);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: 'Kundenkonto erstellen' }).check();
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page).toHaveURL(/\/checkout\?identity=register$/);
    const field = (name: string) => named(page, 'checkout-registration', name);
    await field('password').fill(PASSWORD);
    await field('passwordConfirmation').fill('Anders-123');
    const answer = nextPost(page);
    await fillGuest(page, email, '8001', 'Konto erstellen und weiter');
    expect((await answer).status()).toBe(422);
    await expect(kitForm(page, 'checkout-registration').getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
    await expect(field('email')).toHaveValue(email);
    await expect(field('billingAddress.city')).toHaveValue('Zürich');
    await expect(field('password')).toHaveValue('');
    await field('password').fill(PASSWORD);
    await field('passwordConfirmation').fill(PASSWORD);
    await kitForm(page, 'checkout-registration').getByRole('button', { name: 'Konto erstellen und weiter' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText(`Sie bestellen als Anna Muster (${email}). Bitte bestätigen Sie Ihr Kundenkonto`)).toBeVisible();

    // "Adressen ändern" opens the form by its address; a town left empty comes back beside its field.
    await page.getByRole('button', { name: 'Adressen ändern' }).click();
    await expect(page).toHaveURL(/\/checkout\?addresses=edit$/);
    const address = (name: string) => named(page, 'checkout-addresses', name);
    await address('billingAddress.city').fill('');
    await address('differentShippingAddress').check();
    await address('shippingAddress.firstName').fill('Bruno');
    await address('shippingAddress.lastName').fill('Muster');
    await address('shippingAddress.street').fill('Marktgasse 5');
    await address('shippingAddress.zipcode').fill('3011');
    await address('shippingAddress.city').fill('Bern');
    const refused = nextPost(page);
    await kitForm(page, 'checkout-addresses').getByRole('button', { name: 'Adressen speichern' }).click();
    expect((await refused).status()).toBe(422);
    await expect(kitForm(page, 'checkout-addresses').getByText('Der Wert ist erforderlich')).toBeVisible();
    await expect(address('shippingAddress.street')).toHaveValue('Marktgasse 5');
    await address('billingAddress.city').fill('Winterthur');
    await kitForm(page, 'checkout-addresses').getByRole('button', { name: 'Adressen speichern' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('8001 Winterthur')).toBeVisible();
    await expect(page.getByText('3011 Bern')).toBeVisible();
  });

  test('an order without the terms is refused in the page’s language, every choice kept', async ({ page }) => {
    const email = `agb-ohne-js-${Date.now()}@example.ch`;
    await guestCheckoutByCard(page, email);
    const chosen = (form: string) => kitForm(page, form).locator('input[type="radio"]:checked');
    const shippingId = await chosen('checkout-shipping').inputValue();
    const paymentId = await chosen('checkout-payment').inputValue();
    await page.goto('/fr/checkout');
    await named(page, 'checkout-order', 'customerComment').fill('Bitte klingeln');
    const answer = nextPost(page);
    await kitForm(page, 'checkout-order').getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    expect((await answer).status()).toBe(422);
    await expect(kitForm(page, 'checkout-order').getByText('Veuillez accepter les CGV.')).toBeVisible();
    await expect(named(page, 'checkout-order', 'customerComment')).toHaveValue('Bitte klingeln');
    await expect(chosen('checkout-shipping')).toHaveValue(shippingId);
    await expect(chosen('checkout-payment')).toHaveValue(paymentId);
    expect(ordersOf(email)).toEqual([]);
  });

  test('the order form posted twice with the same key makes one order', async ({ page, baseURL }) => {
    const email = `doppelt-ohne-js-${Date.now()}@example.ch`;
    await guestCheckoutByCard(page, email);
    const key = await named(page, 'checkout-order', 'idempotencyKey').inputValue();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // Two posts of the same rendered page (a double tap, a resubmit), with the shopper's session.
    const post = () =>
      page.request.post('/checkout', {
        form: { _form: 'checkout-order', acceptedTerms: 'on', customerComment: '', idempotencyKey: key },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
    const [first, second] = [await post(), await post()];
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    expect(first.headers().location).toMatch(/\/payment-provider\//);
    expect(ordersOf(email)).toHaveLength(1);
  });

  test('a failed payment leads to /unpaid; the retry there pays the same order with TWINT', async ({ page }) => {
    const email = `nochmals-ohne-js-${Date.now()}@example.ch`;
    await guestCheckoutByCard(page, email);
    await order(page);
    await expect(page).toHaveURL(/\/payment-provider\//);
    await page.getByRole('button', { name: 'Zahlung fehlschlagen lassen' }).click();
    const [orderId] = ordersOf(email);
    await expect(page).toHaveURL(new RegExp(`/checkout/success/${orderId}/unpaid(\\?.*)?$`));

    await kitForm(page, 'order-payment-retry').getByRole('radio', { name: /^TWINT/ }).check();
    await kitForm(page, 'order-payment-retry').getByRole('button', { name: 'Erneut bezahlen' }).click();
    await expect(page).toHaveURL(/\/payment-provider\//);
    await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/success/${orderId}/paid(\\?.*)?$`));
    await expect(page.getByTestId('payment-status')).toHaveText('Bezahlt');
    expect(ordersOf(email)).toEqual([orderId]);
  });
});

test('an order pressed before the page’s scripts arrived goes through once', async ({ page }) => {
  const email = `frueh-bestellt-${Date.now()}@example.ch`;
  // Every page from here on waits for its scripts: each step goes as a form post.
  const release = await holdPageScripts(page);
  await cartWith(page, isDelivery, 'commit');
  await page.goto('/checkout', { waitUntil: 'commit' });
  await fillGuest(page, email);
  await expect(page.getByText(`Sie bestellen als Gast: Anna Muster (${email})`)).toBeVisible();
  await chooseAndApply(page, 'checkout-shipping', /^Post Standard/);
  await chooseAndApply(page, 'checkout-payment', /^Kreditkarte/);
  await order(page);
  await expect(page).toHaveURL(/\/payment-provider\//);
  release();
  await page.goBack();
  await hydrated(page);
  expect(ordersOf(email)).toHaveLength(1);
});

test('with scripts the same forms are enhanced in place: a choice is saved as it is made, the order keeps the server’s key', async ({ page }) => {
  const email = `mit-js-${Date.now()}@example.ch`;
  const [product] = await findProducts(page.request, isDelivery);
  // the add-to-cart link, which puts the product in the cart once its page runs
  await page.goto(`/checkout/add-to-cart?productId=${product!.productId}`);
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await page.goto('/checkout');
  await hydrated(page, 'form[data-form="checkout-order"]');
  // The buttons that send a choice without scripts are gone once the page runs.
  await expect(page.getByRole('button', { name: 'Übernehmen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anzeigen' })).toHaveCount(0);
  const key = await named(page, 'checkout-order', 'idempotencyKey').inputValue();
  await fillGuest(page, email);
  await expect(page.getByText(`Sie bestellen als Gast: Anna Muster (${email})`)).toBeVisible();
  await page.getByRole('radio', { name: /^Post Standard/ }).check();
  await page.getByRole('radio', { name: /^Kreditkarte/ }).check();
  await expect(page.getByRole('radio', { name: /^Kreditkarte/ })).toBeChecked();
  await expect(page).toHaveURL(/\/checkout$/);
  await order(page);
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}$/);
  expect(ordersOf(email)).toHaveLength(1);
  // The order was placed with the key the server rendered: posting it again answers the same order.
  expect(readShop<{ key: string }>('SELECT idempotency_key AS key FROM order_request WHERE order_id = ?', ordersOf(email)[0]).map((row) => row.key)).toEqual([key]);
});
