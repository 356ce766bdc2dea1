import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestGateway } from '../support/gateway';
import { openContentGateway, type ContentGateway } from './content-gateway';

let gateway: ContentGateway;
beforeAll(async () => {
  gateway = await openContentGateway();
});
afterAll(() => gateway.close());

const ROUTE = `query ($path: String!, $locale: Locale) {
  route(path: $path, locale: $locale) {
    __typename
    ... on ProductPage { path product { id name url productNumber } }
    ... on CategoryPage { path category { categoryId name url cmsPage { type } } }
    ... on LandingPageRoute { path landingPage { landingPageId name url cmsPage { type } } }
    ... on NotFound { path message }
  }
}`;

interface RouteAnswer {
  __typename: 'ProductPage' | 'CategoryPage' | 'LandingPageRoute' | 'NotFound';
  path: string;
  product?: { id: string; name: string; url: string; productNumber: string };
  category?: { categoryId: string; name: string; url: string; cmsPage: { type: string } | null };
  landingPage?: { landingPageId: string; name: string; url: string; cmsPage: { type: string } | null };
  message?: string;
}

async function route(path: string, locale?: string) {
  const result = await gateway.gql<{ route: RouteAnswer }>(ROUTE, { path, locale });
  expect(result.errors).toBeUndefined();
  return { route: result.data!.route, calls: result.calls };
}

describe('route(path)', () => {
  it.each([
    ['/', ''],
    ['/it', '/it'],
    ['/fr/', '/fr'],
  ])('resolves %s to the home category with its CMS page in one call', async (path, prefix) => {
    const { route: answer, calls } = await route(path);
    expect(answer.__typename).toBe('CategoryPage');
    expect(answer.category!.url).toBe(prefix || '/');
    expect(answer.category!.cmsPage?.type).toBe('landingpage');
    expect(calls).toEqual(['POST /category/home']);
  });

  it('resolves a category SEO path in German, and the same category under /it in Italian', async () => {
    const de = await route('/vitamine-mineralstoffe/vitamin-d');
    expect(de.route).toMatchObject({ __typename: 'CategoryPage', path: '/vitamine-mineralstoffe/vitamin-d' });
    expect(de.route.category).toMatchObject({ name: 'Vitamin D', url: '/vitamine-mineralstoffe/vitamin-d', cmsPage: { type: 'product_list' } });
    // seo-url, then the category with its CMS page
    expect(de.calls).toEqual(['POST /seo-url', `POST /category/${de.route.category!.categoryId}`]);

    const it = await route('/it/vitamine-e-minerali/vitamina-d');
    expect(it.route.__typename).toBe('CategoryPage');
    expect(it.route.category!.categoryId).toBe(de.route.category!.categoryId);
    expect(it.route.category!.url).toBe('/it/vitamine-e-minerali/vitamina-d');
    expect(it.calls).toHaveLength(2);

    // the German path under /it is an old path: the Italian page, whose own address the storefront redirects to (ADR 0028)
    const old = await route('/it/vitamine-mineralstoffe/vitamin-d');
    expect(old.route.category).toMatchObject({ categoryId: de.route.category!.categoryId, url: '/it/vitamine-e-minerali/vitamina-d' });
  });

  it('lets `locale` override the path prefix', async () => {
    const { route: answer } = await route('/vitamine-e-minerali/vitamina-d', 'IT');
    expect(answer.__typename).toBe('CategoryPage');
    expect(answer.category!.url).toBe('/it/vitamine-e-minerali/vitamina-d');
  });

  it.each(['DE', 'IT', 'FR'])('resolves a product SEO path and /detail/{id} (%s)', async (locale) => {
    const prefix = locale === 'DE' ? '' : `/${locale.toLowerCase()}`;
    const product = await gateway.gql<{ product: { id: string; productId: string; url: string; productNumber: string } }>(
      `query ($locale: Locale) { product(productNumber: "P100001", locale: $locale) { id productId url productNumber } }`,
      { locale },
    );
    expect(product.errors).toBeUndefined();
    const { url, productId } = product.data!.product;
    expect(url.startsWith(`${prefix}/`)).toBe(true);
    expect(url).toMatch(/\/p100001$/);

    const bySeo = await route(url);
    expect(bySeo.route.__typename).toBe('ProductPage');
    expect(bySeo.route.product).toMatchObject({ url, productNumber: 'P100001' });
    expect(bySeo.calls).toEqual(['POST /seo-url', `POST /product/${productId}`]);

    const byId = await route(`${prefix}/detail/${productId}`);
    expect(byId.route.__typename).toBe('ProductPage');
    expect(byId.route.product!.url).toBe(url);
    expect(byId.calls).toEqual([`POST /product/${productId}`]);
  });

  it.each(['DE', 'IT'])('gives a product page its main category’s breadcrumb (%s)', async (locale) => {
    const prefix = locale === 'DE' ? '' : `/${locale.toLowerCase()}`;
    const product = await gateway.gql<{ product: { url: string } }>(
      `query ($locale: Locale) { product(productNumber: "P100001", locale: $locale) { url } }`,
      { locale },
    );
    const result = await gateway.gql<{ route: { category: { url: string; name: string }; breadcrumb: { name: string; url: string }[] } }>(
      `query ($path: String!) { route(path: $path) { ... on ProductPage { category { name url } breadcrumb { name url } } } }`,
      { path: product.data!.product.url },
    );
    expect(result.errors).toBeUndefined();
    const { category, breadcrumb } = result.data!.route;
    expect(breadcrumb.length).toBeGreaterThanOrEqual(2);
    expect(breadcrumb[0]!.url).toBe(prefix || '/');
    expect(breadcrumb.at(-1)).toEqual({ name: category.name, url: category.url });
    for (const step of breadcrumb.slice(1)) expect(step.url).toMatch(new RegExp(`^${prefix}/[a-z0-9-]+(/[a-z0-9-]+)*$`));
    // seo-url, product detail, one SEO URL call for the trail's middle steps
    expect(result.calls).toHaveLength(3);
  });

  it('resolves /navigation/{id} and /landingPage/{id} by pathInfo', async () => {
    const category = (await route('/vitamine-mineralstoffe')).route.category!;
    const byId = await route(`/fr/navigation/${category.categoryId}`);
    expect(byId.route.__typename).toBe('CategoryPage');
    expect(byId.route.category!.categoryId).toBe(category.categoryId);
    expect(byId.route.category!.url.startsWith('/fr/')).toBe(true);
    expect(byId.calls).toEqual([`POST /category/${category.categoryId}`]);

    const landing = (await route('/vitamin-boost')).route;
    expect(landing.__typename).toBe('LandingPageRoute');
    const id = landing.landingPage!.landingPageId;
    const landingById = await route(`/it/landingPage/${id}`);
    expect(landingById.route.__typename).toBe('LandingPageRoute');
    expect(landingById.route.landingPage).toMatchObject({ landingPageId: id, url: '/it/carica-di-vitamine', cmsPage: { type: 'landingpage' } });
    expect(landingById.calls).toEqual([`POST /landing-page/${id}`]);
  });

  it.each([
    '/gibt-es-nicht',
    '/it/non-esiste/affatto',
    `/detail/${'0'.repeat(32)}`,
    `/navigation/${'0'.repeat(32)}`,
    `/landingPage/${'0'.repeat(32)}`,
    '/detail/kein-id',
    'https://evil.example/x',
  ])('answers NotFound with the SPEC message for %s', async (path) => {
    const { route: answer } = await route(path);
    expect(answer).toEqual({ __typename: 'NotFound', path, message: `Page Not Found: ${path}` });
  });
});

// Issue 24: a category page's listing is built once — in the page's listing slot, read with the page's parameters.
describe('a category page’s own listing', () => {
  const LISTING_FIELDS = `total page limit sorting availableSortings { key } currentFilters { brandIds price { min max } }
    filters { brands { brand { brandId } } price { min max } properties { options { id } } }
    pageInfo { hasNextPage endCursor } edges { cursor node { productId name url brand { name } price { unitPrice } cover { url } } }`;
  const PAGE = `query ($path: String!, $filters: ListingFilterInput, $sort: String, $page: Int, $withListing: Boolean!) {
    route(path: $path) { ... on CategoryPage { category { categoryId
      productListing(filters: $filters, sort: $sort, page: $page, limit: 3) @include(if: $withListing) { ${LISTING_FIELDS} } } } }
  }`;
  const ROOT_LISTING = `query ($id: ID!, $filters: ListingFilterInput, $sort: String, $page: Int) {
    listing(categoryId: $id, filters: $filters, sort: $sort, page: $page, limit: 3) { ${LISTING_FIELDS} }
  }`;
  type Page = { route: { category: { categoryId: string; productListing?: { filters: { brands: { brand: { brandId: string } }[] } } } } };

  it.each([
    ['the first page', {}],
    ['page 2 by price, descending', { sort: 'price-desc', page: 2 }],
    ['a brand filter', 'brand'],
  ] as const)('is the one POST /product-listing answers, with no second build (%s)', async (_name, variant) => {
    const path = '/vitamine-mineralstoffe/vitamin-d';
    const first = await gateway.gql<Page>(PAGE, { path, withListing: true });
    const categoryId = first.data!.route.category.categoryId;
    const brandId = first.data!.route.category.productListing!.filters.brands[0]!.brand.brandId;
    const args = variant === 'brand' ? { filters: { brandIds: [brandId] } } : variant;

    const page = await gateway.gql<Page>(PAGE, { path, withListing: true, ...args });
    expect(page.errors).toBeUndefined();
    expect(page.calls).toEqual(['POST /seo-url', `POST /category/${categoryId}`]);
    const listed = await gateway.gql<{ listing: unknown }>(ROOT_LISTING, { id: categoryId, ...args });
    expect(listed.calls).toEqual([`POST /product-listing/${categoryId}`]);
    expect(page.data!.route.category.productListing).toEqual(listed.data!.listing);
  });

  it('reads the listing itself when the page’s listing slot narrows the filters', async () => {
    const own = await openTestGateway({ privateShop: true });
    try {
      const path = '/vitamine-mineralstoffe/vitamin-d';
      const page = async () => {
        own.storeCalls.reset();
        const result = await own.gql(PAGE, { path, withListing: true });
        return { listing: (result.body.data as Page).route.category.productListing!, calls: own.storeCalls.list.map((c) => c.path) };
      };
      const before = await page();
      // the shop's editor keeps only the brand filter in this page's listing slot
      const slots = own.db.prepare(
        `SELECT t.cms_slot_id AS id, t.config FROM cms_slot_translation t JOIN cms_slot s ON s.id = t.cms_slot_id JOIN cms_block b ON b.id = s.block_id
         JOIN cms_section x ON x.id = b.section_id JOIN category c ON c.cms_page_id = x.page_id JOIN category_translation ct ON ct.category_id = c.id
         WHERE s.type = 'product-listing' AND ct.name = 'Vitamin D'`,
      ).all() as { id: string; config: string }[];
      expect(slots.length).toBeGreaterThan(0);
      for (const slot of slots) {
        const config = JSON.parse(slot.config) as Record<string, { source: string; value: unknown }>;
        config.filters = { source: 'static', value: 'manufacturer-filter' };
        own.db.prepare('UPDATE cms_slot_translation SET config = ? WHERE cms_slot_id = ?').run(JSON.stringify(config), slot.id);
      }
      const after = await page();
      expect(after.calls.filter((call) => call.includes('/product-listing/'))).toHaveLength(1);
      expect(after.listing).toEqual(before.listing);
    } finally {
      own.close();
    }
  });

  it('reads the page without listing parameters when the query asks for no listing', async () => {
    const page = await gateway.gql<Page>(PAGE, { path: '/vitamine-mineralstoffe/vitamin-d', withListing: false });
    expect(page.errors).toBeUndefined();
    expect(page.data!.route.category.productListing).toBeUndefined();
    expect(page.calls).toEqual(['POST /seo-url', `POST /category/${page.data!.route.category.categoryId}`]);
  });
});

// Issue 20 item 2 (ADR 0028): every page's address in each language, never /{lang}/detail/{id}.
describe('url(locale:)', () => {
  const URLS = `query ($path: String!) {
    route(path: $path) {
      __typename
      ... on ProductPage { de: url(locale: DE) it: url(locale: IT) fr: url(locale: FR) own: url product { productNumber url de: url(locale: DE) it: url(locale: IT) fr: url(locale: FR) } }
      ... on CategoryPage { category { de: url(locale: DE) it: url(locale: IT) fr: url(locale: FR) } }
      ... on LandingPageRoute { landingPage { de: url(locale: DE) it: url(locale: IT) fr: url(locale: FR) } }
    }
  }`;
  type Urls = { de: string; it: string; fr: string };
  interface UrlAnswer {
    route: { __typename: string; own?: string; product?: Urls & { productNumber: string; url: string }; category?: Urls; landingPage?: Urls } & Partial<Urls>;
  }
  const urlsOf = async (path: string) => {
    const result = await gateway.gql<UrlAnswer>(URLS, { path });
    expect(result.errors).toBeUndefined();
    return result.data!.route;
  };
  const isSeoPath = (url: string) => !/\/(detail|navigation|landingPage)\//.test(url);

  it('gives a category and a landing page their own SEO path in each language', async () => {
    const category = (await urlsOf('/vitamine-mineralstoffe/vitamin-d')).category!;
    expect(category).toEqual({ de: '/vitamine-mineralstoffe/vitamin-d', it: '/it/vitamine-e-minerali/vitamina-d', fr: expect.stringMatching(/^\/fr\/[a-z-]+\/vitamine-d$/) });
    const landing = (await urlsOf('/fr/saison-des-rhumes')).landingPage!;
    expect(landing).toEqual({ de: '/erkaeltungszeit', it: '/it/stagione-del-raffreddore', fr: '/fr/saison-des-rhumes' });
  });

  it('gives a variant its own SEO path in each language, and a parent’s page the parent’s', async () => {
    const variantPath = (await gateway.gql<{ product: { url: string } }>('{ product(productNumber: "P100151.2") { url } }')).data!.product.url;
    expect(variantPath).toMatch(/^\/[a-z0-9-]+\/p100151-2$/);
    const variant = await urlsOf(variantPath);
    expect(variant.__typename).toBe('ProductPage');
    expect(variant.product!.productNumber).toBe('P100151.2');
    expect(variant.own).toBe(variantPath);
    expect([variant.de, variant.it, variant.fr]).toEqual([variantPath, variant.product!.it, variant.product!.fr]);
    expect(variant.it).toMatch(/^\/it\/[a-z0-9-]+\/p100151-2$/);
    expect(variant.fr).toMatch(/^\/fr\/[a-z0-9-]+\/p100151-2$/);

    const parentPath = (await gateway.gql<{ product: { url: string } }>('{ product(productNumber: "P100151", locale: FR) { url } }')).data!.product.url;
    const parent = await urlsOf(parentPath);
    // the parent's path shows its best variant, but the page (and its canonical) is the parent's
    expect(parent.product!.productNumber).toMatch(/^P100151\.\d$/);
    expect(parent.own).toBe(parentPath);
    expect(parent.fr).toBe(parentPath);
    expect([parent.de!, parent.it!].every((url) => isSeoPath(url) && url.endsWith('/p100151'))).toBe(true);
  });

  it('finds an old path (another language’s SEO path under this prefix) and gives the page’s own address for the redirect', async () => {
    const moved = await urlsOf('/fr/vitamine-mineralstoffe/vitamin-d');
    expect(moved.__typename).toBe('CategoryPage');
    expect(moved.category!.fr).toMatch(/^\/fr\/[a-z-]+\/vitamine-d$/);
  });
});

