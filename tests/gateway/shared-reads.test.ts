import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedReads } from '../../gateway/src/shared-reads';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { openTestShop } from '../support/shop';

// Issue 8 item 6 (Store API calls per page ≤ 3): the menus and SEO URLs are the same for every shopper, so the
// gateway keeps them across requests (SHARED_READS_TTL_SECONDS); a page then costs its own data only.

const PAGE = `query Page($path: String!) {
  route(path: $path) {
    __typename
    ... on ProductPage { product { productId name price { unitPrice } } }
    ... on CategoryPage { category { categoryId name breadcrumb { name url } } }
  }
  navigation(depth: 2, root: MAIN) { name url children { name url } }
  footerNavigation: navigation(depth: 1, root: FOOTER) { name url }
}`;

let gw: TestGateway;
let productPath: string;
// a category two levels down, so its breadcrumb has a middle step with an SEO path
const categoryPath = '/vitamine-mineralstoffe/vitamin-d';

beforeAll(async () => {
  gw = await openTestGateway({ sharedReadsTtlSeconds: 60 });
  const shop = await openTestShop();
  const product = shop.db
    .prepare(
      `SELECT u.seo_path_info AS path FROM seo_url u JOIN language l ON l.id = u.language_id JOIN product p ON p.id = u.foreign_key
       WHERE l.code = 'de-CH' AND u.route_name = 'frontend.detail.page' AND u.is_canonical = 1 AND u.is_deleted = 0 AND p.active = 1
       ORDER BY p.product_number LIMIT 1`,
    )
    .get() as { path: string };
  productPath = `/${product.path}`;
  shop.close();
});
afterAll(() => gw?.close());

const routesOf = (list: readonly { path: string }[]) => list.map((call) => call.path.replace(/[0-9a-f]{32}/g, '{id}').replace(/\?.*$/, ''));

describe('menus and SEO URLs kept across requests', () => {
  it('a second shopper’s product page reads only the product: no menu, no SEO URL lookup, the same answer', async () => {
    gw.storeCalls.reset();
    const first = await gw.gql(PAGE, { path: productPath });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.route.__typename).toBe('ProductPage');
    const firstRoutes = routesOf(gw.storeCalls.list);
    expect(firstRoutes.filter((path) => path.startsWith('/store-api/navigation/'))).toHaveLength(2);
    expect(firstRoutes).toContain('/store-api/seo-url');

    gw.storeCalls.reset();
    const second = await gw.gql(PAGE, { path: productPath });
    expect(second.body).toEqual(first.body);
    expect(routesOf(gw.storeCalls.list)).toEqual(['/store-api/product/{id}']);
  });

  it('a shopper with a session gets the kept menus too, but the product (and its price) is read for them', async () => {
    await gw.gql(PAGE, { path: productPath });
    gw.storeCalls.reset();
    const withSession = await gw.gql(PAGE, { path: productPath }, { cookies: { 'sw-context-token': 'shared-reads-test-token' } });
    expect(withSession.body.errors).toBeUndefined();
    expect(withSession.body.data.route.product.price.unitPrice).toBeGreaterThan(0);
    expect(routesOf(gw.storeCalls.list)).toEqual(['/store-api/product/{id}']);
  });

  it('a category page keeps its breadcrumb’s SEO paths but reads the category (with its prices) every time', async () => {
    const first = await gw.gql(PAGE, { path: categoryPath });
    expect(first.body.data.route.__typename).toBe('CategoryPage');
    gw.storeCalls.reset();
    const second = await gw.gql(PAGE, { path: categoryPath });
    expect(second.body).toEqual(first.body);
    expect(routesOf(gw.storeCalls.list)).toEqual(['/store-api/category/{id}']);
  });

  it('a leaf category’s side navigation (its parent and the siblings) comes from the kept trees, as the category read would give it', async () => {
    const SIDE_NAVIGATION = `query Side($path: String!) {
      route(path: $path) { ... on CategoryPage { category { categoryId parent { categoryId name url level children { categoryId name url } } } } }
      navigation(depth: 2, root: MAIN) { name }
    }`;
    const DIRECT = `query Direct($id: ID!) { category(id: $id) { categoryId name url level children { categoryId name url } } }`;
    // right below a top menu entry (the main menu has the parent), and one level deeper (the grandparent's tree has it)
    for (const path of [categoryPath, '/arzneimittel/erkaeltung-grippe/husten']) {
      const first = await gw.gql(SIDE_NAVIGATION, { path });
      expect(first.body.errors).toBeUndefined();
      const parent = first.body.data.route.category.parent;
      expect(parent.children.map((child: { categoryId: string }) => child.categoryId)).toContain(first.body.data.route.category.categoryId);
      const direct = await gw.gql(DIRECT, { id: parent.categoryId });
      expect(parent).toEqual(direct.body.data.category);

      gw.storeCalls.reset();
      const second = await gw.gql(SIDE_NAVIGATION, { path });
      expect(second.body).toEqual(first.body);
      // the category itself only: no POST /category/{parentId}, no tree
      expect(routesOf(gw.storeCalls.list), path).toEqual(['/store-api/category/{id}']);
    }
  });

  it('each language has its own menu', async () => {
    const german = await gw.gql(PAGE, { path: productPath });
    gw.storeCalls.reset();
    const french = await gw.gql(`{ navigation(depth: 2, root: MAIN, locale: FR) { name url } }`);
    expect(routesOf(gw.storeCalls.list)).toEqual(['/store-api/navigation/main-navigation/main-navigation']);
    expect(french.body.data.navigation.map((entry: { url: string }) => entry.url).every((url: string) => url.startsWith('/fr/'))).toBe(true);
    expect(french.body.data.navigation[0].name).not.toBe(german.body.data.navigation[0].name);
  });
});

describe('createSharedReads', () => {
  it('asks once for requests at the same moment and again after the ttl', async () => {
    let now = 0;
    const reads = createSharedReads({ ttlSeconds: 60, now: () => now });
    let loads = 0;
    const load = async () => ({ menu: ++loads });
    const [a, b] = await Promise.all([reads.read('menu', load), reads.read('menu', load)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    now = 59_999;
    expect(await reads.read('menu', load)).toEqual({ menu: 1 });
    now = 60_000;
    expect(await reads.read('menu', load)).toEqual({ menu: 2 });
  });

  it('keeps no failure: the next request asks again', async () => {
    const reads = createSharedReads({ ttlSeconds: 60 });
    await expect(reads.read('menu', () => Promise.reject(new Error('Store API down')))).rejects.toThrow('Store API down');
    expect(await reads.read('menu', async () => 'menu')).toBe('menu');
  });

  it('hands out frozen answers, so no request can change another’s menu', async () => {
    const reads = createSharedReads({ ttlSeconds: 60 });
    const menu = await reads.read('menu', async () => [{ name: 'Vitamine', children: [{ name: 'Vitamin D' }] }]);
    expect(() => {
      (menu[0]!.children[0] as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('forgets the oldest entry beyond its size, and reads every time with a ttl of 0', async () => {
    const reads = createSharedReads({ ttlSeconds: 60, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await reads.read('a', load);
    await reads.read('b', load);
    await reads.read('c', load);
    expect(await reads.read('b', load)).toBe(2);
    expect(await reads.read('a', load)).toBe(4);

    const off = createSharedReads({ ttlSeconds: 0 });
    let offLoads = 0;
    await off.read('a', async () => ++offLoads);
    await off.read('a', async () => ++offLoads);
    expect(offLoads).toBe(2);
  });
});
