import { createHash } from 'node:crypto';
import type { GatewayContext } from '../context';
import { catalogLoaders, loaderKey } from '../loaders';
import { cartErrorMessage } from '../messages';
import type { ShopCart, ShopCartError, ShopCartLineItem, ShopExpectedDelivery } from '../store-client/operations';
import { builder, type Localized } from './builder';
import { pharmacyLoader, PharmacyRef } from './pharmacy';
import { DispatchDayEnum, ProductRef } from './product';
import { forgetSalesChannelContext, PaymentMethodRef, readSalesChannelContext, ShippingMethodRef, type ShopwareShippingMethod } from './shop-context';
import { hasStoreErrorCode, InputCheck, shopError, ShopErrorRef, shopErrorsOf, type ShopError, type ShopErrorCode } from './shop-errors';

// The shopper's cart (GET /checkout/cart) and the mutations that change it. The Store API calculates
// everything (prices, shipping, promotions, errors); the gateway only reads, translates and shapes it.

export type CartShape = Localized<ShopCart>;

/** SPEC §4 "lists bounded": a cart shows at most this many lines. */
export const MAX_CART_LINES = 100;
/** The largest quantity one add or update may ask for; larger ones are clamped. */
export const MAX_LINE_QUANTITY = 999;
/** Promotion codes are short; longer input is a typo or abuse, refused before any call. */
export const MAX_PROMOTION_CODE_LENGTH = 40;

// ---- reading the cart once per request ----------------------------------------------------------------

const cartReads = new WeakMap<GatewayContext, Promise<ShopCart>>();

/**
 * GET /checkout/cart once per request, shared by `cart`, `checkout` and `placeOrder`. The Store API
 * consumes the cart's pending errors with this read, so it must not happen twice.
 */
export function readCart(ctx: GatewayContext): Promise<ShopCart> {
  let read = cartReads.get(ctx);
  if (!read) {
    read = ctx.store().invoke('readCart get /checkout/cart') as unknown as Promise<ShopCart>;
    cartReads.set(ctx, read);
    read.catch(() => cartReads.delete(ctx));
  }
  return read;
}

/** A mutation's own answer is the request's cart from now on (no second read). */
export function rememberCart(ctx: GatewayContext, cart: ShopCart): CartShape {
  cartReads.set(ctx, Promise.resolve(cart));
  return { languageId: ctx.languageId, data: cart };
}

/** The cart changed in a way the remembered answer does not show (e.g. the context changed). */
export function forgetCart(ctx: GatewayContext): void {
  cartReads.delete(ctx);
}

export async function currentCart(ctx: GatewayContext): Promise<CartShape> {
  return { languageId: ctx.languageId, data: await readCart(ctx) };
}

// ---- what the cart JSON says ---------------------------------------------------------------------------

export function cartErrorsOf(cart: ShopCart): ShopCartError[] {
  const errors = cart.errors;
  if (!errors) return [];
  const list = Array.isArray(errors) ? errors : Object.entries(errors).map(([key, error]) => ({ ...error, key: error.key ?? key }));
  return list.filter((e) => e && typeof e.messageKey === 'string');
}

export function productLines(cart: ShopCart): ShopCartLineItem[] {
  return (cart.lineItems ?? []).filter((item) => item.type === 'product');
}

function isDownloadLine(item: ShopCartLineItem): boolean {
  return (item.states ?? []).includes('is-download') || item.payload?.isDownload === true;
}

export function cartHasDownloads(cart: ShopCart): boolean {
  return productLines(cart).some(isDownloadLine);
}

function extensionOf(cart: ShopCart) {
  return cart.extensions?.['pharmacy-shop'];
}

export type FulfilmentValue = 'DELIVERY' | 'CLICK_AND_COLLECT';

export function fulfilmentOf(cart: ShopCart): FulfilmentValue | null {
  const extension = extensionOf(cart);
  if (extension && 'fulfilment' in extension) {
    if (extension.fulfilment === 'click_and_collect') return 'CLICK_AND_COLLECT';
    if (extension.fulfilment === 'delivery') return 'DELIVERY';
    return null;
  }
  const lines = productLines(cart);
  if (lines.length === 0) return null;
  return lines.some((item) => item.payload?.clickAndCollect === true) ? 'CLICK_AND_COLLECT' : 'DELIVERY';
}

function isVirtualCart(cart: ShopCart): boolean {
  const extension = extensionOf(cart);
  if (extension && typeof extension.isVirtual === 'boolean') return extension.isVirtual;
  const lines = productLines(cart);
  return lines.length > 0 && lines.every(isDownloadLine);
}

function shippingCostsOf(cart: ShopCart): number {
  return round((cart.deliveries ?? []).reduce((sum, delivery) => sum + (delivery.shippingCosts?.totalPrice ?? 0), 0));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function promotionCodesOf(cart: ShopCart): string[] {
  const added = cart.extensions?.['cart-promotions']?.addedCodes;
  const fromLines = (cart.lineItems ?? []).filter((item) => item.type === 'promotion').map((item) => String(item.payload?.code ?? item.referencedId ?? ''));
  return [...new Set([...(Array.isArray(added) ? added : []), ...fromLines].filter(Boolean))];
}

/** A stable id per session, never the token itself: Relay keeps one cart record across answers. */
export function cartIdOf(token: string | null | undefined): string {
  return `cart-${createHash('sha256').update(`cart:${token ?? ''}`).digest('base64url').slice(0, 24)}`;
}

// ---- types -------------------------------------------------------------------------------------------

export const FulfilmentEnum = builder.enumType('Fulfilment', {
  description: 'How an order reaches the shopper; one cart never mixes both (SPEC §4).',
  values: {
    DELIVERY: { value: 'DELIVERY', description: 'Shipped by post.' },
    CLICK_AND_COLLECT: { value: 'CLICK_AND_COLLECT', description: 'Picked up in a pharmacy.' },
  } as const,
});

export const CartLineItemTypeEnum = builder.enumType('CartLineItemType', {
  description: 'What a cart or order line is.',
  values: {
    PRODUCT: { value: 'PRODUCT', description: 'A product.' },
    PROMOTION: { value: 'PROMOTION', description: 'A promotion code’s discount.' },
  } as const,
});

export interface TaxShape {
  taxRate: number;
  tax: number;
  price: number;
}

export const CartTaxRef = builder.objectRef<TaxShape>('CartTax').implement({
  description: 'The VAT of one rate within a total.',
  fields: (t) => ({
    taxRate: t.exposeFloat('taxRate', { description: 'VAT rate in percent (8.1 or 2.6).' }),
    tax: t.exposeFloat('tax', { description: 'VAT amount in CHF included in `price`.' }),
    price: t.exposeFloat('price', { description: 'The gross amount in CHF taxed at this rate.' }),
  }),
});

const FreeShippingProgressRef = builder.objectRef<{ threshold: number; missingAmount: number; reached: boolean }>('FreeShippingProgress').implement({
  description: 'How far the cart is from free shipping ("CHF x missing for free shipping").',
  fields: (t) => ({
    threshold: t.exposeFloat('threshold', { description: 'The configured threshold in CHF.' }),
    missingAmount: t.exposeFloat('missingAmount', { description: 'CHF still missing for free shipping; 0 when reached or not applicable.' }),
    reached: t.exposeBoolean('reached', { description: 'Whether shipping is free.' }),
  }),
});

export const ExpectedDeliveryKindEnum = builder.enumType('ExpectedDeliveryKind', {
  description: 'Which rule the expected delivery follows.',
  values: {
    DISPATCH: { value: 'dispatch', description: 'Shipped by post: dispatched on `dispatchDay`, arrives 1–2 working days later.' },
    CLICK_AND_COLLECT: { value: 'click_and_collect', description: 'Ready for pickup in the pharmacy.' },
    PRESCRIPTION: { value: 'prescription', description: 'Prescription items: 2–3 working days.' },
    DOWNLOAD: { value: 'download', description: 'Downloads: available at once after payment.' },
  } as const,
});

export const ExpectedDeliveryRef = builder.objectRef<ShopExpectedDelivery>('ExpectedDelivery').implement({
  description: 'When the order is expected (Swiss working days, Europe/Zurich).',
  fields: (t) => ({
    kind: t.field({ type: ExpectedDeliveryKindEnum, description: 'Which rule applies.', resolve: (d) => d.kind }),
    dispatchDay: t.field({
      type: DispatchDayEnum,
      nullable: true,
      description: 'Dispatch day wording for DISPATCH (TODAY / TOMORROW / MONDAY) — as Product.availability.',
      resolve: (d) => (d.kind === 'dispatch' ? (d.dispatchDay ?? null) : null),
    }),
    earliest: t.exposeString('earliest', { description: 'Earliest day, YYYY-MM-DD.' }),
    latest: t.exposeString('latest', { description: 'Latest day, YYYY-MM-DD.' }),
  }),
});

const CartErrorLevelEnum = builder.enumType('CartErrorLevel', {
  description: 'Shopware’s cart error levels.',
  values: {
    NOTICE: { value: 0, description: 'Information (e.g. a promotion was added).' },
    WARNING: { value: 10, description: 'Something was changed or refused (e.g. an unknown promotion code); the order is possible.' },
    ERROR: { value: 20, description: 'Blocks placing the order until resolved.' },
  } as const,
});

/** Shopware's errors of level 20 whose blockOrder() is false (an unknown promotion code): the order stays possible. */
const ORDER_NOT_BLOCKED_BY: ReadonlySet<string> = new Set(['promotion-not-found']);

/** The level the shop shows: ERROR only for what blocks the order, so a non-blocking Shopware error is a WARNING. */
function levelOf(error: ShopCartError): 0 | 10 | 20 {
  if (error.level >= 20) return ORDER_NOT_BLOCKED_BY.has(error.messageKey) ? 10 : 20;
  return error.level >= 10 ? 10 : 0;
}

const CartErrorRef = builder.objectRef<ShopCartError>('CartError').implement({
  description: 'A cart error of this read (Shopware’s keyed errors), each shown once.',
  fields: (t) => ({
    key: t.string({ description: 'The error’s key, unique in the cart (e.g. product-stock-reached-{productId}).', resolve: (e) => e.key }),
    messageKey: t.string({ description: 'Shopware’s messageKey, e.g. promotion-not-found.', resolve: (e) => e.messageKey }),
    level: t.field({ type: CartErrorLevelEnum, description: 'Notice, warning or error (blocks the order).', resolve: (e) => levelOf(e) }),
    message: t.string({ description: 'The message in the request’s language.', resolve: (e, _args, ctx) => cartErrorMessage(ctx.locale, e) }),
  }),
});

export interface LineItemOptionShape {
  group: string;
  option: string;
}

/**
 * A variant's options from a cart or order line's payload: Shopware's `payload.options` ({group, option}, in
 * the cart's language; a snapshot may carry them under `translated`). Malformed entries are left out.
 */
export function lineItemOptionsOf(payload: unknown): LineItemOptionShape[] {
  const options = (payload as { options?: unknown } | null | undefined)?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((entry: unknown) => {
    const own = (entry ?? {}) as { group?: unknown; option?: unknown; translated?: { group?: unknown; option?: unknown } };
    const group = own.translated?.group ?? own.group;
    const option = own.translated?.option ?? own.option;
    return typeof group === 'string' && typeof option === 'string' && group.trim() && option.trim() ? [{ group: group.trim(), option: option.trim() }] : [];
  });
}

export const LineItemOptionRef = builder.objectRef<LineItemOptionShape>('LineItemOption').implement({
  description: 'One option of the chosen variant, e.g. group "Grösse", option "250 ml".',
  fields: (t) => ({
    group: t.exposeString('group', { description: 'The property group, e.g. Grösse or Geschmack (in the cart’s or order’s language).' }),
    option: t.exposeString('option', { description: 'The chosen option, e.g. 250 ml or Orange.' }),
  }),
});

type LineShape = Localized<ShopCartLineItem>;

function taxRateOfLine(item: ShopCartLineItem): number {
  return item.price?.calculatedTaxes?.[0]?.taxRate ?? item.price?.taxRules?.[0]?.taxRate ?? 0;
}

export const CartLineItemRef = builder.objectRef<LineShape>('CartLineItem').implement({
  description: 'A line of the cart: a product with its quantity, or a promotion code’s discount.',
  fields: (t) => ({
    id: t.id({ description: 'The Store API line item id (for updateCartItem/removeCartItem).', resolve: (l) => l.data.id }),
    type: t.field({ type: CartLineItemTypeEnum, description: 'Product or promotion.', resolve: (l) => (l.data.type === 'promotion' ? 'PROMOTION' : 'PRODUCT') }),
    label: t.string({ description: 'The product name or the promotion’s name.', resolve: (l) => l.data.label ?? '' }),
    quantity: t.int({ description: 'Pieces.', resolve: (l) => l.data.quantity ?? l.data.price?.quantity ?? 1 }),
    unitPrice: t.float({ description: 'CHF per piece incl. VAT (after tier prices; negative for promotions).', resolve: (l) => l.data.price?.unitPrice ?? 0 }),
    totalPrice: t.float({ description: 'CHF for the line incl. VAT.', resolve: (l) => l.data.price?.totalPrice ?? 0 }),
    taxRate: t.float({ description: 'VAT rate of the line in percent (8.1 or 2.6).', resolve: (l) => taxRateOfLine(l.data) }),
    listPrice: t.float({ nullable: true, description: 'Previous price per piece, when reduced.', resolve: (l) => l.data.price?.listPrice?.price ?? null }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'Product line items: the product (read through the product dataloader, all lines in one call).',
      resolve: async (l, _args, ctx) => {
        if (l.data.type !== 'product' || !l.data.referencedId) return null;
        const product = await catalogLoaders(ctx).products.load(loaderKey(l.languageId, l.data.referencedId));
        return product ? { languageId: l.languageId, data: product } : null;
      },
    }),
    promotionCode: t.string({
      nullable: true,
      description: 'Promotion line items: the code.',
      resolve: (l) => (l.data.type === 'promotion' ? String(l.data.payload?.code ?? l.data.referencedId ?? '') || null : null),
    }),
    options: t.field({
      type: [LineItemOptionRef],
      description: 'The chosen variant’s options (size, flavour …) in the cart’s language; empty for products without variants and promotions.',
      resolve: (l) => (l.data.type === 'product' ? lineItemOptionsOf(l.data.payload) : []),
    }),
    isDownload: t.boolean({ description: 'A download, never shipped.', resolve: (l) => isDownloadLine(l.data) }),
    clickAndCollectOnly: t.boolean({ description: 'Only for Click & Collect in a pharmacy.', resolve: (l) => l.data.payload?.clickAndCollect === true }),
    prescriptionRequired: t.boolean({ description: 'Needs a prescription.', resolve: (l) => l.data.payload?.prescriptionRequired === true }),
    removable: t.boolean({ description: 'Whether the shopper may remove the line.', resolve: (l) => l.data.removable !== false }),
    quantityMin: t.int({ description: 'Smallest quantity.', resolve: (l) => Math.max(1, l.data.quantityInformation?.minPurchase ?? 1) }),
    quantityMax: t.int({
      description: `Largest quantity (at most ${MAX_LINE_QUANTITY}).`,
      resolve: (l) => Math.min(MAX_LINE_QUANTITY, l.data.quantityInformation?.maxPurchase ?? MAX_LINE_QUANTITY),
    }),
    quantityStep: t.int({ description: 'Quantities go up in these steps.', resolve: (l) => Math.max(1, l.data.quantityInformation?.purchaseSteps ?? 1) }),
  }),
});

export const CartRef = builder.objectRef<CartShape>('Cart').implement({
  description: 'The shopper’s cart, as the Store API calculated it. Never cached.',
  fields: (t) => ({
    id: t.id({
      description: 'Stable per session (derived from a hash of the context token, never the token itself).',
      resolve: (c, _args, ctx) => cartIdOf(c.data.token ?? ctx.session.contextToken),
    }),
    lineItems: t.field({
      type: [CartLineItemRef],
      description: `Products and promotion discounts (at most ${MAX_CART_LINES}).`,
      resolve: (c) =>
        (c.data.lineItems ?? [])
          .filter((item) => item.type === 'product' || item.type === 'promotion')
          .slice(0, MAX_CART_LINES)
          .map((data) => ({ languageId: c.languageId, data })),
    }),
    productCount: t.int({
      description: 'Sum of the quantities of product line items (the header badge).',
      resolve: (c) => productLines(c.data).reduce((sum, item) => sum + (item.quantity ?? 0), 0),
    }),
    isEmpty: t.boolean({ description: 'No products in the cart.', resolve: (c) => productLines(c.data).length === 0 }),
    isVirtual: t.boolean({ description: 'All non-promotion items are downloads: no shipping needed.', resolve: (c) => isVirtualCart(c.data) }),
    fulfilment: t.field({
      type: FulfilmentEnum,
      nullable: true,
      description: 'DELIVERY or CLICK_AND_COLLECT once the cart holds a product; null when empty.',
      resolve: (c) => fulfilmentOf(c.data),
    }),
    positionPrice: t.float({ description: 'Sum of the product and promotion lines.', resolve: (c) => c.data.price.positionPrice }),
    shippingCosts: t.float({ description: 'Shipping costs in CHF.', resolve: (c) => shippingCostsOf(c.data) }),
    totalPrice: t.float({ description: 'What the shopper pays in CHF incl. VAT.', resolve: (c) => c.data.price.totalPrice }),
    netPrice: t.float({ description: 'The total without VAT.', resolve: (c) => c.data.price.netPrice }),
    taxes: t.field({
      type: [CartTaxRef],
      description: 'VAT per rate over the positions and shipping.',
      resolve: (c) => extensionOf(c.data)?.taxes ?? c.data.price.calculatedTaxes ?? [],
    }),
    freeShipping: t.field({
      type: FreeShippingProgressRef,
      description: 'The free-shipping hint.',
      resolve: (c) => extensionOf(c.data)?.freeShipping ?? { threshold: 0, missingAmount: 0, reached: false },
    }),
    expectedDelivery: t.field({
      type: ExpectedDeliveryRef,
      nullable: true,
      description: 'When the order is expected; null for an empty cart.',
      resolve: (c) => extensionOf(c.data)?.expectedDelivery ?? null,
    }),
    promotionCodes: t.stringList({ description: 'Promotion codes in the cart.', resolve: (c) => promotionCodesOf(c.data) }),
    errors: t.field({ type: [CartErrorRef], description: 'Cart errors of this read, each once (Shopware’s keyed errors).', resolve: (c) => cartErrorsOf(c.data) }),
    blocksOrder: t.boolean({ description: 'Whether an error of level ERROR blocks placing the order.', resolve: (c) => cartErrorsOf(c.data).some((e) => levelOf(e) === 20) }),
    selectedPharmacy: t.field({
      type: PharmacyRef,
      nullable: true,
      description: 'The pharmacy chosen for Click & Collect.',
      resolve: (c, _args, ctx) => {
        const id = extensionOf(c.data)?.pharmacyId;
        return id ? pharmacyLoader(ctx).load(id) : null;
      },
    }),
    shippingMethod: t.field({
      type: ShippingMethodRef,
      nullable: true,
      description: 'The shipping method of the cart’s delivery (Click & Collect for a Click & Collect cart).',
      resolve: async (c, _args, ctx) => {
        const method = c.data.deliveries?.[0]?.shippingMethod as ShopwareShippingMethod | undefined;
        if (method?.name) return method;
        return (await readSalesChannelContext(ctx)).shippingMethod ?? null;
      },
    }),
    paymentMethod: t.field({
      type: PaymentMethodRef,
      nullable: true,
      description: 'The payment method chosen for the order.',
      resolve: async (_c, _args, ctx) => (await readSalesChannelContext(ctx)).paymentMethod ?? null,
    }),
  }),
});

export const CartPayloadRef = builder.objectRef<{ cart: CartShape | null; errors: ShopError[] }>('CartPayload').implement({
  description: 'The cart after a change, and what went wrong (errors as data).',
  fields: (t) => ({
    cart: t.field({ type: CartRef, nullable: true, description: 'The cart after the change; null when it could not be read.', resolve: (p) => p.cart }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

// ---- mutations ---------------------------------------------------------------------------------------

const AddToCartInput = builder.inputType('AddToCartInput', {
  description: 'A product to put into the cart.',
  fields: (t) => ({
    productId: t.id({ required: true, description: 'The Store API product id.' }),
    quantity: t.int({ required: false, defaultValue: 1, description: `Pieces (1 to ${MAX_LINE_QUANTITY}; more are clamped).` }),
  }),
});

const UpdateCartItemInput = builder.inputType('UpdateCartItemInput', {
  description: 'A new quantity for a cart line; 0 or less removes it.',
  fields: (t) => ({
    lineItemId: t.id({ required: true, description: 'CartLineItem.id.' }),
    quantity: t.int({ required: true, description: 'The new quantity; 0 or less removes the line.' }),
  }),
});

const RemoveCartItemInput = builder.inputType('RemoveCartItemInput', {
  description: 'A cart line to remove.',
  fields: (t) => ({ lineItemId: t.id({ required: true, description: 'CartLineItem.id.' }) }),
});

const ApplyPromotionCodeInput = builder.inputType('ApplyPromotionCodeInput', {
  description: 'A promotion code typed by the shopper.',
  fields: (t) => ({ code: t.string({ required: true, description: `The code (at most ${MAX_PROMOTION_CODE_LENGTH} characters).` }) }),
});

export const SelectPharmacyInput = builder.inputType('SelectPharmacyInput', {
  description: 'The pharmacy for Click & Collect pickup.',
  fields: (t) => ({ pharmacyId: t.id({ required: true, description: 'The Store API pharmacy id (Pharmacy.pharmacyId).' }) }),
});

const SetShippingMethodInput = builder.inputType('SetShippingMethodInput', {
  description: 'The shipping method for the order.',
  fields: (t) => ({ shippingMethodId: t.id({ required: true, description: 'ShippingMethod.id.' }) }),
});

export const SetPaymentMethodInput = builder.inputType('SetPaymentMethodInput', {
  description: 'The payment method for the order.',
  fields: (t) => ({ paymentMethodId: t.id({ required: true, description: 'PaymentMethod.id.' }) }),
});

type CartPayload = { cart: CartShape | null; errors: ShopError[] };

/** Errors-as-data around a cart change: input problems and Store API failures become `errors`. */
async function cartChange(ctx: GatewayContext, change: () => Promise<CartPayload>): Promise<CartPayload> {
  try {
    return await change();
  } catch (error) {
    return { cart: null, errors: shopErrorsOf(ctx, error) };
  }
}

/**
 * A change of one line: a line that is gone (removed in another tab) answers INVALID_INPUT beside
 * lineItemId together with the current cart, so the page shows what is really in it.
 */
async function lineChange(ctx: GatewayContext, change: () => Promise<unknown>): Promise<CartPayload> {
  try {
    return { cart: rememberCart(ctx, (await change()) as ShopCart), errors: [] };
  } catch (error) {
    if (!hasStoreErrorCode(error, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND')) throw error;
    return { cart: await currentCart(ctx), errors: shopErrorsOf(ctx, error) };
  }
}

/** A quantity for an add: at least 1 (else INVALID_INPUT), at most 999 (clamped). */
function addQuantity(check: InputCheck, quantity: number | null | undefined): number {
  const value = quantity ?? 1;
  if (value < 1) {
    check.problem('quantity', 'quantity', { min: 1, max: MAX_LINE_QUANTITY });
    return 1;
  }
  return Math.min(value, MAX_LINE_QUANTITY);
}

/** A refused promotion code's cart error and what the shopper is told (a loyalty voucher says why). */
const PROMOTION_REFUSALS: Readonly<Record<string, ShopErrorCode>> = {
  'promotion-not-found': 'PROMOTION_NOT_FOUND',
  'promotion-not-own': 'VOUCHER_NOT_OWN',
  'promotion-login-required': 'VOUCHER_LOGIN_REQUIRED',
  'promotion-redeemed': 'VOUCHER_REDEEMED',
};

/** The ShopErrors a changed cart's own errors stand for (e.g. an unknown promotion code refused). */
function errorsOfAnsweredCart(ctx: GatewayContext, cart: ShopCart, wanted: { productId?: string; promotionCode?: string }): ShopError[] {
  const errors: ShopError[] = [];
  for (const error of cartErrorsOf(cart)) {
    const refusal = wanted.promotionCode ? PROMOTION_REFUSALS[error.messageKey] : undefined;
    if (wanted.promotionCode && refusal) {
      const code = String(error.promotionCode ?? error.key.replace(`${error.messageKey}-`, ''));
      if (code.toLowerCase() === wanted.promotionCode.toLowerCase()) errors.push(shopError(ctx.locale, refusal, 'code'));
    }
    if (wanted.productId && (error.messageKey === 'product-not-found' || error.messageKey === 'product-not-available') && error.key.endsWith(wanted.productId)) {
      errors.push(shopError(ctx.locale, 'PRODUCT_NOT_AVAILABLE'));
    }
  }
  return errors;
}

async function addProduct(ctx: GatewayContext, productId: string, quantity: number): Promise<CartPayload> {
  const cart = (await ctx.store().invoke('addLineItem post /checkout/cart/line-item', {
    body: { items: [{ id: productId, referencedId: productId, type: 'product', quantity }] },
  })) as unknown as ShopCart;
  return { cart: rememberCart(ctx, cart), errors: errorsOfAnsweredCart(ctx, cart, { productId }) };
}

/** Chooses a shipping or payment method (PATCH /context); the cart costs differ after it, so it is read again. */
function chooseMethod(ctx: GatewayContext, field: 'shippingMethodId' | 'paymentMethodId', value: string): Promise<CartPayload> {
  return cartChange(ctx, async () => {
    const check = new InputCheck(ctx.locale);
    const id = check.id(field, value);
    check.done();
    await ctx.store().invoke('updateContext patch /context', { body: { [field]: id! } });
    forgetSalesChannelContext(ctx);
    forgetCart(ctx);
    return { cart: await currentCart(ctx), errors: [] };
  });
}

builder.queryField('cart', (t) =>
  t.field({
    type: CartRef,
    description: 'The shopper’s cart (GET /checkout/cart). Never cached. Errors of the last change are consumed by this read.',
    resolve: (_root, _args, ctx) => currentCart(ctx),
  }),
);

builder.mutationFields((t) => ({
  addToCart: t.field({
    type: CartPayloadRef,
    description: 'Adds a product. A Click & Collect product into a delivery cart (or the reverse) answers FULFILMENT_CONFLICT with the unchanged cart.',
    args: { input: t.arg({ type: AddToCartInput, required: true, description: 'The product and how many pieces.' }) },
    resolve: (_root, { input }, ctx) =>
      cartChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const productId = check.id('productId', input.productId);
        const quantity = addQuantity(check, input.quantity);
        check.done();
        try {
          return await addProduct(ctx, productId!, quantity);
        } catch (error) {
          if (!hasStoreErrorCode(error, 'PHARMACY__CART_FULFILMENT_CONFLICT')) throw error;
          return { cart: await currentCart(ctx), errors: shopErrorsOf(ctx, error) };
        }
      }),
  }),
  updateCartItem: t.field({
    type: CartPayloadRef,
    description: 'Changes a line’s quantity; 0 or less removes the line.',
    args: { input: t.arg({ type: UpdateCartItemInput, required: true, description: 'The line and its new quantity.' }) },
    resolve: (_root, { input }, ctx) =>
      cartChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const id = check.id('lineItemId', input.lineItemId);
        check.done();
        return lineChange(ctx, () =>
          input.quantity <= 0
            ? ctx.store().invoke('removeLineItem post /checkout/cart/line-item/delete', { body: { ids: [id!] } })
            : ctx.store().invoke('updateLineItem patch /checkout/cart/line-item', {
                body: { items: [{ id: id!, quantity: Math.min(input.quantity, MAX_LINE_QUANTITY) }] },
              }),
        );
      }),
  }),
  removeCartItem: t.field({
    type: CartPayloadRef,
    description: 'Removes a line (product or promotion code).',
    args: { input: t.arg({ type: RemoveCartItemInput, required: true, description: 'The line to remove.' }) },
    resolve: (_root, { input }, ctx) =>
      cartChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const id = check.id('lineItemId', input.lineItemId);
        check.done();
        return lineChange(ctx, () => ctx.store().invoke('removeLineItem post /checkout/cart/line-item/delete', { body: { ids: [id!] } }));
      }),
  }),
  applyPromotionCode: t.field({
    type: CartPayloadRef,
    description:
      'Adds a promotion code; an unknown, expired or inactive one answers PROMOTION_NOT_FOUND, another customer’s loyalty voucher VOUCHER_NOT_OWN (VOUCHER_LOGIN_REQUIRED when not logged in), a redeemed one VOUCHER_REDEEMED.',
    args: { input: t.arg({ type: ApplyPromotionCodeInput, required: true, description: 'The code the shopper typed.' }) },
    resolve: (_root, { input }, ctx) =>
      cartChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const code = check.text('code', input.code, { max: MAX_PROMOTION_CODE_LENGTH });
        check.done();
        const cart = (await ctx.store().invoke('addLineItem post /checkout/cart/line-item', {
          body: { items: [{ type: 'promotion', referencedId: code! }] },
        })) as unknown as ShopCart;
        return { cart: rememberCart(ctx, cart), errors: errorsOfAnsweredCart(ctx, cart, { promotionCode: code! }) };
      }),
  }),
  replaceCart: t.field({
    type: CartPayloadRef,
    description: 'Empties the cart, then adds the product: the answer to the FULFILMENT_CONFLICT prompt.',
    args: { input: t.arg({ type: AddToCartInput, required: true, description: 'The product and how many pieces.' }) },
    resolve: (_root, { input }, ctx) =>
      cartChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const productId = check.id('productId', input.productId);
        const quantity = addQuantity(check, input.quantity);
        check.done();
        await ctx.store().invoke('deleteCart delete /checkout/cart');
        forgetCart(ctx);
        return addProduct(ctx, productId!, quantity);
      }),
  }),
  selectPharmacy: t.field({
    type: CartPayloadRef,
    description: 'Chooses the Click & Collect pharmacy of the cart.',
    args: { input: t.arg({ type: SelectPharmacyInput, required: true, description: 'The pharmacy for pickup.' }) },
    resolve: (_root, { input }, ctx) =>
      cartChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const pharmacyId = check.id('pharmacyId', input.pharmacyId);
        check.done();
        // an unknown pharmacy (404 PHARMACY__NOT_FOUND) comes back as INVALID_INPUT beside pharmacyId
        const cart = await ctx.store().invoke('selectCartPharmacy post /checkout/cart/pharmacy', { body: { pharmacyId: pharmacyId! } });
        return { cart: rememberCart(ctx, cart), errors: [] };
      }),
  }),
  setShippingMethod: t.field({
    type: CartPayloadRef,
    description: 'Chooses the shipping method (PATCH /context); answers the recalculated cart.',
    args: { input: t.arg({ type: SetShippingMethodInput, required: true, description: 'The chosen shipping method.' }) },
    resolve: (_root, { input }, ctx) => chooseMethod(ctx, 'shippingMethodId', input.shippingMethodId),
  }),
  setPaymentMethod: t.field({
    type: CartPayloadRef,
    description: 'Chooses the payment method (PATCH /context); answers the recalculated cart.',
    args: { input: t.arg({ type: SetPaymentMethodInput, required: true, description: 'The chosen payment method.' }) },
    resolve: (_root, { input }, ctx) => chooseMethod(ctx, 'paymentMethodId', input.paymentMethodId),
  }),
}));
