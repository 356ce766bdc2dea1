import { expect, test, type Page } from '@playwright/test';
import { FOLLOWED_PAGES, firstLinkMatching, PAGE_TYPES } from './support/pageTypes';

// On a 390 px phone no page runs off the screen, and banners carry their words as HTML over the picture,
// readable in the page's language (issue 20 item 4).

test.use({ viewport: { width: 390, height: 844 } });

/** Content pages beyond the main types: long German headings and the style guide's tables. */
const MORE_PAGES = ['/impressum', '/datenschutz', '/garantiebestimmungen', '/retouren', '/versand-lieferung', '/css', '/versicherte', '/wettbewerb', '/fr/medicaments', '/it/rivista'];

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('no page type is wider than a 390 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  const tooWide: string[] = [];
  const measure = async (path: string) => {
    await page.goto(path);
    const width = await pageWidth(page);
    if (width > 390) tooWide.push(`${path}: ${width} px`);
  };
  const types = PAGE_TYPES.de;
  for (const [type, path] of Object.entries(types)) {
    await measure(path);
    for (const [, from, pattern] of FOLLOWED_PAGES) if (from === type) await measure(await firstLinkMatching(page, pattern));
  }
  for (const path of MORE_PAGES) await measure(path);
  expect(tooWide).toEqual([]);
});

test('long headings break on the phone instead of running off it', async ({ page }) => {
  await page.goto('/agb');
  const heading = page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' });
  await expect(heading).toBeVisible();
  const box = (await heading.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
});

test('the home hero and a landing page banner carry their text as HTML over the picture, in the page’s language', async ({ page }) => {
  const heroes = [
    { path: '/', headline: 'Gesund durch den Winter', button: 'Zu den Vitaminen' },
    { path: '/it', headline: 'In salute durante l’inverno', button: 'Scoprire le vitamine' },
    { path: '/fr', headline: 'En forme tout l’hiver', button: 'Voir les vitamines' },
  ];
  for (const { path, headline, button } of heroes) {
    await page.goto(path);
    const text = page.getByText(headline, { exact: true });
    await expect(text).toBeVisible();
    const box = (await text.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The words sit over the banner's picture, inside the link it leads through.
    const link = page.locator('main a', { has: page.locator('img') }).filter({ hasText: headline });
    await expect(link).toContainText(button);
  }
  await page.goto('/fr/saison-des-rhumes');
  await expect(page.locator('main').getByText('Maux de gorge, toux, rhume : les conseils de nos spécialistes.').first()).toBeVisible();
});
