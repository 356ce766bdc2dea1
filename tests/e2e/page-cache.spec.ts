import { expect, test, type APIRequestContext } from '@playwright/test';

// ADR 0011: anonymous catalogue pages come from the page cache after the first render; a shopper with a
// session cookie always gets a fresh render; pure browsing sets no cookie; personal pages are never cached.

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

test('a shopper with a session cookie gets a fresh render, never the shared one', async ({ playwright, baseURL }) => {
  const shopper = await playwright.request.newContext({ baseURL });
  const path = `${await productPath(shopper)}?pc=s${Date.now()}`;
  await shopper.get(path); // anonymous: fills the cache
  // The first mutation opens the session (ADR 0011).
  const added = await shopper.post('/graphql', { data: { query: `mutation { addToCart(input: { productId: "${'f'.repeat(32)}" }) { errors { code } } }` } });
  expect(added.headers()['set-cookie']).toContain('sw-context-token=');
  const page = await shopper.get(path);
  expect(page.status()).toBe(200);
  expect(page.headers()['x-page-cache']).toBe('miss');
  expect(page.headers()['cache-control']).not.toContain('public');
  expect(page.headers()['x-graphql-operations']).toBe('1');
  await shopper.dispose();
});

test('personal pages are never cached', async ({ request }) => {
  for (const path of ['/checkout/cart', '/checkout/cart']) {
    const response = await request.get(path);
    expect(response.headers()['x-page-cache']).toBeUndefined();
    expect(response.headers()['cache-control'] ?? '').not.toContain('public');
  }
});
