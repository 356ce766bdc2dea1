import { expect, test } from '@playwright/test';
import { seededLoyaltyCardCode, seededLoyaltyCardNumber, seededLoyaltyCardPoints } from '../../store-api/src/seed/loyalty-cards';
import { confirmedAccount, findProducts, hydrated, isDelivery, readShop } from './support/shop';

// Issue 19 item 6 in a shopper's browser: a VitalCard with 1,200 points lists two CHF 5 vouchers, 200 points
// collected and 300 still missing for the next; "Im Warenkorb einlösen" puts a voucher into the cart, which then
// shows CHF 5.00 off; another shopper's browser (without JavaScript) is told the code is not theirs.

/** The seeded printed card with 1,200 points (store-api/src/seed/loyalty-cards.ts). */
const CARD_1200 = 3;

test('a card with 1,200 points shows two vouchers and 300 points to the next; one redeemed in the cart gives CHF 5.00 off', async ({ page, request, browser }) => {
  expect(seededLoyaltyCardPoints(CARD_1200)).toBe(1200);
  const email = `e2e.gutschein-${Date.now()}@example.ch`;
  const password = 'Sicher-123';
  await confirmedAccount(request, { email, password, firstName: 'Greta', lastName: 'Gutschein' });

  await page.goto('/account/my-vitalcard');
  await page.waitForURL(/\/login\?redirect=%2Faccount%2Fmy-vitalcard$/);
  await hydrated(page, '[data-testid="login-submit"]');
  await page.locator('[data-field="email"]').fill(email);
  await page.locator('[data-field="password"]').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/account/my-vitalcard');
  await hydrated(page, 'main form');

  await page.getByRole('textbox', { name: /^Kartennummer/ }).fill(seededLoyaltyCardNumber(CARD_1200));
  await page.getByRole('textbox', { name: /^Prüfcode/ }).fill(seededLoyaltyCardCode(CARD_1200));
  await page.getByRole('button', { name: 'Karte erfassen' }).click();
  const card = page.getByTestId('loyalty-card');
  await expect(card.getByTestId('loyalty-points')).toHaveText(/^1.200$/);
  await expect(card.getByTestId('loyalty-missing')).toHaveText(/^Noch 300 Punkte bis zum nächsten CHF\s5\.00-Gutschein\.$/);
  await expect(card.getByTestId('loyalty-collected')).toHaveText('200 von 500 Punkten für den nächsten Gutschein gesammelt');
  await expect(card.locator('progress')).toHaveAttribute('value', '200');
  const vouchers = card.getByTestId('loyalty-voucher');
  await expect(vouchers).toHaveCount(2);
  await expect(card.getByTestId('loyalty-voucher-state')).toHaveText(['Einlösbar', 'Einlösbar']);

  // From the server too, after a reload: the same two codes (issued once), as stored.
  const codes = await card.getByTestId('loyalty-voucher-code').allTextContents();
  await page.reload();
  await expect(page.getByTestId('loyalty-voucher-code')).toHaveText(codes);
  const stored = readShop<{ code: string; state: string }>(
    `SELECT v.code, v.state FROM loyalty_voucher v JOIN customer c ON c.id = v.customer_id WHERE c.email = ? ORDER BY v.ordinal`,
    email,
  );
  expect(stored).toEqual(codes.map((code) => ({ code, state: 'issued' })));

  // Something in the cart, then the first voucher into it from the card area.
  const [product] = await findProducts(request, isDelivery);
  await page.goto(`/checkout/add-to-cart?productId=${product!.productId}&quantity=2`);
  await page.waitForURL((url) => url.pathname === '/checkout/cart');
  await expect(page.getByTestId('cart-discount')).toHaveCount(0);
  await page.goto('/account/my-vitalcard');
  await page.getByRole('button', { name: `Gutschein ${codes[0]} im Warenkorb einlösen` }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/cart');
  await expect(page.getByTestId('cart-promotion-line')).toContainText(codes[0]!);
  await expect(page.getByTestId('cart-promotion-line')).toContainText('VitalCard-Gutschein');
  await expect(page.getByTestId('cart-discount')).toHaveText(/^CHF\s?-5\.00$/);

  // Someone else typing the second code, in a browser without JavaScript and without a login: asked to log in (the
  // voucher belongs to an account), beside the field, no discount.
  const stranger = await browser.newContext({ javaScriptEnabled: false });
  const other = await stranger.newPage();
  // Without scripts the add-to-cart link asks first.
  await other.goto(`/checkout/add-to-cart?productId=${product!.productId}&quantity=2`);
  await other.getByRole('button', { name: 'In den Warenkorb legen' }).click();
  await other.waitForURL((url) => url.pathname === '/checkout/cart');
  await other.getByLabel('Aktionscode eingeben').fill(codes[1]!);
  await other.getByRole('button', { name: 'Einlösen' }).click();
  await expect(other).toHaveURL(/\/checkout\/cart\?error=VOUCHER_LOGIN_REQUIRED$/);
  await expect(other.getByText('Dieser Gutschein gehört zu einem Kundenkonto. Bitte melden Sie sich an, um ihn einzulösen.')).toBeVisible();
  await expect(other.getByTestId('cart-discount')).toHaveCount(0);
  await stranger.close();
});
