import { expect, test, type APIRequestContext } from '@playwright/test';
import { graph, hydrated } from './support/shop';

// Issue 20 item 2 (ADR 0028): every page type at its own address in de, it and fr. The canonical link names the
// page itself, each hreflang alternate answers 200 without a redirect and names the same set, the sitemap lists
// the canonicals, and the language switcher keeps the query. Item 6: the search page's content slider.

interface PageSeo {
  canonical: string;
  alternates: Record<string, string>;
}

/** The canonical and hreflang links of a page's server HTML, as paths with their query. */
function seoOf(html: string): PageSeo {
  const pathOf = (href: string) => {
    const url = new URL(href);
    return url.pathname + url.search;
  };
  const canonical = /<link rel="canonical" href="([^"]+)"/i.exec(html)?.[1];
  const alternates: Record<string, string> = {};
  for (const match of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi)) alternates[match[1]!] = pathOf(match[2]!);
  return { canonical: canonical ? pathOf(canonical) : '', alternates };
}

/** A page read as a crawler does: no redirect followed. */
async function crawl(request: APIRequestContext, path: string): Promise<{ status: number; seo: PageSeo; location?: string }> {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), seo: seoOf(await response.text()), location: response.headers().location };
}

async function sitemapPaths(request: APIRequestContext, locale: 'de' | 'it' | 'fr'): Promise<string[]> {
  const xml = await (await request.get(`/sitemap-${locale}.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

async function productUrl(request: APIRequestContext, productNumber: string): Promise<string> {
  const data = await graph<{ product: { url: string } }>(request, 'query P($n: String!) { product(productNumber: $n) { url } }', { n: productNumber });
  return data.product.url;
}

/** One German page of each type; the test follows its alternates to the Italian and French ones. */
async function germanPages(request: APIRequestContext): Promise<Record<string, string>> {
  const magazine = await graph<{ magazine: { articles: { url: string }[] } }>(request, '{ magazine(locale: DE, first: 1) { articles { url } } }');
  const topic = (await sitemapPaths(request, 'de')).find((path) => path.startsWith('/t/') && path !== '/t/bestseller');
  return {
    product: await productUrl(request, 'P101234'),
    variant: await productUrl(request, 'P100151.2'),
    'product with variants': await productUrl(request, 'P100151'),
    category: '/vitamine-mineralstoffe/vitamin-d',
    'landing page': '/erkaeltungszeit',
    article: magazine.magazine.articles[0]!.url,
    topic: topic!,
    brand: '/b/kinderwohl',
    search: '/search?search=vitamin',
  };
}

test('every page type names itself as canonical and its de/it/fr alternates answer 200 without a redirect', async ({ request }) => {
  test.setTimeout(90_000);
  const pages = await germanPages(request);
  for (const [type, path] of Object.entries(pages)) {
    const german = await crawl(request, path);
    expect(german.status, `${type} ${path}`).toBe(200);
    // a search's canonical is the search page itself (without the term); every other page's is its own path
    const own = type === 'search' ? '/search' : path;
    expect(german.seo.canonical, `${type} canonical`).toBe(own);
    expect(Object.keys(german.seo.alternates).sort(), `${type} hreflang`).toEqual(['de-CH', 'fr-CH', 'it-CH', 'x-default']);
    expect(german.seo.alternates['de-CH']).toBe(own);
    expect(german.seo.alternates['x-default']).toBe(own);
    for (const locale of ['it-CH', 'fr-CH']) {
      const alternate = german.seo.alternates[locale]!;
      expect(alternate, `${type} ${locale}`).toMatch(locale === 'it-CH' ? /^\/it\// : /^\/fr\//);
      expect(alternate, `${type} ${locale}`).not.toMatch(/\/(detail|navigation|landingPage)\//);
      const page = await crawl(request, alternate);
      expect(page.status, `${type} ${alternate}`).toBe(200);
      expect(page.seo.canonical, `${type} ${alternate} canonical`).toBe(alternate);
      expect(page.seo.alternates, `${type} ${alternate} hreflang`).toEqual(german.seo.alternates);
    }
  }
});

test('/detail/{id} and old paths lead on (301) to the page’s SEO URL in the request’s language', async ({ request }) => {
  const variant = await graph<{ product: { productId: string; url: string } }>(request, '{ product(productNumber: "P100151.2", locale: FR) { productId url } }');
  const byId = await crawl(request, `/fr/detail/${variant.product.productId}?ref=mail`);
  expect(byId.status).toBe(301);
  expect(new URL(byId.location!, 'http://shop.invalid').pathname + new URL(byId.location!, 'http://shop.invalid').search).toBe(`${variant.product.url}?ref=mail`);

  // a German path under /fr: an old link, moved to the French page
  const german = await crawl(request, '/fr/vitamine-mineralstoffe/vitamin-d');
  expect(german.status).toBe(301);
  const target = new URL(german.location!, 'http://shop.invalid').pathname;
  expect(target).toMatch(/^\/fr\/[a-z-]+\/vitamine-d$/);
  expect((await crawl(request, target)).status).toBe(200);

  // an article's German slug under /fr: the French article
  const { magazine } = await graph<{ magazine: { articles: { url: string }[] } }>(request, '{ magazine(locale: DE, first: 1) { articles { url } } }');
  const germanArticle = magazine.articles[0]!.url;
  const frenchArticle = (await crawl(request, germanArticle)).seo.alternates['fr-CH']!;
  const oldArticle = await crawl(request, `/fr${germanArticle}`);
  expect(oldArticle.status).toBe(301);
  expect(new URL(oldArticle.location!, 'http://shop.invalid').pathname).toBe(frenchArticle);
});

test('the sitemaps list the canonical URLs, variants included, and each of their URLs is its own canonical', async ({ request }) => {
  test.setTimeout(120_000);
  const pages = await germanPages(request);
  const sitemaps = { de: await sitemapPaths(request, 'de'), it: await sitemapPaths(request, 'it'), fr: await sitemapPaths(request, 'fr') };
  for (const [type, path] of Object.entries(pages)) {
    if (type === 'search') continue; // result pages are not for search engines
    const { alternates } = (await crawl(request, path)).seo;
    expect(sitemaps.de, `${type} de`).toContain(alternates['de-CH']);
    expect(sitemaps.it, `${type} it`).toContain(alternates['it-CH']);
    expect(sitemaps.fr, `${type} fr`).toContain(alternates['fr-CH']);
  }
  // a spread of each sitemap: every URL answers 200 and names itself as canonical
  for (const paths of Object.values(sitemaps)) {
    const step = Math.floor(paths.length / 12);
    for (let index = 0; index < paths.length; index += step) {
      const page = await crawl(request, paths[index]!);
      expect(page.status, paths[index]).toBe(200);
      expect(page.seo.canonical, paths[index]).toBe(paths[index]);
    }
  }
});

test('the language switcher keeps the listing’s filters and sorting, the search term and the variant', async ({ page, request }) => {
  // a filtered, sorted category, filtered in the browser (client navigation)
  await page.goto('/vitamine-mineralstoffe');
  await hydrated(page);
  await page.getByRole('checkbox', { name: 'Aarevita' }).check();
  await expect(page).toHaveURL(/[?&]brands=[0-9a-f]{32}/);
  await page.getByLabel('Sortieren nach').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  const query = new URL(page.url()).search;
  await page.getByRole('navigation', { name: 'Sprache wählen' }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(`/fr/vitamines-et-mineraux${query}`);
  await expect(page.getByRole('checkbox', { name: 'Aarevita' })).toBeChecked();
  await expect(page.getByLabel('Trier par')).toHaveValue('price-asc');

  // a search keeps its term
  await page.goto('/search?search=vitamin');
  await page.getByRole('link', { name: 'Italiano' }).click();
  await expect(page).toHaveURL('/it/search?search=vitamin');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('vitamin');

  // a variant lands on the same variant's French page, not on /fr/detail/{id}
  const variant = await productUrl(request, 'P100151.2');
  const french = (await crawl(request, variant)).seo.alternates['fr-CH']!;
  await page.goto(variant);
  const landed = page.waitForResponse((response) => new URL(response.url()).pathname === french);
  await page.getByRole('link', { name: 'Français' }).click();
  expect((await landed).status()).toBe(200);
  await expect(page).toHaveURL(french);
});

test('the search page’s content slider finds a magazine article by a word of its title, in French and in Italian', async ({ page, request }) => {
  for (const [locale, heading] of [
    ['FR', 'Du magazine santé'],
    ['IT', 'Dalla rivista della salute'],
  ] as const) {
    const { magazine } = await graph<{ magazine: { articles: { title: string; url: string }[] } }>(
      request,
      'query M($locale: Locale) { magazine(locale: $locale, first: 1) { articles { title url } } }',
      { locale },
    );
    const article = magazine.articles[0]!;
    const word = article.title.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0]!;
    await page.goto(`/${locale.toLowerCase()}/search?search=${encodeURIComponent(word)}`);
    const slider = page.getByRole('region', { name: heading });
    await expect(slider.getByRole('link', { name: article.title })).toHaveAttribute('href', article.url);
  }
});

test('a search without results suggests the categories closest to what was typed', async ({ page }) => {
  await page.goto('/search?search=vitamim');
  await expect(page.getByText('Keine Ergebnisse für «vitamim»')).toBeVisible();
  const suggestions = page.getByRole('navigation', { name: 'Vielleicht suchen Sie' });
  await expect(suggestions.getByRole('link', { name: 'Vitamine & Mineralstoffe' })).toHaveAttribute('href', '/vitamine-mineralstoffe');
});
