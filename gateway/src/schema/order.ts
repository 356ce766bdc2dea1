import { decodeGlobalID } from '@pothos/plugin-relay';
import { formatIBAN, formatQRReference } from 'swissqrbill/utils';
import type { GatewayContext } from '../context';
import { catalogLoaders, loaderKey } from '../loaders';
import { orderAccessFor } from '../plugins/session-cookies';
import { StoreApiRequestError } from '../store-client';
import type { ShopExpectedDelivery } from '../store-client/operations';
import { builder, type Localized } from './builder';
import { CartLineItemTypeEnum, CartTaxRef, ExpectedDeliveryRef, LineItemOptionRef, lineItemOptionsOf, type TaxShape } from './cart';
import { badArgument, offsetCursor, offsetOfCursor } from './catalog-arguments';
import { AddressRef, CustomerRef, sameAddress, type AddressShape } from './customer';
import { pharmacyLoader, PharmacyRef } from './pharmacy';
import { ProductRef } from './product';
import { isInvoiceMethod, PaymentMethodRef, ShippingMethodRef, type ShopwarePaymentMethod, type ShopwareShippingMethod } from './shop-context';
import { InputCheck, shopError, ShopErrorRef, shopErrorsOf, type FailureMapping, type ShopError } from './shop-errors';

// Orders of the session (POST /order): the success and payment pages, retrying or changing the payment,
// cancelling. The Store API decides what a session may see: its customer's orders, or a guest's by the
// deepLinkCode this browser received when it placed the order (cookie `shop-order-access`).

interface StateShape {
  technicalName?: string;
}

interface OrderTransactionShape {
  id: string;
  createdAt?: string;
  paymentMethodId?: string;
  paymentMethod?: ShopwarePaymentMethod | null;
  stateMachineState?: StateShape | null;
}

interface OrderLineItemShape {
  id: string;
  type?: string;
  label?: string;
  quantity?: number;
  unitPrice?: number;
  totalPrice?: number;
  productId?: string | null;
  referencedId?: string | null;
  states?: string[];
  payload?: { isDownload?: boolean; prescriptionRequired?: boolean; options?: unknown } | null;
  downloads?: OrderLineItemDownloadShape[] | null;
  price?: { calculatedTaxes?: TaxShape[]; taxRules?: { taxRate?: number }[] } | null;
  position?: number;
}

/** Shopware's order_line_item_download: a file of a digital product, served once the order is paid. */
interface OrderLineItemDownloadShape {
  id: string;
  accessGranted?: boolean;
  position?: number;
  media?: { fileName?: string | null; fileExtension?: string | null } | null;
}

/** Shopware's document (an invoice) of an order. */
interface OrderDocumentShape {
  id: string;
  documentNumber?: string | null;
  createdAt?: string | null;
  config?: { documentNumber?: string; documentDate?: string; name?: string } | null;
  documentType?: { technicalName?: string } | null;
}

/** A Shopware order, as far as the graph reads it (plus the shop's extension). */
export interface ShopOrder {
  apiAlias?: 'order';
  id: string;
  orderNumber?: string;
  orderDateTime?: string;
  createdAt?: string;
  deepLinkCode?: string;
  amountTotal?: number;
  positionPrice?: number;
  shippingTotal?: number;
  price?: { totalPrice?: number; positionPrice?: number; calculatedTaxes?: TaxShape[] } | null;
  shippingCosts?: { totalPrice?: number } | null;
  stateMachineState?: StateShape | null;
  lineItems?: OrderLineItemShape[];
  transactions?: OrderTransactionShape[];
  deliveries?: { shippingMethod?: ShopwareShippingMethod | null; shippingOrderAddress?: AddressShape | null }[];
  billingAddressId?: string;
  billingAddress?: AddressShape | null;
  addresses?: AddressShape[];
  orderCustomer?: { email?: string; firstName?: string; lastName?: string } | null;
  documents?: OrderDocumentShape[] | null;
  extensions?: { 'pharmacy-shop'?: { pharmacyId?: string | null; expectedDelivery?: ShopExpectedDelivery | null; paymentSlip?: PaymentSlipShape | null } };
}

/** The QR-bill's data of an order to be paid by transfer (the shop's order extension; a plugin on a real Shopware). */
interface PaymentSlipShape {
  iban: string;
  reference: string;
  amount: number;
  creditor: { name: string; street: string; buildingNumber?: string; zipcode: string; city: string };
}

interface OrderShape extends Localized<ShopOrder> {
  /** the Store API's paymentChangeable answer for this order, when it gave one */
  paymentChangeable?: boolean;
}

/** Everything the success and payment pages show, in the one order call. */
export const ORDER_ASSOCIATIONS = {
  lineItems: { associations: { downloads: { associations: { media: {} } } } },
  documents: { associations: { documentType: {} } },
  deliveries: { associations: { shippingMethod: {}, shippingOrderAddress: {} } },
  transactions: { associations: { paymentMethod: {} } },
  addresses: {},
  billingAddress: {},
  orderCustomer: {},
  stateMachineState: {},
} as const;

const SHOPWARE_ID = /^[0-9a-f]{32}$/i;

/** An order id argument: a Store API id or an Order's global id; null when it is neither. */
export function orderIdOf(value: string): string | null {
  const trimmed = value.trim();
  if (SHOPWARE_ID.test(trimmed)) return trimmed.toLowerCase();
  try {
    const decoded = decodeGlobalID(trimmed);
    return decoded.typename === 'Order' && SHOPWARE_ID.test(decoded.id) ? decoded.id.toLowerCase() : null;
  } catch {
    return null;
  }
}

interface OrderRouteAnswer {
  orders?: { elements?: ShopOrder[] };
  paymentChangeable?: Record<string, boolean>;
}

function notVisible(error: unknown): boolean {
  return error instanceof StoreApiRequestError && [401, 403, 404].includes(error.statusCode);
}

async function ordersCall(ctx: GatewayContext, body: Record<string, unknown>): Promise<OrderRouteAnswer> {
  return (await ctx.store().invoke('readOrder post /order', { body: { ...body, associations: ORDER_ASSOCIATIONS, checkPromotion: true } })) as unknown as OrderRouteAnswer;
}

/**
 * The order if this session may see it, else null: first as the session's customer (or guest), then by
 * the deepLinkCode the browser's order-access cookie holds. Never another customer's order: the Store API
 * filters, and the answer must be the asked order.
 */
export async function readVisibleOrder(ctx: GatewayContext, orderId: string): Promise<OrderShape | null> {
  const pick = (answer: OrderRouteAnswer): OrderShape | null => {
    const order = (answer.orders?.elements ?? []).find((element) => element.id === orderId);
    if (!order) return null;
    const changeable = answer.paymentChangeable?.[orderId];
    return { languageId: ctx.languageId, data: order, ...(typeof changeable === 'boolean' ? { paymentChangeable: changeable } : {}) };
  };
  try {
    const own = pick(await ordersCall(ctx, { filter: [{ type: 'equals', field: 'id', value: orderId }], limit: 1 }));
    if (own) return own;
  } catch (error) {
    if (!notVisible(error)) throw error;
  }
  const access = orderAccessFor(ctx, orderId);
  if (!access) return null;
  try {
    const credentials = access.email && access.zipcode ? { email: access.email, zipcode: access.zipcode } : {};
    return pick(await ordersCall(ctx, { filter: [{ type: 'equals', field: 'deepLinkCode', value: access.deepLinkCode }], limit: 1, ...credentials }));
  } catch (error) {
    if (notVisible(error)) return null;
    throw error;
  }
}

// ---- states ----------------------------------------------------------------------------------------

export type OrderStatusValue = 'OPEN' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';
export type PaymentStatusValue = 'OPEN' | 'IN_PROGRESS' | 'PAID' | 'FAILED' | 'CANCELLED';

export function orderStatusOf(order: ShopOrder): OrderStatusValue {
  switch (order.stateMachineState?.technicalName) {
    case 'in_progress':
      return 'IN_PROGRESS';
    case 'completed':
      return 'COMPLETED';
    case 'cancelled':
      return 'CANCELLED';
    default:
      return 'OPEN';
  }
}

/** The newest transaction: a retried payment adds one (Shopware's order/payment). */
export function newestTransaction(order: ShopOrder): OrderTransactionShape | null {
  const transactions = [...(order.transactions ?? [])];
  transactions.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  return transactions[0] ?? null;
}

export function paymentStatusOf(order: ShopOrder): PaymentStatusValue {
  switch (newestTransaction(order)?.stateMachineState?.technicalName) {
    case 'paid':
    case 'paid_partially':
      return 'PAID';
    case 'failed':
      return 'FAILED';
    case 'cancelled':
    case 'refunded':
      return 'CANCELLED';
    case 'in_progress':
    case 'authorized':
    case 'unconfirmed':
      return 'IN_PROGRESS';
    default:
      return 'OPEN';
  }
}


/**
 * Whether the order may be paid by invoice (SPEC §5): billed to the address it is delivered to; a pickup has no
 * delivery address. The gateway checks it itself, since a stock Shopware's order/payment does not (issue 19 item 4).
 */
function invoiceAllowedFor(order: ShopOrder): boolean {
  const billing = order.billingAddress ?? order.addresses?.find((address) => address.id === order.billingAddressId);
  const shipping = order.deliveries?.[0]?.shippingOrderAddress;
  return !billing || !shipping || sameAddress(billing, shipping);
}

function isPaymentChangeable(order: OrderShape): boolean {
  if (typeof order.paymentChangeable === 'boolean') return order.paymentChangeable;
  return orderStatusOf(order.data) === 'OPEN' && paymentStatusOf(order.data) !== 'PAID';
}

const OrderStatusEnum = builder.enumType('OrderStatus', {
  description: 'The order’s state (Shopware’s order state machine).',
  values: {
    OPEN: { value: 'OPEN', description: 'Placed, not yet processed.' },
    IN_PROGRESS: { value: 'IN_PROGRESS', description: 'Being processed.' },
    COMPLETED: { value: 'COMPLETED', description: 'Done.' },
    CANCELLED: { value: 'CANCELLED', description: 'Cancelled.' },
  } as const,
});

const PaymentStatusEnum = builder.enumType('PaymentStatus', {
  description: 'The state of the order’s newest payment transaction.',
  values: {
    OPEN: { value: 'OPEN', description: 'Not paid yet (invoice, prepayment, or not started).' },
    IN_PROGRESS: { value: 'IN_PROGRESS', description: 'At the payment provider.' },
    PAID: { value: 'PAID', description: 'Paid.' },
    FAILED: { value: 'FAILED', description: 'The payment failed: retry possible.' },
    CANCELLED: { value: 'CANCELLED', description: 'The payment was cancelled: retry possible while the order is open.' },
  } as const,
});

type LineShape = Localized<OrderLineItemShape>;

const OrderLineItemRef = builder.objectRef<LineShape>('OrderLineItem').implement({
  description: 'A line of an order.',
  fields: (t) => ({
    id: t.id({ description: 'The order line item id.', resolve: (l) => l.data.id }),
    type: t.field({ type: CartLineItemTypeEnum, description: 'Product or promotion.', resolve: (l) => (l.data.type === 'promotion' ? 'PROMOTION' : 'PRODUCT') }),
    label: t.string({ description: 'Product name or promotion name at the time of the order.', resolve: (l) => l.data.label ?? '' }),
    quantity: t.int({ description: 'Pieces.', resolve: (l) => l.data.quantity ?? 1 }),
    unitPrice: t.float({ description: 'CHF per piece incl. VAT.', resolve: (l) => l.data.unitPrice ?? 0 }),
    totalPrice: t.float({ description: 'CHF for the line incl. VAT.', resolve: (l) => l.data.totalPrice ?? 0 }),
    taxRate: t.float({
      nullable: true,
      description: 'VAT rate in percent.',
      resolve: (l) => l.data.price?.calculatedTaxes?.[0]?.taxRate ?? l.data.price?.taxRules?.[0]?.taxRate ?? null,
    }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'The product, when it is still in the shop.',
      resolve: async (l, _args, ctx) => {
        const productId = l.data.productId ?? (l.data.type === 'product' ? l.data.referencedId : null);
        if (!productId) return null;
        const product = await catalogLoaders(ctx).products.load(loaderKey(l.languageId, productId));
        return product ? { languageId: l.languageId, data: product } : null;
      },
    }),
    options: t.field({
      type: [LineItemOptionRef],
      description: 'The ordered variant’s options (size, flavour …) in the order’s language, as they were at the time of the order.',
      resolve: (l) => (l.data.type === 'product' ? lineItemOptionsOf(l.data.payload) : []),
    }),
    isDownload: t.boolean({
      description: 'A download.',
      resolve: (l) => (l.data.states ?? []).includes('is-download') || l.data.payload?.isDownload === true,
    }),
    prescriptionRequired: t.boolean({
      description: 'A prescription medicine (a pickup needs the original prescription).',
      resolve: (l) => l.data.payload?.prescriptionRequired === true,
    }),
  }),
});

/** Same-origin URL of the gateway's document proxy (server/account-files.ts). */
export function documentUrl(documentId: string): string {
  return `/account/document/${encodeURIComponent(documentId)}`;
}

/** Same-origin URL of the gateway's download proxy (server/account-files.ts). */
export function downloadUrl(orderId: string, downloadId: string): string {
  return `/account/download/${encodeURIComponent(orderId)}/${encodeURIComponent(downloadId)}`;
}

const OrderDocumentRef = builder.objectRef<OrderDocumentShape>('OrderDocument').implement({
  description: 'A document of an order (an invoice).',
  fields: (t) => ({
    id: t.id({ description: 'The Store API document id.', resolve: (d) => d.id }),
    type: t.string({ description: 'The document type’s technical name (e.g. invoice).', resolve: (d) => d.documentType?.technicalName ?? d.config?.name ?? 'invoice' }),
    number: t.string({ description: 'The document number.', resolve: (d) => d.documentNumber ?? d.config?.documentNumber ?? '' }),
    date: t.string({ description: 'The document date (ISO).', resolve: (d) => d.config?.documentDate ?? d.createdAt ?? '' }),
    url: t.string({
      description: 'Same-origin URL that downloads it (gateway proxy route /account/document/{id}).',
      resolve: (d) => documentUrl(d.id),
    }),
  }),
});

const PaymentSlipRef = builder.objectRef<{ orderId: string; slip: PaymentSlipShape; locale: string }>('PaymentSlip').implement({
  description: 'How to pay an order by bank transfer (invoice, prepayment): the Swiss QR-bill’s data and its image.',
  fields: (t) => ({
    iban: t.string({ description: 'The account to pay into (QR-IBAN), in groups of four.', resolve: (p) => formatIBAN(p.slip.iban) }),
    reference: t.string({ description: 'The QR reference to quote, in groups of five (27 digits).', resolve: (p) => formatQRReference(p.slip.reference) }),
    amount: t.float({ description: 'CHF to pay.', resolve: (p) => p.slip.amount }),
    creditorName: t.string({ description: 'Who is paid: the operating company.', resolve: (p) => p.slip.creditor.name }),
    creditorAddress: t.string({
      description: 'The creditor’s address on one line.',
      resolve: (p) => `${p.slip.creditor.street} ${p.slip.creditor.buildingNumber ?? ''}`.trim() + `, ${p.slip.creditor.zipcode} ${p.slip.creditor.city}`,
    }),
    imageUrl: t.string({
      description: 'Same-origin URL of the QR-bill’s payment part as SVG (server route /account/order/{orderId}/qr-bill.svg).',
      resolve: (p) => `/account/order/${encodeURIComponent(p.orderId)}/qr-bill.svg?lang=${p.locale}`,
    }),
  }),
});

interface OrderDownloadEntry {
  orderId: string;
  download: OrderLineItemDownloadShape;
  available: boolean;
}

const OrderDownloadRef = builder.objectRef<OrderDownloadEntry>('OrderDownload').implement({
  description: 'A file of a digital product of an order.',
  fields: (t) => ({
    id: t.id({ description: 'The Store API download id.', resolve: (d) => d.download.id }),
    fileName: t.string({
      description: 'The file name.',
      resolve: (d) => {
        const name = d.download.media?.fileName ?? 'download';
        const extension = d.download.media?.fileExtension;
        return extension ? `${name}.${extension}` : name;
      },
    }),
    url: t.string({
      nullable: true,
      description: 'Download URL (gateway proxy /account/download/{orderId}/{downloadId}); null until the order is paid.',
      resolve: (d) => (d.available ? downloadUrl(d.orderId, d.download.id) : null),
    }),
    available: t.boolean({ description: 'Whether it can be downloaded (the order is paid).', resolve: (d) => d.available }),
  }),
});

export const OrderRef = builder.objectRef<OrderShape>('Order');

builder.node(OrderRef, {
  description: 'An order of this session’s customer (or of the guest who placed it).',
  id: { resolve: (o) => o.data.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => (SHOPWARE_ID.test(id) ? readVisibleOrder(ctx, id.toLowerCase()) : null))),
  isTypeOf: (value) => (value as Partial<OrderShape>).data?.apiAlias === 'order',
  fields: (t) => ({
    orderId: t.id({ description: 'The Store API order id.', resolve: (o) => o.data.id }),
    orderNumber: t.string({ description: 'The order number the shopper quotes.', resolve: (o) => o.data.orderNumber ?? '' }),
    orderDate: t.string({ description: 'When the order was placed (ISO date-time).', resolve: (o) => o.data.orderDateTime ?? o.data.createdAt ?? '' }),
    status: t.field({ type: OrderStatusEnum, description: 'The order’s state.', resolve: (o) => orderStatusOf(o.data) }),
    paymentStatus: t.field({ type: PaymentStatusEnum, description: 'The newest payment’s state.', resolve: (o) => paymentStatusOf(o.data) }),
    paymentChangeable: t.boolean({ description: 'Whether the payment can still be made or retried (unpaid, not cancelled).', resolve: (o) => isPaymentChangeable(o) }),
    paymentSlip: t.field({
      type: PaymentSlipRef,
      nullable: true,
      description: 'The QR-bill while the order is to be paid by transfer (invoice, prepayment) and unpaid; null otherwise.',
      resolve: (o, _args, ctx) => {
        const slip = o.data.extensions?.['pharmacy-shop']?.paymentSlip;
        return slip ? { orderId: o.data.id, slip, locale: ctx.locale } : null;
      },
    }),
    invoiceAllowed: t.boolean({
      description: 'Whether invoice is a possible payment method for this order (billed to the address it is delivered to, SPEC §5).',
      resolve: (o) => invoiceAllowedFor(o.data),
    }),
    cancellable: t.boolean({
      description: 'Whether the shopper may cancel the order (open and not paid).',
      resolve: (o) => orderStatusOf(o.data) === 'OPEN' && paymentStatusOf(o.data) !== 'PAID',
    }),
    totalPrice: t.float({ description: 'CHF incl. VAT.', resolve: (o) => o.data.amountTotal ?? o.data.price?.totalPrice ?? 0 }),
    positionPrice: t.float({ description: 'Sum of the lines.', resolve: (o) => o.data.positionPrice ?? o.data.price?.positionPrice ?? 0 }),
    shippingCosts: t.float({ description: 'Shipping costs.', resolve: (o) => o.data.shippingTotal ?? o.data.shippingCosts?.totalPrice ?? 0 }),
    taxes: t.field({ type: [CartTaxRef], description: 'VAT per rate.', resolve: (o) => o.data.price?.calculatedTaxes ?? [] }),
    lineItems: t.field({
      type: [OrderLineItemRef],
      description: 'The lines, in order.',
      resolve: (o) =>
        [...(o.data.lineItems ?? [])]
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .slice(0, 100)
          .map((data) => ({ languageId: o.languageId, data })),
    }),
    paymentMethod: t.field({
      type: PaymentMethodRef,
      nullable: true,
      description: 'The payment method of the newest transaction.',
      resolve: (o) => newestTransaction(o.data)?.paymentMethod ?? null,
    }),
    shippingMethod: t.field({
      type: ShippingMethodRef,
      nullable: true,
      description: 'The shipping method.',
      resolve: (o) => o.data.deliveries?.[0]?.shippingMethod ?? null,
    }),
    billingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'The billing address.',
      resolve: (o) => o.data.billingAddress ?? o.data.addresses?.find((a) => a.id === o.data.billingAddressId) ?? null,
    }),
    shippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'The shipping address.',
      resolve: (o) => o.data.deliveries?.[0]?.shippingOrderAddress ?? null,
    }),
    pharmacy: t.field({
      type: PharmacyRef,
      nullable: true,
      description: 'The Click & Collect pharmacy.',
      resolve: (o, _args, ctx) => {
        const id = o.data.extensions?.['pharmacy-shop']?.pharmacyId;
        return id ? pharmacyLoader(ctx).load(id) : null;
      },
    }),
    expectedDelivery: t.field({
      type: ExpectedDeliveryRef,
      nullable: true,
      description: 'The delivery window promised when the order was placed.',
      resolve: (o) => o.data.extensions?.['pharmacy-shop']?.expectedDelivery ?? null,
    }),
    documents: t.field({
      type: [OrderDocumentRef],
      description: 'The order’s documents (invoices), oldest first.',
      resolve: (o) => (o.data.documents ?? []).slice(0, 100),
    }),
    downloads: t.field({
      type: [OrderDownloadRef],
      description: 'The files of the order’s digital products; their URLs only once the order is paid.',
      resolve: (o) => {
        const paid = paymentStatusOf(o.data) === 'PAID';
        return [...(o.data.lineItems ?? [])]
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .flatMap((line) => [...(line.downloads ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)))
          .slice(0, 100)
          .map((download) => ({ orderId: o.data.id, download, available: paid && download.accessGranted === true }));
      },
    }),
    email: t.string({ description: 'The orderer’s email.', resolve: (o) => o.data.orderCustomer?.email ?? '' }),
    firstName: t.string({ description: 'The orderer’s first name.', resolve: (o) => o.data.orderCustomer?.firstName ?? '' }),
    lastName: t.string({ description: 'The orderer’s last name.', resolve: (o) => o.data.orderCustomer?.lastName ?? '' }),
  }),
});

export type OrderPayloadShape = { order: OrderShape | null; errors: ShopError[] };

export const OrderPayloadRef = builder.objectRef<OrderPayloadShape>('OrderPayload').implement({
  description: 'An order after a change, and what went wrong.',
  fields: (t) => ({
    order: t.field({ type: OrderRef, nullable: true, description: 'The order; null when the change failed.', resolve: (p) => p.order }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

export function orderShape(ctx: GatewayContext, order: ShopOrder): OrderShape {
  return { languageId: ctx.languageId, data: order };
}

builder.queryField('order', (t) =>
  t.field({
    type: OrderRef,
    nullable: true,
    description: 'An order of this session’s customer (or of the guest who just placed it); null when not visible.',
    args: { id: t.arg.id({ required: true, description: 'The Store API order id (or the Order’s global id).' }) },
    resolve: (_root, args, ctx) => {
      const orderId = orderIdOf(args.id);
      return orderId ? readVisibleOrder(ctx, orderId) : null;
    },
  }),
);

// ---- changing an order --------------------------------------------------------------------------------

const ChangeOrderPaymentMethodInput = builder.inputType('ChangeOrderPaymentMethodInput', {
  description: 'Another payment method for an unpaid order (then pay with handlePayment).',
  fields: (t) => ({
    orderId: t.id({ required: true, description: 'The Store API order id.' }),
    paymentMethodId: t.id({ required: true, description: 'PaymentMethod.id.' }),
  }),
});

const CancelOrderInput = builder.inputType('CancelOrderInput', {
  description: 'An open, unpaid order to cancel.',
  fields: (t) => ({ orderId: t.id({ required: true, description: 'The Store API order id.' }) }),
});

async function orderChange(ctx: GatewayContext, mapping: FailureMapping, change: () => Promise<OrderPayloadShape>): Promise<OrderPayloadShape> {
  try {
    return await change();
  } catch (error) {
    return { order: null, errors: shopErrorsOf(ctx, error, mapping) };
  }
}

builder.mutationFields((t) => ({
  changeOrderPaymentMethod: t.field({
    type: OrderPayloadRef,
    description: 'Changes the payment method of an unpaid order (POST /order/payment) and answers the order.',
    args: { input: t.arg({ type: ChangeOrderPaymentMethodInput, required: true, description: 'The order and its new payment method.' }) },
    resolve: (_root, { input }, ctx) =>
      orderChange(ctx, { otherwise: 'PAYMENT_NOT_CHANGEABLE', notFound: 'ORDER_NOT_FOUND' }, async () => {
        const check = new InputCheck(ctx.locale);
        const orderId = check.id('orderId', input.orderId);
        const paymentMethodId = check.id('paymentMethodId', input.paymentMethodId);
        check.done();
        const order = await readVisibleOrder(ctx, orderId!);
        if (order && !invoiceAllowedFor(order.data) && (await isInvoiceMethod(ctx, paymentMethodId!))) {
          return { order, errors: [shopError(ctx.locale, 'INVOICE_ADDRESS_MISMATCH', 'paymentMethodId')] };
        }
        await ctx.store().invoke('orderSetPayment post /order/payment', { body: { orderId: orderId!, paymentMethodId: paymentMethodId! } });
        return { order: await readVisibleOrder(ctx, orderId!), errors: [] };
      }),
  }),
  cancelOrder: t.field({
    type: OrderPayloadRef,
    description: 'Cancels an open, unpaid order (POST /order/state/cancel) and answers the order.',
    args: { input: t.arg({ type: CancelOrderInput, required: true, description: 'The order to cancel.' }) },
    resolve: (_root, { input }, ctx) =>
      orderChange(ctx, { otherwise: 'ORDER_NOT_CANCELLABLE', notFound: 'ORDER_NOT_FOUND' }, async () => {
        const check = new InputCheck(ctx.locale);
        const orderId = check.id('orderId', input.orderId);
        check.done();
        await ctx.store().invoke('cancelOrder post /order/state/cancel', { body: { orderId: orderId! } });
        return { order: await readVisibleOrder(ctx, orderId!), errors: [] };
      }),
  }),
}));

// ---- the customer's orders ---------------------------------------------------------------------------------

interface OrderConnectionShape {
  orders: OrderShape[];
  offset: number;
  total: number;
}

const OrderEdgeRef = builder.objectRef<{ order: OrderShape; offset: number }>('OrderEdge').implement({
  description: 'An order in the list, with its cursor.',
  fields: (t) => ({
    cursor: t.string({ description: 'Opaque cursor of this order (for `after`).', resolve: (e) => offsetCursor(e.offset) }),
    node: t.field({ type: OrderRef, description: 'The order.', resolve: (e) => e.order }),
  }),
});

const OrderConnectionRef = builder.objectRef<OrderConnectionShape>('OrderConnection').implement({
  description: 'The customer’s orders, newest first, page by page (Relay connection).',
  fields: (t) => ({
    totalCount: t.int({ description: 'How many orders the customer has.', resolve: (c) => c.total }),
    edges: t.field({
      type: [OrderEdgeRef],
      description: 'The orders of this page.',
      resolve: (c) => c.orders.map((order, index) => ({ order, offset: c.offset + index })),
    }),
    pageInfo: t.field({
      type: builder.pageInfoRef(),
      description: 'Whether more orders follow or precede.',
      resolve: (c) => ({
        hasNextPage: c.offset + c.orders.length < c.total,
        hasPreviousPage: c.offset > 0,
        startCursor: c.orders.length ? offsetCursor(c.offset) : null,
        endCursor: c.orders.length ? offsetCursor(c.offset + c.orders.length - 1) : null,
      }),
    }),
  }),
});

const ORDERS_PAGE_MAX = 100;

interface OrderListAnswer extends OrderRouteAnswer {
  orders?: { elements?: ShopOrder[]; total?: number };
}

/** One page of POST /order (limit/page); 403 (no customer) is an empty list. */
async function orderPage(ctx: GatewayContext, page: number, limit: number): Promise<{ elements: OrderShape[]; total: number }> {
  try {
    const answer = (await ordersCall(ctx, { limit, page, 'total-count-mode': 'exact' })) as OrderListAnswer;
    const elements = (answer.orders?.elements ?? []).map((order) => {
      const changeable = answer.paymentChangeable?.[order.id];
      return { languageId: ctx.languageId, data: order, ...(typeof changeable === 'boolean' ? { paymentChangeable: changeable } : {}) };
    });
    return { elements, total: answer.orders?.total ?? elements.length };
  } catch (error) {
    if (notVisible(error)) return { elements: [], total: 0 };
    throw error;
  }
}

/**
 * The page of orders after `offset`: the Store API pages by page/limit, so when the offset does not fall on
 * a page boundary of `first`, the two pages around it are read and cut (cursors from this list line up).
 */
export async function customerOrders(ctx: GatewayContext, offset: number, first: number): Promise<OrderConnectionShape> {
  if (first === 0) {
    const { total } = await orderPage(ctx, 1, 1);
    return { orders: [], offset, total };
  }
  if (offset % first === 0) {
    const { elements, total } = await orderPage(ctx, offset / first + 1, first);
    return { orders: elements, offset, total };
  }
  const firstPage = Math.floor(offset / first) + 1;
  const [a, b] = await Promise.all([orderPage(ctx, firstPage, first), orderPage(ctx, firstPage + 1, first)]);
  const start = offset - (firstPage - 1) * first;
  return { orders: [...a.elements, ...b.elements].slice(start, start + first), offset, total: a.total };
}

builder.objectFields(CustomerRef, (t) => ({
  orders: t.field({
    type: OrderConnectionRef,
    description: 'The customer’s orders, newest first (POST /order).',
    args: {
      first: t.arg.int({ required: false, defaultValue: 10, description: `Orders per page (1–${ORDERS_PAGE_MAX}).` }),
      after: t.arg.string({ required: false, description: 'Cursor to continue after (an `endCursor`).' }),
    },
    resolve: async (_c, args, ctx) => {
      const first = args.first ?? 10;
      if (!Number.isInteger(first) || first < 0 || first > ORDERS_PAGE_MAX) throw badArgument('first', `first must be between 0 and ${ORDERS_PAGE_MAX}, got ${first}.`);
      const after = offsetOfCursor('after', args.after);
      return customerOrders(ctx, after === undefined ? 0 : after + 1, first);
    },
  }),
}));
