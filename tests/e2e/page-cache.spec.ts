import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmedAccount, findProducts, graph, hydrated, isDelivery, readShop } from './support/shop';

const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
const chf = (value: number) => new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF', minimumFractionDigits: 2 }).format(value);

// ADR 0011: anonymous catalogue pages come from the page cache after the first render; pure browsing sets no
// cookie; personal pages are never cached. ADR 0019: a guest's session (marked by the gateway) gets the same
// pages. ADR 0020: any other session gets the pages of its price group — the anonymous ones for the shop's own
// prices, a key per group else —, and a page that reads something of its visitor is never kept.

async function productPath(request: APIRequestContext): Promise<string> {
  const response = await request.post('/graphql', { data: { query: '{ product(productNumber: "P100014") { url } }' } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { product: { url: string } | null } };
  expect(body.data.product).not.toBeNull();
  return new URL(body.data.product!.url, 'http://shop.test').pathname;
}

test('a second anonymous GET of a product page is a hit with the same HTML; browsing sets no cookie', async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  // A query string of its own: a key no other test has filled yet.
  const path = `${await productPath(anonymous)}?pc=${Date.now()}`;
  const first = await anonymous.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-page-cache']).toBe('miss');
  expect(first.headers()['set-cookie']).toBeUndefined();
  expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
  expect(first.headers().vary).toMatch(/cookie/i);
  const second = await anonymous.get(path);
  expect(second.headers()['x-page-cache']).toBe('hit');
  expect(second.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
  // The same page, but with a new CSP nonce on every response (ADR 0015).
  expect(withoutNonce(await second.text())).toBe(withoutNonce(await first.text()));
  expect(await second.text()).not.toBe(await first.text());
  expect((await anonymous.storageState()).cookies).toEqual([]);
  await anonymous.dispose();
});

test('a guest with a cart gets the shared page, with or without the guest mark (ADR 0019, 0020)', async ({ playwright, baseURL }) => {
  const shopper = await playwright.request.newContext({ baseURL });
  const path = `${await productPath(shopper)}?pc=s${Date.now()}`;
  const anonymousPage = await shopper.get(path); // anonymous: fills the cache
  // The first mutation opens the session (ADR 0011) and marks it a guest's.
  const added = await shopper.post('/graphql', { data: { query: `mutation { addToCart(input: { productId: "${'f'.repeat(32)}" }) { errors { code } } }` } });
  expect(added.headers()['set-cookie']).toContain('sw-context-token=');
  expect(added.headers()['set-cookie']).toContain('shop-guest=1');
  const guestPage = await shopper.get(path);
  expect(guestPage.status()).toBe(200);
  expect(guestPage.headers()['x-page-cache']).toBe('hit');
  expect(withoutNonce(await guestPage.text())).toBe(withoutNonce(await anonymousPage.text()));

  // The same session without the mark (opened before it existed, or the cookie lost): the Store API says it has
  // the shop's own prices, so it gets the same page from the cache (ADR 0020).
  const { cookies } = await shopper.storageState();
  const unmarked = await playwright.request.newContext({ baseURL, storageState: { cookies: cookies.filter((cookie) => cookie.name !== 'shop-guest'), origins: [] } });
  const shared = await unmarked.get(path);
  expect(shared.headers()['x-page-cache']).toBe('hit');
  expect(withoutNonce(await shared.text())).toBe(withoutNonce(await anonymousPage.text()));

  // A login (here a failed one) takes the mark away; the session still has the shop's prices: still the shared page.
  const login = await shopper.post('/graphql', { data: { query: 'mutation { login(input: { email: "nobody@example.ch", password: "wrong-password-1" }) { errors { code } } }' } });
  expect(login.headers()['set-cookie']).toContain('shop-guest=; Max-Age=0');
  expect((await shopper.get(path)).headers()['x-page-cache']).toBe('hit');
  await shopper.dispose();
  await unmarked.dispose();
});

test('customers get the pages of their price group: insured prices shared by insured customers only (ADR 0020)', async ({ playwright, baseURL }) => {
  const [generic] = readShop<{ id: string; price: number }>(
    `SELECT id, price FROM product WHERE medication_kind = 'generic' AND parent_id IS NULL AND child_count = 0 AND active = 1 AND available = 1
     AND list_price IS NULL AND prescription_required = 0 AND price BETWEEN 10 AND 40
     AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = product.id) ORDER BY product_number DESC LIMIT 1`,
  );
  const members = readShop<{ number: string }>('SELECT insurance_number AS number FROM insurer_member WHERE multi_medication_plan = 0 ORDER BY insurance_number DESC LIMIT 2');
  const anonymous = await playwright.request.newContext({ baseURL });
  const { product } = await graph<{ product: { url: string } }>(anonymous, 'query ($id: ID!) { product(id: $id) { url } }', { id: generic!.id });
  const path = `${new URL(product.url, baseURL).pathname}?pc=c${Date.now()}`;
  const priceOf = (html: string) => /data-testid="product-price"[^>]*>([^<]*)</.exec(html)?.[1];
  const publicPage = await anonymous.get(path);
  expect(publicPage.headers()['x-page-cache']).toBe('miss');
  const publicHtml = await publicPage.text();
  expect(priceOf(publicHtml)).toBe(chf(generic!.price));

  /** A browser of a new confirmed account, logged in. */
  const customer = async (who: string) => {
    const context = await playwright.request.newContext({ baseURL });
    const email = `e2e.${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;
    await confirmedAccount(context, { email, password: 'Sicher-123', firstName: 'Paula', lastName: 'Preis' });
    await graph(context, `mutation { login(input: { email: "${email}", password: "Sicher-123" }) { errors { code } } }`);
    return context;
  };
  const verify = async (context: APIRequestContext, number: string) => {
    const verified = await graph<{ verifyInsurance: { errors: unknown[] } }>(
      context,
      'mutation ($n: String!) { verifyInsurance(insuranceNumber: $n) { errors { code } } }',
      { n: number },
    );
    expect(verified.verifyInsurance.errors).toEqual([]);
  };

  // A customer with the shop's prices gets the anonymous page from the cache.
  const regular = await customer('regular');
  const regularPage = await regular.get(path);
  expect(regularPage.headers()['x-page-cache']).toBe('hit');
  expect(withoutNonce(await regularPage.text())).toBe(withoutNonce(publicHtml));

  // The first insured customer renders the page of the insured group; a second one gets it from the cache.
  const insured = await customer('insured');
  await verify(insured, members[0]!.number);
  const insuredPage = await insured.get(path);
  expect(insuredPage.headers()['x-page-cache']).toBe('miss');
  const insuredHtml = await insuredPage.text();
  expect(priceOf(insuredHtml)).toBe(chf(Math.round(generic!.price * 90) / 100));
  const otherInsured = await customer('insured2');
  await verify(otherInsured, members[1]!.number);
  const otherInsuredPage = await otherInsured.get(path);
  expect(otherInsuredPage.headers()['x-page-cache']).toBe('hit');
  expect(otherInsuredPage.headers()['cache-control'] ?? '').not.toContain('public');
  expect(withoutNonce(await otherInsuredPage.text())).toBe(withoutNonce(insuredHtml));
  // Nobody else sees the insured price.
  expect(priceOf(await (await regular.get(path)).text())).toBe(chf(generic!.price));
  expect(priceOf(await (await anonymous.get(path)).text())).toBe(chf(generic!.price));

  // A page that shows the visitor's own data (the insurer status) is rendered for each of them, never kept.
  for (const context of [insured, otherInsured, insured]) {
    const own = await context.get('/versicherte');
    expect(own.status()).toBe(200);
    expect(own.headers()['x-page-cache']).toBe('miss');
    expect(own.headers()['x-graphql-scope']).toBe('visitor');
  }
  for (const context of [anonymous, regular, insured, otherInsured]) await context.dispose();
});

test('a guest’s cart count shows on a page from the cache, after hydration', async ({ page, request }) => {
  const [product] = await findProducts(request, isDelivery);
  await page.goto('/'); // anonymous: the home page is in the cache (again) from here on
  await page.goto(product!.url);
  await hydrated(page, '[data-testid="add-to-cart"]');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();
  // The next page comes from the cache (the guest's session is marked), and the badge still counts the cart.
  const home = await page.goto('/');
  expect(home?.headers()['x-page-cache']).toBe('hit');
  await expect(page.getByRole('link', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();
});

test('personal pages are never cached', async ({ request }) => {
  for (const path of ['/checkout/cart', '/checkout/cart']) {
    const response = await request.get(path);
    expect(response.headers()['x-page-cache']).toBeUndefined();
    expect(response.headers()['cache-control'] ?? '').not.toContain('public');
  }
});
