import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { brandSlug } from '../gateway/src/links';
import { CONTENT_PAGES } from '../storefront/platform/i18n/contentPages';
import { isShopLocale, LOCALES, localizedPath, type ShopLocale } from '../storefront/platform/i18n/locales';

/** How the sitemap reaches the Store API: the embedded one in-process, or a remote one over HTTP. */
export type StoreApiFetch = (path: string, init: RequestInit) => Promise<Response>;

interface SeoUrlPage {
  elements?: Array<{ seoPathInfo?: string; isDeleted?: boolean }>;
  total?: number;
}

const PAGE_SIZE = 500;
/** The Store API's page limit of the shop's own lists (/article). */
const LIST_PAGE_SIZE = 100;
/** Articles live under one prefix per kind (gateway/src/schema/article.ts). */
const ARTICLE_PREFIX: Record<string, string> = { magazine: 'e', editorial: 'e', topic: 't', content: 's' };
/** Pages search engines should not index (the style guide). */
const UNLISTED_CONTENT_PAGES = new Set(['css']);
const CACHE_MS = 10 * 60 * 1000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * robots.txt and sitemap.xml (issue 4 §6): an index pointing at one sitemap per language, each listing
 * the home page, the content pages and every canonical SEO URL of that language (products, categories,
 * landing pages), read from the Store API's /seo-url in pages of 500, the articles (/article) and the brands. Built on demand, kept 10 minutes.
 */
export function mountSitemap(
  app: Hono,
  options: {
    storeApi: StoreApiFetch;
    accessKey: string;
    languageIdOf: (locale: ShopLocale) => Promise<string | undefined>;
    logger: Logger;
    /** https and the lowercase host (SPEC §2), as in the canonical links: canonicalOrigin() of store-api/src/shop-origins.ts */
    canonicalOrigin: string;
  },
): void {
  const cache = new Map<ShopLocale, { at: number; paths: string[] }>();

  async function seoPaths(locale: ShopLocale): Promise<string[]> {
    const cached = cache.get(locale);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.paths;
    const languageId = await options.languageIdOf(locale);
    const contentPages = Object.entries(CONTENT_PAGES).filter(([name]) => !UNLISTED_CONTENT_PAGES.has(name));
    const paths = [localizedPath('/', locale), ...contentPages.map(([, page]) => localizedPath(page[locale], locale))];
    if (languageId) {
      for (let page = 1; ; page += 1) {
        const response = await options.storeApi('/store-api/seo-url', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sw-access-key': options.accessKey, 'sw-language-id': languageId },
          body: JSON.stringify({
            page,
            limit: PAGE_SIZE,
            'total-count-mode': 1,
            filter: [
              { type: 'equals', field: 'isCanonical', value: true },
              { type: 'equals', field: 'languageId', value: languageId },
            ],
            includes: { seo_url: ['seoPathInfo', 'isDeleted'] },
          }),
        });
        if (!response.ok) {
          options.logger.warn({ status: response.status, locale }, 'sitemap: the Store API refused /seo-url');
          break;
        }
        const body = (await response.json()) as SeoUrlPage;
        const elements = body.elements ?? [];
        for (const url of elements) {
          if (url.seoPathInfo && !url.isDeleted) paths.push(localizedPath(`/${url.seoPathInfo}`, locale));
        }
        if (elements.length < PAGE_SIZE || page * PAGE_SIZE >= (body.total ?? 0)) break;
      }
    }
    if (languageId) paths.push(...(await articlePaths(locale, languageId)), ...(await brandPaths(locale, languageId)));
    const unique = [...new Set(paths)];
    cache.set(locale, { at: Date.now(), paths: unique });
    return unique;
  }

  /** The shop's own routes list in pages of 100: every article of the language (magazine, editorial, topics, service pages). */
  async function articlePaths(locale: ShopLocale, languageId: string): Promise<string[]> {
    const paths: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await options.storeApi('/store-api/article', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sw-access-key': options.accessKey, 'sw-language-id': languageId },
        body: JSON.stringify({ page, limit: LIST_PAGE_SIZE }),
      });
      if (!response.ok) {
        options.logger.warn({ status: response.status, locale }, 'sitemap: the Store API refused /article');
        break;
      }
      const body = (await response.json()) as { elements?: Array<{ type?: string; slug?: string }>; total?: number };
      const elements = body.elements ?? [];
      for (const article of elements) {
        const prefix = article.type ? ARTICLE_PREFIX[article.type] : undefined;
        if (prefix && article.slug) paths.push(localizedPath(`/${prefix}/${encodeURIComponent(article.slug)}`, locale));
      }
      if (elements.length < LIST_PAGE_SIZE || page * LIST_PAGE_SIZE >= (body.total ?? 0)) break;
    }
    return paths;
  }

  /** Every brand with products on sale: /b/{slug} (the slug is the gateway's, built from the name). */
  async function brandPaths(locale: ShopLocale, languageId: string): Promise<string[]> {
    const paths: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await options.storeApi('/store-api/product-manufacturer', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sw-access-key': options.accessKey, 'sw-language-id': languageId },
        body: JSON.stringify({
          page,
          limit: LIST_PAGE_SIZE,
          'total-count-mode': 1,
          filter: [{ type: 'equals', field: 'products.active', value: true }],
          includes: { product_manufacturer: ['name', 'translated'] },
        }),
      });
      if (!response.ok) {
        options.logger.warn({ status: response.status, locale }, 'sitemap: the Store API refused /product-manufacturer');
        break;
      }
      const body = (await response.json()) as { elements?: Array<{ name?: string; translated?: { name?: string } }>; total?: number };
      const elements = body.elements ?? [];
      for (const brand of elements) {
        const slug = brandSlug(brand.translated?.name ?? brand.name ?? '');
        if (slug) paths.push(localizedPath(`/b/${slug}`, locale));
      }
      if (elements.length < LIST_PAGE_SIZE || page * LIST_PAGE_SIZE >= (body.total ?? 0)) break;
    }
    return paths;
  }

  app.get('/robots.txt', (c) => {
    const origin = options.canonicalOrigin;
    const privatePaths = ['/account', '/checkout', '/search', '/wishlist', '/login', '/register'];
    const disallow = LOCALES.flatMap((locale) => privatePaths.map((path) => `Disallow: ${localizedPath(path, locale)}`));
    return c.text(['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'));
  });

  app.get('/sitemap.xml', (c) => {
    const origin = options.canonicalOrigin;
    const entries = LOCALES.map((locale) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap-${locale}.xml`)}</loc></sitemap>`);
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</sitemapindex>', ''].join('\n');
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8' });
  });

  app.get('/:file{sitemap-[a-z]{2}\\.xml}', async (c) => {
    const locale = c.req.param('file').slice('sitemap-'.length, -'.xml'.length);
    if (!isShopLocale(locale)) return c.notFound();
    const origin = options.canonicalOrigin;
    const paths = await seoPaths(locale);
    const entries = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8' });
  });
}
