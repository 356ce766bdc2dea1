import { catalogLoaders, loaderKey, type ShopwareManufacturer } from '../loaders';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { shopwareId } from './catalog-arguments';
import { localizedMedia, MediaRef } from './media';

export type { ShopwareManufacturer } from '../loaders';

/** A brand's path segment for /b/{slug}: its name in lower case, accents dropped, words joined by '-'. */
export function brandSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' und ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

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
  }),
});

builder.queryField('brand', (t) =>
  t.field({
    type: BrandRef,
    nullable: true,
    description: 'A brand by its Shopware manufacturer id; null when no visible product carries it.',
    args: {
      id: t.arg.id({ required: true, description: 'The Shopware manufacturer id (32 hex characters).' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      const id = shopwareId('id', args.id);
      const languageId = languageIdFor(ctx, args.locale);
      const brand = await catalogLoaders(ctx).brands.load(loaderKey(languageId, id));
      return brand ? { languageId, data: brand } : null;
    },
  }),
);
