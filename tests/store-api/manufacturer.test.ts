import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../store-api/src/ids';
import { LANGUAGE_ID } from '../../store-api/src/known-ids';
import { openPrivateTestShop } from '../support/shop';

// Brands: POST /store-api/product-manufacturer answers Shopware's EntitySearchResult of product_manufacturer.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

const HIDDEN_BRAND = stableId('product_manufacturer', 'test:hidden-brand');
const OFF_BRAND = stableId('product_manufacturer', 'Primacura');

beforeAll(async () => {
  shop = await openPrivateTestShop();
  // a brand without products and a brand whose products are all switched off: neither may reach the overview
  shop.db.prepare('INSERT INTO product_manufacturer (id, media_id, link) VALUES (?, NULL, NULL)').run(HIDDEN_BRAND);
  shop.db
    .prepare('INSERT INTO product_manufacturer_translation (product_manufacturer_id, language_id, name, description) VALUES (?, ?, ?, NULL)')
    .run(HIDDEN_BRAND, LANGUAGE_ID.de, 'Aaa Ohne Produkte');
  shop.db.prepare('UPDATE product SET active = 0 WHERE manufacturer_id = ?').run(OFF_BRAND);
});
afterAll(() => shop?.close());

const ACTIVE_PRODUCTS = { type: 'equals', field: 'products.active', value: true };

describe('POST /store-api/product-manufacturer', () => {
  it('lists the brands A–Z as a Shopware search result, paged, with logos', async () => {
    const res = await shop.call('POST', '/store-api/product-manufacturer', { body: { limit: 10, page: 2, 'total-count-mode': 'exact', sort: [{ field: 'name', order: 'ASC' }] } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ entity: 'product_manufacturer', apiAlias: 'dal_entity_search_result', page: 2, limit: 10 });
    expect(res.json.aggregations).toEqual({});
    expect(res.json.elements).toHaveLength(10);
    expect(res.json.total).toBeGreaterThan(60);
    const names = res.json.elements.map((b: { name: string }) => b.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'de'))).toEqual(names);
    expect(res.json.elements[0]).toMatchObject({ apiAlias: 'product_manufacturer', translated: { name: names[0] } });
    const all = await shop.call('POST', '/store-api/product-manufacturer', { body: { limit: 100 } });
    const withLogo = all.json.elements.find((b: { media: unknown }) => b.media);
    expect(withLogo.media.url).toMatch(/^https?:\/\//);
  });

  it('shows only brands with active products when filtered on products.active', async () => {
    const all = await shop.call('POST', '/store-api/product-manufacturer', { body: { limit: 100 } });
    expect(all.json.elements.map((b: { id: string }) => b.id)).toContain(HIDDEN_BRAND);
    const active = await shop.call('POST', '/store-api/product-manufacturer', { body: { limit: 100, filter: [ACTIVE_PRODUCTS] } });
    expect(active.status).toBe(200);
    const ids = active.json.elements.map((b: { id: string }) => b.id);
    expect(ids).not.toContain(HIDDEN_BRAND);
    expect(ids).not.toContain(OFF_BRAND);
    expect(all.json.elements.map((b: { id: string }) => b.id)).toContain(OFF_BRAND);
    expect(ids.length).toBe(all.json.elements.length - 2);
  });

  it('answers includes, translations, GET criteria and refuses a bad criteria', async () => {
    const fr = await shop.call('POST', '/store-api/product-manufacturer', {
      body: { limit: 1, filter: [{ type: 'equals', field: 'name', value: 'Alpinamed' }], includes: { product_manufacturer: ['id', 'name', 'description'] } },
      headers: { 'sw-language-id': LANGUAGE_ID.fr },
    });
    expect(fr.status).toBe(200);
    expect(Object.keys(fr.json.elements[0]).sort()).toEqual(['apiAlias', 'description', 'id', 'name']);
    expect(fr.json.elements[0].description).toBe('Tous les articles Alpinamed en un coup d’œil, avec formats, composition et avis.');
    const get = await shop.call('GET', '/store-api/product-manufacturer?limit=2&p=1');
    expect(get.status).toBe(200);
    expect(get.json.elements).toHaveLength(2);
    const bad = await shop.call('POST', '/store-api/product-manufacturer', { body: { limit: -1 } });
    expect(bad.status).toBe(400);
    const unknownField = await shop.call('POST', '/store-api/product-manufacturer', { body: { filter: [{ type: 'equals', field: 'nope', value: 1 }] } });
    expect(unknownField.status).toBe(400);
  });
});
