import { expect, test, type Page } from '@playwright/test';
import { startSecondShop, type SecondShop } from './support/secondShop';
import { consentGiven, hydrated, readShop } from './support/shop';

// The pharmacy map's online tiles (issue 7): a second shop process with PHARMACY_MAP_TILE_URL set draws the map over
// the tile server's images (answered here by the browser's request routing: no network), keeps the pharmacies'
// links on top, keeps the tiles through a client-side navigation (the setting reaches the browser with the page,
// no pageContext.json), and still shows the country's outline when the tiles cannot be loaded.

const TILE_ORIGIN = 'https://tile.example.ch';
let shop: SecondShop | undefined;
let origin = '';

test.beforeAll(async () => {
  shop = await startSecondShop({ PHARMACY_MAP_TILE_URL: `${TILE_ORIGIN}/{z}/{x}/{y}.png`, PHARMACY_MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' });
  origin = shop.origin;
});

test.afterAll(() => {
  shop?.stop();
});

/** A 1 × 1 px opaque PNG, stretched over a tile's square. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Collects the tiles the browser asks for (answered with TILE_PNG, or failed) and the page's console errors. */
async function watch(page: Page, tiles: 'load' | 'fail') {
  const requested: string[] = [];
  const errors: string[] = [];
  const pageContextFetches: string[] = [];
  await page.route(`${TILE_ORIGIN}/**`, (route) => {
    requested.push(new URL(route.request().url()).pathname);
    return tiles === 'load' ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }) : route.abort('internetdisconnected');
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_INTERNET_DISCONNECTED')) errors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().includes('.pageContext.json')) pageContextFetches.push(request.url());
  });
  return { requested, errors, pageContextFetches };
}

test('the map lies on the configured tiles, its pharmacies stay links on top, through a client-side search', async ({ page }) => {
  // a shopper who answered the consent banner: it does not push the map below the screen
  await consentGiven(page, origin);
  const seen = await watch(page, 'load');
  const response = await page.goto(`${origin}/pharmacy-map`);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  const map = page.getByTestId('pharmacy-tile-map');
  await expect(map).toHaveAttribute('data-zoom', '7');
  // the tiles of all of Switzerland at zoom 7 are loaded (Bern's is 7/66/45), without the page's address
  await expect.poll(() => seen.requested).toContain('/7/66/45.png');
  const loadedTiles = () => map.locator('img').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth === 1).length);
  await expect.poll(loadedTiles).toBeGreaterThan(1);
  await expect(page.getByTestId('pharmacy-map-attribution')).toHaveText('Kartengrundlage: © OpenStreetMap contributors');

  // every pharmacy is a link with its name, and a click on a dot hits a pharmacy's link (not the tile under it)
  const links = page.getByRole('group', { name: 'Karte der Apotheken in der Schweiz und in Liechtenstein' }).getByRole('link');
  await expect(links).toHaveCount(readShop('SELECT id FROM pharmacy').length);
  const hit = await links.first().evaluate((link) => {
    const box = link.querySelector('circle')!.getBoundingClientRect();
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a')?.hasAttribute('data-pharmacy-id') ?? false;
  });
  expect(hit).toBe(true);

  // a search runs in the browser (no pageContext.json): the map zooms to the results around 8001 Zürich
  await page.locator('#main-content').getByRole('searchbox', { name: 'Postleitzahl oder Ort' }).fill('8001');
  await page.locator('#main-content').getByRole('button', { name: 'Suchen' }).click();
  await page.waitForURL(/\/pharmacy-map\?search=8001$/);
  await expect(page.getByTestId('pharmacy-map-origin')).toBeVisible();
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(7);
  const zoom = Number(await map.getAttribute('data-zoom'));
  await expect.poll(() => seen.requested.some((path) => path.startsWith(`/${zoom}/`))).toBe(true);
  expect(seen.pageContextFetches).toEqual([]);

  // the keyboard reaches a result's dot and opens its page
  const dot = page.getByTestId('pharmacy-map').locator('a').last();
  const [{ name }] = readShop<{ name: string }>('SELECT name FROM pharmacy WHERE id = ?', await dot.getAttribute('data-pharmacy-id')) as [{ name: string }];
  await dot.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(map).toHaveAttribute('data-zoom', '14');
  expect(seen.errors).toEqual([]);
});

test('without the tiles (offline) the outline stays readable under the map’s links, in Italian', async ({ page }) => {
  const seen = await watch(page, 'fail');
  await page.goto(`${origin}/it/pharmacy-map`);
  await hydrated(page);
  await expect.poll(() => seen.requested.length).toBeGreaterThan(0);
  // the failed tiles are hidden (no broken-image boxes over the outline)
  const failed = page.getByTestId('pharmacy-tile-map').locator('img');
  const states = () =>
    failed.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).complete).map((image) => getComputedStyle(image).visibility));
  await expect.poll(async () => (await states()).length).toBeGreaterThan(0);
  await expect.poll(async () => [...new Set(await states())]).toEqual(['hidden']);
  const outline = page.getByTestId('pharmacy-tile-map').locator('svg[aria-hidden="true"] path').first();
  const box = (await outline.boundingBox())!;
  expect(box.width).toBeGreaterThan(200);
  expect(box.height).toBeGreaterThan(100);
  await expect(page.getByRole('group', { name: 'Carta delle farmacie in Svizzera e nel Liechtenstein' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('pharmacy-map-attribution')).toHaveText('Sfondo cartografico: © OpenStreetMap contributors');
  expect(seen.errors).toEqual([]);
});
