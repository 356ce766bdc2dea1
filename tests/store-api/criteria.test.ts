import { beforeAll, describe, expect, it } from 'vitest';
import { applyIncludes, parseBracketQuery, parseCriteria } from '../../store-api/src/dal';
import '../../store-api/src/entities/product';
import { StoreApiError } from '../../store-api/src/errors';
import { openTestShop, type StoreApiCall } from '../support/shop';

// The Criteria engine on its own: parsing (POST and GET forms), validation and response shaping.

let call: StoreApiCall;

beforeAll(async () => {
  call = (await openTestShop()).call;
});

function violationsOf(fn: () => unknown): { pointer: string; code: string }[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof StoreApiError) return err.errors.map((e) => ({ pointer: e.source?.pointer ?? '', code: e.code }));
    throw err;
  }
  return [];
}

describe('parseCriteria', () => {
  it('reads every part of a Criteria', () => {
    const criteria = parseCriteria(
      {
        page: '2',
        limit: 10,
        term: ' aspirin ',
        ids: ['a'.repeat(32)],
        filter: [{ type: 'equalsAny', field: 'product.id', value: `${'a'.repeat(32)}|${'b'.repeat(32)}` }],
        'post-filter': [{ type: 'range', field: 'price', parameters: { gte: 1 } }],
        sort: [{ field: 'name', order: 'desc', naturalSorting: true }],
        associations: { media: { limit: 3 }, manufacturer: { associations: { media: {} } } },
        includes: { product: ['id'] },
        grouping: ['manufacturerId'],
        'total-count-mode': 'next-pages',
      },
      { entity: 'product', maxLimit: 500 },
    );
    expect(criteria).toMatchObject({ page: 2, limit: 10, term: 'aspirin', grouping: ['manufacturerId'], totalCountMode: 2 });
    expect(criteria.filters[0]).toEqual({ type: 'equalsAny', field: 'id', value: ['a'.repeat(32), 'b'.repeat(32)] });
    expect(criteria.sort[0]).toEqual({ field: 'name', order: 'DESC', naturalSorting: true });
    expect(criteria.associations.media?.limit).toBe(3);
    expect(criteria.associations.manufacturer?.associations.media?.entity).toBe('media');
    for (const [mode, expected] of [[0, 0], ['1', 1], ['exact', 1], ['none', 0], [2, 2]] as const) {
      expect(parseCriteria({ 'total-count-mode': mode }, { entity: 'product', maxLimit: 500 }).totalCountMode).toBe(expected);
    }
  });

  it('collects every problem with its pointer, nested criteria included', () => {
    const problems = violationsOf(() =>
      parseCriteria(
        {
          limit: 1.5,
          'total-count-mode': 'some',
          filter: [{ type: 'range', field: 'price', parameters: { between: 1 } }],
          associations: { media: { filter: [{ type: 'equals', field: 'nope', value: 1 }] } },
        },
        { entity: 'product', maxLimit: 500 },
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { pointer: '/limit', code: 'FRAMEWORK__INVALID_LIMIT_QUERY' },
        { pointer: '/total-count-mode', code: 'FRAMEWORK__INVALID_TOTAL_COUNT_MODE' },
        { pointer: '/filter/0/parameters/between', code: 'FRAMEWORK__INVALID_FILTER_QUERY' },
        { pointer: '/associations/media/filter/0/field', code: 'FRAMEWORK__UNMAPPED_FIELD' },
      ]),
    );
  });
});

describe('GET query parsing', () => {
  it('reads PHP-style brackets', () => {
    expect(parseBracketQuery('?ids[]=a&ids[]=b&filter[0][type]=equals&filter[0][field]=x&associations[media][limit]=2&p=3')).toEqual({
      ids: ['a', 'b'],
      filter: { 0: { type: 'equals', field: 'x' } },
      associations: { media: { limit: '2' } },
      p: '3',
    });
    expect(parseBracketQuery('__proto__[polluted]=1&a[__proto__][x]=1')).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('includes and excludes', () => {
  it('shape every object by its apiAlias, at any depth', () => {
    const json = { apiAlias: 'product', id: '1', name: 'x', manufacturer: { apiAlias: 'product_manufacturer', id: '2', name: 'm', link: 'l' } };
    expect(applyIncludes(json, { product: ['id', 'manufacturer'], product_manufacturer: ['name'] })).toEqual({
      apiAlias: 'product',
      id: '1',
      manufacturer: { apiAlias: 'product_manufacturer', name: 'm' },
    });
    expect(applyIncludes(json, null, { product_manufacturer: ['link'] }).manufacturer).not.toHaveProperty('link');
  });
});

describe('total-count-mode on /product', () => {
  it('counts exactly, by next pages, or not at all', async () => {
    const exact = await call('POST', '/store-api/product', { body: { limit: 10, 'total-count-mode': 1 } });
    const none = await call('POST', '/store-api/product', { body: { limit: 10 } });
    const next = await call('POST', '/store-api/product', { body: { limit: 10, 'total-count-mode': 'next-pages' } });
    expect(exact.json.total).toBeGreaterThan(60);
    expect(none.json.total).toBe(10);
    expect(next.json.total).toBe(51);
  });

  it('loads only the requested fields with `fields`', async () => {
    const res = await call('POST', '/store-api/product', { body: { limit: 2, fields: ['productNumber', 'manufacturer.name'] } });
    expect(res.status).toBe(200);
    const product = res.json.elements[0];
    expect(Object.keys(product).sort()).toEqual(['apiAlias', 'id', 'manufacturer', 'productNumber', 'translated']);
    expect(Object.keys(product.manufacturer).sort()).toEqual(['apiAlias', 'id', 'name', 'translated']);
  });
});
