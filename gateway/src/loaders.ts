import type { Schemas } from '@shopware/api-client/store-api-types';
import DataLoader from 'dataloader';
import type { GatewayContext } from './context';

// Per-request DataLoaders of the catalogue. Keys are `${languageId}:${id}` because one request may read
// the same product in two languages (a French route beside a German product). Loaders live as long as
// the request's context (a WeakMap), so nothing is shared between shoppers.

export type ShopwareProduct = Schemas['Product'];
export type ShopwareManufacturer = Schemas['ProductManufacturer'];
export type ShopwareReview = Schemas['ProductReview'];
export type ShopwareConfiguratorGroup = Schemas['PropertyGroup'] & { options?: (Schemas['PropertyGroupOption'] & { combinable?: boolean })[] };

/** What a product detail call answers: the shown product (the best variant for a parent) and its configurator. */
export interface ProductDetail {
  product: ShopwareProduct;
  configurator: ShopwareConfiguratorGroup[] | null;
}

/** The first reviews of a product up to an offset: the page's language first, then the others, newest first each. */
export interface ReviewPage {
  elements: ShopwareReview[];
  total: number;
  /** how many of `total` are in the page's language */
  inLanguageTotal: number;
  /** approved reviews per whole star, 5 to 1 */
  ratingCounts: { stars: number; count: number }[];
}

/** Shopware's `ratingMatrix` terms aggregation on points, as counts per whole star (5 to 1). */
function ratingCountsOf(aggregations: unknown): { stars: number; count: number }[] {
  const buckets = (aggregations as { ratingMatrix?: { buckets?: { key: string; count: number }[] } } | undefined)?.ratingMatrix?.buckets ?? [];
  return [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: buckets.filter((bucket) => Math.min(5, Math.max(1, Math.round(Number(bucket.key)))) === stars).reduce((sum, bucket) => sum + bucket.count, 0),
  }));
}

/**
 * The associations every product read asks for, so brand, cover, gallery, properties, options, SEO URLs,
 * unit and delivery time come in the same call and never cost one call per product.
 */
export const PRODUCT_ASSOCIATIONS = {
  cover: {},
  media: {},
  manufacturer: { associations: { media: {} } },
  properties: { associations: { group: {} } },
  options: { associations: { group: {} } },
  seoUrls: {},
  deliveryTime: {},
  unit: {},
} as const;

/** Variants of one parent are few; this bounds one batched children call. */
const VARIANT_LIMIT = 500;

export interface CatalogLoaders {
  /** products by `${languageId}:${productId}` (one POST /product per language and batch) */
  products: DataLoader<string, ShopwareProduct | null>;
  /** products by `${languageId}:${productNumber}` */
  productsByNumber: DataLoader<string, ShopwareProduct | null>;
  /** product detail (best variant + configurator) by `${languageId}:${productId}`: POST /product/{id} */
  productDetails: DataLoader<string, ProductDetail | null>;
  /** variants by `${languageId}:${parentId}` (one POST /product with a parentId filter per language and batch) */
  variants: DataLoader<string, ShopwareProduct[]>;
  /** brands by `${languageId}:${manufacturerId}` */
  brands: DataLoader<string, ShopwareManufacturer | null>;
  /** the reviews up to `offset + first`, by `${languageId}:${productId}:${offset}:${first}` */
  reviews: DataLoader<string, ReviewPage>;
  /** puts products a call already returned into the loaders, so reading them again costs nothing */
  primeProducts(languageId: string, products: readonly ShopwareProduct[]): void;
  primeBrands(languageId: string, brands: readonly ShopwareManufacturer[]): void;
  /** a product this request already read (by `${languageId}:${productId}`), without any call */
  knownProduct(key: string): ShopwareProduct | undefined;
}

const byContext = new WeakMap<GatewayContext, CatalogLoaders>();

export function catalogLoaders(ctx: GatewayContext): CatalogLoaders {
  let loaders = byContext.get(ctx);
  if (!loaders) {
    loaders = createCatalogLoaders(ctx);
    byContext.set(ctx, loaders);
  }
  return loaders;
}

export function loaderKey(languageId: string, id: string | number): string {
  return `${languageId}:${id}`;
}

function splitKey(key: string): [languageId: string, rest: string] {
  const index = key.indexOf(':');
  return [key.slice(0, index), key.slice(index + 1)];
}

/** Groups keys by language, so each language costs one call per batch. */
function byLanguage(keys: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const [languageId, id] = splitKey(key);
    const ids = groups.get(languageId) ?? [];
    if (!ids.includes(id)) ids.push(id);
    groups.set(languageId, ids);
  }
  return groups;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404;
}

/**
 * A per-request loader for Store API routes that answer one entity per call (a CMS page, a landing page):
 * keys are `${languageId}:${id}`, a 404 is `null`, and the same key is read once per request.
 */
export function onePerCallLoader<V>(
  cache: WeakMap<GatewayContext, DataLoader<string, V | null>>,
  ctx: GatewayContext,
  readOne: (languageId: string, id: string) => Promise<V>,
): DataLoader<string, V | null> {
  let loader = cache.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      (keys) =>
        Promise.all(
          keys.map(async (key) => {
            const [languageId, id] = splitKey(key);
            try {
              return await readOne(languageId, id);
            } catch (error) {
              if (isNotFound(error)) return null;
              throw error;
            }
          }),
        ),
      { batch: false },
    );
    cache.set(ctx, loader);
  }
  return loader;
}

function createCatalogLoaders(ctx: GatewayContext): CatalogLoaders {
  const known = new Map<string, ShopwareProduct>();
  const remember = (languageId: string, product: ShopwareProduct) => {
    const key = loaderKey(languageId, product.id);
    known.set(key, product);
    loaders.products.prime(key, product);
  };
  async function readProducts(languageId: string, filter: Record<string, unknown>, limit: number): Promise<ShopwareProduct[]> {
    const result = await ctx.store(languageId).invoke('readProduct post /product', {
      body: { filter: [filter], limit, associations: PRODUCT_ASSOCIATIONS },
    });
    return result.elements ?? [];
  }

  const loaders: CatalogLoaders = {
    products: new DataLoader(async (keys) => {
      const found = new Map<string, ShopwareProduct>();
      await Promise.all(
        [...byLanguage(keys)].map(async ([languageId, ids]) => {
          for (const product of await readProducts(languageId, { type: 'equalsAny', field: 'id', value: ids }, ids.length)) {
            found.set(loaderKey(languageId, product.id), product);
            known.set(loaderKey(languageId, product.id), product);
          }
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    }),

    productsByNumber: new DataLoader(async (keys) => {
      const found = new Map<string, ShopwareProduct>();
      await Promise.all(
        [...byLanguage(keys)].map(async ([languageId, numbers]) => {
          for (const product of await readProducts(languageId, { type: 'equalsAny', field: 'productNumber', value: numbers }, numbers.length)) {
            found.set(loaderKey(languageId, product.productNumber), product);
            remember(languageId, product);
          }
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    }),

    // The detail route answers one product per call (it picks the best variant of a parent), so no batching.
    productDetails: new DataLoader(
      (keys) =>
        Promise.all(
          keys.map(async (key) => {
            const [languageId, productId] = splitKey(key);
            try {
              const detail = (await ctx.store(languageId).invoke('readProductDetail post /product/{productId}', {
                pathParams: { productId },
                // the graph builds the product page from the product's own fields, not from its CMS layout
                query: { skipCmsPage: true },
                body: { associations: PRODUCT_ASSOCIATIONS },
              })) as unknown as ProductDetail;
              remember(languageId, detail.product);
              // a parent's id answers its best variant: reading that variant's detail again costs nothing
              if (detail.product.id !== productId) loaders.productDetails.prime(loaderKey(languageId, detail.product.id), detail);
              return detail;
            } catch (error) {
              if (isNotFound(error)) return null;
              throw error;
            }
          }),
        ),
      { batch: false },
    ),

    variants: new DataLoader(async (keys) => {
      const found = new Map<string, ShopwareProduct[]>();
      await Promise.all(
        [...byLanguage(keys)].map(async ([languageId, parentIds]) => {
          const variants = await readProducts(languageId, { type: 'equalsAny', field: 'parentId', value: parentIds }, VARIANT_LIMIT);
          for (const variant of variants) {
            const key = loaderKey(languageId, variant.parentId ?? '');
            found.set(key, [...(found.get(key) ?? []), variant]);
            remember(languageId, variant);
          }
        }),
      );
      return keys.map((key) => found.get(key) ?? []);
    }),

    // POST /product-manufacturer reads many brands in one call (a brand without any active product is not found).
    brands: new DataLoader(async (keys) => {
      const found = new Map<string, ShopwareManufacturer>();
      await Promise.all(
        [...byLanguage(keys)].map(async ([languageId, ids]) => {
          const result = await ctx.store(languageId).invoke('readProductManufacturer post /product-manufacturer', {
            body: {
              ids,
              limit: ids.length,
              filter: [{ type: 'equals', field: 'products.active', value: true }],
              associations: { media: {} },
            },
          });
          for (const brand of result.elements ?? []) found.set(loaderKey(languageId, brand.id), brand);
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    }),

    reviews: new DataLoader(
      (keys) =>
        Promise.all(
          keys.map(async (key) => {
            const [languageId, rest] = splitKey(key);
            const [productId = '', offsetText = '0', firstText = '10'] = rest.split(':');
            const upTo = Number(offsetText) + Number(firstText);
            // Approved reviews only: a logged-in customer's own waiting review must never reach a shared answer.
            const read = (languageFilter: Record<string, unknown>, limit: number, withCounts: boolean) =>
              ctx.store(languageId).invoke('readProductReviews post /product/{productId}/reviews', {
                pathParams: { productId },
                body: {
                  page: 1,
                  limit,
                  'total-count-mode': 'exact',
                  sort: [{ field: 'createdAt', order: 'DESC' }],
                  filter: [{ type: 'equals', field: 'status', value: true }],
                  'post-filter': [languageFilter],
                  // counts per stars over all languages (aggregations ignore the post-filter)
                  ...(withCounts ? { aggregations: [{ name: 'ratingMatrix', type: 'terms', field: 'points' }] } : {}),
                } as never,
              });
            const sameLanguage = { type: 'equals', field: 'languageId', value: languageId };
            const inLanguage = await read(sameLanguage, upTo, true);
            const ratingCounts = ratingCountsOf(inLanguage.aggregations);
            const total = ratingCounts.reduce((sum, entry) => sum + entry.count, 0);
            const inLanguageTotal = inLanguage.total ?? 0;
            let others: ShopwareReview[] = [];
            if (inLanguageTotal < upTo && total > inLanguageTotal) {
              const result = await read({ type: 'not', operator: 'and', queries: [sameLanguage] }, upTo - inLanguageTotal, false);
              others = result.elements ?? [];
            }
            return { elements: [...(inLanguage.elements ?? []), ...others], total, inLanguageTotal, ratingCounts };
          }),
        ),
      { batch: false },
    ),

    primeProducts(languageId, products) {
      for (const product of products) {
        remember(languageId, product);
        if (product.manufacturer) loaders.brands.prime(loaderKey(languageId, product.manufacturer.id), product.manufacturer);
      }
    },

    primeBrands(languageId, brands) {
      for (const brand of brands) loaders.brands.prime(loaderKey(languageId, brand.id), brand);
    },

    knownProduct: (key) => known.get(key),
  };
  return loaders;
}
