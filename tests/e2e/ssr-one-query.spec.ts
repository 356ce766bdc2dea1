import { expect, test, type Page } from '@playwright/test';

// Issue 4: every page costs exactly ONE GraphQL operation on the server (the page's query, run in-process
// against the gateway), and hydration costs none (the answer travels in the HTML). The server reports the
// operations a render ran in `x-graphql-operations`; /metrics counts them independently.

const PRODUCT_PATH = '/fr/aarevita-vitamine-d3-capsules-60-capsules/p101234';

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__react'));
  });
}

/** Opens a path in the browser and returns the HTML response and the /graphql requests made while loading. */
async function open(page: Page, path: string) {
  const graphqlRequests: string[] = [];
  const reactErrors: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') graphqlRequests.push(request.url());
  });
  // A hydration mismatch is reported by React as a (minified) recoverable error on the console.
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) reactErrors.push(message.text());
  });
  const response = await page.goto(path);
  expect(response).not.toBeNull();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return { response: response!, graphqlRequests, reactErrors };
}

async function operationsTotal(page: Page): Promise<number> {
  const text = await (await page.request.get('/metrics')).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('graphql_operations_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

for (const { name, path, status } of [
  { name: 'home', path: '/', status: 200 },
  { name: 'a category page', path: '/arzneimittel', status: 200 },
  { name: 'a filtered, sorted category page', path: '/vitamine-mineralstoffe?order=price-asc&p=2', status: 200 },
  { name: 'a product page', path: PRODUCT_PATH, status: 200 },
  { name: 'a content page', path: '/it/marche', status: 200 },
  { name: 'the 404 page', path: '/diese-seite-gibt-es-nicht', status: 404 },
]) {
  test(`${name}: one GraphQL operation on the server, none while hydrating`, async ({ page }) => {
    const { response, graphqlRequests, reactErrors } = await open(page, path);
    expect(response.status()).toBe(status);
    expect(response.headers()['x-graphql-operations']).toBe('1');
    expect(graphqlRequests).toEqual([]);
    expect(reactErrors).toEqual([]);
  });
}

test('the metrics count the page operations the server ran', async ({ page }) => {
  const before = await operationsTotal(page);
  // A search term of its own: a page the page cache (ADR 0011) does not have and an operation the GraphQL response
  // cache has not answered yet, so the server renders and runs it.
  const response = await page.request.get(`/search?search=metrics${Date.now()}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['x-page-cache']).toBe('miss');
  // Other workers load pages at the same time: at least this page's one operation is counted.
  expect(await operationsTotal(page)).toBeGreaterThanOrEqual(before + 1);
});

test('the product page is rendered on the server, in French, with its name', async ({ request }) => {
  const response = await request.get(PRODUCT_PATH);
  const html = await response.text();
  expect(html).toContain('<html lang="fr"');
  expect(html).toContain('Aarevita Vitamine D3 Capsules, 60 capsules');
  // The configured origin's host (PUBLIC_ORIGIN, default http://localhost:PORT; ADR 0022), not the Host this request used.
  expect(html).toContain(`<link rel="canonical" href="https://localhost:${new URL(response.url()).port}${PRODUCT_PATH}"/>`);
  expect(html).toMatch(/hrefLang="x-default"/);
});

test('a missing path answers 404 with the SPEC message in the page’s language', async ({ page }) => {
  const response = await page.goto('/fr/nexiste-pas');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page non disponible');
  await expect(page.getByText('Page introuvable : /fr/nexiste-pas')).toBeVisible();
});

test('an id path leads on to the SEO path of the same product in that language', async ({ request }) => {
  const response = await request.get('/it/detail/83888e78fcea56d4d030ede0a84e68ce', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/\/it\/aarevita-vitamina-d3-capsule-60-capsule\/p101234$/);
});

test('a client-side navigation fetches the next page with one request to /graphql, by persisted id', async ({ page }) => {
  await open(page, '/');
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') bodies.push(request.postData() ?? '');
  });
  const link = page.locator('a[href="/arzneimittel"]:visible').first();
  await link.click();
  await expect(page).toHaveURL(/\/arzneimittel$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arzneimittel');
  expect(bodies).toHaveLength(1);
  expect(JSON.parse(bodies[0]!)).toMatchObject({ extensions: { persistedQuery: { sha256Hash: expect.any(String) } } });
  expect(JSON.parse(bodies[0]!)).not.toHaveProperty('query');
  // The head follows the page on screen: canonical and hreflang name the new page, not the home page.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/arzneimittel$/);
  await expect(page.locator('link[rel="alternate"][hreflang="fr-CH"]')).toHaveAttribute('href', /\/fr\/[a-z-]+$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
});

test('data with </script> and U+2028 travels in the HTML without breaking the page or running', async ({ page }) => {
  const term = '</script><script>window.__injected=1</script>\u2028x';
  const { response, graphqlRequests, reactErrors } = await open(page, `/search?search=${encodeURIComponent(term)}`);
  expect(response.status()).toBe(200);
  expect(graphqlRequests).toEqual([]);
  expect(reactErrors).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('</script><script>window.__injected=1</script>');
});

test('plain / goes to the remembered or preferred language; German stays unprefixed', async ({ request, playwright, baseURL }) => {
  const french = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'fr-CH,fr;q=0.9,de;q=0.5' } });
  const toFrench = await french.get('/', { maxRedirects: 0 });
  expect(toFrench.status()).toBe(302);
  expect(toFrench.headers().location).toBe('/fr');
  expect(toFrench.headers()['set-cookie']).toContain('i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax');
  await french.dispose();

  const remembered = await request.get('/', { maxRedirects: 0, headers: { cookie: 'i18n_redirected=it', 'accept-language': 'fr' } });
  expect(remembered.status()).toBe(302);
  expect(remembered.headers().location).toBe('/it');

  const german = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'de-CH' } });
  expect(german.status()).toBe(200);
  expect(await german.text()).toContain('<html lang="de"');
});

test('a product page names the same product in the other languages; following one lands on its SEO path', async ({ request }) => {
  const html = await (await request.get(PRODUCT_PATH)).text();
  const german = /<link rel="alternate" hrefLang="de-CH" href="([^"]+)"/.exec(html)?.[1];
  expect(german).toBeDefined();
  const response = await request.get(new URL(german!).pathname);
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).pathname).toBe('/aarevita-vitamin-d3-kapseln-60-kapseln/p101234');
  expect(await response.text()).toContain('<html lang="de"');
});
