import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, storeApiTarget } from '../../gateway/src/config';
import { createGateway } from '../../gateway/src/yoga';
import { openTestShop, ORIGIN } from '../support/shop';
import { openContentGateway, type ContentGateway } from './content-gateway';

let gateway: ContentGateway;
beforeAll(async () => {
  gateway = await openContentGateway();
});
afterAll(() => gateway.close());

interface NavCategory {
  categoryId: string;
  name: string;
  url: string | null;
  type: string;
  level: number;
  childCount: number;
  children?: NavCategory[];
}

const NAVIGATION = `query ($depth: Int, $root: NavigationRoot, $locale: Locale) {
  navigation(depth: $depth, root: $root, locale: $locale) {
    id categoryId name url type level childCount
    children { categoryId name url type level childCount }
  }
}`;

describe('navigation', () => {
  it('reads the main menu two levels deep in one Store API call, with SEO links in German', async () => {
    const result = await gateway.gql<{ navigation: NavCategory[] }>(NAVIGATION, { depth: 2 });
    expect(result.errors).toBeUndefined();
    const menu = result.data!.navigation;
    expect(menu.length).toBeGreaterThanOrEqual(5);
    const vitamins = menu.find((c) => c.url === '/vitamine-mineralstoffe')!;
    expect(vitamins).toMatchObject({ name: 'Vitamine & Mineralstoffe', type: 'PAGE', level: 2 });
    expect(vitamins.children!.map((c) => c.url)).toContain('/vitamine-mineralstoffe/vitamin-d');
    expect(vitamins.children!.every((c) => c.level === 3)).toBe(true);
    expect(result.calls).toEqual(['POST /navigation/main-navigation/main-navigation']);
  });

  it('reads only the top entries at depth 1; children then cost one call for their parent', async () => {
    const result = await gateway.gql<{ navigation: NavCategory[] }>(
      `{ navigation(depth: 1) { categoryId childCount } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.navigation.length).toBeGreaterThanOrEqual(5);
    expect(result.calls).toHaveLength(1);

    const deep = await gateway.gql<{ navigation: NavCategory[] }>(NAVIGATION, { depth: 1 });
    expect(deep.errors).toBeUndefined();
    const withChildren = deep.data!.navigation.filter((c) => c.childCount > 0);
    expect(withChildren.length).toBeGreaterThan(0);
    for (const category of withChildren) expect(category.children!.length).toBeGreaterThan(0);
    // one navigation call, then one subtree call per parent with children
    expect(deep.calls).toHaveLength(1 + withChildren.length);
  });

  it.each([
    ['IT', '/it/'],
    ['FR', '/fr/'],
  ])('links the menu in %s with the language prefix', async (locale, prefix) => {
    const result = await gateway.gql<{ navigation: NavCategory[] }>(NAVIGATION, { depth: 2, locale });
    expect(result.errors).toBeUndefined();
    const urls = result.data!.navigation.flatMap((c) => [c.url, ...(c.children ?? []).map((child) => child.url)]);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url!.startsWith(prefix)).toBe(true);
    expect(urls).not.toContain(`${prefix}vitamine-mineralstoffe`);
  });

  it('reads the footer links: link categories with safe shop paths', async () => {
    const result = await gateway.gql<{ navigation: (NavCategory & { linkType: string })[] }>(
      `query ($locale: Locale) { navigation(root: FOOTER, depth: 1, locale: $locale) { name url type linkType } }`,
      { locale: 'IT' },
    );
    expect(result.errors).toBeUndefined();
    const footer = result.data!.navigation;
    expect(footer.length).toBeGreaterThan(0);
    for (const link of footer) {
      expect(link.type).toBe('LINK');
      expect(link.url).toMatch(/^\/it\/[a-z-]+(\/[a-z-]+)?$/);
    }
  });

  it('refuses a depth out of range as a bad argument', async () => {
    const result = await gateway.gql(`{ navigation(depth: 0) { categoryId } }`);
    expect(result.errors?.[0]?.message).toMatch(/depth must be between 1 and 5/);
  });
});

const CATEGORY = `query ($id: ID!, $locale: Locale) {
  category(id: $id, locale: $locale) {
    id categoryId name url type description
    breadcrumb { name url categoryId }
    media { url alt }
    seo { title description keywords }
    parent { categoryId name url }
    cmsPage {
      id type name
      sections {
        type sizingMode visibility { mobile tablet desktop }
        blocks {
          type position sectionPosition marginTop visibility { mobile tablet desktop }
          slots {
            slot type visibility { mobile tablet desktop }
            content {
              __typename
              ... on CmsText { html }
              ... on CmsImage { media { url } url newTab displayMode minHeight }
              ... on CmsProductListing {
                boxLayout
                listing { total edges { node { id name url } } }
              }
              ... on CmsSidebarFilter { slotId }
              ... on CmsCategoryNavigation { slotId }
            }
          }
        }
      }
    }
  }
}`;

async function categoryIdOf(url: string, locale = 'DE'): Promise<string> {
  const result = await gateway.gql<{ navigation: NavCategory[] }>(NAVIGATION, { depth: 2, locale });
  const all = result.data!.navigation.flatMap((c) => [c, ...(c.children ?? [])]);
  const found = all.find((c) => c.url === url);
  if (!found) throw new Error(`no category at ${url}`);
  return found.categoryId;
}

type Slot = { slot: string; type: string; visibility: Record<string, boolean>; content: Record<string, unknown> & { __typename: string } };
type Block = { type: string; visibility: Record<string, boolean>; slots: Slot[] };
type Section = { type: string; blocks: Block[] };

function slotsOf(sections: Section[]): Slot[] {
  return sections.flatMap((s) => s.blocks.flatMap((b) => b.slots));
}

describe('category', () => {
  it.each([
    ['DE', '/vitamine-mineralstoffe/vitamin-d'],
    ['IT', '/it/vitamine-e-minerali/vitamina-d'],
    ['FR', undefined],
  ])('reads a category with breadcrumb and its CMS page whose listing slot has products (%s)', async (locale, expectedUrl) => {
    const id = await categoryIdOf('/vitamine-mineralstoffe/vitamin-d');
    const result = await gateway.gql<{ category: Record<string, never> }>(CATEGORY, { id, locale });
    expect(result.errors).toBeUndefined();
    const category = result.data!.category as unknown as {
      categoryId: string;
      name: string;
      url: string;
      breadcrumb: { name: string; url: string }[];
      media: { url: string } | null;
      parent: { url: string };
      cmsPage: { type: string; sections: Section[] };
    };
    expect(category.categoryId).toBe(id);
    const prefix = locale === 'DE' ? '' : `/${locale.toLowerCase()}`;
    if (expectedUrl) expect(category.url).toBe(expectedUrl);
    expect(category.url.startsWith(`${prefix}/`)).toBe(true);
    expect(category.breadcrumb).toHaveLength(3);
    expect(category.breadcrumb[0]!.url).toBe(prefix || '/');
    expect(category.breadcrumb[1]!.url).toBe(category.parent.url);
    expect(category.breadcrumb[2]).toEqual({ name: category.name, url: category.url, categoryId: id });
    expect(category.media?.url).toMatch(/^http/);

    expect(category.cmsPage.type).toBe('product_list');
    const slots = slotsOf(category.cmsPage.sections);
    const listing = slots.find((s) => s.content.__typename === 'CmsProductListing')!;
    const page = listing.content.listing as { total: number; edges: { node: { id: string; name: string; url: string } }[] };
    expect(page.total).toBeGreaterThan(0);
    expect(page.edges.length).toBeGreaterThan(0);
    for (const edge of page.edges) expect(edge.node.url.startsWith(`${prefix}/`)).toBe(true);
    expect(slots.map((s) => s.content.__typename)).toEqual(expect.arrayContaining(['CmsSidebarFilter', 'CmsCategoryNavigation', 'CmsText', 'CmsImage']));
    // visibility comes from the block: the category navigation is hidden on phones
    expect(slots.find((s) => s.content.__typename === 'CmsCategoryNavigation')!.visibility).toEqual({ mobile: false, tablet: true, desktop: true });
    // the category, its page and its listing: one call; the breadcrumb's middle step and the parent (with its
    // children) come from the main menu, one call that the header shares on a page
    expect(result.calls.filter((c) => c.startsWith('POST /category/'))).toHaveLength(1);
    expect(result.calls.filter((c) => c === 'POST /seo-url')).toHaveLength(0);
    expect(result.calls.filter((c) => c.startsWith('POST /navigation/'))).toEqual(['POST /navigation/main-navigation/main-navigation']);
  });

  it.each(['DE', 'IT', 'FR'])('pages and filters a category’s product listing in its language (%s)', async (locale) => {
    const id = await categoryIdOf('/vitamine-mineralstoffe/vitamin-d');
    const query = `query ($id: ID!, $locale: Locale, $brands: [ID!]) {
      category(id: $id, locale: $locale) {
        productListing(limit: 5, page: 2, sort: "name-asc", filters: { brandIds: $brands }) {
          total page limit sorting edges { node { productId url brand { brandId } } }
          filters { brands { brand { brandId } } }
        }
      }
    }`;
    const all = await gateway.gql<{ category: { productListing: Record<string, never> } }>(query, { id, locale });
    expect(all.errors).toBeUndefined();
    const listing = all.data!.category.productListing as unknown as {
      total: number;
      page: number;
      limit: number;
      sorting: string;
      edges: { node: { url: string; brand: { brandId: string } | null } }[];
      filters: { brands: { brand: { brandId: string } }[] };
    };
    expect(listing).toMatchObject({ page: 2, limit: 5, sorting: 'name-asc' });
    expect(listing.edges).toHaveLength(5);
    const prefix = locale === 'DE' ? '' : `/${locale.toLowerCase()}`;
    for (const edge of listing.edges) expect(edge.node.url.startsWith(`${prefix}/`)).toBe(true);
    // built once, in the page's listing slot: the category is read with the listing's parameters (issue 24)
    expect(all.calls).toEqual([`POST /category/${id}`]);

    const brand = listing.filters.brands[0]!.brand.brandId;
    const filtered = await gateway.gql<{ category: { productListing: { total: number; edges: { node: { brand: { brandId: string } } }[] } } }>(
      query.replace('page: 2, ', ''),
      { id, locale, brands: [brand] },
    );
    expect(filtered.errors).toBeUndefined();
    const page = filtered.data!.category.productListing;
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(listing.total);
    for (const edge of page.edges) expect(edge.node.brand.brandId).toBe(brand);
  });

  it('refuses a bad listing argument on a category as the listing does', async () => {
    const id = await categoryIdOf('/vitamine-mineralstoffe/vitamin-d');
    const result = await gateway.gql(`query ($id: ID!) { category(id: $id) { productListing(page: 0) { total } } }`, { id });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers null for an unknown category and a bad argument for a malformed id', async () => {
    const unknown = await gateway.gql(`{ category(id: "${'0'.repeat(32)}") { categoryId } }`);
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data).toEqual({ category: null });
    const malformed = await gateway.gql(`{ category(id: "x") { categoryId } }`);
    expect(malformed.errors?.[0]?.message).toMatch(/Shopware id/);
  });

  it('refetches a category as a Relay node', async () => {
    const id = await categoryIdOf('/vitamine-mineralstoffe');
    const first = await gateway.gql<{ category: { id: string; name: string } }>(`query ($id: ID!) { category(id: $id) { id name } }`, { id });
    const node = await gateway.gql<{ node: { name: string; categoryId: string } }>(
      `query ($id: ID!) { node(id: $id) { ... on Category { name categoryId } } }`,
      { id: first.data!.category.id },
    );
    expect(node.errors).toBeUndefined();
    expect(node.data!.node).toEqual({ name: first.data!.category.name, categoryId: id });
  });
});

describe('home CMS page', () => {
  it.each(['DE', 'IT', 'FR'])('has a product slider whose products cost no extra call (%s)', async (locale) => {
    const result = await gateway.gql<{ route: { category: { cmsPage: { sections: Section[] } } } }>(
      `query ($locale: Locale) {
        route(path: "/", locale: $locale) {
          ... on CategoryPage {
            category {
              name url
              cmsPage {
                type
                sections { blocks { type slots { content {
                  __typename
                  ... on CmsProductSlider { title boxLayout products { id name url } }
                  ... on CmsImage { url media { url } }
                  ... on CmsText { html }
                } } } }
              }
            }
          }
        }
      }`,
      { locale },
    );
    expect(result.errors).toBeUndefined();
    const slots = slotsOf(result.data!.route.category.cmsPage.sections);
    const sliders = slots.filter((s) => s.content.__typename === 'CmsProductSlider');
    expect(sliders.length).toBeGreaterThan(0);
    const products = sliders[0]!.content.products as { id: string; name: string; url: string }[];
    expect(products.length).toBeGreaterThan(0);
    const prefix = locale === 'DE' ? '' : `/${locale.toLowerCase()}`;
    for (const product of products) expect(product.url.startsWith(`${prefix}/`)).toBe(true);
    expect(sliders[0]!.content.title).toBeTruthy();
    expect(slots.find((s) => s.content.__typename === 'CmsText')!.content.html).toMatch(/<h2>/);
    expect(result.calls).toEqual(['POST /category/home']);
  });
});

describe('landing pages', () => {
  it.each([
    ['DE', '/vitamin-boost'],
    ['IT', '/it/carica-di-vitamine'],
    ['FR', '/fr/boost-de-vitamines'],
  ])('reads a landing page with its link and CMS page (%s)', async (locale, url) => {
    const route = await gateway.gql<{ route: { landingPage: { id: string; landingPageId: string } } }>(
      `query ($path: String!) { route(path: $path) { __typename ... on LandingPageRoute { landingPage { id landingPageId } } } }`,
      { path: url },
    );
    expect(route.errors).toBeUndefined();
    const id = route.data!.route.landingPage.landingPageId;
    const result = await gateway.gql<{ landingPage: Record<string, unknown> }>(
      `query ($id: ID!, $locale: Locale) {
        landingPage(id: $id, locale: $locale) {
          name url seo { title description }
          cmsPage { type sections { blocks { slots { content { __typename ... on CmsProductSlider { products { name } } } } } } }
        }
      }`,
      { id, locale },
    );
    expect(result.errors).toBeUndefined();
    const page = result.data!.landingPage as { name: string; url: string; seo: { title: string }; cmsPage: { type: string; sections: Section[] } };
    expect(page.url).toBe(url);
    expect(page.name).toBeTruthy();
    expect(page.seo.title).toBeTruthy();
    expect(page.cmsPage.type).toBe('landingpage');
    expect(slotsOf(page.cmsPage.sections).some((s) => s.content.__typename === 'CmsProductSlider')).toBe(true);
    expect(result.calls).toEqual([`POST /landing-page/${id}`]);
  });
});

describe('navigation when the Store API fails', () => {
  it('answers an empty menu (SPEC §8) while the rest of the query still works', async () => {
    const shop = await openTestShop();
    const config = readGatewayConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: ORIGIN }, shop.config.accessKey);
    // the real embedded Store API, except that every navigation call fails with 503
    const failingNavigation = {
      fetch: (request: Request) =>
        new URL(request.url).pathname.includes('/navigation/')
          ? new Response(JSON.stringify({ errors: [{ status: '503', title: 'Service Unavailable', detail: 'down for maintenance' }] }), { status: 503 })
          : shop.app.fetch(request),
    };
    const gateway = createGateway({
      config,
      target: storeApiTarget(config, { app: failingNavigation, config: shop.config }, { publicOrigin: ORIGIN }),
      logger: pino({ level: 'silent' }),
    });
    try {
      const response = await gateway.fetch(
        new Request(`${ORIGIN}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query: '{ navigation(depth: 2) { name } footer: navigation(root: FOOTER) { name } languages { locale } }' }),
        }),
      );
      const body = (await response.json()) as { data: unknown; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual({ navigation: [], footer: [], languages: [{ locale: 'DE' }, { locale: 'IT' }, { locale: 'FR' }] });
    } finally {
      shop.close();
    }
  });
});
