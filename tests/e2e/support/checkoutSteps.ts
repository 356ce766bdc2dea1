import { expect, type Page } from '@playwright/test';
import { kitForm, named } from './formPage';
import { findProducts, isDelivery, readShop, type FoundProduct } from './shop';

// The checkout's steps as a shopper takes them without scripts (issue 18, ADR 0023): shared by the specs of the
// checkout's plain forms.

/** A product of the kind wanted in the cart, through its page's buy box (a form the server handles). */
export async function cartWith(page: Page, wanted: (product: FoundProduct) => boolean, waitUntil: 'load' | 'commit' = 'load'): Promise<void> {
  const [product] = await findProducts(page.request, wanted);
  await page.goto(product!.url, { waitUntil });
  await page.getByTestId('add-to-cart').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
}
export const cartWithDeliveryProduct = (page: Page) => cartWith(page, isDelivery);

/** The answer to the next form post the page sends. */
export const nextPost = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST');

/** Step 1 as a guest (the checkout's default form) or a new account (`submit`), sent; `zipcode` lets a test send a bad one. */
export async function fillGuest(page: Page, email: string, zipcode = '8001', submit = 'Weiter'): Promise<void> {
  const field = (name: string) => named(page, 'checkout-registration', name);
  await field('email').fill(email);
  await field('billingAddress.firstName').fill('Anna');
  await field('billingAddress.lastName').fill('Muster');
  await field('billingAddress.street').fill('Bahnhofstrasse 1');
  await field('billingAddress.zipcode').fill(zipcode);
  await field('billingAddress.city').fill('Zürich');
  await field('acceptedDataProtection').check();
  await kitForm(page, 'checkout-registration').getByRole('button', { name: submit, exact: true }).click();
}

/** A checkout choice (shipping, payment, pharmacy): its radio, then the form's button; back on the checkout. */
export async function chooseAndApply(page: Page, form: string, option: RegExp, button = 'Übernehmen'): Promise<void> {
  await kitForm(page, form).getByRole('radio', { name: option }).check();
  await kitForm(page, form).getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(kitForm(page, form).getByRole('radio', { name: option })).toBeChecked();
}

/** Terms ticked, "Zahlungspflichtig bestellen" pressed. */
export async function order(page: Page): Promise<void> {
  await named(page, 'checkout-order', 'acceptedTerms').check();
  await kitForm(page, 'checkout-order').getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
}

/** The orders placed with an e-mail address, from the shop's database. */
export const ordersOf = (email: string) => readShop<{ id: string }>('SELECT id FROM "order" WHERE email = ?', email).map((row) => row.id);

/** A guest's delivery checkout up to the order step: guest data, post, card. */
export async function guestCheckoutByCard(page: Page, email: string): Promise<void> {
  await cartWithDeliveryProduct(page);
  await page.goto('/checkout');
  await fillGuest(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`Sie bestellen als Gast: Anna Muster (${email})`)).toBeVisible();
  await chooseAndApply(page, 'checkout-shipping', /^Post Standard/);
  await chooseAndApply(page, 'checkout-payment', /^Kreditkarte/);
}
