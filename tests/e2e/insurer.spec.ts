import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, graph, hydrated, readShop } from './support/shop';

// The insurer landing page (SPEC §1, §9) in a shopper's browser: log in from the page, a wrong insurance number
// is refused beside the field, a member number is verified, and a generic medicine then costs 10 % less on the
// product page and in the cart (line and total) with the "Versichertenrabatt −10 %" note.

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const chf = (value: number) => new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF', minimumFractionDigits: 2 }).format(value);

test('a customer verifies a member number on the landing page and pays 10 % less for a generic', async ({ page, request }) => {
  const email = uniqueEmail('e2e.versichert');
  const password = 'Sicher-123';
  await confirmedAccount(request, { email, password, firstName: 'Vera', lastName: 'Sichert' });

  const response = await page.goto('/versicherte');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vorteile für Versicherte');
  await expect(page.getByText('10 % Rabatt auf Generika')).toBeVisible();
  await expect(page.getByText('1,5 % Rabatt auf Originalpräparate ab CHF 1028')).toBeVisible();

  // Anonymous: the login prompt leads back here.
  await page.getByRole('link', { name: 'Jetzt anmelden' }).click();
  await page.waitForURL(/\/login\?redirect=%2Fversicherte$/);
  await hydrated(page, '[data-testid="login-submit"]');
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/versicherte');
  await hydrated(page, 'form button[type="submit"]');

  const number = page.getByRole('textbox', { name: /Nummer der Versichertenkarte/ });
  const submit = page.getByRole('button', { name: 'Nummer bestätigen' });
  // The browser's courtesy check: a malformed number.
  await number.fill('12345');
  await submit.click();
  await expect(page.getByText('Bitte geben Sie eine gültige Nummer der Versichertenkarte ein')).toBeVisible();
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  // The card format but not a member: the server refuses it.
  await number.fill(`8075699999999999999${luhnDigit('8075699999999999999')}`);
  await submit.click();
  await expect(page.getByText('Die Versichertennummer ist ungültig.')).toBeVisible();

  const [member] = readShop<{ number: string }>('SELECT insurance_number AS number FROM insurer_member WHERE multi_medication_plan = 0 ORDER BY insurance_number LIMIT 1');
  await number.fill(member!.number.replace(/(\d{5})(?=\d)/g, '$1 '));
  await submit.click();
  await expect(page.getByText('Ihre Versicherung ist bestätigt')).toBeVisible();
  await expect(page.getByTestId('insurer-voucher')).toContainText('VERSICHERT20');

  const [generic] = readShop<{ id: string; price: number }>(
    `SELECT id, price FROM product WHERE medication_kind = 'generic' AND parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1
     AND stock > 50 AND list_price IS NULL AND click_collect_only = 0 AND prescription_required = 0 AND price BETWEEN 10 AND 40
     AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = product.id) ORDER BY product_number LIMIT 1`,
  );
  const insured = Math.round(generic!.price * 90) / 100;
  const { product } = await graph<{ product: { url: string } }>(request, 'query ($id: ID!) { product(id: $id) { url } }', { id: generic!.id });

  await page.goto(product.url);
  await expect(page.getByTestId('product-price')).toHaveText(chf(insured));
  await expect(page.getByTestId('insurer-discount').first()).toHaveText('Versichertenrabatt −10 %');

  await page.goto(`/checkout/add-to-cart?productId=${generic!.id}&quantity=2`);
  await page.waitForURL((url) => url.pathname === '/checkout/cart');
  const line = page.getByTestId('cart-line');
  await expect(line.getByTestId('insurer-discount')).toHaveText('Versichertenrabatt −10 %');
  const lineTotal = Math.round(insured * 200) / 100;
  await expect(line.getByTestId('cart-line-total')).toContainText(chf(lineTotal));
  await expect(page.getByTestId('cart-products-total')).toHaveText(chf(lineTotal));
});

function luhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const digits = `${body}${d}`;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return String(d);
  }
  return '0';
}

test('the landing page in Italian and French, with the login prompt for visitors', async ({ page }) => {
  for (const [path, title, login] of [
    ['/it/assicurati', 'Vantaggi per assicurati', 'Accedi ora'],
    ['/fr/assures', 'Avantages pour les assurés', 'Se connecter'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: login })).toHaveAttribute('href', new RegExp(`\\?redirect=${encodeURIComponent(path)}$`));
  }
});
