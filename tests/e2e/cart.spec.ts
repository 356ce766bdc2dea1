import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { graph, hydrated } from './support/shop';

// The cart as a shopper uses it (issue 5 items 5 and 7): add to cart on a product page with the header
// count following without a reload, the cart page's quantity and totals, promotion codes, the Click &
// Collect / delivery prompt, add-to-cart links, and the cart's forms without JavaScript. Products come
// from the graph (deterministic seed: P101234 is shipped by post, P100039 is Click & Collect only).

interface GraphProduct {
  productId: string;
  name: string;
  url: string;
  clickAndCollectOnly: boolean;
  available: boolean;
  minPurchase: number;
  purchaseSteps: number;
  price: { unitPrice: number };
}

async function productFromGraph(request: APIRequestContext, productNumber: string): Promise<GraphProduct> {
  const { product } = await graph<{ product: GraphProduct | null }>(
    request,
    `query ($n: String!) { product(productNumber: $n) {
      productId name url clickAndCollectOnly available minPurchase purchaseSteps price { unitPrice }
    } }`,
    { n: productNumber },
  );
  expect(product).not.toBeNull();
  expect(product!.available).toBe(true);
  expect(product!.minPurchase).toBe(1);
  expect(product!.purchaseSteps).toBe(1);
  return product!;
}

/** A product shipped by post, and one for Click & Collect only. */
async function products(request: APIRequestContext): Promise<{ delivery: GraphProduct; collect: GraphProduct }> {
  const delivery = await productFromGraph(request, 'P101234');
  const collect = await productFromGraph(request, 'P100039');
  expect(delivery.clickAndCollectOnly).toBe(false);
  expect(collect.clickAndCollectOnly).toBe(true);
  return { delivery, collect };
}

const chf = (value: number) => new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
const round = (value: number) => Math.round(value * 100) / 100;

/** The add-to-cart link (SPEC §2), which ends on the cart page. */
async function addByLink(page: Page, productId: string, quantity = 1): Promise<void> {
  await page.goto(`/checkout/add-to-cart?productId=${productId}&quantity=${quantity}`);
  await expect(page).toHaveURL(/\/checkout\/cart$/, { timeout: 15_000 });
}

const cartLines = (page: Page) => page.getByTestId('cart-line');

test('add to cart on a product page: the header count goes 0 → 1 without a reload; the cart shows the line, and its quantity changes the totals', async ({ page, request }) => {
  const { delivery } = await products(request);
  await page.goto(delivery.url);
  await hydrated(page, '[data-testid="add-to-cart"]');
  await expect(page.getByRole('link', { name: 'Warenkorb, 0 Artikel' })).toBeVisible();
  // A marker on the window survives only if the page is never reloaded.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();
  await expect(page.getByText(`«${delivery.name}» wurde in den Warenkorb gelegt.`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  const line = cartLines(page).first();
  await expect(line.getByRole('link', { name: delivery.name })).toHaveAttribute('href', delivery.url);
  await expect(line).toContainText(`${chf(delivery.price.unitPrice)} / Stk.`);
  // the line's Swiss VAT rate: 8.1 % standard or 2.6 % reduced (medicines, food)
  await expect(line).toContainText(/inkl\. (8\.1|2\.6) % MwSt\./);
  await expect(page.getByTestId('cart-totals')).toContainText(/davon MwSt\. (8\.1|2\.6) %/);
  await expect(line.getByTestId('cart-line-total')).toContainText(chf(delivery.price.unitPrice));
  const totalBefore = await page.getByTestId('cart-total').textContent();
  // one light parcel by post: CHF 7.70 (SPEC §9), and the amount still missing for free shipping
  await expect(page.getByTestId('cart-shipping')).toHaveText('CHF 7.70');
  // (the shop's free-shipping threshold is CHF 50 unless FREE_SHIPPING_THRESHOLD_CHF says otherwise)
  await expect(page.getByTestId('free-shipping-hint')).toContainText(`${chf(round(50 - delivery.price.unitPrice))} fehlen für kostenlosen Versand`);

  await hydrated(page, '[data-testid="cart-line-quantity"]');
  await line.getByRole('button', { name: `Menge von «${delivery.name}» erhöhen` }).click();
  await expect(line.getByTestId('cart-line-quantity')).toHaveValue('2');
  await expect(line.getByTestId('cart-line-total')).toContainText(chf(round(delivery.price.unitPrice * 2)));
  await expect(page.getByTestId('cart-products-total')).toHaveText(chf(round(delivery.price.unitPrice * 2)));
  await expect(page.getByTestId('cart-total')).not.toHaveText(totalBefore ?? '');

  // typing a quantity and leaving the field sends it; 0 removes the line (SPEC §4)
  await line.getByTestId('cart-line-quantity').fill('3');
  await line.getByTestId('cart-line-quantity').press('Enter');
  await expect(line.getByTestId('cart-line-total')).toContainText(chf(round(delivery.price.unitPrice * 3)));
  // three pieces pass the shop's free-shipping threshold (CHF 50 by default)
  expect(delivery.price.unitPrice * 3).toBeGreaterThan(50);
  await expect(page.getByTestId('free-shipping-hint')).toHaveText('Ihre Bestellung wird kostenlos versandt.');
  await expect(page.getByTestId('cart-shipping')).toHaveText('Kostenlos');
  await line.getByRole('button', { name: `«${delivery.name}» aus dem Warenkorb entfernen` }).click();
  await expect(page.getByTestId('cart-empty')).toContainText('Ihr Warenkorb ist leer.');
});

test('a promotion code: GESUND10 gives a discount line and a lower total; an unknown code is refused beside the field', async ({ page, request }) => {
  const { delivery } = await products(request);
  await addByLink(page, delivery.productId, 2);
  await hydrated(page, '[data-testid="cart-line-quantity"]');
  const total = async () => Number((await page.getByTestId('cart-total').textContent())?.replace(/[^\d.]/g, ''));
  const before = await total();

  const field = page.getByLabel('Aktionscode eingeben');
  await field.fill('GIBTESNICHT');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText('Der Aktionscode wurde nicht gefunden')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await total()).toBe(before);

  await field.fill('GESUND10');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByTestId('cart-promotion-line')).toContainText('GESUND10');
  await expect(page.getByTestId('cart-discount')).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(total).toBeLessThan(before);
  // the discount is 10 % of the products (the Store API computes it; the page shows it)
  const discount = Number((await page.getByTestId('cart-discount').textContent())?.replace(/[^\d.]/g, ''));
  expect(discount).toBeCloseTo(round(delivery.price.unitPrice * 2 * 0.1), 2);

  // the applied code can be removed again
  await page.getByRole('button', { name: 'Aktionscode GESUND10 entfernen' }).click();
  await expect(page.getByTestId('cart-promotion-line')).toHaveCount(0);
  await expect.poll(total).toBe(before);
});

test('a Click & Collect product added to a delivery cart asks first: cancel keeps the cart, replace leaves only the new product', async ({ page, request }) => {
  const { delivery, collect } = await products(request);
  await addByLink(page, delivery.productId);
  await page.goto(collect.url);
  await hydrated(page, '[data-testid="add-to-cart"]');
  await expect(page.getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();

  const addButton = page.getByTestId('add-to-cart');
  await addButton.click();
  const dialog = page.getByRole('dialog', { name: 'Warenkorb ersetzen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Warenkorb ersetzen' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  await expect(page.getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();

  // Escape cancels too; then the shopper replaces the cart
  await addButton.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await addButton.click();
  await dialog.getByRole('button', { name: 'Warenkorb ersetzen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Der Warenkorb wurde ersetzt: Er enthält jetzt «${collect.name}».`)).toBeVisible();

  await page.goto('/checkout/cart');
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first().getByRole('link', { name: collect.name })).toBeVisible();
  await expect(cartLines(page).first()).toContainText('Nur Click & Collect');
  await expect(page.getByRole('heading', { name: 'Click & Collect' })).toBeVisible();
});

test('an add-to-cart link lands on the cart with the item; a link to nothing says so', async ({ page, request }) => {
  const { delivery } = await products(request);
  // a page before the link, for "back" below
  await page.goto('/');
  await addByLink(page, delivery.productId, 2);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first().getByTestId('cart-line-quantity')).toHaveValue('2');

  // a recommended product is added from the cart page itself: its line and the sums follow at once
  const recommendations = page.getByRole('region', { name: 'Das könnte Sie auch interessieren' });
  const card = recommendations
    .locator('article')
    .filter({ hasNot: page.getByText('Nur Click & Collect') })
    .filter({ has: page.getByTestId('card-add-to-cart') })
    .first();
  const totalBefore = await page.getByTestId('cart-total').textContent();
  const recommended = ((await card.getByRole('heading').textContent()) ?? '').trim();
  expect(recommended).not.toBe('');
  await hydrated(page, '[data-testid="card-add-to-cart"]');
  await card.getByTestId('card-add-to-cart').click();
  await expect(cartLines(page)).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).not.toHaveText(totalBefore ?? '');
  // the product now in the cart is no longer recommended
  await expect(cartLines(page).getByRole('link', { name: recommended, exact: true })).toBeVisible();
  await expect(recommendations.getByRole('heading', { name: recommended, exact: true })).toHaveCount(0);

  // "back" does not add again: the link's page was replaced by the cart in the history, so back is the page before
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/checkout/cart');
  await expect(cartLines(page)).toHaveCount(2);
  await expect(cartLines(page).filter({ has: page.getByRole('link', { name: delivery.name, exact: true }) }).getByTestId('cart-line-quantity')).toHaveValue('2');

  const missing = await page.goto('/checkout/add-to-cart?productId=ffffffffffffffffffffffffffffffff');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('add-to-cart-problem')).toContainText('Dieser Link führt zu keinem Artikel');
  await expect(page.getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/');
  const malformed = await page.goto('/checkout/add-to-cart');
  expect(malformed?.status()).toBe(404);
});

test('without JavaScript the add-to-cart link and the cart’s quantity form work', async ({ browser, request, baseURL }) => {
  const { delivery } = await products(request);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(`/checkout/add-to-cart?productId=${delivery.productId}`);
  await page.getByRole('button', { name: 'In den Warenkorb legen' }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);

  const line = cartLines(page).first();
  await line.getByTestId('cart-line-quantity').fill('3');
  await line.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(cartLines(page).first().getByTestId('cart-line-quantity')).toHaveValue('3');
  await expect(cartLines(page).first().getByTestId('cart-line-total')).toContainText(chf(round(delivery.price.unitPrice * 3)));
  // the stepper's buttons are forms too
  await cartLines(page).first().getByRole('button', { name: `Menge von «${delivery.name}» erhöhen` }).click();
  await expect(cartLines(page).first().getByTestId('cart-line-quantity')).toHaveValue('4');
  // and an unknown promotion code is named after the form's round trip
  await page.getByLabel('Aktionscode eingeben').fill('GIBTESNICHT');
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText('Der Aktionscode wurde nicht gefunden')).toBeVisible();
  await context.close();
});

test('the cart page: one GraphQL operation on the server, none while hydrating, no hydration warnings; in French too', async ({ page, request }) => {
  const { delivery } = await products(request);
  await addByLink(page, delivery.productId);
  const graphqlRequests: string[] = [];
  const reactErrors: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/graphql') graphqlRequests.push(sent.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) reactErrors.push(message.text());
  });
  const response = await page.goto('/fr/checkout/cart');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-graphql-operations']).toBe('1');
  await hydrated(page, '[data-testid="cart-line-quantity"]');
  await page.waitForLoadState('networkidle');
  expect(graphqlRequests).toEqual([]);
  expect(reactErrors).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Passer à la caisse' })).toHaveAttribute('href', '/fr/checkout');
  const french = new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(delivery.price.unitPrice);
  await expect(cartLines(page).first()).toContainText(french);
  // its forms post to the French cart, so a shopper without JavaScript stays in French
  await expect(page.locator('form[action="/fr/checkout/cart"]').first()).toBeAttached();
});

test('the cart page is personal: not cached, not indexed', async ({ request }) => {
  const response = await request.get('/checkout/cart');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  expect(await response.text()).toContain('<meta name="robots" content="noindex, follow"/>');
});
