import type { GatewayContext } from '../context';
import type { Locale } from '../languages';
import { brandSlug, localePrefix } from '../links';

export { brandSlug } from '../links';
import { catalogLoaders, loaderKey, type ShopwareManufacturer } from '../loaders';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { badArgument, shopwareId } from './catalog-arguments';
import { localizedMedia, MediaRef } from './media';

export type { ShopwareManufacturer } from '../loaders';


/** Keeps only http(s) links: a brand's website must never be a javascript: or data: URL. */
function safeWebsite(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Brands with active products, A–Z, and how many products (variant families once) each has. */
interface BrandIndex {
  brands: ShopwareManufacturer[];
  counts: Map<string, number>;
}

/** The Store API caps a Criteria limit (shopware.api.max_limit); the shop has far fewer brands. */
const MAX_BRANDS = 500;

const brandIndexes = new WeakMap<GatewayContext, Map<string, Promise<BrandIndex>>>();

function brandName(brand: ShopwareManufacturer): string {
  return brand.translated?.name ?? brand.name;
}

function localeOf(ctx: GatewayContext, languageId: string): Locale {
  return ctx.languages.localeOf(languageId) ?? ctx.locale;
}

async function loadBrandIndex(ctx: GatewayContext, languageId: string): Promise<BrandIndex> {
  const store = ctx.store(languageId);
  const [brands, products] = await Promise.all([
    store.invoke('readProductManufacturer post /product-manufacturer', {
      body: {
        limit: MAX_BRANDS,
        filter: [{ type: 'equals', field: 'products.active', value: true }],
        sort: [{ field: 'name', order: 'ASC', naturalSorting: true }],
        associations: { media: {} },
      },
    }),
    // one aggregation counts the products of every brand (a variant family counts once, as in a listing)
    store.invoke('readProduct post /product', {
      body: {
        limit: 1,
        includes: { product: ['id'] },
        filter: [{ type: 'equals', field: 'parentId', value: null }],
        aggregations: [{ name: 'brand-counts', type: 'terms', field: 'manufacturerId', limit: MAX_BRANDS }],
      },
    }),
  ]);
  const aggregation = (products.aggregations as unknown as Record<string, { buckets?: { key: string; count: number }[] }> | undefined)?.['brand-counts'];
  const counts = new Map((aggregation?.buckets ?? []).map((bucket) => [bucket.key, bucket.count]));
  const collator = new Intl.Collator(localeOf(ctx, languageId), { sensitivity: 'base', numeric: true });
  const sorted = [...(brands.elements ?? [])].sort((a, b) => collator.compare(brandName(a), brandName(b)));
  catalogLoaders(ctx).primeBrands(languageId, sorted);
  return { brands: sorted, counts };
}

/** All brands with active products in one language, read once per request. */
export function readBrandIndex(ctx: GatewayContext, languageId: string): Promise<BrandIndex> {
  let byLanguage = brandIndexes.get(ctx);
  if (!byLanguage) {
    byLanguage = new Map();
    brandIndexes.set(ctx, byLanguage);
  }
  let read = byLanguage.get(languageId);
  if (!read) {
    read = loadBrandIndex(ctx, languageId);
    byLanguage.set(languageId, read);
  }
  return read;
}

/** The brand page's path: /b/{slug}, the same slug in every language, behind the language prefix. */
export function brandUrl(locale: Locale, name: string): string {
  return `${localePrefix(locale)}/b/${brandSlug(name)}`;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const BrandRef = builder.objectRef<Localized<ShopwareManufacturer>>('Brand');

builder.node(BrandRef, {
  description: 'A brand (Shopware product manufacturer): its logo, description and products.',
  id: { resolve: (brand) => brand.data.id },
  loadMany: (ids, ctx) =>
    catalogLoaders(ctx)
      .brands.loadMany(ids.map((id) => loaderKey(ctx.languageId, id)))
      .then((brands) => brands.map((brand) => (brand && !(brand instanceof Error) ? { languageId: ctx.languageId, data: brand } : null))),
  isTypeOf: (value) => (value as Localized<{ apiAlias?: string }>).data?.apiAlias === 'product_manufacturer',
  fields: (t) => ({
    brandId: t.string({ description: 'The Shopware manufacturer id.', resolve: (b) => b.data.id }),
    name: t.string({ description: 'The brand name.', resolve: (b) => b.data.translated?.name ?? b.data.name }),
    description: t.string({
      nullable: true,
      description: 'About the brand, in the language it was read in (plain text or simple HTML from the shop).',
      resolve: (b) => b.data.translated?.description ?? b.data.description ?? null,
    }),
    logo: t.field({ type: MediaRef, nullable: true, description: 'The brand logo.', resolve: (b) => localizedMedia(b.languageId, b.data.media) }),
    website: t.string({
      nullable: true,
      description: 'The brand’s own website (external; only http and https links are given).',
      resolve: (b) => safeWebsite(b.data.link),
    }),
    slug: t.string({ description: 'The path segment of the brand page, as in /b/{slug}.', resolve: (b) => brandSlug(b.data.translated?.name ?? b.data.name) }),
    url: t.string({
      description: 'The brand page’s path with the language prefix, e.g. /fr/b/alpinamed (the slug is the same in every language).',
      resolve: (b, _args, ctx) => brandUrl(localeOf(ctx, b.languageId), brandName(b.data)),
    }),
    productCount: t.int({
      description: 'How many products of the brand are on sale (a product with variants counts once).',
      resolve: async (b, _args, ctx) => (await readBrandIndex(ctx, b.languageId)).counts.get(b.data.id) ?? 0,
    }),
  }),
});

builder.queryFields((t) => ({
  brands: t.field({
    type: [BrandRef],
    nullable: true,
    description: 'Every brand that has products on sale, A–Z in the language’s collation (POST /product-manufacturer); null (with an error) when the shop could not be read.',
    args: {
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      const languageId = languageIdFor(ctx, args.locale);
      const { brands } = await readBrandIndex(ctx, languageId);
      return brands.map((data) => ({ languageId, data }));
    },
  }),
  brand: t.field({
    type: BrandRef,
    nullable: true,
    description: 'A brand by its Shopware manufacturer id or by the slug of its page (/b/{slug}); null when unknown or when no product of it is on sale.',
    args: {
      id: t.arg.id({ required: false, description: 'The Shopware manufacturer id (32 hex characters).' }),
      slug: t.arg.string({ required: false, description: 'The path segment of the brand page, e.g. alpinamed.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      const languageId = languageIdFor(ctx, args.locale);
      if ((args.id === null || args.id === undefined) === (args.slug === null || args.slug === undefined)) {
        throw badArgument('id', 'Give either id or slug.');
      }
      if (args.slug !== null && args.slug !== undefined) {
        const slug = args.slug.trim().toLowerCase();
        if (slug.length > 200) throw badArgument('slug', 'slug must be at most 200 characters.');
        // a slug that no brand could have is simply not found (the page answers 404)
        if (!SLUG.test(slug)) return null;
        const { brands } = await readBrandIndex(ctx, languageId);
        const data = brands.find((brand) => brandSlug(brandName(brand)) === slug);
        return data ? { languageId, data } : null;
      }
      const id = shopwareId('id', String(args.id));
      const brand = await catalogLoaders(ctx).brands.load(loaderKey(languageId, id));
      return brand ? { languageId, data: brand } : null;
    },
  }),
}));
