import { expect, test } from '@playwright/test';

// robots.txt and the sitemap index with one sitemap per language, built from the shop's SEO URLs.

test('robots.txt allows the shop, keeps private pages out and names the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Disallow: /checkout');
  expect(text).toContain('Disallow: /fr/account');
  // The configured origin's host (PUBLIC_ORIGIN, default http://localhost:PORT; ADR 0022), not the Host this request used.
  expect(text).toContain(`Sitemap: https://localhost:${new URL(baseURL!).port}/sitemap.xml`);
});

test('sitemap.xml indexes one sitemap per language, each with the SEO paths of that language', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  const locations = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(locations).toEqual(['/sitemap-de.xml', '/sitemap-it.xml', '/sitemap-fr.xml']);

  const french = await request.get('/sitemap-fr.xml');
  expect(french.headers()['content-type']).toContain('application/xml');
  const paths = [...(await french.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths).toContain('/fr');
  expect(paths).toContain('/fr/marques');
  expect(paths).toContain('/fr/aarevita-vitamine-d3-capsules-60-capsules/p101234');
  // Issue 7: articles, service pages, the contest, legal pages and brands; not the style guide.
  expect(paths).toContain('/fr/magazine');
  expect(paths).toContain('/fr/t/bestseller');
  expect(paths).toContain('/fr/s/contact');
  expect(paths).toContain('/fr/cgv');
  expect(paths).toContain('/fr/concours');
  expect(paths).toContain('/fr/b/kinderwohl');
  expect(paths.some((path) => path.startsWith('/fr/e/'))).toBe(true);
  expect(paths).not.toContain('/fr/css');
  expect(paths.length).toBeGreaterThan(1000);
  expect(paths.every((path) => path === '/fr' || path.startsWith('/fr/'))).toBe(true);

  const german = [...(await (await request.get('/sitemap-de.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(german).toContain('/medikamente');
  expect(german.some((path) => path.startsWith('/fr/') || path.startsWith('/it/'))).toBe(false);
});
