import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_ID, ROOT_CATEGORY_ID } from '../../store-api/src/known-ids';
import { FIXTURE, openContentFixture, type ContentFixture } from './content-fixture';

// Category, CMS, navigation, landing page and SEO URL endpoints on a small shop the test writes
// itself (exact shapes); the seeded catalogue is exercised in content-seeded.test.ts.

let shop: ContentFixture;
beforeAll(() => {
  shop = openContentFixture();
});
afterAll(() => shop.close());

const it_ = { 'sw-language-id': LANGUAGE_ID.it };
const fr = { 'sw-language-id': LANGUAGE_ID.fr };

interface Slot {
  id: string;
  type: string;
  data: Record<string, unknown> | null;
  config: Record<string, unknown>;
  translated: { config: unknown };
  fieldConfig: { name: string; apiAlias: string }[];
}
interface Block {
  position: number;
  type: string;
  visibility: Record<string, boolean>;
  slots: Slot[];
}
const blocksOf = (category: { cmsPage: { sections: { blocks: Block[] }[] } }): Block[] => category.cmsPage.sections.flatMap((s) => s.blocks);
const slotOf = (blocks: Block[], type: string): Slot => blocks.flatMap((b) => b.slots).find((s) => s.type === type)!;

describe('POST /category/{navigationId}', () => {
  it('answers the category with its CMS page resolved, in the requested language', async () => {
    const res = await shop.call('POST', `/store-api/category/${FIXTURE.catA}`, { body: {}, headers: it_ });
    expect(res.status).toBe(200);
    const category = res.json;
    expect(category).toMatchObject({
      id: FIXTURE.catA,
      name: 'Vitamine it',
      type: 'page',
      parentId: ROOT_CATEGORY_ID,
      childCount: 1,
      visibleChildCount: 1,
      breadcrumb: ['Start it', 'Vitamine it'],
      translated: { name: 'Vitamine it', breadcrumb: ['Start it', 'Vitamine it'] },
      cmsPageId: FIXTURE.page,
      apiAlias: 'category',
    });
    expect(category.media).toMatchObject({ id: FIXTURE.media, apiAlias: 'media', url: 'http://shop.test/media/fi/xt/banner.svg' });
    // Without sw-include-seo-urls there are no SEO URLs.
    expect(category.seoUrls).toBeNull();

    const page = category.cmsPage;
    expect(page).toMatchObject({ id: FIXTURE.page, type: 'product_list', name: 'Kategorie it', apiAlias: 'cms_page' });
    const blocks = blocksOf(category);
    expect(blocks.map((b) => b.type)).toEqual(['text', 'image', 'product-listing']);
    expect(blocks.map((b) => b.position)).toEqual([0, 1, 2]);
    expect(blocks[1]!.visibility).toEqual({ mobile: false, tablet: true, desktop: true });

    const text = slotOf(blocks, 'text');
    expect(text.data).toEqual({ content: '<h2>Willkommen it</h2>', apiAlias: 'cms_text' });
    expect(text.config).toEqual({ content: { source: 'static', value: '<h2>Willkommen it</h2>' }, verticalAlign: { source: 'static', value: null } });
    expect(text.translated.config).toEqual(text.config);
    expect(text.fieldConfig.map((f) => f.name)).toEqual(['content', 'verticalAlign']);
    expect(text.fieldConfig[0]!.apiAlias).toBe('cms_data_resolver_field_config');

    const image = slotOf(blocks, 'image');
    expect(image.data).toMatchObject({ mediaId: FIXTURE.media, url: '/angebote', newTab: true, apiAlias: 'cms_image' });
    expect((image.data!.media as { alt: string }).alt).toBe('Banner it');

    const listing = slotOf(blocks, 'product-listing');
    expect(listing.data).toMatchObject({ apiAlias: 'cms_product_listing', listing: { apiAlias: 'product_listing' } });
  });

  it('takes the sales channel navigation category for `home`', async () => {
    const res = await shop.call('GET', '/store-api/category/home', { headers: fr });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ROOT_CATEGORY_ID, name: 'Start fr', level: 1 });
  });

  it('resolves only the slots asked for with `slots`', async () => {
    const res = await shop.call('GET', `/store-api/category/${FIXTURE.catA}?slots=${FIXTURE.slots.text}`);
    const blocks = blocksOf(res.json);
    expect(slotOf(blocks, 'text').data).toMatchObject({ apiAlias: 'cms_text' });
    expect(slotOf(blocks, 'image').data).toBeNull();
    expect(slotOf(blocks, 'product-listing').data).toBeNull();
  });

  it('fills seoUrl and seoUrls with sw-include-seo-urls', async () => {
    const res = await shop.call('POST', `/store-api/category/${FIXTURE.catA}`, { body: {}, headers: { ...fr, 'sw-include-seo-urls': 'true' } });
    expect(res.json.seoUrl).toBe('http://shop.test/fr/vitamine-fr');
    expect(res.json.seoUrls).toHaveLength(1);
    expect(res.json.seoUrls[0]).toMatchObject({ seoPathInfo: 'vitamine-fr', languageId: LANGUAGE_ID.fr, apiAlias: 'seo_url' });
  });

  it('answers 404 CONTENT__CATEGORY_NOT_FOUND for unknown ids and malformed ids', async () => {
    for (const id of ['0'.repeat(32), 'not-a-category']) {
      const res = await shop.call('GET', `/store-api/category/${id}`);
      expect(res.status).toBe(404);
      expect(res.json.errors[0]).toMatchObject({ status: '404', code: 'CONTENT__CATEGORY_NOT_FOUND', title: 'Not Found' });
    }
  });

  it('applies includes per apiAlias', async () => {
    const res = await shop.call('POST', `/store-api/category/${FIXTURE.catA}`, { body: { includes: { category: ['id', 'name'] } } });
    expect(res.json).toEqual({ id: FIXTURE.catA, name: 'Vitamine de', apiAlias: 'category' });
  });
});

describe('POST /navigation/{activeId}/{rootId}', () => {
  const names = (list: { name: string; children: unknown[] }[]): unknown =>
    list.map((c) => (c.children.length ? { [c.name]: names(c.children as never) } : c.name));

  it('answers the visible tree below the root, two levels deep by default', async () => {
    const res = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: {} });
    expect(res.status).toBe(200);
    // The hidden category is left out; A11 is level 3 below the root, beyond depth 2.
    expect(names(res.json)).toEqual([{ 'Vitamine de': ['Vitamin D de'] }, 'Baby de']);
  });

  it('answers a renamed category at once, although the menu answer is remembered between requests', async () => {
    const first = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: {} });
    const baby = first.json.find((c: { name: string }) => c.name === 'Baby de') as { id: string };
    const rename = shop.db.prepare('UPDATE category_translation SET name = ? WHERE category_id = ? AND language_id = ?');
    rename.run('Baby & Kind de', baby.id, LANGUAGE_ID.de);
    try {
      const second = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: {} });
      expect(names(second.json)).toEqual([{ 'Vitamine de': ['Vitamin D de'] }, 'Baby & Kind de']);
    } finally {
      rename.run('Baby de', baby.id, LANGUAGE_ID.de);
    }
  });

  it('stops at depth 1', async () => {
    const res = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: { depth: 1 }, headers: it_ });
    expect(names(res.json)).toEqual(['Vitamine it', 'Baby it']);
  });

  it('opens the active category branch and answers a flat list with buildTree false', async () => {
    const res = await shop.call('POST', `/store-api/navigation/${FIXTURE.catA11}/${ROOT_CATEGORY_ID}`, { body: { depth: 1, buildTree: false } });
    const ids = res.json.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([FIXTURE.catA, FIXTURE.catB, FIXTURE.catA1, FIXTURE.catA11]));
    expect(res.json.every((c: { children: unknown[] }) => c.children.length === 0)).toBe(true);
  });

  it('reads depth and buildTree from the query of a GET', async () => {
    const res = await shop.call('GET', '/store-api/navigation/main-navigation/main-navigation?depth=3&buildTree=false');
    expect(res.json).toHaveLength(4);
  });

  it('answers 404 for an unknown root', async () => {
    const res = await shop.call('POST', `/store-api/navigation/${'1'.repeat(32)}/${'1'.repeat(32)}`, { body: {} });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CONTENT__CATEGORY_NOT_FOUND');
  });
});

describe('landing page and CMS page', () => {
  it('answers the landing page with its CMS page', async () => {
    const res = await shop.call('POST', `/store-api/landing-page/${FIXTURE.landing}`, { body: {}, headers: fr });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: FIXTURE.landing, name: 'Angebote fr', url: 'angebote-fr', apiAlias: 'landing_page' });
    expect(res.json.cmsPage).toMatchObject({ id: FIXTURE.page, apiAlias: 'cms_page' });
  });

  it('answers 404 for an unknown landing page', async () => {
    const res = await shop.call('POST', `/store-api/landing-page/${'2'.repeat(32)}`, { body: {} });
    expect(res.status).toBe(404);
    expect(res.json.errors[0].code).toBe('CONTENT__LANDING_PAGE_NOT_FOUND');
  });

  it('answers a CMS page by id, and 404 for an unknown one', async () => {
    const res = await shop.call('GET', `/store-api/cms/${FIXTURE.page}`);
    expect(res.status).toBe(200);
    expect(res.json.sections[0].blocks).toHaveLength(3);
    const missing = await shop.call('GET', `/store-api/cms/${'3'.repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(missing.json.errors[0].code).toBe('CONTENT__CMS_PAGE_NOT_FOUND');
  });
});

describe('POST /seo-url', () => {
  it('finds a category by its SEO path in the context language', async () => {
    const res = await shop.call('POST', '/store-api/seo-url', {
      body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: 'vitamine-it/vitamin-d' }] },
      headers: it_,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 1, apiAlias: 'dal_entity_search_result' });
    expect(res.json.elements[0]).toMatchObject({
      foreignKey: FIXTURE.catA1,
      routeName: 'frontend.navigation.page',
      pathInfo: `/navigation/${FIXTURE.catA1}`,
      isCanonical: true,
      url: 'http://shop.test/it/vitamine-it/vitamin-d',
      apiAlias: 'seo_url',
    });
  });

  it('keeps to the context language as Shopware does (another language path finds nothing)', async () => {
    const res = await shop.call('POST', '/store-api/seo-url', {
      body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: 'vitamine-it' }] },
    });
    expect(res.json.elements).toEqual([]);
  });

  it('looks up the SEO paths of an entity by foreign key and route', async () => {
    const res = await shop.call('POST', '/store-api/seo-url', {
      body: {
        filter: [
          { type: 'equals', field: 'foreignKey', value: FIXTURE.landing },
          { type: 'equals', field: 'routeName', value: 'frontend.landing.page' },
        ],
      },
      headers: fr,
    });
    expect(res.json.elements.map((e: { seoPathInfo: string }) => e.seoPathInfo)).toEqual(['angebote-fr']);
  });

  it('refuses a filter on an unknown field with a pointer', async () => {
    const res = await shop.call('POST', '/store-api/seo-url', { body: { filter: [{ type: 'equals', field: 'nope', value: 1 }] } });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].source.pointer).toMatch(/^\/filter\/0/);
  });
});

describe('listing parameters on a category request', () => {
  it('passes product Criteria on to the listing slot instead of reading them as category Criteria', async () => {
    const res = await shop.call('POST', `/store-api/category/${FIXTURE.catA}`, {
      body: { limit: 2, order: 'name-asc', filter: [{ type: 'equals', field: 'manufacturerId', value: '1'.repeat(32) }] },
    });
    expect(res.status).toBe(200);
    const listing = slotOf(blocksOf(res.json), 'product-listing').data!.listing as { limit: number; elements: unknown[] };
    expect(listing.limit).toBe(2);
    expect(listing.elements).toEqual([]);
  });
});
