import { expect, test } from '@playwright/test';
import { findProducts, hydrated, isDelivery } from './support/shop';

// How pages reach a phone (issue 8, Lighthouse): compressed text, and an icon the page names itself, so the
// browser neither downloads uncompressed HTML and bundles nor asks for a /favicon.ico that does not exist.

test('pages, scripts and styles are sent gzip-compressed to a browser that accepts it', async ({ page }) => {
  const seen: Array<Promise<{ what: string; bytes: number; encoding: string | undefined }>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type) || response.status() !== 200) return;
    seen.push(
      Promise.all([response.body(), response.allHeaders()]).then(([body, headers]) => ({
        what: `${type} ${new URL(response.url()).pathname}`,
        bytes: body.length,
        encoding: headers['content-encoding'],
      })),
    );
  });
  await page.goto('/vitamine-mineralstoffe', { waitUntil: 'networkidle' });
  const files = await Promise.all(seen);
  // Styles come inside the page (server/pageAssets.ts): no stylesheet file is asked for.
  expect(new Set(files.map((file) => file.what.split(' ')[0]))).toEqual(new Set(['document', 'script']));
  // Files under 1 KB are sent as they are: compressing them saves nothing.
  const uncompressed = files.filter((file) => file.bytes > 1024 && file.encoding !== 'gzip').map((file) => file.what);
  expect(uncompressed).toEqual([]);
  expect(files.find((file) => file.what === 'document /vitamine-mineralstoffe')?.encoding).toBe('gzip');
});

test('a page brings its styles inline: no stylesheet request before or during hydration, and the page is styled', async ({ page, request }) => {
  const [product] = await findProducts(request, isDelivery);
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname);
  });
  for (const path of [product!.url, '/vitamine-mineralstoffe', '/']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await page.locator('head style[data-href]').count(), path).toBeGreaterThan(3);
  }
  await expect(page.locator('header').first()).not.toHaveCSS('display', 'inline');
  expect(stylesheets).toEqual([]);
});

test('the product image comes before the scripts, and the side menu’s tree is not in the HTML until it opens', async ({ page, request }) => {
  const [product] = await findProducts(request, isDelivery);
  const html = await (await request.get(product!.url)).text();
  // No script and no script preload in the HTML: one inline loader with the page's nonce starts them after the
  // first paint (server/pageAssets.ts); the gallery's first picture is asked at high priority.
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(html).not.toMatch(/<script [^>]*src=/);
  expect(html).toMatch(/<script data-scripts-after-paint nonce="[\w+/=]+">/);
  expect(html).toMatch(/<img [^>]*fetchPriority="high"[^>]*data-testid="gallery-image"/);
  // the drawer is an empty <dialog> in the HTML: its links come with the first opening (SideMenu.tsx)
  expect(html).toMatch(/<dialog [^>]*><\/dialog>/);

  const asked: { type: string; path: string }[] = [];
  page.on('request', (r) => asked.push({ type: r.resourceType(), path: new URL(r.url()).pathname }));
  await page.goto(product!.url);
  await hydrated(page);
  const firstScript = asked.findIndex((r) => r.type === 'script');
  const galleryImage = asked.findIndex((r) => r.type === 'image' && r.path.startsWith('/media-resize/'));
  expect(galleryImage).toBeGreaterThan(-1);
  expect(galleryImage).toBeLessThan(firstScript);
  // the chunks are preloaded all at once by the loader (no request waterfall), at low priority, each asked once
  const preloads = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => ({ href: new URL((link as HTMLLinkElement).href).pathname, priority: (link as HTMLLinkElement).fetchPriority })));
  expect(preloads.length).toBeGreaterThan(5);
  expect(preloads.filter((link) => link.priority !== 'low')).toEqual([]);
  const scripts = asked.filter((r) => r.type === 'script').map((r) => r.path);
  expect(scripts.length).toBe(new Set(scripts).size);
  for (const { href } of preloads) expect(scripts).toContain(href);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Menü', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sortiment' }).locator('summary').first()).toBeVisible();
});

test('every page names the shop icon, and the icon loads', async ({ page, request }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  for (const path of ['/', '/fr/marques', '/checkout/cart']) {
    await page.goto(path);
    const href = await page.locator('head link[rel="icon"]').getAttribute('href');
    expect(href, path).toMatch(/^\/assets\/.+\.svg$/);
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  }
  expect(asked).not.toContain('/favicon.ico');
});

// The product, category and landing views are loaded lazily; their styles must still come with the server's HTML,
// or the first paint is unstyled (full-width images that shrink once the script ran) and stays so without JavaScript.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page and a category listing are laid out by their own styles', async ({ page, request }) => {
    const [product] = await findProducts(request, isDelivery);
    await page.goto(product!.url);
    // ProductPageView.module.css: the page is a grid, gallery beside the buy box from 768 px.
    const article = page.getByTestId('product-page');
    await expect(article).toHaveCSS('display', 'grid');
    const sheets = await page.locator('head style[data-href]').evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')));
    expect(new Set(sheets).size, 'no stylesheet is inlined twice').toBe(sheets.length);
    await page.goto('/vitamine-mineralstoffe');
    // Product cards keep their image inside the card instead of the image's natural 600 px.
    const image = page.locator('main article img').first();
    await expect(image).toBeVisible();
    expect((await image.boundingBox())!.width).toBeLessThan(400);
  });
});
