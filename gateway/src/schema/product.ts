import type { Schemas } from '@shopware/api-client/store-api-types';
import { decodeGlobalID } from '@pothos/plugin-relay';
import { dispatchDayAt } from '../../../store-api/src/domain/delivery-dates';
import type { GatewayContext } from '../context';
import { linkFor } from '../links';
import { linkIn } from '../seo-paths';
import { catalogLoaders, loaderKey, type ReviewPage, type ShopwareConfiguratorGroup, type ShopwareProduct, type ShopwareReview } from '../loaders';
import { BrandRef } from './brand';
import { builder, languageIdFor, LocaleEnum, type Localized } from './builder';
import { badArgument, MAX_PAGE_SIZE, offsetCursor, offsetOfCursor, pageSize, shopwareId } from './catalog-arguments';
import { localizedMedia, MediaRef } from './media';

export type { ShopwareProduct } from '../loaders';

type CalculatedPrice = Schemas['CalculatedPrice'];
type CheapestPrice = NonNullable<ShopwareProduct['calculatedCheapestPrice']>;
type PriceLike = Pick<CalculatedPrice, 'unitPrice' | 'totalPrice' | 'quantity' | 'listPrice' | 'referencePrice'> & {
  calculatedTaxes?: CalculatedPrice['calculatedTaxes'];
  taxRules?: CalculatedPrice['taxRules'];
};
type ProductOption = Schemas['PropertyGroupOption'];
type Product = Localized<ShopwareProduct>;

// ---- reading the shop's data -------------------------------------------------------------------------

/** Custom fields in the product's language (variants inherit theirs through `translated`). */
function customFields(product: ShopwareProduct): Record<string, unknown> {
  const translated = (product.translated as { customFields?: Record<string, unknown> } | undefined)?.customFields;
  return { ...(product.customFields ?? {}), ...(translated ?? {}) };
}

function textField(product: ShopwareProduct, name: string): string | null {
  const value = customFields(product)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function entries<T extends Record<string, string>>(product: ShopwareProduct, name: string, keys: readonly (keyof T & string)[]): T[] {
  const value = customFields(product)[name];
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is T => typeof entry === 'object' && entry !== null && keys.every((key) => typeof (entry as Record<string, unknown>)[key] === 'string'),
  );
}

function productData(product: ShopwareProduct): { label: string; value: string }[] {
  return entries<{ label: string; value: string }>(product, 'pharmacy_product_data', ['label', 'value']);
}

/** A value from the product data table by its label (the seed and the shop label these alike in every language). */
function productDataValue(product: ShopwareProduct, label: RegExp): string | null {
  return productData(product).find((entry) => label.test(entry.label))?.value ?? null;
}

function flag(product: ShopwareProduct, name: string): boolean {
  const value = customFields(product)[name];
  return value === true || value === 1 || value === '1' || value === 'true';
}

function translatedName(product: ShopwareProduct): string {
  return product.translated?.name ?? product.name;
}

// ---- availability ------------------------------------------------------------------------------------

// The dispatch day rule (before 16:00 on a working day ships today) lives once, in the Store API's
// domain code, so product pages and the cart never disagree.
export { DISPATCH_CUTOFF_HOUR, dispatchDayAt, type DispatchDay } from '../../../store-api/src/domain/delivery-dates';

export type AvailabilityStatus = 'IN_STOCK' | 'ON_CUSTOMER_ORDER' | 'NOT_AVAILABLE';

/** In stock when pieces are on hand; on customer order when none are but the product can be ordered; else not available. */
export function availabilityStatus(product: Pick<ShopwareProduct, 'available' | 'availableStock' | 'stock' | 'isCloseout'>): AvailabilityStatus {
  const onHand = product.availableStock ?? product.stock ?? 0;
  if (product.available === false) return 'NOT_AVAILABLE';
  if (onHand > 0) return 'IN_STOCK';
  return product.isCloseout ? 'NOT_AVAILABLE' : 'ON_CUSTOMER_ORDER';
}

// ---- prices --------------------------------------------------------------------------------------------

export type TierLabelKind = 'TO' | 'FROM';

/** SPEC §9: every tier reads "to {quantity}", the last one "from {quantity}". */
export function tierLabelKind(index: number, count: number): TierLabelKind {
  return index === count - 1 ? 'FROM' : 'TO';
}

function taxRateOf(price: PriceLike): number | null {
  return price.calculatedTaxes?.[0]?.taxRate ?? price.taxRules?.[0]?.taxRate ?? null;
}

const ListPriceRef = builder.objectRef<NonNullable<CalculatedPrice['listPrice']>>('ListPrice').implement({
  description: 'The previous price, shown struck through beside the current one.',
  fields: (t) => ({
    price: t.float({ description: 'The previous unit price in CHF incl. VAT.', resolve: (p) => p.price ?? 0 }),
    discount: t.float({ description: 'How much cheaper the current price is, in CHF (negative, as Shopware gives it).', resolve: (p) => p.discount ?? 0 }),
    percentage: t.float({ description: 'The saving in percent of the previous price.', resolve: (p) => p.percentage ?? 0 }),
  }),
});

const ReferencePriceRef = builder.objectRef<NonNullable<CalculatedPrice['referencePrice']>>('ReferencePrice').implement({
  description: 'The price per reference unit (e.g. CHF per 100 ml), required on Swiss price labels for many goods.',
  fields: (t) => ({
    price: t.float({ description: 'Price in CHF per reference unit.', resolve: (p) => p.price ?? 0 }),
    purchaseUnit: t.float({ description: 'The amount in the pack, in the unit below (e.g. 250).', resolve: (p) => p.purchaseUnit ?? 0 }),
    referenceUnit: t.float({ description: 'The amount the reference price is for (e.g. 100).', resolve: (p) => p.referenceUnit ?? 0 }),
    unitName: t.string({ description: 'The unit’s name in the product’s language (e.g. Milliliter).', resolve: (p) => p.unitName }),
  }),
});

const PriceRef = builder.objectRef<PriceLike>('ProductPrice').implement({
  description: 'A calculated price in CHF including VAT, as the shop computed it for this shopper.',
  fields: (t) => ({
    unitPrice: t.float({ description: 'Price of one piece.', resolve: (p) => p.unitPrice }),
    totalPrice: t.float({ description: 'Price for `quantity` pieces.', resolve: (p) => p.totalPrice }),
    quantity: t.int({ description: 'The quantity the price is for.', resolve: (p) => p.quantity }),
    listPrice: t.field({ type: ListPriceRef, nullable: true, description: 'The previous price, when the product is reduced.', resolve: (p) => p.listPrice ?? null }),
    referencePrice: t.field({ type: ReferencePriceRef, nullable: true, description: 'The price per reference unit.', resolve: (p) => p.referencePrice ?? null }),
    taxRate: t.float({ nullable: true, description: 'The VAT rate in percent (e.g. 2.6 or 8.1).', resolve: (p) => taxRateOf(p) }),
  }),
});

const TierLabelKindEnum = builder.enumType('TierLabelKind', {
  description: 'How a tier price is labelled (SPEC §9).',
  values: {
    TO: { value: 'TO', description: '"to {quantity}": this price holds up to the quantity.' },
    FROM: { value: 'FROM', description: '"from {quantity}": the last tier, this price holds from the quantity on.' },
  } as const,
});

interface TierPrice {
  price: CalculatedPrice;
  kind: TierLabelKind;
}

const TierPriceRef = builder.objectRef<TierPrice>('TierPrice').implement({
  description: 'One quantity tier of a product with graduated prices.',
  fields: (t) => ({
    quantity: t.int({ description: 'The tier’s last quantity, or its first for the last tier.', resolve: (p) => p.price.quantity }),
    unitPrice: t.float({ description: 'Price of one piece in this tier.', resolve: (p) => p.price.unitPrice }),
    totalPrice: t.float({ description: 'Price for `quantity` pieces.', resolve: (p) => p.price.totalPrice }),
    listPrice: t.field({ type: ListPriceRef, nullable: true, description: 'Previous price in this tier.', resolve: (p) => p.price.listPrice ?? null }),
    referencePrice: t.field({ type: ReferencePriceRef, nullable: true, description: 'Reference price in this tier.', resolve: (p) => p.price.referencePrice ?? null }),
    labelKind: t.field({ type: TierLabelKindEnum, description: 'TO for "to {quantity}", FROM for the last tier’s "from {quantity}".', resolve: (p) => p.kind }),
  }),
});

interface PriceRange {
  from: number;
  to: number;
  hasRange: boolean;
}

const PriceRangeRef = builder.objectRef<PriceRange>('PriceRange').implement({
  description: 'The span of unit prices over the product’s variants and tiers ("from CHF x").',
  fields: (t) => ({
    from: t.exposeFloat('from', { description: 'The lowest unit price.' }),
    to: t.exposeFloat('to', { description: 'The highest unit price known (the tiers’ highest, else the current price).' }),
    hasRange: t.exposeBoolean('hasRange', { description: 'True when variants or tiers have different prices: show "from".' }),
  }),
});

function priceRangeOf(product: ShopwareProduct): PriceRange {
  const tiers = product.calculatedPrices ?? [];
  const cheapest = product.calculatedCheapestPrice as CheapestPrice | undefined;
  if (tiers.length > 1) {
    const prices = tiers.map((tier) => tier.unitPrice);
    return { from: Math.min(...prices), to: Math.max(...prices), hasRange: true };
  }
  const current = product.calculatedPrice?.unitPrice ?? 0;
  const from = cheapest?.unitPrice ?? current;
  return { from: Math.min(from, current), to: Math.max(from, current), hasRange: Boolean(cheapest?.hasRange) || from !== current };
}

// ---- availability types ------------------------------------------------------------------------------

const AvailabilityStatusEnum = builder.enumType('AvailabilityStatus', {
  description: 'Whether a product can be shipped now.',
  values: {
    IN_STOCK: { value: 'IN_STOCK', description: 'Pieces are in Swiss stock; ships on `dispatchDay`.' },
    ON_CUSTOMER_ORDER: { value: 'ON_CUSTOMER_ORDER', description: 'Not in stock, ordered from the maker for the customer (delivery time applies).' },
    NOT_AVAILABLE: { value: 'NOT_AVAILABLE', description: 'Currently not available.' },
  } as const,
});

export const DispatchDayEnum = builder.enumType('DispatchDay', {
  description: 'The day an order placed now leaves the warehouse (orders before 16:00 on working days ship the same day).',
  values: {
    TODAY: { value: 'TODAY', description: 'Dispatched today.' },
    TOMORROW: { value: 'TOMORROW', description: 'Dispatched tomorrow.' },
    MONDAY: { value: 'MONDAY', description: 'Dispatched on Monday (ordered on Friday after 16:00 or at the weekend).' },
  } as const,
});

type DeliveryTime = NonNullable<ShopwareProduct['deliveryTime']>;

const DeliveryTimeRef = builder.objectRef<DeliveryTime>('DeliveryTime').implement({
  description: 'The delivery time the shop states for the product.',
  fields: (t) => ({
    name: t.string({ description: 'Wording in the product’s language, e.g. "1-2 Tage".', resolve: (d) => d.translated?.name ?? d.name }),
    min: t.int({ description: 'Shortest delivery time in `unit`s.', resolve: (d) => d.min }),
    max: t.int({ description: 'Longest delivery time in `unit`s.', resolve: (d) => d.max }),
    unit: t.string({ description: 'hour, day, week, month or year.', resolve: (d) => d.unit }),
  }),
});

const AvailabilityRef = builder.objectRef<ShopwareProduct>('ProductAvailability').implement({
  description:
    'Availability as structured data for the storefront’s wording (SPEC §3): status, Swiss stock pieces, dispatch day and delivery time.',
  fields: (t) => ({
    status: t.field({ type: AvailabilityStatusEnum, description: 'In stock, on customer order or not available.', resolve: (p) => availabilityStatus(p) }),
    piecesInStock: t.int({ description: 'Pieces in Swiss stock that can be ordered now.', resolve: (p) => Math.max(0, p.availableStock ?? p.stock ?? 0) }),
    dispatchDay: t.field({
      type: DispatchDayEnum,
      nullable: true,
      description: 'When an order placed now is dispatched; null unless in stock. Computed on Swiss time at the request.',
      resolve: (p) => (availabilityStatus(p) === 'IN_STOCK' ? dispatchDayAt(new Date()) : null),
    }),
    deliveryTime: t.field({ type: DeliveryTimeRef, nullable: true, description: 'The stated delivery time.', resolve: (p) => p.deliveryTime ?? null }),
  }),
});

// ---- small product parts ----------------------------------------------------------------------------

const FaqEntryRef = builder.objectRef<{ question: string; answer: string }>('ProductFaqEntry').implement({
  description: 'A question and answer of the product’s FAQ tab.',
  fields: (t) => ({
    question: t.exposeString('question', { description: 'The question.' }),
    answer: t.exposeString('answer', { description: 'The answer (plain text).' }),
  }),
});

const ProductDataEntryRef = builder.objectRef<{ label: string; value: string }>('ProductDataEntry').implement({
  description: 'A row of the product data table (brand, form, pack size, pharmacode, EAN, weight …).',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'Row label in the product’s language.' }),
    value: t.exposeString('value', { description: 'Row value.' }),
  }),
});

const PropertyGroupRef = builder.objectRef<{ id: string; name: string }>('PropertyGroup').implement({
  description: 'A property group (e.g. dosage form, pack size, flavour).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The Shopware property group id.' }),
    name: t.exposeString('name', { description: 'Name in the language it was read in.' }),
  }),
});

const PropertyOptionRef = builder.objectRef<ProductOption>('PropertyOption').implement({
  description: 'A property value (e.g. "Tabletten" of the group dosage form).',
  fields: (t) => ({
    id: t.string({ description: 'The Shopware property option id.', resolve: (o) => o.id }),
    name: t.string({ description: 'Name in the language it was read in.', resolve: (o) => o.translated?.name ?? o.name }),
    colorHexCode: t.string({ nullable: true, description: 'A colour swatch, when the group shows colours.', resolve: (o) => o.colorHexCode ?? null }),
    group: t.field({
      type: PropertyGroupRef,
      nullable: true,
      description: 'The group the option belongs to.',
      resolve: (o) => (o.group ? { id: o.group.id, name: o.group.translated?.name ?? o.group.name } : null),
    }),
  }),
});

export interface PropertyGroupWithOptions {
  group: { id: string; name: string; position: number };
  options: ProductOption[];
}

/** Options grouped by their group, groups by position then name; options by position then name. */
export function groupOptions(options: readonly ProductOption[]): PropertyGroupWithOptions[] {
  const groups = new Map<string, PropertyGroupWithOptions>();
  for (const option of options) {
    const groupId = option.group?.id ?? option.groupId;
    const entry = groups.get(groupId) ?? {
      group: { id: groupId, name: option.group?.translated?.name ?? option.group?.name ?? '', position: option.group?.position ?? 0 },
      options: [],
    };
    entry.options.push(option);
    groups.set(groupId, entry);
  }
  const byPosition = (a: { position?: number; name?: string }, b: { position?: number; name?: string }) =>
    (a.position ?? 0) - (b.position ?? 0) || (a.name ?? '').localeCompare(b.name ?? '');
  return [...groups.values()]
    .sort((a, b) => byPosition(a.group, b.group))
    .map((entry) => ({ ...entry, options: [...entry.options].sort(byPosition) }));
}

export const PropertyGroupWithOptionsRef = builder.objectRef<PropertyGroupWithOptions>('PropertyGroupWithOptions').implement({
  description: 'A property group with the options that apply (to a product, or to a listing’s filter).',
  fields: (t) => ({
    group: t.field({ type: PropertyGroupRef, description: 'The group.', resolve: (g) => g.group }),
    options: t.field({ type: [PropertyOptionRef], description: 'Its options, by position.', resolve: (g) => g.options }),
  }),
});

// ---- reviews -----------------------------------------------------------------------------------------

const ReviewRef = builder.objectRef<ShopwareReview>('ProductReview').implement({
  description: 'A customer review of the product (or of another variant of it).',
  fields: (t) => ({
    reviewId: t.string({ description: 'The Shopware review id.', resolve: (r) => r.id }),
    title: t.string({ description: 'Headline of the review.', resolve: (r) => r.title }),
    content: t.string({ description: 'The review text (plain text).', resolve: (r) => r.content }),
    points: t.float({ nullable: true, description: 'Stars from 1 to 5.', resolve: (r) => r.points ?? null }),
    author: t.string({
      nullable: true,
      description: 'The reviewer’s shown name (e.g. "Regula H.").',
      resolve: (r) => (r as { externalUser?: string | null }).externalUser ?? null,
    }),
    createdAt: t.field({ type: 'DateTime', nullable: true, description: 'When the review was written.', resolve: (r) => r.createdAt ?? null }),
  }),
});

const ReviewStarCountRef = builder.objectRef<{ stars: number; count: number }>('ProductReviewStarCount').implement({
  description: 'How many reviews gave a number of stars.',
  fields: (t) => ({
    stars: t.exposeInt('stars', { description: 'Stars, 1 to 5.' }),
    count: t.exposeInt('count', { description: 'Reviews with that many stars.' }),
  }),
});

interface ReviewConnection {
  page: ReviewPage;
  offset: number;
}

const ReviewEdgeRef = builder.objectRef<{ review: ShopwareReview; offset: number }>('ProductReviewEdge').implement({
  description: 'A review in the list, with its cursor.',
  fields: (t) => ({
    cursor: t.string({ description: 'Opaque cursor of this review (for `after`).', resolve: (e) => offsetCursor(e.offset) }),
    node: t.field({ type: ReviewRef, description: 'The review.', resolve: (e) => e.review }),
  }),
});

const ReviewConnectionRef = builder.objectRef<ReviewConnection>('ProductReviewConnection').implement({
  description: 'Reviews of a product, those in the page’s language first, each newest first, page by page (Relay connection).',
  fields: (t) => ({
    totalCount: t.int({ description: 'How many reviews the product has.', resolve: (c) => c.page.total }),
    inLanguageCount: t.int({ description: 'How many of them are in the page’s language (listed first).', resolve: (c) => c.page.inLanguageTotal }),
    ratingCounts: t.field({
      type: [ReviewStarCountRef],
      description: 'How many reviews gave 5, 4, 3, 2 and 1 stars (in that order).',
      resolve: (c) => c.page.ratingCounts,
    }),
    edges: t.field({
      type: [ReviewEdgeRef],
      description: 'The reviews of this page.',
      resolve: (c) => c.page.elements.map((review, index) => ({ review, offset: c.offset + index })),
    }),
    pageInfo: t.field({
      type: builder.pageInfoRef(),
      description: 'Whether more reviews follow or precede.',
      resolve: (c) => ({
        hasNextPage: c.offset + c.page.elements.length < c.page.total,
        hasPreviousPage: c.offset > 0,
        startCursor: c.page.elements.length ? offsetCursor(c.offset) : null,
        endCursor: c.page.elements.length ? offsetCursor(c.offset + c.page.elements.length - 1) : null,
      }),
    }),
  }),
});

/** Reviews `offset` to `offset + first`: the page's language first (ReviewPage), cut from the first `offset + first`. */
async function reviewsAt(ctx: GatewayContext, languageId: string, productId: string, offset: number, first: number): Promise<ReviewConnection> {
  const read = await catalogLoaders(ctx).reviews.load(loaderKey(languageId, `${productId}:${offset}:${first}`));
  return { page: { ...read, elements: read.elements.slice(offset, offset + first) }, offset };
}

// ---- configurator ------------------------------------------------------------------------------------

interface ConfiguratorGroup {
  group: ShopwareConfiguratorGroup;
  product: Product;
}

interface ConfiguratorOption {
  option: ProductOption & { combinable?: boolean };
  groupId: string;
  product: Product;
}

/** The variant that has `optionId` in its group and keeps the product's choice in every other group. */
async function variantWith(ctx: GatewayContext, product: Product, groupId: string, optionId: string): Promise<Product | null> {
  const parentId = product.data.parentId ?? product.data.id;
  const variants = await catalogLoaders(ctx).variants.load(loaderKey(product.languageId, parentId));
  const ownOptions = product.data.options ?? [];
  const wanted = new Set([...ownOptions.filter((o) => (o.group?.id ?? o.groupId) !== groupId).map((o) => o.id), optionId]);
  const match = variants.find((variant) => {
    const ids = variant.optionIds ?? variant.options?.map((o) => o.id) ?? [];
    return ids.length === wanted.size && ids.every((id) => wanted.has(id));
  });
  return match ? { languageId: product.languageId, data: match } : null;
}

const ConfiguratorOptionRef = builder.objectRef<ConfiguratorOption>('ConfiguratorOption').implement({
  description: 'A choice of a variant group (e.g. "60 Stk." of pack size).',
  fields: (t) => ({
    id: t.string({ description: 'The Shopware property option id.', resolve: (o) => o.option.id }),
    name: t.string({ description: 'Name in the language it was read in.', resolve: (o) => o.option.translated?.name ?? o.option.name }),
    colorHexCode: t.string({ nullable: true, description: 'Colour swatch, when the group shows colours.', resolve: (o) => o.option.colorHexCode ?? null }),
    media: t.field({ type: MediaRef, nullable: true, description: 'Image swatch, when the group shows images.', resolve: (o) => localizedMedia(o.product.languageId, o.option.media) }),
    selected: t.boolean({
      description: 'True when the shown product has this option.',
      resolve: (o) => (o.product.data.optionIds ?? o.product.data.options?.map((x) => x.id) ?? []).includes(o.option.id),
    }),
    available: t.boolean({ description: 'False when no variant can be combined with this option.', resolve: (o) => o.option.combinable !== false }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'The variant with this option and the shown product’s other choices; null when there is none.',
      resolve: (o, _args, ctx) => variantWith(ctx, o.product, o.groupId, o.option.id),
    }),
  }),
});

const ConfiguratorGroupRef = builder.objectRef<ConfiguratorGroup>('ConfiguratorGroup').implement({
  description: 'A group of the variant configurator (e.g. pack size, flavour).',
  fields: (t) => ({
    id: t.string({ description: 'The Shopware property group id.', resolve: (g) => g.group.id }),
    name: t.string({ description: 'Name in the language it was read in.', resolve: (g) => g.group.translated?.name ?? g.group.name }),
    displayType: t.string({ description: 'How to show the choices: text, color, media or select.', resolve: (g) => g.group.displayType ?? 'text' }),
    options: t.field({
      type: [ConfiguratorOptionRef],
      description: 'The choices, by position.',
      resolve: (g) =>
        [...(g.group.options ?? [])]
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .map((option) => ({ option, groupId: g.group.id, product: g.product })),
    }),
  }),
});

// ---- the product -------------------------------------------------------------------------------------

export const ProductRef = builder.objectRef<Localized<ShopwareProduct>>('Product');

/** Wraps products read in one language. */
export function localizedProducts(languageId: string, products: readonly ShopwareProduct[]): Product[] {
  return products.map((data) => ({ languageId, data }));
}

function localeOf(ctx: GatewayContext, languageId: string) {
  return ctx.languages.localeOf(languageId) ?? ctx.locale;
}

function seoPathOf(product: Product): string | null {
  const own = (product.data.seoUrls ?? []).filter((url) => !url.isDeleted && (!url.languageId || url.languageId === product.languageId));
  return (own.find((url) => url.isCanonical) ?? own[0])?.seoPathInfo ?? null;
}

builder.node(ProductRef, {
  description:
    'A product of the pharmacy: a medicine, supplement or care product, or one variant of it. Texts, prices and links are in the language it was read in.',
  id: { resolve: (p) => p.data.id },
  loadMany: (ids, ctx) =>
    catalogLoaders(ctx)
      .products.loadMany(ids.map((id) => loaderKey(ctx.languageId, id)))
      .then((products) => products.map((data) => (data && !(data instanceof Error) ? { languageId: ctx.languageId, data } : null))),
  isTypeOf: (value) => (value as Localized<{ apiAlias?: string }>).data?.apiAlias === 'product',
  fields: (t) => ({
    productId: t.string({ description: 'The Shopware product id.', resolve: (p) => p.data.id }),
    productNumber: t.string({ description: 'The shop’s article number (SKU).', resolve: (p) => p.data.productNumber }),
    parentId: t.string({ nullable: true, description: 'The parent product’s Shopware id, for a variant.', resolve: (p) => p.data.parentId ?? null }),
    hasVariants: t.boolean({
      description: 'A parent product with variants: it is not bought itself, a variant is chosen on its page.',
      resolve: (p) => !p.data.parentId && (p.data.childCount ?? 0) > 0,
    }),
    parent: t.field({
      type: ProductRef,
      nullable: true,
      description: 'The parent product, for a variant.',
      resolve: async (p, _args, ctx) => {
        if (!p.data.parentId) return null;
        const parent = await catalogLoaders(ctx).products.load(loaderKey(p.languageId, p.data.parentId));
        return parent ? { languageId: p.languageId, data: parent } : null;
      },
    }),
    name: t.string({ description: 'The product name.', resolve: (p) => translatedName(p.data) }),
    description: t.string({
      nullable: true,
      description: 'The description tab as HTML from the shop. Render it through the storefront’s HTML sanitizer (the gateway passes it on unchanged for now).',
      resolve: (p) => p.data.translated?.description ?? p.data.description ?? null,
    }),
    metaTitle: t.string({ nullable: true, description: 'SEO title.', resolve: (p) => p.data.translated?.metaTitle ?? p.data.metaTitle ?? null }),
    metaDescription: t.string({
      nullable: true,
      description: 'SEO description.',
      resolve: (p) => p.data.translated?.metaDescription ?? p.data.metaDescription ?? null,
    }),
    usage: t.string({ nullable: true, description: 'The usage tab (HTML, sanitize before rendering).', resolve: (p) => textField(p.data, 'pharmacy_usage') }),
    ingredients: t.string({ nullable: true, description: 'The ingredients tab (HTML).', resolve: (p) => textField(p.data, 'pharmacy_ingredients') }),
    howToUse: t.string({ nullable: true, description: 'How to use (HTML).', resolve: (p) => textField(p.data, 'pharmacy_how_to_use') }),
    expertReview: t.string({ nullable: true, description: 'The pharmacist’s review tab (HTML).', resolve: (p) => textField(p.data, 'pharmacy_expert_review') }),
    otherInfo: t.string({ nullable: true, description: 'The other-information tab (HTML).', resolve: (p) => textField(p.data, 'pharmacy_other_info') }),
    faq: t.field({
      type: [FaqEntryRef],
      description: 'The FAQ tab.',
      resolve: (p) => entries<{ question: string; answer: string }>(p.data, 'pharmacy_faq', ['question', 'answer']),
    }),
    productData: t.field({ type: [ProductDataEntryRef], description: 'The product data table.', resolve: (p) => productData(p.data) }),
    packing: t.string({ nullable: true, description: 'The pack as sold, e.g. "30 Kapseln".', resolve: (p) => textField(p.data, 'pharmacy_packing') }),
    pharmacode: t.string({
      nullable: true,
      description: 'The Swiss pharmacode.',
      resolve: (p) => textField(p.data, 'pharmacy_pharmacode') ?? productDataValue(p.data, /^pharmacode$/i),
    }),
    ean: t.string({ nullable: true, description: 'The EAN / GTIN barcode.', resolve: (p) => p.data.ean || productDataValue(p.data, /^(ean|gtin)/i) }),
    manufacturerNumber: t.string({ nullable: true, description: 'The maker’s article number.', resolve: (p) => p.data.manufacturerNumber ?? null }),
    weightKg: t.float({ nullable: true, description: 'Shipping weight in kg (drives the shipping cost).', resolve: (p) => p.data.weight ?? null }),
    packUnit: t.string({ nullable: true, description: 'The pack unit word, e.g. "Kapseln".', resolve: (p) => p.data.translated?.packUnit ?? p.data.packUnit ?? null }),
    brand: t.field({
      type: BrandRef,
      nullable: true,
      description: 'The brand (manufacturer).',
      resolve: async (p, _args, ctx) => {
        if (p.data.manufacturer) return { languageId: p.languageId, data: p.data.manufacturer };
        if (!p.data.manufacturerId) return null;
        const brand = await catalogLoaders(ctx).brands.load(loaderKey(p.languageId, p.data.manufacturerId));
        return brand ? { languageId: p.languageId, data: brand } : null;
      },
    }),
    price: t.field({ type: PriceRef, description: 'The price of one piece for this shopper.', resolve: (p) => p.data.calculatedPrice }),
    tierPrices: t.field({
      type: [TierPriceRef],
      description: 'Graduated prices by quantity; empty when the product has one price.',
      resolve: (p) => {
        const tiers = p.data.calculatedPrices ?? [];
        return tiers.map((price, index) => ({ price, kind: tierLabelKind(index, tiers.length) }));
      },
    }),
    cheapestPrice: t.field({
      type: PriceRef,
      nullable: true,
      description: 'The cheapest price over the variants and tiers (for "from CHF x" in listings).',
      resolve: (p) => (p.data.calculatedCheapestPrice as PriceLike | undefined) ?? null,
    }),
    priceRange: t.field({ type: PriceRangeRef, description: 'The span of prices over variants and tiers.', resolve: (p) => priceRangeOf(p.data) }),
    promotionDiscount: t.float({
      nullable: true,
      description: 'A promotion discount in percent that the shop advertises for the product, if any.',
      resolve: (p) => {
        const value = customFields(p.data).pharmacy_promotion_discount;
        return typeof value === 'number' ? value : null;
      },
    }),
    stock: t.int({ description: 'Pieces in stock.', resolve: (p) => p.data.stock }),
    availableStock: t.int({ description: 'Pieces in stock not reserved by open orders.', resolve: (p) => p.data.availableStock ?? p.data.stock }),
    available: t.boolean({ description: 'Whether the product can be bought.', resolve: (p) => p.data.available !== false }),
    availability: t.field({ type: AvailabilityRef, description: 'Availability for the wording on the product page.', resolve: (p) => p.data }),
    minPurchase: t.int({ description: 'The smallest quantity that can be ordered.', resolve: (p) => p.data.minPurchase ?? 1 }),
    maxPurchase: t.int({
      nullable: true,
      description: 'The largest quantity that can be ordered at once.',
      resolve: (p) => p.data.calculatedMaxPurchase ?? p.data.maxPurchase ?? null,
    }),
    purchaseSteps: t.int({ description: 'Quantities go up in these steps.', resolve: (p) => p.data.purchaseSteps ?? 1 }),
    shippingFree: t.boolean({ description: 'Shipped free of charge.', resolve: (p) => p.data.shippingFree === true }),
    clickAndCollectOnly: t.boolean({
      description: 'Only for Click & Collect in a pharmacy (therapeutic products law); never in a cart with delivery items.',
      resolve: (p) => flag(p.data, 'pharmacy_click_collect_only'),
    }),
    prescriptionRequired: t.boolean({ description: 'Needs a doctor’s prescription.', resolve: (p) => flag(p.data, 'pharmacy_prescription_required') }),
    isDownload: t.boolean({ description: 'A digital product (download), never shipped.', resolve: (p) => (p.data.states ?? []).includes('is-download') }),
    isNew: t.boolean({ description: 'Marked as new.', resolve: (p) => p.data.isNew === true }),
    isTopseller: t.boolean({ description: 'Marked as a topseller.', resolve: (p) => p.data.markAsTopseller === true }),
    cover: t.field({
      type: MediaRef,
      nullable: true,
      description: 'The main image.',
      resolve: (p) => localizedMedia(p.languageId, p.data.cover?.media),
    }),
    media: t.field({
      type: [MediaRef],
      description: 'The gallery, in order.',
      resolve: (p) =>
        [...(p.data.media ?? [])]
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .flatMap((entry) => (entry.media ? [{ languageId: p.languageId, data: entry.media }] : [])),
    }),
    seoPath: t.string({ nullable: true, description: 'The SEO path in this language, without a leading slash.', resolve: (p) => seoPathOf(p) }),
    url: t.string({
      description:
        'The storefront path of the product page (SPEC §2): /{seoPath}, else /detail/{id}; prefixed /it or /fr. With `locale`: the same product’s page in that language (for the language switcher and hreflang).',
      args: { locale: t.arg({ type: LocaleEnum, required: false, description: 'The language of the page (default: the one the product was read in).' }) },
      resolve: (p, args, ctx) => {
        const own = localeOf(ctx, p.languageId);
        if (args.locale && args.locale !== own) return linkIn(ctx, { kind: 'product', id: p.data.id, locale: args.locale });
        return linkFor({ kind: 'product', id: p.data.id, locale: own, languageId: p.languageId, seoUrls: p.data.seoUrls });
      },
    }),
    variants: t.field({
      type: [ProductRef],
      description: 'All variants of the product family (the parent’s children); empty for a product without variants.',
      resolve: async (p, _args, ctx) => {
        const parentId = p.data.parentId ?? ((p.data.childCount ?? 0) > 0 ? p.data.id : null);
        if (!parentId) return [];
        return localizedProducts(p.languageId, await catalogLoaders(ctx).variants.load(loaderKey(p.languageId, parentId)));
      },
    }),
    configurator: t.field({
      type: [ConfiguratorGroupRef],
      description: 'The variant configurator: groups and their choices, each leading to a variant. Empty without variants.',
      resolve: async (p, _args, ctx) => {
        if (!p.data.parentId && !(p.data.childCount ?? 0)) return [];
        const detail = await catalogLoaders(ctx).productDetails.load(loaderKey(p.languageId, p.data.id));
        if (!detail?.configurator) return [];
        // For a parent id the detail route shows its best variant, whose choices are the selected ones.
        const shown = detail.product.id === p.data.id ? p : { languageId: p.languageId, data: detail.product };
        return detail.configurator.map((group) => ({ group, product: shown }));
      },
    }),
    options: t.field({
      type: [PropertyOptionRef],
      description: 'The variant’s own choices (e.g. 60 Stk., Orange).',
      resolve: (p) => [...(p.data.options ?? [])].sort((a, b) => (a.group?.position ?? 0) - (b.group?.position ?? 0)),
    }),
    properties: t.field({
      type: [PropertyGroupWithOptionsRef],
      description: 'The characteristics tab: properties grouped by their group.',
      resolve: (p) => groupOptions(p.data.properties ?? []),
    }),
    ratingAverage: t.float({ nullable: true, description: 'Average stars (1 to 5) of the reviews, null without reviews.', resolve: (p) => p.data.ratingAverage ?? null }),
    reviews: t.field({
      type: ReviewConnectionRef,
      description: 'Approved customer reviews of the whole product family: the page’s language first, each newest first.',
      args: {
        first: t.arg.int({ required: false, description: `How many reviews (1 to ${MAX_PAGE_SIZE}, default 10).` }),
        after: t.arg.string({ required: false, description: 'The cursor after which to continue.' }),
      },
      resolve: (p, args, ctx) => {
        const first = pageSize('first', args.first) ?? 10;
        const after = offsetOfCursor('after', args.after);
        return reviewsAt(ctx, p.languageId, p.data.id, after === undefined ? 0 : after + 1, first);
      },
    }),
  }),
});

// ---- root fields -------------------------------------------------------------------------------------

/** A product id argument: a Shopware id, or a global id of a Product. */
function productIdOf(value: string): string {
  if (/^[0-9a-f]{32}$/i.test(value.trim())) return value.trim().toLowerCase();
  let decoded: { typename: string; id: string } | undefined;
  try {
    decoded = decodeGlobalID(value);
  } catch {
    decoded = undefined;
  }
  if (!decoded || decoded.typename !== 'Product') throw badArgument('id', `id must be a Shopware product id or a Product's global id, got "${value.slice(0, 64)}".`);
  return shopwareId('id', decoded.id);
}

builder.queryField('product', (t) =>
  t.field({
    type: ProductRef,
    nullable: true,
    description:
      'A product by id (Shopware id or global id) or by product number; null when not found. For a parent with variants, the shown variant is the shop’s best one (as on the product page).',
    args: {
      id: t.arg.id({ required: false, description: 'The Shopware product id or the Product’s global id.' }),
      productNumber: t.arg.string({ required: false, description: 'The article number, e.g. P100001.' }),
      locale: t.arg({ type: LocaleEnum, required: false, description: 'Language to read in (default: the request’s).' }),
    },
    resolve: async (_root, args, ctx) => {
      if (!args.id === !args.productNumber) throw badArgument(args.id ? 'productNumber' : 'id', 'Give exactly one of id and productNumber.');
      const languageId = languageIdFor(ctx, args.locale);
      const loaders = catalogLoaders(ctx);
      if (args.id) {
        const key = loaderKey(languageId, productIdOf(args.id));
        // Already read in this request (e.g. by a listing): no call, unless it is a parent whose shown
        // variant only the detail route chooses.
        const known = loaders.knownProduct(key);
        if (known && (known.parentId || !(known.childCount ?? 0))) return { languageId, data: known };
        const detail = await loaders.productDetails.load(key);
        return detail ? { languageId, data: detail.product } : null;
      }
      const number = (args.productNumber ?? '').trim();
      if (!number || number.length > 64) throw badArgument('productNumber', 'productNumber must be 1 to 64 characters.');
      const product = await loaders.productsByNumber.load(loaderKey(languageId, number));
      return product ? { languageId, data: product } : null;
    },
  }),
);
