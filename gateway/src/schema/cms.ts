import type { Schemas } from '@shopware/api-client/store-api-types';
import type DataLoader from 'dataloader';
import type { GatewayContext } from '../context';
import { safeExternalLink } from '../links';
import { catalogLoaders, loaderKey, onePerCallLoader, type ShopwareProduct } from '../loaders';
import { videoEmbedUrl, videoProviderOf, VIDEO_PROVIDER_NAMES, VIDEO_PROVIDERS, type VideoProvider } from '../videoEmbeds';
import { builder, type Localized } from './builder';
import { listingFromStoreResult, ProductListingRef, type ProductListingResult } from './listing';
import { localizedMedia, MediaRef, type ShopwareMedia } from './media';
import { localizedProducts, ProductRef } from './product';

// Shopping-world pages (Shopware CMS): page → sections → blocks → slots. A slot's resolved `data` is
// turned into one typed member of the CmsSlotContent union, so the storefront renders each element kind
// with its own component and fragment. Products found in slots go into the request's product loader.

export type ShopwareCmsPage = Schemas['CmsPage'];
type ShopwareCmsSection = Schemas['CmsSection'];
type ShopwareCmsBlock = Schemas['CmsBlock'];
type ShopwareCmsSlot = Schemas['CmsSlot'];

interface Visibility {
  mobile?: boolean;
  tablet?: boolean;
  desktop?: boolean;
}

/** A slot with what it needs from its surroundings: its language and its block's visibility. */
interface SlotSource {
  languageId: string;
  slot: ShopwareCmsSlot;
  visibility: Visibility | undefined;
}

type SlotData = Record<string, unknown>;

/** `config.<key>.value` of a slot (Shopware keeps each config entry as {source, value}). */
function configValue(slot: ShopwareCmsSlot, key: string): unknown {
  const config = (slot.translated?.config ?? slot.config) as Record<string, { value?: unknown } | undefined> | undefined;
  const own = config?.[key]?.value;
  if (own !== undefined) return own;
  return (slot.config as Record<string, { value?: unknown } | undefined> | undefined)?.[key]?.value;
}

function dataOf(slot: ShopwareCmsSlot): SlotData {
  return (slot.data ?? {}) as SlotData;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A link set in the CMS: a shop path or an http(s) URL; anything else (javascript:, data:) is dropped (SPEC §8). */
function cmsLink(value: unknown): string | null {
  return safeExternalLink(typeof value === 'string' ? value : null);
}

function productOf(languageId: string, value: unknown): Localized<ShopwareProduct> | null {
  return value && typeof value === 'object' && (value as { id?: unknown }).id ? { languageId, data: value as ShopwareProduct } : null;
}

// ---- visibility -------------------------------------------------------------------------------------

const CmsVisibilityRef = builder.objectRef<Visibility>('CmsVisibility').implement({
  description:
    'Where a section or block is shown. The storefront hides it below the md breakpoint (mobile), from md to lg (tablet) or from xl on (desktop) when the flag is false.',
  fields: (t) => ({
    mobile: t.boolean({ description: 'Shown on phones (below the md breakpoint).', resolve: (v) => v.mobile !== false }),
    tablet: t.boolean({ description: 'Shown on tablets (the md and lg breakpoints).', resolve: (v) => v.tablet !== false }),
    desktop: t.boolean({ description: 'Shown on desktops (the xl breakpoint and up).', resolve: (v) => v.desktop !== false }),
  }),
});

// ---- slot content kinds -----------------------------------------------------------------------------

type SlotKind =
  | 'CmsText'
  | 'CmsImage'
  | 'CmsImageGallery'
  | 'CmsProductSlider'
  | 'CmsProductBox'
  | 'CmsProductListing'
  | 'CmsBuyBox'
  | 'CmsCrossSelling'
  | 'CmsProductDescriptionReviews'
  | 'CmsCategoryNavigation'
  | 'CmsSidebarFilter'
  | 'CmsVideo'
  | 'CmsForm'
  | 'CmsUnknown';

/** Shopware element types → the graph's slot kinds; any other type is CmsUnknown. */
const KIND_OF_TYPE: Record<string, SlotKind> = {
  text: 'CmsText',
  image: 'CmsImage',
  'image-gallery': 'CmsImageGallery',
  'image-slider': 'CmsImageGallery',
  'product-slider': 'CmsProductSlider',
  'product-box': 'CmsProductBox',
  'product-listing': 'CmsProductListing',
  'buy-box': 'CmsBuyBox',
  'cross-selling': 'CmsCrossSelling',
  'product-description-reviews': 'CmsProductDescriptionReviews',
  'category-navigation': 'CmsCategoryNavigation',
  'sidebar-filter': 'CmsSidebarFilter',
  'youtube-video': 'CmsVideo',
  'vimeo-video': 'CmsVideo',
  form: 'CmsForm',
};

/** Shopware's form element types the shop has a form for. */
const CMS_FORM_TYPES = ['contact', 'newsletter'] as const;
type CmsFormType = (typeof CMS_FORM_TYPES)[number];

function cmsFormTypeOf(slot: ShopwareCmsSlot): CmsFormType | null {
  const type = configValue(slot, 'type');
  return CMS_FORM_TYPES.find((known) => known === type) ?? null;
}

/** A slot's kind; a video without a valid id or a form of a type the shop has no form for is CmsUnknown. */
function kindOf(slot: ShopwareCmsSlot): SlotKind {
  const kind = KIND_OF_TYPE[slot.type] ?? 'CmsUnknown';
  if (kind === 'CmsVideo') return videoOf(slot) ? kind : 'CmsUnknown';
  if (kind === 'CmsForm') return cmsFormTypeOf(slot) ? kind : 'CmsUnknown';
  return kind;
}

function videoOf(slot: ShopwareCmsSlot): { provider: VideoProvider; embedUrl: string } | null {
  const provider = videoProviderOf(slot.type);
  const embedUrl = provider ? videoEmbedUrl(provider, configValue(slot, 'videoID')) : null;
  return provider && embedUrl ? { provider, embedUrl } : null;
}

interface SlotContent extends SlotSource {
  kind: SlotKind;
}

function slotObject(name: SlotKind) {
  return builder.objectRef<SlotContent>(name);
}

const CmsTextRef = slotObject('CmsText').implement({
  description: 'Rich text written in the shop’s CMS.',
  fields: (t) => ({
    html: t.string({
      description: 'The text as HTML, in the page’s language (written by the shop’s editors).',
      resolve: (s) => stringOrNull(dataOf(s.slot).content) ?? stringOrNull(configValue(s.slot, 'content')) ?? '',
    }),
    verticalAlign: t.string({ nullable: true, description: 'flex-start, center or flex-end, when set.', resolve: (s) => stringOrNull(configValue(s.slot, 'verticalAlign')) }),
  }),
});

const CmsImageRef = slotObject('CmsImage').implement({
  description: 'An image, optionally linking somewhere.',
  fields: (t) => ({
    media: t.field({
      type: MediaRef,
      nullable: true,
      description: 'The image; null when its media is missing.',
      resolve: (s) => localizedMedia(s.languageId, dataOf(s.slot).media as ShopwareMedia | null | undefined),
    }),
    url: t.string({
      nullable: true,
      description: 'Where a click on the image leads: a shop path or an http(s) URL (other protocols are dropped).',
      resolve: (s) => cmsLink(dataOf(s.slot).url ?? configValue(s.slot, 'url')),
    }),
    newTab: t.boolean({ description: 'Whether the link opens in a new tab.', resolve: (s) => Boolean(dataOf(s.slot).newTab ?? configValue(s.slot, 'newTab')) }),
    displayMode: t.string({ description: 'standard, cover or stretch.', resolve: (s) => stringOrNull(configValue(s.slot, 'displayMode')) ?? 'standard' }),
    minHeight: t.string({ nullable: true, description: 'CSS minimum height for cover mode, e.g. 340px.', resolve: (s) => stringOrNull(configValue(s.slot, 'minHeight')) }),
    verticalAlign: t.string({ nullable: true, description: 'flex-start, center or flex-end, when set.', resolve: (s) => stringOrNull(configValue(s.slot, 'verticalAlign')) }),
    headline: t.string({ nullable: true, description: 'A banner’s headline, shown as text over the image in the page’s language (plain text).', resolve: (s) => stringOrNull(configValue(s.slot, 'headline')) }),
    text: t.string({ nullable: true, description: 'A banner’s line under its headline (plain text).', resolve: (s) => stringOrNull(configValue(s.slot, 'text')) }),
    buttonLabel: t.string({ nullable: true, description: 'The label of the banner’s button to its link (plain text).', resolve: (s) => stringOrNull(configValue(s.slot, 'buttonLabel')) }),
  }),
});

interface SliderItem {
  media?: ShopwareMedia | null;
  url?: string | null;
  newTab?: boolean;
}

const CmsGalleryItemRef = builder.objectRef<{ languageId: string; item: SliderItem }>('CmsGalleryItem').implement({
  description: 'One image of a gallery or image slider.',
  fields: (t) => ({
    media: t.field({ type: MediaRef, description: 'The image.', resolve: (g) => localizedMedia(g.languageId, g.item.media)! }),
    url: t.string({ nullable: true, description: 'Where a click leads (shop path or http(s) URL), when set.', resolve: (g) => cmsLink(g.item.url) }),
    newTab: t.boolean({ description: 'Whether the link opens in a new tab.', resolve: (g) => g.item.newTab === true }),
  }),
});

function galleryItems(s: SlotContent): { languageId: string; item: SliderItem }[] {
  const items = dataOf(s.slot).sliderItems;
  return (Array.isArray(items) ? (items as SliderItem[]) : []).filter((item) => item?.media).map((item) => ({ languageId: s.languageId, item }));
}

const CmsImageGalleryRef = slotObject('CmsImageGallery').implement({
  description: 'A gallery or slider of images (on a product page: the product’s pictures).',
  fields: (t) => ({
    media: t.field({ type: [MediaRef], description: 'The images, in order.', resolve: (s) => galleryItems(s).map((g) => localizedMedia(g.languageId, g.item.media)!) }),
    items: t.field({ type: [CmsGalleryItemRef], description: 'The images with their links.', resolve: (s) => galleryItems(s) }),
    displayMode: t.string({ description: 'standard, cover or contain.', resolve: (s) => stringOrNull(configValue(s.slot, 'displayMode')) ?? 'standard' }),
    navigationArrows: t.string({ nullable: true, description: 'inside, outside or none.', resolve: (s) => stringOrNull(configValue(s.slot, 'navigationArrows')) }),
  }),
});

/** Slot products, put into the request's product loader so reading them again costs no call. */
function slotProducts(ctx: GatewayContext, s: SlotContent, value: unknown): Localized<ShopwareProduct>[] {
  const products = (Array.isArray(value) ? value : []).filter((p): p is ShopwareProduct => Boolean(p && typeof p === 'object' && (p as { id?: unknown }).id));
  catalogLoaders(ctx).primeProducts(s.languageId, products);
  return localizedProducts(s.languageId, products);
}

function slotProduct(ctx: GatewayContext, s: SlotContent): Localized<ShopwareProduct> | null {
  const product = productOf(s.languageId, dataOf(s.slot).product);
  if (product) catalogLoaders(ctx).primeProducts(s.languageId, [product.data]);
  return product;
}

const CmsProductSliderRef = slotObject('CmsProductSlider').implement({
  description: 'A row of product boxes, e.g. bestsellers on the home page.',
  fields: (t) => ({
    title: t.string({ nullable: true, description: 'The heading above the slider, when set.', resolve: (s) => stringOrNull(configValue(s.slot, 'title')) }),
    products: t.field({ type: [ProductRef], description: 'The products, in the editor’s order.', resolve: (s, _args, ctx) => slotProducts(ctx, s, dataOf(s.slot).products) }),
    boxLayout: t.string({ description: 'standard, image or minimal.', resolve: (s) => stringOrNull(configValue(s.slot, 'boxLayout')) ?? 'standard' }),
  }),
});

const CmsProductBoxRef = slotObject('CmsProductBox').implement({
  description: 'One product box.',
  fields: (t) => ({
    product: t.field({ type: ProductRef, nullable: true, description: 'The product; null when it is no longer sold.', resolve: (s, _args, ctx) => slotProduct(ctx, s) }),
    boxLayout: t.string({ description: 'standard, image or minimal.', resolve: (s) => stringOrNull(configValue(s.slot, 'boxLayout')) ?? 'standard' }),
  }),
});

/** The filters a listing slot may narrow to (its `filters` config); all of them is what POST /product-listing offers. */
const LISTING_SLOT_FILTERS = ['manufacturer-filter', 'rating-filter', 'price-filter', 'shipping-free-filter', 'property-filter'];

/**
 * Shopware's listing slot reads its products with criteria of its own, not the gateway's associations
 * (PRODUCT_ASSOCIATIONS): a product is as POST /product-listing answers it only when it carries them all.
 */
function carriesListingAssociations(product: ShopwareProduct): boolean {
  const p = product as ShopwareProduct & Record<string, unknown>;
  if (!['media', 'properties', 'options', 'seoUrls'].every((key) => Array.isArray(p[key]))) return false;
  const toOne: [string | null | undefined, unknown][] = [
    [p.coverId, p.cover],
    [p.manufacturerId, p.manufacturer],
    [p.deliveryTimeId, p.deliveryTime],
    [p.unitId, p.unit],
    [p.manufacturer?.mediaId, p.manufacturer?.media],
  ];
  if (toOne.some(([id, entity]) => id && !entity)) return false;
  return [...(p.properties ?? []), ...(p.options ?? [])].every((option) => option.group);
}

/**
 * The listing a category page's product-listing slot carries, when it is what POST /product-listing answers
 * for the same parameters: the slot neither narrows filters, properties or sortings nor sorts otherwise by
 * default, and its products carry the gateway's associations. Null otherwise: the caller reads the listing.
 */
export function listingOfPageSlot(page: ShopwareCmsPage | null | undefined, sort: string | null | undefined): ProductListingResult | null {
  const slot = page?.sections
    ?.flatMap((section) => section.blocks ?? [])
    .flatMap((block) => block.slots ?? [])
    .find((s) => s.type === 'product-listing');
  const listing = slot ? (dataOf(slot).listing as ProductListingResult | undefined) : undefined;
  if (!slot || !listing) return null;
  const filters = configValue(slot, 'filters');
  if (typeof filters === 'string' && filters.trim() !== '') {
    const enabled = filters.split(',').map((f) => f.trim());
    if (!LISTING_SLOT_FILTERS.every((f) => enabled.includes(f))) return null;
  }
  const whitelist = configValue(slot, 'propertyWhitelist');
  if (Array.isArray(whitelist) && whitelist.length > 0) return null;
  if (configValue(slot, 'useCustomSorting') === true) return null;
  if (!sort && stringOrNull(configValue(slot, 'defaultSorting'))) return null;
  return (listing.elements ?? []).every(carriesListingAssociations) ? listing : null;
}

const CmsProductListingRef = slotObject('CmsProductListing').implement({
  description: 'The product listing of a category page, with its filters and sortings.',
  fields: (t) => ({
    listing: t.field({
      type: ProductListingRef,
      nullable: true,
      description: 'The listing as the page was read (first page, default sorting, unless the page was read with listing arguments).',
      resolve: (s) => {
        const listing = dataOf(s.slot).listing as ProductListingResult | undefined;
        return listing ? listingFromStoreResult(s.languageId, listing) : null;
      },
    }),
    boxLayout: t.string({ description: 'standard, image or minimal.', resolve: (s) => stringOrNull(configValue(s.slot, 'boxLayout')) ?? 'standard' }),
    showSorting: t.boolean({ description: 'Whether the sorting choice is shown.', resolve: (s) => configValue(s.slot, 'showSorting') !== false }),
  }),
});

const CmsBuyBoxRef = slotObject('CmsBuyBox').implement({
  description: 'The buy box of a product page: price, availability, quantity and add to cart.',
  fields: (t) => ({
    product: t.field({ type: ProductRef, nullable: true, description: 'The product of the page.', resolve: (s, _args, ctx) => slotProduct(ctx, s) }),
    totalReviews: t.int({ description: 'How many reviews the product has.', resolve: (s) => Number(dataOf(s.slot).totalReviews ?? 0) }),
  }),
});

interface CrossSellingElement {
  languageId: string;
  name: string;
  products: unknown[];
}

const CmsCrossSellingGroupRef = builder.objectRef<CrossSellingElement>('CmsCrossSellingGroup').implement({
  description: 'One group of related products, e.g. “Often bought together”.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The group’s heading in the page’s language.' }),
    products: t.field({
      type: [ProductRef],
      description: 'The related products.',
      resolve: (g, _args, ctx) => {
        const products = g.products.filter((p): p is ShopwareProduct => Boolean(p && typeof p === 'object' && (p as { id?: unknown }).id));
        catalogLoaders(ctx).primeProducts(g.languageId, products);
        return localizedProducts(g.languageId, products);
      },
    }),
  }),
});

/** Shopware answers cross-sellings as {crossSelling, products}; a plain cross-selling entity has no products. */
function crossSellingsOf(s: SlotContent): CrossSellingElement[] {
  const raw = dataOf(s.slot).crossSellings;
  return (Array.isArray(raw) ? raw : []).map((entry: Record<string, unknown>) => {
    const definition = (entry.crossSelling ?? entry) as { name?: string; translated?: { name?: string } };
    return {
      languageId: s.languageId,
      name: definition.translated?.name ?? definition.name ?? '',
      products: Array.isArray(entry.products) ? entry.products : [],
    };
  });
}

const CmsCrossSellingRef = slotObject('CmsCrossSelling').implement({
  description: 'Related products of a product page, in named groups.',
  fields: (t) => ({
    product: t.field({ type: ProductRef, nullable: true, description: 'The product the groups relate to, when the slot names it.', resolve: (s, _args, ctx) => slotProduct(ctx, s) }),
    crossSellings: t.field({ type: [CmsCrossSellingGroupRef], complexity: { field: 1, multiplier: 3 }, description: 'The groups of related products.', resolve: (s) => crossSellingsOf(s) }),
  }),
});

const CmsProductDescriptionReviewsRef = slotObject('CmsProductDescriptionReviews').implement({
  description: 'The description and reviews tabs of a product page.',
  fields: (t) => ({
    product: t.field({ type: ProductRef, nullable: true, description: 'The product whose texts and reviews are shown.', resolve: (s, _args, ctx) => slotProduct(ctx, s) }),
  }),
});

const CmsCategoryNavigationRef = slotObject('CmsCategoryNavigation').implement({
  description: 'The side navigation of a category page (the storefront draws it from `navigation` or the category’s children).',
  fields: (t) => ({
    slotId: t.string({ description: 'The Shopware slot id.', resolve: (s) => s.slot.id }),
  }),
});

const CmsSidebarFilterRef = slotObject('CmsSidebarFilter').implement({
  description: 'The filter panel of a category page; its options are the page listing’s `filters`.',
  fields: (t) => ({
    slotId: t.string({ description: 'The Shopware slot id.', resolve: (s) => s.slot.id }),
  }),
});

const CmsVideoProviderRef = builder.enumType('CmsVideoProvider', {
  description: 'Where a CMS video is played from.',
  values: Object.fromEntries(
    VIDEO_PROVIDERS.map((provider) => [provider.toUpperCase(), { value: provider, description: `${VIDEO_PROVIDER_NAMES[provider]}, in its privacy-enhanced player.` }]),
  ) as Record<Uppercase<VideoProvider>, { value: VideoProvider; description: string }>,
});

const CmsVideoRef = slotObject('CmsVideo').implement({
  description:
    'A YouTube or Vimeo video in the provider’s privacy-enhanced player. The storefront shows a placeholder naming the provider and loads the player only after consent (ADR 0029).',
  fields: (t) => ({
    provider: t.field({ type: CmsVideoProviderRef, description: 'The video’s provider.', resolve: (s) => videoOf(s.slot)!.provider }),
    providerName: t.string({ description: 'The provider’s name, e.g. YouTube.', resolve: (s) => VIDEO_PROVIDER_NAMES[videoOf(s.slot)!.provider] }),
    embedUrl: t.string({
      description: 'The privacy-enhanced player (youtube-nocookie.com, Vimeo with dnt=1), built from the checked video id.',
      resolve: (s) => videoOf(s.slot)!.embedUrl,
    }),
    title: t.string({ nullable: true, description: 'What the video shows, in the page’s language, when set.', resolve: (s) => stringOrNull(configValue(s.slot, 'title')) }),
  }),
});

const CmsFormTypeRef = builder.enumType('CmsFormType', {
  description: 'The kind of a CMS form element (Shopware’s form types).',
  values: {
    CONTACT: { value: 'contact', description: 'The shop’s contact form.' },
    NEWSLETTER: { value: 'newsletter', description: 'The newsletter signup (double opt-in).' },
  } as const,
});

const CmsFormRef = slotObject('CmsForm').implement({
  description: 'A form of the shop placed on a CMS page: the contact form or the newsletter signup.',
  fields: (t) => ({
    formType: t.field({ type: CmsFormTypeRef, description: 'Which form the slot shows.', resolve: (s) => cmsFormTypeOf(s.slot)! }),
    title: t.string({ nullable: true, description: 'The heading above the form, in the page’s language, when set.', resolve: (s) => stringOrNull(configValue(s.slot, 'title')) }),
  }),
});

const CmsUnknownRef = slotObject('CmsUnknown').implement({
  description: 'A CMS element the gateway has no type for (or a video or form it cannot show): its type and raw config.',
  fields: (t) => ({
    type: t.string({ description: 'The Shopware element type, e.g. form or youtube-video.', resolve: (s) => s.slot.type }),
    config: t.field({ type: 'JSON', description: 'The element’s config as Shopware stores it ({key: {source, value}}).', resolve: (s) => s.slot.config ?? {} }),
    data: t.field({ type: 'JSON', nullable: true, description: 'The element’s resolved data, when it has any.', resolve: (s) => s.slot.data ?? null }),
  }),
});

const SLOT_REFS = {
  CmsText: CmsTextRef,
  CmsImage: CmsImageRef,
  CmsImageGallery: CmsImageGalleryRef,
  CmsProductSlider: CmsProductSliderRef,
  CmsProductBox: CmsProductBoxRef,
  CmsProductListing: CmsProductListingRef,
  CmsBuyBox: CmsBuyBoxRef,
  CmsCrossSelling: CmsCrossSellingRef,
  CmsProductDescriptionReviews: CmsProductDescriptionReviewsRef,
  CmsCategoryNavigation: CmsCategoryNavigationRef,
  CmsSidebarFilter: CmsSidebarFilterRef,
  CmsVideo: CmsVideoRef,
  CmsForm: CmsFormRef,
  CmsUnknown: CmsUnknownRef,
} as const;

const CmsSlotContentRef = builder.unionType('CmsSlotContent', {
  description: 'What a CMS slot shows, one type per element kind; CmsUnknown for element kinds without a type.',
  types: Object.values(SLOT_REFS),
  resolveType: (content) => content.kind,
});

// ---- page, section, block, slot ----------------------------------------------------------------------

const CmsSlotRef = builder.objectRef<SlotSource>('CmsSlot').implement({
  description: 'A place in a block (e.g. left, right, content) holding one CMS element.',
  fields: (t) => ({
    slotId: t.string({ description: 'The Shopware slot id.', resolve: (s) => s.slot.id }),
    slot: t.string({ description: 'The slot’s place in its block, e.g. content, left, right.', resolve: (s) => s.slot.slot }),
    type: t.string({ description: 'The Shopware element type, e.g. text, image, product-listing.', resolve: (s) => s.slot.type }),
    visibility: t.field({
      type: CmsVisibilityRef,
      description: 'Where the slot is shown; Shopware sets visibility on blocks, so this is its block’s.',
      resolve: (s) => s.visibility ?? {},
    }),
    content: t.field({
      type: CmsSlotContentRef,
      description: 'What the slot shows, typed by element kind.',
      resolve: (s) => ({ ...s, kind: kindOf(s.slot) }),
    }),
  }),
});

const CmsBlockRef = builder.objectRef<Localized<ShopwareCmsBlock>>('CmsBlock').implement({
  description: 'A row of a section (e.g. image-text, product-slider), made of slots.',
  fields: (t) => ({
    blockId: t.string({ description: 'The Shopware block id.', resolve: (b) => b.data.id }),
    type: t.string({ description: 'The Shopware block type, e.g. image-text or product-listing.', resolve: (b) => b.data.type }),
    name: t.string({ nullable: true, description: 'The editor’s name for the block.', resolve: (b) => b.data.name ?? null }),
    position: t.int({ description: 'Order within the section, from 0.', resolve: (b) => b.data.position }),
    sectionPosition: t.string({ description: 'main or sidebar: which column of a sidebar section the block sits in.', resolve: (b) => b.data.sectionPosition ?? 'main' }),
    marginTop: t.string({ nullable: true, description: 'CSS margin, e.g. 20px.', resolve: (b) => b.data.marginTop ?? null }),
    marginBottom: t.string({ nullable: true, description: 'CSS margin, e.g. 20px.', resolve: (b) => b.data.marginBottom ?? null }),
    marginLeft: t.string({ nullable: true, description: 'CSS margin, e.g. 20px.', resolve: (b) => b.data.marginLeft ?? null }),
    marginRight: t.string({ nullable: true, description: 'CSS margin, e.g. 20px.', resolve: (b) => b.data.marginRight ?? null }),
    backgroundColor: t.string({ nullable: true, description: 'CSS background colour, when set.', resolve: (b) => b.data.backgroundColor ?? null }),
    backgroundMedia: t.field({
      type: MediaRef,
      nullable: true,
      description: 'Background image, when set.',
      resolve: (b) => localizedMedia(b.languageId, b.data.backgroundMedia),
    }),
    backgroundMediaMode: t.string({ nullable: true, description: 'cover, auto or contain.', resolve: (b) => b.data.backgroundMediaMode ?? null }),
    cssClass: t.string({ nullable: true, description: 'Extra CSS classes from the editor.', resolve: (b) => b.data.cssClass ?? null }),
    visibility: t.field({ type: CmsVisibilityRef, description: 'Where the block is shown (mobile md, tablet lg, desktop xl).', resolve: (b) => blockVisibility(b.data) }),
    slots: t.field({
      type: [CmsSlotRef],
      complexity: { field: 1, multiplier: 2 },
      description: 'The block’s slots.',
      resolve: (b) => (b.data.slots ?? []).map((slot) => ({ languageId: b.languageId, slot, visibility: blockVisibility(b.data) })),
    }),
  }),
});

function blockVisibility(block: ShopwareCmsBlock): Visibility {
  return (block as { visibility?: Visibility }).visibility ?? {};
}

function byPosition<T extends { position: number }>(items: readonly T[] | undefined): T[] {
  return [...(items ?? [])].sort((a, b) => a.position - b.position);
}

const CmsSectionRef = builder.objectRef<Localized<ShopwareCmsSection>>('CmsSection').implement({
  description: 'A horizontal part of a CMS page: full width or boxed, optionally with a sidebar.',
  fields: (t) => ({
    sectionId: t.string({ description: 'The Shopware section id.', resolve: (s) => s.data.id }),
    type: t.string({ description: 'default, or sidebar (a sidebar column beside the main column).', resolve: (s) => s.data.type }),
    name: t.string({ nullable: true, description: 'The editor’s name for the section.', resolve: (s) => s.data.name ?? null }),
    position: t.int({ description: 'Order within the page, from 0.', resolve: (s) => s.data.position }),
    sizingMode: t.string({ description: 'boxed or full_width.', resolve: (s) => s.data.sizingMode ?? 'boxed' }),
    mobileBehavior: t.string({ nullable: true, description: 'How a sidebar behaves on phones: wrap, or hidden (mobile).', resolve: (s) => s.data.mobileBehavior ?? null }),
    backgroundColor: t.string({ nullable: true, description: 'CSS background colour, when set.', resolve: (s) => s.data.backgroundColor ?? null }),
    backgroundMedia: t.field({
      type: MediaRef,
      nullable: true,
      description: 'Background image, when set.',
      resolve: (s) => localizedMedia(s.languageId, s.data.backgroundMedia),
    }),
    backgroundMediaMode: t.string({ nullable: true, description: 'cover, auto or contain.', resolve: (s) => s.data.backgroundMediaMode ?? null }),
    cssClass: t.string({ nullable: true, description: 'Extra CSS classes from the editor.', resolve: (s) => s.data.cssClass ?? null }),
    visibility: t.field({ type: CmsVisibilityRef, description: 'Where the section is shown (mobile md, tablet lg, desktop xl).', resolve: (s) => s.data.visibility ?? {} }),
    blocks: t.field({
      type: [CmsBlockRef],
      complexity: { field: 1, multiplier: 4 },
      description: 'The section’s blocks, in order (both columns; see `sectionPosition`).',
      resolve: (s) => byPosition(s.data.blocks).map((data) => ({ languageId: s.languageId, data })),
    }),
  }),
});

/** CMS pages by `${languageId}:${pageId}` (POST /cms/{id}); a page read with its category or landing page is primed. */
const cmsLoaders = new WeakMap<GatewayContext, DataLoader<string, ShopwareCmsPage | null>>();

export function cmsPageLoader(ctx: GatewayContext): DataLoader<string, ShopwareCmsPage | null> {
  return onePerCallLoader(
    cmsLoaders,
    ctx,
    async (languageId, id) => (await ctx.store(languageId).invoke('readCms post /cms/{id}', { pathParams: { id }, body: {} })) as unknown as ShopwareCmsPage,
  );
}

export const CmsPageRef = builder.objectRef<Localized<ShopwareCmsPage>>('CmsPage');

builder.node(CmsPageRef, {
  description: 'A shopping-world page of the CMS (home, category, landing or product page layout) with its sections, blocks and slots.',
  id: { resolve: (p) => p.data.id },
  loadMany: (ids, ctx) =>
    cmsPageLoader(ctx)
      .loadMany(ids.map((id) => loaderKey(ctx.languageId, id)))
      .then((pages) => pages.map((data) => (data && !(data instanceof Error) ? { languageId: ctx.languageId, data } : null))),
  isTypeOf: (value) => (value as Localized<{ apiAlias?: string }>).data?.apiAlias === 'cms_page',
  fields: (t) => ({
    cmsPageId: t.string({ description: 'The Shopware CMS page id.', resolve: (p) => p.data.id }),
    name: t.string({ nullable: true, description: 'The page’s name in its language.', resolve: (p) => p.data.translated?.name ?? p.data.name ?? null }),
    type: t.string({ description: 'landingpage, page, product_list (category) or product_detail.', resolve: (p) => p.data.type }),
    cssClass: t.string({ nullable: true, description: 'Extra CSS classes from the editor.', resolve: (p) => p.data.cssClass ?? null }),
    backgroundColor: t.string({ nullable: true, description: 'The page’s background colour, when set.', resolve: (p) => p.data.config?.backgroundColor ?? null }),
    sections: t.field({
      type: [CmsSectionRef],
      // a page has a few sections, not the ten a list is costed at by default
      complexity: { field: 1, multiplier: 2 },
      description: 'The page’s sections, in order.',
      resolve: (p) => byPosition(p.data.sections).map((data) => ({ languageId: p.languageId, data })),
    }),
  }),
});

/** A CMS page read with its owner (category, landing page), as the graph's CmsPage; also primes the loader. */
export function localizedCmsPage(ctx: GatewayContext, languageId: string, page: ShopwareCmsPage | null | undefined): Localized<ShopwareCmsPage> | null {
  if (!page?.id) return null;
  cmsPageLoader(ctx).prime(loaderKey(languageId, page.id), page);
  return { languageId, data: page };
}
