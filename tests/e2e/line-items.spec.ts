import { expect, test, type Page } from '@playwright/test';
import { hydrated, readShop } from './support/shop';

// Issue 19 items 5 and 8 in Chromium with JavaScript against the real server: the chosen variant (Grösse,
// Geschmack …) is named on the cart line, in the checkout summary, on the success page and on the order
// line in SQLite; the cart tells a code waiting for its minimum once, and corrects a quantity above the
// maximum with a message.

test.describe.configure({ timeout: 90_000 });

/** A buyable variant of P100009 and its options as "Group: Option" in German, from the shop's database. */
function variantOfP100009(): { id: string; options: string[] } {
  const [variant] = readShop<{ id: string }>(
    `SELECT v.id FROM product v JOIN product p ON p.id = v.parent_id
     WHERE p.product_number = 'P100009' AND v.active = 1 AND v.available = 1 AND v.stock > 10 ORDER BY v.product_number LIMIT 1`,
  );
  const options = readShop<{ text: string }>(
    `SELECT gt.name || ': ' || ot.name AS text FROM product_option po
     JOIN property_group_option o ON o.id = po.property_group_option_id
     JOIN property_group_option_translation ot ON ot.property_group_option_id = o.id AND ot.language_id = (SELECT id FROM language WHERE short_code = 'de')
     JOIN property_group_translation gt ON gt.property_group_id = o.group_id AND gt.language_id = ot.language_id
     WHERE po.product_id = ?`,
    variant!.id,
  ).map((row) => row.text);
  return { id: variant!.id, options };
}

/** An in-stock delivery product between CHF 10 and 20 with the shop's default maximum of 100 per order. */
function cheapProductId(): string {
  const [row] = readShop<{ id: string }>(
    `SELECT p.id FROM product p
     WHERE p.active = 1 AND p.available = 1 AND p.child_count = 0 AND p.type = 'physical' AND p.click_collect_only = 0 AND p.prescription_required = 0
       AND p.is_closeout = 0 AND p.stock > 200 AND p.min_purchase = 1 AND p.purchase_steps = 1 AND p.max_purchase IS NULL AND p.price BETWEEN 10 AND 20
       AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)
     ORDER BY p.product_number LIMIT 1`,
  );
  return row!.id;
}

async function addByLink(page: Page, productId: string, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/checkout/add-to-cart?productId=${productId}`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout/cart$`), { timeout: 15_000 });
}

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

test('a variant’s size and flavour are named in the cart, in checkout, on the success page and on the order line', async ({ page }) => {
  const variant = variantOfP100009();
  expect(variant.options.length).toBeGreaterThan(0);
  await addByLink(page, variant.id);
  const line = page.getByTestId('cart-line');
  for (const option of variant.options) await expect(line.getByTestId('line-options')).toContainText(option);

  await page.goto('/checkout');
  await hydrated(page, 'form');
  const email = `variante-${Date.now()}@example.ch`;
  await page.getByRole('radio', { name: 'Als Gast bestellen' }).check();
  await field(page, /^E-Mail-Adresse/).fill(email);
  await field(page, /^Vorname/).fill('Anna');
  await field(page, /^Nachname/).fill('Muster');
  await field(page, /^Strasse und Hausnummer/).fill('Bahnhofstrasse 1');
  await field(page, /^PLZ/).fill('8001');
  await field(page, /^Ort/).fill('Zürich');
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page.getByText(`Sie bestellen als Gast: Anna Muster (${email})`)).toBeVisible();
  const summary = page.getByTestId('order-summary');
  for (const option of variant.options) await expect(summary.getByTestId('line-options')).toContainText(option);

  await page.getByRole('radio', { name: /^Rechnung/ }).check();
  await page.getByRole('checkbox', { name: /AGB/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}$/, { timeout: 15_000 });
  for (const option of variant.options) await expect(page.getByTestId('order-summary').getByTestId('line-options')).toContainText(option);

  const [stored] = readShop<{ payload: string }>(`SELECT l.payload FROM order_line_item l JOIN "order" o ON o.id = l.order_id WHERE o.email = ? AND l.type = 'product'`, email);
  const names = (JSON.parse(stored!.payload) as { options: { group: string; option: string }[] }).options.map((o) => `${o.group}: ${o.option}`);
  expect(names.sort()).toEqual([...variant.options].sort());
});

test('a code below its minimum is told once, as waiting for CHF 30; a quantity above 100 is corrected with a message', async ({ page }) => {
  await addByLink(page, cheapProductId());
  await hydrated(page, '[data-testid="cart-line-quantity"]');
  await page.getByLabel('Aktionscode eingeben').fill('WILLKOMMEN5');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  const messages = page.getByTestId('cart-errors');
  await expect(messages).toHaveText('Der Aktionscode WILLKOMMEN5 gilt ab einem Bestellwert von CHF\u00a030.00. Er wird angewendet, sobald der Mindestbestellwert erreicht ist.');
  await expect(page.getByText(/wurde eingelöst/)).toHaveCount(0);

  const quantity = page.getByTestId('cart-line-quantity');
  await quantity.fill('150');
  await quantity.blur();
  await expect(quantity).toHaveValue('100');
  await expect(messages).toContainText(/Von .+ können höchstens 100 Stück pro Bestellung gekauft werden\. Die Menge wurde auf 100 angepasst\./);
});

test('in French the waiting code names its minimum in francs', async ({ page }) => {
  await addByLink(page, cheapProductId(), '/fr');
  await hydrated(page, '[data-testid="cart-line-quantity"]');
  await page.getByLabel('Saisir le code promotionnel').fill('WILLKOMMEN5');
  await page.getByRole('button', { name: 'Utiliser' }).click();
  await expect(page.getByTestId('cart-errors')).toHaveText(
    'Le code promotionnel WILLKOMMEN5 est valable dès une valeur de commande de 30.00\u00a0CHF. Il sera appliqué dès que la valeur minimale de commande sera atteinte.',
  );
});
