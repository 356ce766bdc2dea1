import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestGateway, type TestGateway } from '../support/gateway';
import { openTestShop } from '../support/shop';

// Issue 3 item 3: what a page query costs in Store API calls, whatever its size. Associations come in
// the same call and the loaders are primed with what a call returned.

let gw: TestGateway;
let categoryId: string;
let parentId: string;

beforeAll(async () => {
  gw = await openTestGateway();
  const shop = await openTestShop();
  categoryId = (shop.db.prepare("SELECT id FROM category WHERE active = 1 AND parent_id IS NOT NULL AND type = 'page' ORDER BY level, id LIMIT 1").get() as { id: string }).id;
  parentId = (
    shop.db
      .prepare(
        'SELECT p.id FROM product p WHERE p.parent_id IS NULL AND p.child_count > 1 AND p.active = 1 AND EXISTS (SELECT 1 FROM product_review r WHERE r.product_id = p.id) ORDER BY p.product_number LIMIT 1',
      )
      .get() as { id: string }
  ).id;
  shop.close();
});
afterAll(() => gw?.close());

const LISTING_24 = `query Listing($categoryId: ID!) {
  listing(categoryId: $categoryId, limit: 24) {
    total
    filters { brands { brand { name logo { url } } } price { min max } }
    edges { node { productId name url brand { name slug } cover { url alt thumbnails { width url } resizedUrl(width: 400) } price { unitPrice listPrice { price } } cheapestPrice { unitPrice } availability { status } } }
  }
}`;

const PRODUCT_PAGE = `query ProductPage($id: ID!) {
  product(id: $id) {
    productId name description usage faq { question } url
    brand { name logo { url } }
    cover { url thumbnails { width url } sources { width url } }
    media { url thumbnails { width url } }
    price { unitPrice referencePrice { price unitName } } tierPrices { quantity unitPrice labelKind } priceRange { from to hasRange }
    availability { status dispatchDay deliveryTime { name } }
    configurator { name options { name selected product { productId url } } }
    variants { productId }
    options { name }
    properties { group { name } options { name } }
    ratingAverage
    reviews(first: 5) { totalCount inLanguageCount edges { node { title points } } }
  }
}`;

describe('upstream calls', () => {
  it('a 24-product listing with brands, covers, thumbnails, links and prices costs at most 3 calls (1 here)', async () => {
    const result = await gw.gql(LISTING_24, { categoryId });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.listing.edges).toHaveLength(24);
    expect(result.body.data.listing.edges.every((e: { node: { brand: unknown; cover: unknown } }) => e.node.brand && e.node.cover)).toBe(true);
    expect(result.storeCalls).toBeLessThanOrEqual(3);
    expect(result.storeCalls).toBe(1);
  });

  it('the product page costs a fixed 3 or 4 calls: detail (+configurator), the family’s variants, reviews in the page’s language, then the others', async () => {
    const result = await gw.gql(PRODUCT_PAGE, { id: parentId });
    expect(result.body.errors).toBeUndefined();
    const product = result.body.data.product;
    expect(product.configurator.length).toBeGreaterThan(0);
    expect(product.variants.length).toBeGreaterThan(1);
    expect(product.reviews.totalCount).toBeGreaterThan(0);
    // the other languages' reviews are read only when the page's language has fewer than asked
    const othersRead = product.reviews.inLanguageCount < 5 && product.reviews.totalCount > product.reviews.inLanguageCount;
    expect(result.storeCalls).toBe(othersRead ? 4 : 3);
    const paths = gw.storeCalls.list.slice(-result.storeCalls).map((call) => call.path.replace(/[0-9a-f]{32}/g, '{id}'));
    // the detail is asked without its CMS layout (skipCmsPage), which the graph does not use
    expect(paths.sort()).toEqual([
      '/store-api/product',
      ...(othersRead ? ['/store-api/product/{id}/reviews'] : []),
      '/store-api/product/{id}/reviews',
      '/store-api/product/{id}?skipCmsPage=true',
    ]);
  });

  it('products a call already returned are read again from the loaders, not from the Store API', async () => {
    // variants come primed from the batched variants call; their parent is a product the listing returned
    const result = await gw.gql(
      `query L($c: ID!) { listing(categoryId: $c, limit: 24) { nodes { productId variants { productId parent { productId name brand { name } } } } } }`,
      { c: categoryId },
    );
    expect(result.body.errors).toBeUndefined();
    const withVariants = result.body.data.listing.nodes.filter((n: { variants: unknown[] }) => n.variants.length > 0);
    expect(withVariants.length).toBeGreaterThan(0);
    for (const node of withVariants) {
      expect(node.variants.every((v: { parent: { productId: string } }) => v.parent.productId === node.productId)).toBe(true);
    }
    expect(result.storeCalls).toBe(2);
  });

  it('product variants and brands of many products are batched, not one call per product', async () => {
    const result = await gw.gql(`query L($c: ID!) { listing(categoryId: $c, limit: 24) { nodes { productId variants { productId } } } }`, { c: categoryId });
    expect(result.body.errors).toBeUndefined();
    expect(result.storeCalls).toBe(2);
  });
});
