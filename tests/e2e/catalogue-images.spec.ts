import { expect, test, type APIRequestContext } from '@playwright/test';

// What a person can see of the embedded Store API in a browser: a category listing's product images
// and the resized (webp) image the storefront asks for really decode and render in Chromium.

const ACCESS_KEY = process.env.STORE_API_ACCESS_KEY || 'SWSCPHARMACYCH0000000000001';
const headers = { 'sw-access-key': ACCESS_KEY, 'content-type': 'application/json', accept: 'application/json' };

interface CategoryJson {
  id: string;
  childCount: number;
  children?: CategoryJson[] | null;
}

async function storeApi<T>(request: APIRequestContext, path: string, body: object): Promise<T> {
  const response = await request.post(`/store-api${path}`, { headers, data: body });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The storefront's resize URL (SPEC §7): base64url of the URL-encoded source, with width and format. */
function resizeUrl(sourceUrl: string, width: number): string {
  const encoded = Buffer.from(encodeURIComponent(sourceUrl), 'utf8').toString('base64url');
  return `/media-resize/${encoded}?width=${width}&format=webp`;
}

test('a category listing shows product images that render, also resized to webp', async ({ page, request, baseURL }) => {
  const navigation = await storeApi<CategoryJson[]>(request, '/navigation/main-navigation/main-navigation', { depth: 1 });
  expect(navigation.length).toBeGreaterThan(0);
  const category = navigation[0];
  if (!category) throw new Error('the main navigation is empty');

  const listing = await storeApi<{ total: number; elements: { name: string; cover?: { media?: { url: string } | null } | null }[] }>(
    request,
    `/product-listing/${category.id}`,
    { limit: 8 },
  );
  expect(listing.elements.length).toBeGreaterThan(0);
  const coverUrls = listing.elements.map((product) => product.cover?.media?.url).filter((url): url is string => !!url);
  expect(coverUrls.length, 'listed products carry cover images').toBe(listing.elements.length);

  const firstCover = coverUrls[0] as string;
  const sources = [...coverUrls, `${baseURL}${resizeUrl(firstCover, 400)}`];
  await page.goto('/health');
  await page.setContent(
    `<!doctype html><html><body>${sources.map((src, i) => `<img id="img${i}" src="${src}" alt="">`).join('')}</body></html>`,
  );
  const images = page.locator('img');
  await expect(images).toHaveCount(sources.length);
  // Wait until every image finished loading (successfully or not), then require that each decoded.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  const widths = await images.evaluateAll((nodes) => nodes.map((img) => (img as HTMLImageElement).naturalWidth));
  widths.forEach((width, i) => expect(width, `image ${sources[i]} decoded`).toBeGreaterThan(0));
  // The resize route never serves wider than asked (SPEC §9 rounds the width to a multiple of 100).
  expect(widths[widths.length - 1]).toBeLessThanOrEqual(400);
});
