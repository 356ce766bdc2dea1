import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityStatus, dispatchDayAt, tierLabelKind } from '../../gateway/src/schema/product';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { openTestShop, STOCK_SHOPWARE } from '../support/shop';

// The Product of the graph on the real embedded Store API (seeded catalogue), in de, it and fr.

let gw: TestGateway;
let shop: Awaited<ReturnType<typeof openTestShop>>;

function one<T>(sql: string, params: unknown[] = []): T {
  return shop.db.prepare(sql).get(...params) as T;
}

beforeAll(async () => {
  gw = await openTestGateway();
  shop = await openTestShop();
});
afterAll(() => {
  gw?.close();
  shop?.close();
});

const PRODUCT_TEXTS = `query Texts($number: String!, $locale: Locale) {
  product(productNumber: $number, locale: $locale) {
    productId productNumber name description usage ingredients howToUse expertReview otherInfo packing pharmacode ean weightKg
    faq { question answer } productData { label value } url seoPath
    price { unitPrice totalPrice quantity taxRate listPrice { price percentage } referencePrice { price unitName purchaseUnit referenceUnit } }
    brand { name slug } clickAndCollectOnly prescriptionRequired isDownload shippingFree
    availability { status piecesInStock dispatchDay deliveryTime { name min max unit } }
  }
}`;

describe('a product in de, it and fr', () => {
  it('reads texts in the asked language, the same prices, and links with the language prefix', async () => {
    const { product_number: number } = one<{ product_number: string }>(
      "SELECT product_number FROM product WHERE parent_id IS NULL AND child_count = 0 AND active = 1 AND list_price IS NOT NULL ORDER BY product_number LIMIT 1",
    );
    const results = await Promise.all((['DE', 'IT', 'FR'] as const).map((locale) => gw.gql(PRODUCT_TEXTS, { number, locale })));
    for (const result of results) expect(result.body.errors).toBeUndefined();
    const [pde, pit, pfr] = results.map((r) => r.body.data.product);
    expect(pde.productNumber).toBe(number);
    // names and texts are translated
    expect(new Set([pde.usage, pit.usage, pfr.usage]).size).toBe(3);
    expect(new Set([pde.faq[0].question, pit.faq[0].question, pfr.faq[0].question]).size).toBe(3);
    for (const p of [pde, pit, pfr]) {
      expect(p.description).toMatch(/<p>/);
      expect(p.ingredients).toBeTruthy();
      expect(p.howToUse).toBeTruthy();
      expect(p.expertReview).toBeTruthy();
      expect(p.productData.length).toBeGreaterThan(0);
      expect(p.pharmacode).toMatch(/^\d{7}$/);
      expect(p.price.unitPrice).toBe(pde.price.unitPrice);
      expect(p.price.listPrice.price).toBeGreaterThan(p.price.unitPrice);
      expect(p.price.listPrice.percentage).toBeGreaterThan(0);
      expect([2.6, 8.1]).toContain(p.price.taxRate);
      expect(p.brand.name).toBe(pde.brand.name);
    }
    // SPEC §2: /{seoPath}, prefixed /it or /fr, none for German
    expect(pde.url).toBe(`/${pde.seoPath}`);
    expect(pit.url).toBe(`/it/${pit.seoPath}`);
    expect(pfr.url).toBe(`/fr/${pfr.seoPath}`);
    expect(pit.seoPath).not.toBe(pde.seoPath);
  });

  it('gives tier prices labelled TO for each tier and FROM for the last, and a price range', async () => {
    const { product_number: number } = one<{ product_number: string }>(
      'SELECT p.product_number FROM product_price pp JOIN product p ON p.id = pp.product_id GROUP BY p.id HAVING count(*) = 3 ORDER BY p.product_number LIMIT 1',
    );
    const result = await gw.gql(`{ product(productNumber: "${number}") { tierPrices { quantity unitPrice totalPrice labelKind } priceRange { from to hasRange } } }`);
    expect(result.body.errors).toBeUndefined();
    const { tierPrices, priceRange } = result.body.data.product;
    expect(tierPrices.map((t: { labelKind: string }) => t.labelKind)).toEqual(['TO', 'TO', 'FROM']);
    expect(tierPrices.map((t: { quantity: number }) => t.quantity)).toEqual([2, 5, 6]);
    const prices = tierPrices.map((t: { unitPrice: number }) => t.unitPrice);
    expect(prices[0]).toBeGreaterThan(prices[1]);
    expect(prices[1]).toBeGreaterThan(prices[2]);
    expect(priceRange).toEqual({ from: prices[2], to: prices[0], hasRange: true });
  });

  it('shows the best variant of a parent with its configurator, each option leading to a variant', async () => {
    const parent = one<{ id: string; child_count: number }>(
      'SELECT id, child_count FROM product WHERE parent_id IS NULL AND child_count > 1 AND active = 1 ORDER BY product_number LIMIT 1',
    );
    const result = await gw.gql(`{ product(id: "${parent.id}") {
      productId parentId options { id name group { id name } }
      variants { productId parentId }
      parent { productId }
      configurator { id name displayType options { id name selected available product { productId options { id } } } }
    } }`);
    expect(result.body.errors).toBeUndefined();
    const product = result.body.data.product;
    expect(product.parentId).toBe(parent.id);
    expect(product.parent.productId).toBe(parent.id);
    expect(product.variants).toHaveLength(parent.child_count);
    expect(product.variants.every((v: { parentId: string }) => v.parentId === parent.id)).toBe(true);
    expect(product.configurator.length).toBeGreaterThan(0);
    for (const group of product.configurator) {
      const selected = group.options.filter((o: { selected: boolean }) => o.selected);
      expect(selected).toHaveLength(1);
      expect(selected[0].product.productId).toBe(product.productId);
      for (const option of group.options) {
        if (!option.product) continue;
        expect(option.product.options.map((o: { id: string }) => o.id)).toContain(option.id);
      }
    }
    expect(product.configurator.some((g: { options: { product: unknown; selected: boolean }[] }) => g.options.some((o) => !o.selected && o.product))).toBe(true);
  });

  it('pages through reviews with cursors', async () => {
    const top = one<{ id: string; reviews: number }>(
      'SELECT r.product_id AS id, count(*) AS reviews FROM product_review r JOIN product p ON p.id = r.product_id WHERE p.parent_id IS NULL AND p.child_count = 0 AND r.status = 1 GROUP BY r.product_id ORDER BY reviews DESC, r.product_id LIMIT 1',
    );
    expect(top.reviews).toBeGreaterThan(3);
    const query = `query Reviews($id: ID!, $after: String) { product(id: $id) { ratingAverage reviews(first: 2, after: $after) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { reviewId title content points author createdAt } } } } }`;
    const first = await gw.gql(query, { id: top.id });
    expect(first.body.errors).toBeUndefined();
    const page1 = first.body.data.product.reviews;
    expect(page1.totalCount).toBe(top.reviews);
    expect(page1.edges).toHaveLength(2);
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.body.data.product.ratingAverage).toBeGreaterThanOrEqual(1);
    const second = await gw.gql(query, { id: top.id, after: page1.pageInfo.endCursor });
    const page2 = second.body.data.product.reviews;
    expect(page2.edges).toHaveLength(2);
    expect(page2.pageInfo.hasPreviousPage).toBe(true);
    const ids = [...page1.edges, ...page2.edges].map((e: { node: { reviewId: string } }) => e.node.reviewId);
    expect(new Set(ids).size).toBe(4);
    for (const edge of page2.edges) {
      expect(edge.node.points).toBeGreaterThanOrEqual(1);
      expect(edge.node.title).toBeTruthy();
    }
    // a cursor off the page boundary still continues right after it
    const shifted = await gw.gql(query, { id: top.id, after: page1.edges[0].cursor });
    expect(shifted.body.data.product.reviews.edges.map((e: { node: { reviewId: string } }) => e.node.reviewId)).toEqual([ids[1], ids[2]]);
  });

  it('resolves a product by its global id through node(id), and gives media with resized sources', async () => {
    const listing = await gw.gql(`{ search(term: "Magnesium", limit: 1) { nodes { id productId } } }`);
    const { id, productId } = listing.body.data.search.nodes[0];
    const result = await gw.gql(`query N($id: ID!) { node(id: $id) { ... on Product { productId cover { url width height alt thumbnails { width url } resizedUrl(width: 350) sources { width url } } } } }`, { id });
    expect(result.body.errors).toBeUndefined();
    const node = result.body.data.node;
    expect(node.productId).toBe(productId);
    expect(node.cover.thumbnails.length).toBeGreaterThan(0);
    // SPEC §9: widths are rounded up to a multiple of 100 and served from the resize route
    expect(node.cover.resizedUrl).toMatch(/\/media-resize\/[A-Za-z0-9_-]+\?width=400&format=webp$/);
    expect(node.cover.sources.map((s: { width: number }) => s.width)).toEqual([400, 800, 1200, 1900]);
    const resized = await shop.app.fetch(new Request(node.cover.resizedUrl));
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
  });

  it('answers null for an unknown product and a clear error for a malformed id, without a Store API call for the latter', async () => {
    const missing = await gw.gql('{ product(id: "0123456789abcdef0123456789abcdef") { productId } }');
    expect(missing.body.errors).toBeUndefined();
    expect(missing.body.data.product).toBeNull();
    const bad = await gw.gql('{ product(id: "not-an-id") { productId } }');
    expect(bad.storeCalls).toBe(0);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors?.[0]?.message).toMatch(/id/);
    const both = await gw.gql('{ product { productId } }');
    expect(both.storeCalls).toBe(0);
    expect(both.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  // brands come from the shop plugin's /product-manufacturer: a stock Shopware has none (ADR 0027)
  it.skipIf(STOCK_SHOPWARE)('reads a brand with its logo and its products', async () => {
    const brand = one<{ id: string; products: number }>(
      'SELECT manufacturer_id AS id, count(*) AS products FROM product WHERE parent_id IS NULL AND active = 1 AND manufacturer_id IS NOT NULL GROUP BY manufacturer_id ORDER BY products DESC LIMIT 1',
    );
    const result = await gw.gql(`{ brand(id: "${brand.id}", locale: IT) { id brandId name slug website description logo { url }
      products(limit: 5, sort: "price-asc") { total limit nodes { brand { brandId } cheapestPrice { unitPrice } url } } } }`);
    expect(result.body.errors).toBeUndefined();
    const b = result.body.data.brand;
    expect(b.brandId).toBe(brand.id);
    expect(b.slug).toMatch(/^[a-z0-9-]+$/);
    expect(b.products.total).toBe(brand.products);
    expect(b.products.nodes).toHaveLength(5);
    expect(b.products.nodes.every((p: { brand: { brandId: string }; url: string }) => p.brand.brandId === brand.id && p.url.startsWith('/it/'))).toBe(true);
    const prices = b.products.nodes.map((p: { cheapestPrice: { unitPrice: number } }) => p.cheapestPrice.unitPrice);
    expect([...prices].sort((x, y) => x - y)).toEqual(prices);
    const node = await gw.gql(`query N($id: ID!) { node(id: $id) { ... on Brand { name } } }`, { id: b.id });
    expect(node.body.data.node.name).toBeTruthy();
  });
});

describe('product rules', () => {
  it('labels tiers TO and the last one FROM (SPEC §9)', () => {
    expect([0, 1, 2].map((i) => tierLabelKind(i, 3))).toEqual(['TO', 'TO', 'FROM']);
  });

  it('dispatches today before 16:00 on working days, else the next working day (Swiss time)', () => {
    // 2026-03-03 is a Tuesday; Zurich is UTC+1 in March before the switch to summer time
    expect(dispatchDayAt(new Date('2026-03-03T14:59:00Z'))).toBe('TODAY');
    expect(dispatchDayAt(new Date('2026-03-03T15:00:00Z'))).toBe('TOMORROW');
    expect(dispatchDayAt(new Date('2026-03-06T14:00:00Z'))).toBe('TODAY'); // Friday 15:00
    expect(dispatchDayAt(new Date('2026-03-06T15:30:00Z'))).toBe('MONDAY'); // Friday 16:30
    expect(dispatchDayAt(new Date('2026-03-07T09:00:00Z'))).toBe('MONDAY'); // Saturday
    expect(dispatchDayAt(new Date('2026-03-08T22:00:00Z'))).toBe('MONDAY'); // Sunday 23:00
    expect(dispatchDayAt(new Date('2026-03-08T23:30:00Z'))).toBe('TODAY'); // Monday 00:30 in Zurich
  });

  it('derives the availability status from stock and availability', () => {
    expect(availabilityStatus({ available: true, availableStock: 3, stock: 3, isCloseout: false })).toBe('IN_STOCK');
    expect(availabilityStatus({ available: true, availableStock: 0, stock: 0, isCloseout: false })).toBe('ON_CUSTOMER_ORDER');
    expect(availabilityStatus({ available: false, availableStock: 0, stock: 0, isCloseout: true })).toBe('NOT_AVAILABLE');
  });
});
