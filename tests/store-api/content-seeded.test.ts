import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CH_ID, CURRENCY_CHF_ID, LANGUAGES, LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openTestShop } from '../support/shop';

// The content endpoints on the seeded catalogue (the database the test run seeds once).

type Shop = Awaited<ReturnType<typeof openTestShop>>;
let shop: Shop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

interface Slot {
  type: string;
  data: { listing?: { elements: { id: string; translated: { name: string } }[]; total: number; apiAlias: string } } | null;
}
const slotsOf = (category: { cmsPage: { sections: { blocks: { slots: Slot[] }[] }[] } }): Slot[] =>
  category.cmsPage.sections.flatMap((s) => s.blocks.flatMap((b) => b.slots));

describe('seeded shop', () => {
  it('lists the languages with their locale, and filters on locale.code as Shopware does', async () => {
    const all = await shop.call('POST', '/store-api/language', { body: { associations: { locale: {}, translationCode: {} } } });
    expect(all.status).toBe(200);
    expect(all.json.elements.map((l: { locale: { code: string } }) => l.locale.code).sort()).toEqual(['de-CH', 'fr-CH', 'it-CH']);
    const french = await shop.call('POST', '/store-api/language', {
      body: { filter: [{ type: 'equals', field: 'locale.code', value: 'fr-CH' }] },
    });
    expect(french.json.elements.map((l: { id: string }) => l.id)).toEqual([LANGUAGE_ID.fr]);
  });

  it('starts a visitor in CHF, German and Switzerland', async () => {
    const res = await shop.call('GET', '/store-api/context');
    expect(res.status).toBe(200);
    expect(res.json.currency.id).toBe(CURRENCY_CHF_ID);
    expect(res.json.context.languageIdChain).toEqual([LANGUAGE_ID.de]);
    expect(res.json.shippingLocation.country.id).toBe(COUNTRY_CH_ID);
    expect(res.json.paymentMethod.id).toBe(res.json.salesChannel.paymentMethodId);
    expect(res.json.shippingMethod.id).toBe(res.json.salesChannel.shippingMethodId);
  });

  it('shows a top category with its CMS page and a product listing holding products, in all three languages', async () => {
    const nav = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: { depth: 1 } });
    expect(nav.status).toBe(200);
    expect(nav.json.length).toBeGreaterThanOrEqual(5);
    const top = nav.json[0] as { id: string };

    const names = new Set<string>();
    for (const language of LANGUAGES) {
      const res = await shop.call('POST', `/store-api/category/${top.id}`, { body: { limit: 5 }, headers: { 'sw-language-id': language.id } });
      expect(res.status).toBe(200);
      expect(res.json.cmsPage.apiAlias).toBe('cms_page');
      const listingSlot = slotsOf(res.json).find((s) => s.type === 'product-listing');
      const listing = listingSlot!.data!.listing!;
      expect(listing.apiAlias).toBe('product_listing');
      expect(listing.total).toBeGreaterThan(0);
      expect(listing.elements.length).toBeGreaterThan(0);
      expect(listing.elements.length).toBeLessThanOrEqual(5);
      names.add(listing.elements[0]!.translated.name);
      names.add(res.json.name);
    }
    // Three languages, three different texts for the category and the first product.
    expect(names.size).toBeGreaterThanOrEqual(4);
  });

  it('finds a category by its SEO path in each language and leads back to it', async () => {
    const nav = await shop.call('POST', '/store-api/navigation/main-navigation/main-navigation', { body: { depth: 1 } });
    const top = nav.json[0] as { id: string };
    for (const language of LANGUAGES) {
      const headers = { 'sw-language-id': language.id };
      const byKey = await shop.call('POST', '/store-api/seo-url', {
        body: { filter: [{ type: 'equals', field: 'foreignKey', value: top.id }, { type: 'equals', field: 'routeName', value: 'frontend.navigation.page' }] },
        headers,
      });
      expect(byKey.json.total).toBe(1);
      const path = byKey.json.elements[0].seoPathInfo as string;
      expect(path).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
      const byPath = await shop.call('POST', '/store-api/seo-url', {
        body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: path }] },
        headers,
      });
      expect(byPath.json.elements[0]).toMatchObject({ foreignKey: top.id, pathInfo: `/navigation/${top.id}`, languageId: language.id });
    }
  });

  it('serves seeded media files and resizes them to webp', async () => {
    const row = shop.db.prepare('SELECT path, width FROM media LIMIT 1').get() as { path: string; width: number };
    const file = await shop.app.fetch(new Request(`http://shop.test/${row.path}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
    const encoded = Buffer.from(encodeURIComponent(`/${row.path}`)).toString('base64url');
    const resized = await shop.app.fetch(new Request(`http://shop.test/media-resize/${encoded}?width=350`));
    expect(resized.status).toBe(200);
    const meta = await sharp(Buffer.from(await resized.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(400);
  });
});
