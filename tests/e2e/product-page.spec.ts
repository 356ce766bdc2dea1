import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The product page as a shopper uses it (issue 4 item 4 and 6): variants switched by URL, the text tabs
// by keyboard, tier price labels, the sticky add to cart, the JSON-LD, and the page in French.
// Product paths come from the graph (deterministic seed: P100009 has pack-size variants and reviews,
// P100014 has tier prices), never built here.

interface GraphProduct {
  url: string;
  productNumber: string;
  price: { unitPrice: number };
  tierPrices: { quantity: number; labelKind: 'TO' | 'FROM' }[];
  promises: { returnable: boolean };
  configurator: { options: { name: string; selected: boolean; product: { url: string; productNumber: string } | null }[] }[];
}

async function productFromGraph(request: APIRequestContext, productNumber: string, locale: 'DE' | 'FR' = 'DE'): Promise<GraphProduct> {
  const response = await request.post('/graphql', {
    data: {
      query: `query ($n: String!, $l: Locale) { product(productNumber: $n, locale: $l) {
        url productNumber price { unitPrice } tierPrices { quantity labelKind } promises { returnable }
        configurator { options { name selected product { url productNumber } } }
      } }`,
      variables: { n: productNumber, l: locale },
    },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { product: GraphProduct | null } };
  expect(body.data.product).not.toBeNull();
  return body.data.product as GraphProduct;
}

/** Waits until React has taken over the server's HTML (handlers attached). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-testid="add-to-cart"]');
    return !!root && Object.keys(root).some((key) => key.startsWith('__react'));
  });
}

test('a variant is switched by its link: the URL, article number, price and selected option change', async ({ page, request }) => {
  const parent = await productFromGraph(request, 'P100009');
  await page.goto(parent.url);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const configurator = page.getByTestId('variant-configurator');
  const options = parent.configurator[0]?.options ?? [];
  const selected = options.find((option) => option.selected);
  const other = options.find((option) => !option.selected && option.product);
  expect(selected && other).toBeTruthy();
  await expect(configurator.locator('[aria-current]')).toContainText(selected?.name ?? '');
  await expect(page.getByText(`Art.-Nr. ${selected?.product?.productNumber}`)).toBeVisible();
  const priceBefore = await page.getByTestId('product-price').textContent();

  await configurator.getByRole('link', { name: other?.name ?? '' }).click();
  await expect(page).toHaveURL((url) => url.pathname === other?.product?.url);
  await expect(page.getByText(`Art.-Nr. ${other?.product?.productNumber}`)).toBeVisible();
  await expect(configurator.locator('[aria-current]')).toContainText(other?.name ?? '');
  const variant = await productFromGraph(request, other?.product?.productNumber ?? '');
  const expectedPrice = new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF', minimumFractionDigits: 2 }).format(variant.price.unitPrice);
  await expect(page.getByTestId('product-price')).toHaveText(expectedPrice);
  expect(expectedPrice).not.toBe(priceBefore);

  // back returns to the first variant
  await page.goBack();
  await expect(page.getByText(`Art.-Nr. ${selected?.product?.productNumber}`)).toBeVisible();
});

test('quantity and add to cart: steps within bounds, and the header count shows the added pieces without a reload', async ({ page, request }) => {
  const product = await productFromGraph(request, 'P100009');
  await page.goto(product.url);
  await hydrated(page);
  const quantity = page.getByLabel('Menge', { exact: true });
  await expect(quantity).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Menge verringern' })).toBeDisabled();
  await page.getByRole('button', { name: 'Menge erhöhen' }).click();
  await expect(quantity).toHaveValue('2');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');

  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('wurde in den Warenkorb gelegt', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();
});

test('each tab can be read, and the arrow keys, Home and End move between the tabs', async ({ page, request }) => {
  const product = await productFromGraph(request, 'P100009');
  await page.goto(product.url);
  await hydrated(page);

  const tablist = page.getByRole('tablist', { name: 'Produktinformationen' });
  const tabs = tablist.getByRole('tab');
  const names = await tabs.allTextContents();
  // this product has every text: all eight tabs of SPEC §2
  expect(names).toEqual([
    'Beschreibung',
    'Anwendung',
    'Zusammensetzung',
    'Produktdaten',
    'Eigenschaften',
    'Experten- und Kundenbewertungen',
    'Häufige Fragen',
    'Weitere Informationen',
  ]);

  await tabs.first().click();
  for (let index = 0; index < names.length; index++) {
    const tab = tabs.nth(index);
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeFocused();
    const panel = page.locator(`#${await tab.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    expect(((await panel.innerText()) ?? '').trim().length).toBeGreaterThan(5);
    // only the selected tab's panel is shown
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    if (index < names.length - 1) await page.keyboard.press('ArrowRight');
  }
  await expect(page.locator('#product-panel-faq')).toContainText('Brauche ich ein Rezept?');
  await page.keyboard.press('ArrowRight'); // wraps around
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.last()).toBeFocused();

  // product data as a table
  await tabs.filter({ hasText: 'Produktdaten' }).click();
  await expect(page.getByRole('tabpanel').getByRole('rowheader', { name: 'EAN' })).toBeVisible();
});

test('the gallery shows each picture by its thumbnail button, by click and by arrow keys, with a srcset', async ({ page, request }) => {
  // P100001 has two pictures
  const product = await productFromGraph(request, 'P100001');
  await page.goto(product.url);
  await hydrated(page);
  const gallery = page.getByRole('region', { name: 'Produktbilder' });
  const image = gallery.getByTestId('gallery-image');
  await expect(image).toHaveAttribute('srcset', /400w.*800w.*1200w.*1900w/);
  const first = await image.getAttribute('src');
  const thumbnails = gallery.getByRole('button', { name: /Bild \d von 2 anzeigen/ });
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveAttribute('aria-pressed', 'true');

  await thumbnails.nth(1).click();
  await expect(thumbnails.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(image).not.toHaveAttribute('src', first ?? '');
  await page.keyboard.press('ArrowLeft');
  await expect(thumbnails.first()).toBeFocused();
  await expect(thumbnails.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(image).toHaveAttribute('src', first ?? '');
});

test('tier prices read "bis N" for each tier and "ab N" for the last', async ({ page, request }) => {
  const product = await productFromGraph(request, 'P100014');
  expect(product.tierPrices.length).toBeGreaterThan(1);
  await page.goto(product.url);
  const table = page.getByTestId('tier-prices');
  await expect(table).toBeVisible();
  const labels = await table.locator('tbody th').allTextContents();
  expect(labels).toEqual(product.tierPrices.map((tier) => (tier.labelKind === 'FROM' ? `ab ${tier.quantity} Stk.` : `bis ${tier.quantity} Stk.`)));
  expect(labels.at(-1)).toMatch(/^ab /);

  // the tier of the chosen quantity is marked
  await hydrated(page);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  const quantity = page.getByLabel('Menge', { exact: true });
  await quantity.fill(String(product.tierPrices.at(-1)?.quantity));
  await quantity.press('Enter');
  await expect(rows.last()).toHaveAttribute('aria-current', 'true');
  await expect(rows.first()).not.toHaveAttribute('aria-current', 'true');
});

// The first visit: the consent banner pushes the buy box below the screen, and the scroll jumps past it.
test('the sticky add to cart appears once the buy box is scrolled past, and goes again', async ({ page, request }) => {
  const product = await productFromGraph(request, 'P100009');
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(product.url);
  await hydrated(page);
  const sticky = page.getByTestId('sticky-add-to-cart');
  await expect(sticky).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(sticky).toBeVisible();
  await expect(sticky.getByRole('button', { name: 'In den Warenkorb' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(sticky).toBeHidden();
});

test('the JSON-LD holds the Product with its CHF offer and rating, and the BreadcrumbList', async ({ page, request }) => {
  const product = await productFromGraph(request, 'P100009');
  await page.goto(product.url);
  const json = await page.getByTestId('product-json-ld').textContent();
  const data = JSON.parse(json ?? '') as Record<string, unknown>[];
  const item = data.find((entry) => entry['@type'] === 'Product') as
    | { name: string; sku: string; offers: { price: string; availability: string }; aggregateRating: { reviewCount: number } }
    | undefined;
  if (!item) throw new Error('no Product in the JSON-LD');
  expect(item.name).toBeTruthy();
  expect(item.sku).toMatch(/^P100009/);
  expect(item.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'CHF' });
  expect(Number(item.offers.price)).toBeGreaterThan(0);
  expect(item.offers.availability).toMatch(/^https:\/\/schema\.org\//);
  expect(item.aggregateRating.reviewCount).toBeGreaterThan(0);
  const trail = data.find((entry) => entry['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string }[] };
  expect(trail.itemListElement.length).toBeGreaterThan(1);
  expect(trail.itemListElement.map((step) => step.position)).toEqual(trail.itemListElement.map((_, index) => index + 1));
  expect(trail.itemListElement.at(-1)?.name).toBe(item.name);
});

test('the same product in French shows French texts', async ({ page, request }) => {
  const product = await productFromGraph(request, 'P100009', 'FR');
  expect(product.url.startsWith('/fr/')).toBe(true);
  await page.goto(product.url);
  await expect(page.getByTestId('add-to-cart')).toHaveText('Ajouter au panier');
  await expect(page.getByRole('tablist', { name: 'Informations sur le produit' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Caractéristiques' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Questions fréquentes' })).toBeVisible();
  await expect(page.getByText(product.promises.returnable ? 'Droit de retour de 14 jours' : 'Exclu du droit de retour (voir conditions de retour)')).toBeVisible();
  await expect(page.getByTestId('product-price')).toContainText('CHF');
  await expect(page.getByText('Ajouter au panier').first()).toBeVisible();
  await expect(page.getByText('In den Warenkorb')).toHaveCount(0);
});
