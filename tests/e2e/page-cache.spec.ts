import { expect, test, type APIRequestContext } from '@playwright/test';
import { findProducts, hydrated, isDelivery } from './support/shop';

// ADR 0011: anonymous catalogue pages come from the page cache after the first render; pure browsing sets no
// cookie; personal pages are never cached. ADR 0019: a guest's session (marked by the gateway) gets the same
// pages; any other session (a customer's) gets a fresh render.

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
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
  expect(withoutNonce(await second.text())).toBe(withoutNonce(await first.text()));
  expect(await second.text()).not.toBe(await first.text());
  expect((await anonymous.storageState()).cookies).toEqual([]);
  await anonymous.dispose();
});

test('a guest with a cart gets the shared page; a session without the guest mark gets a fresh render (ADR 0019)', async ({ playwright, baseURL }) => {
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
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
  expect(withoutNonce(await guestPage.text())).toBe(withoutNonce(await anonymousPage.text()));

  // The same session without the mark (opened before it existed, or the cookie lost): rendered for it.
  const { cookies } = await shopper.storageState();
  const unmarked = await playwright.request.newContext({ baseURL, storageState: { cookies: cookies.filter((cookie) => cookie.name !== 'shop-guest'), origins: [] } });
  const rendered = await unmarked.get(path);
  expect(rendered.headers()['x-page-cache']).toBe('miss');
  expect(rendered.headers()['cache-control'] ?? '').not.toContain('public');
  expect(rendered.headers()['x-graphql-operations']).toBe('1');

  // A login (here a failed one) takes the mark away: from then on every page is the session's own.
  const login = await shopper.post('/graphql', { data: { query: 'mutation { login(input: { email: "nobody@example.ch", password: "wrong-password-1" }) { errors { code } } }' } });
  expect(login.headers()['set-cookie']).toContain('shop-guest=; Max-Age=0');
  expect((await shopper.get(path)).headers()['x-page-cache']).toBe('miss');
  await shopper.dispose();
  await unmarked.dispose();
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
