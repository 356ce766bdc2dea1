import type { SalesChannelContext } from '../context';
import type { AddressRow } from '../domain/customer';
import type { DocumentRow } from '../domain/documents';
import { isPaymentChangeable, type OrderRow, type TransactionRow } from '../domain/order';
import { paymentSlipOf } from '../domain/payment-slip';
import { stateId, stateMachineStateJson } from '../domain/order-states';
import { stableId } from '../ids';
import { addressFields, addressLookups, type AddressLookups } from './customer';
import { loadMedia } from './media';
import { loadCurrencies, loadPaymentMethods, loadShippingMethods, prepared, LIVE_VERSION_ID, type Json } from './system';

// Order as Shopware's Store API serialises it (apiAlias order) with the associations the storefront reads:
// lineItems (+ downloads), deliveries (+ shippingMethod, shippingOrderAddress, state), transactions
// (+ paymentMethod, state), addresses, billingAddress, orderCustomer, documents, stateMachineState — plus
// extensions['pharmacy-shop'] { pharmacyId, expectedDelivery, downloadWaiverAccepted, paymentChangeable, paymentSlip }.

export const INVOICE_DOCUMENT_TYPE_ID = stableId('document_type', 'invoice');

interface LineItemRow {
  id: string;
  order_id: string;
  position: number;
  identifier: string;
  referenced_id: string | null;
  product_id: string | null;
  type: string;
  label: string;
  quantity: number;
  unit_price: number;
  total_price: number;
  tax_rate: number | null;
  price: string;
  payload: string;
  states: string;
  cover_media_id: string | null;
  good: number;
}

interface DeliveryRow {
  id: string;
  order_id: string;
  shipping_order_address_id: string | null;
  shipping_method_id: string;
  state: string;
  shipping_date_earliest: string;
  shipping_date_latest: string;
  shipping_costs: string;
  tracking_codes: string;
}

interface DownloadRow {
  id: string;
  order_line_item_id: string;
  order_id: string;
  media_id: string;
  position: number;
  access_granted: number;
}

type OrderAddressRow = Omit<AddressRow, 'customer_id' | 'created_at' | 'updated_at'> & { order_id: string };

const ENTITY_CREATED = (row: { created_at?: string }) => row.created_at ?? null;

function byOrder<T extends { order_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.order_id) ?? [];
    list.push(row);
    map.set(row.order_id, list);
  }
  return map;
}

function inList(ids: string[]): string {
  return JSON.stringify(ids);
}

/** An order address's associations; Shopware loads none of them unless the criteria ask (no autoload). */
const ORDER_ADDRESS_ASSOCIATIONS = ['country', 'countryState', 'salutation'] as const;
type OrderAddressAssociation = (typeof ORDER_ADDRESS_ASSOCIATIONS)[number];

/** Where an order shows an address, and which of its associations the criteria asked for there. */
export interface OrderAddressAssociations {
  addresses: ReadonlySet<OrderAddressAssociation>;
  billingAddress: ReadonlySet<OrderAddressAssociation>;
  shippingOrderAddress: ReadonlySet<OrderAddressAssociation>;
}

const EVERY_ADDRESS_ASSOCIATION: OrderAddressAssociations = {
  addresses: new Set(ORDER_ADDRESS_ASSOCIATIONS),
  billingAddress: new Set(ORDER_ADDRESS_ASSOCIATIONS),
  shippingOrderAddress: new Set(ORDER_ADDRESS_ASSOCIATIONS),
};

/** Every association path of a criteria's `associations` ({a: {associations: {b: {}}}} and {"a.b": {}} both give "a.b"). */
function associationPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, nested]) => {
    const path = `${prefix}${name}`;
    const inner = typeof nested === 'object' && nested !== null ? (nested as { associations?: unknown }).associations : undefined;
    return [...path.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.')), ...associationPaths(inner, `${path}.`)];
  });
}

/** The address associations a POST /order criteria asks for (e.g. `addresses.country`, `deliveries.shippingOrderAddress.salutation`). */
export function orderAddressAssociations(associations: unknown): OrderAddressAssociations {
  const paths = new Set(associationPaths(associations));
  const at = (place: string) => new Set(ORDER_ADDRESS_ASSOCIATIONS.filter((name) => paths.has(`${place}.${name}`)));
  return { addresses: at('addresses'), billingAddress: at('billingAddress'), shippingOrderAddress: at('deliveries.shippingOrderAddress') };
}

function orderAddressJson(ctx: SalesChannelContext, lookups: AddressLookups, row: OrderAddressRow, createdAt: string, wanted: ReadonlySet<OrderAddressAssociation>): Json {
  return { ...addressFields(ctx, lookups, row, wanted), versionId: LIVE_VERSION_ID, orderId: row.order_id, vatId: null, createdAt, updatedAt: null, apiAlias: 'order_address' };
}

function documentJson(row: DocumentRow): Json {
  return {
    id: row.id,
    documentTypeId: INVOICE_DOCUMENT_TYPE_ID,
    referencedDocumentId: null,
    orderId: row.order_id,
    orderVersionId: LIVE_VERSION_ID,
    documentMediaFileId: null,
    config: { name: 'invoice', title: 'Invoice', documentNumber: row.document_number, documentDate: row.created_at },
    sent: false,
    static: false,
    deepLinkCode: row.deep_link_code,
    documentNumber: row.document_number,
    fileType: 'pdf',
    customFields: null,
    createdAt: row.created_at,
    updatedAt: null,
    documentType: { id: INVOICE_DOCUMENT_TYPE_ID, technicalName: 'invoice', name: 'Invoice', translated: { name: 'Invoice' }, customFields: null, createdAt: row.created_at, updatedAt: null, apiAlias: 'document_type' },
    apiAlias: 'document',
  };
}

/** The payment transactions, oldest first (Shopware's order); the newest is the order's current payment. */
function transactionJson(ctx: SalesChannelContext, row: TransactionRow, paymentMethods: Map<string, Json>): Json {
  return {
    id: row.id,
    versionId: LIVE_VERSION_ID,
    orderId: row.order_id,
    orderVersionId: LIVE_VERSION_ID,
    paymentMethodId: row.payment_method_id,
    amount: JSON.parse(row.amount) as Json,
    validationData: {},
    stateId: stateId('order_transaction', row.state),
    stateMachineState: stateMachineStateJson('order_transaction', row.state, ctx.languageId),
    paymentMethod: paymentMethods.get(row.payment_method_id) ?? null,
    customFields: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    apiAlias: 'order_transaction',
  };
}

/**
 * The private file of a download as Shopware's Media: its only URL is the order download route, which
 * checks that the order is paid.
 */
function downloadMediaJson(
  ctx: SalesChannelContext,
  orderId: string,
  download: DownloadRow,
  file: { file_name: string; mime_type: string; file_size: number } | undefined,
): Json {
  const [name, extension] = file ? [file.file_name.replace(/\.[^.]+$/, ''), file.file_name.split('.').pop() ?? ''] : ['download', ''];
  return {
    id: download.media_id,
    mimeType: file?.mime_type ?? 'application/octet-stream',
    fileExtension: extension,
    fileName: name,
    fileSize: file?.file_size ?? 0,
    private: true,
    hasFile: file !== undefined,
    url: `${ctx.origin}/store-api/order/download/${orderId}/${download.id}`,
    path: file?.file_name ?? '',
    metaData: null,
    alt: null,
    title: null,
    thumbnails: [],
    translated: { alt: null, title: null, customFields: {} },
    customFields: null,
    uploadedAt: null,
    createdAt: null,
    updatedAt: null,
    apiAlias: 'media',
  };
}

/**
 * Orders by id with every association the shop answers, in the order of `ids`; an address's country, state and
 * salutation only where `addressAssociations` asks for them (all of them, unless said otherwise).
 */
export function loadOrders(ctx: SalesChannelContext, ids: string[], addressAssociations: OrderAddressAssociations = EVERY_ADDRESS_ASSOCIATION): Json[] {
  if (ids.length === 0) return [];
  const db = ctx.db;
  const list = inList(ids);
  const orders = prepared(db, 'SELECT * FROM "order" WHERE id IN (SELECT value FROM json_each(?))').all(list) as OrderRow[];
  const lines = byOrder(prepared(db, 'SELECT * FROM order_line_item WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY position').all(list) as LineItemRow[]);
  const addresses = byOrder(prepared(db, 'SELECT * FROM order_address WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY rowid').all(list) as OrderAddressRow[]);
  const deliveries = byOrder(prepared(db, 'SELECT * FROM order_delivery WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY rowid').all(list) as DeliveryRow[]);
  const transactions = byOrder(
    prepared(db, 'SELECT * FROM order_transaction WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid').all(list) as TransactionRow[],
  );
  const documents = byOrder(prepared(db, 'SELECT * FROM document WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY created_at').all(list) as DocumentRow[]);
  const downloads = prepared(db, 'SELECT * FROM order_line_item_download WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY position').all(list) as DownloadRow[];
  const downloadsByLine = new Map<string, DownloadRow[]>();
  for (const d of downloads) downloadsByLine.set(d.order_line_item_id, [...(downloadsByLine.get(d.order_line_item_id) ?? []), d]);

  const lookups = addressLookups(ctx);
  const paymentMethods = new Map(loadPaymentMethods(ctx).map((m) => [m.id as string, m]));
  const shippingMethods = new Map(loadShippingMethods(ctx).map((m) => [m.id as string, m]));
  const currency = loadCurrencies(ctx, [ctx.currencyId])[0] ?? null;
  const coverIds = [...lines.values()].flat().map((l) => l.cover_media_id).filter((id): id is string => !!id);
  const media = loadMedia(ctx, coverIds);
  const files = new Map(
    (prepared(db, 'SELECT id, file_name, mime_type, file_size FROM download_file WHERE id IN (SELECT value FROM json_each(?))').all(
      inList([...new Set(downloads.map((d) => d.media_id))]),
    ) as { id: string; file_name: string; mime_type: string; file_size: number }[]).map((f) => [f.id, f]),
  );

  const byId = new Map<string, Json>();
  for (const order of orders) {
    const created = order.created_at;
    const addressesAs = (wanted: ReadonlySet<OrderAddressAssociation>) =>
      new Map((addresses.get(order.id) ?? []).map((a) => [a.id, orderAddressJson(ctx, lookups, a, created, wanted)]));
    const addressJson = addressesAs(addressAssociations.addresses);
    const billingJson = addressesAs(addressAssociations.billingAddress);
    const shippingJson = addressesAs(addressAssociations.shippingOrderAddress);
    const transactionList = (transactions.get(order.id) ?? []).map((t) => transactionJson(ctx, t, paymentMethods));
    const deliveryList = (deliveries.get(order.id) ?? []).map((d) => ({
      id: d.id,
      versionId: LIVE_VERSION_ID,
      orderId: d.order_id,
      orderVersionId: LIVE_VERSION_ID,
      shippingOrderAddressId: d.shipping_order_address_id,
      shippingOrderAddressVersionId: LIVE_VERSION_ID,
      shippingMethodId: d.shipping_method_id,
      stateId: stateId('order_delivery', d.state),
      trackingCodes: JSON.parse(d.tracking_codes) as string[],
      shippingDateEarliest: d.shipping_date_earliest,
      shippingDateLatest: d.shipping_date_latest,
      shippingCosts: JSON.parse(d.shipping_costs) as Json,
      stateMachineState: stateMachineStateJson('order_delivery', d.state, ctx.languageId),
      shippingOrderAddress: d.shipping_order_address_id ? (shippingJson.get(d.shipping_order_address_id) ?? null) : null,
      shippingMethod: shippingMethods.get(d.shipping_method_id) ?? null,
      positions: [],
      customFields: null,
      createdAt: created,
      updatedAt: null,
      apiAlias: 'order_delivery',
    }));
    const lineItems = (lines.get(order.id) ?? []).map((l) => {
      const payload = JSON.parse(l.payload) as Json;
      return {
        id: l.id,
        versionId: LIVE_VERSION_ID,
        orderId: l.order_id,
        orderVersionId: LIVE_VERSION_ID,
        productId: l.product_id,
        productVersionId: l.product_id ? LIVE_VERSION_ID : null,
        promotionId: typeof payload.promotionId === 'string' ? payload.promotionId : null,
        parentId: null,
        coverId: l.cover_media_id,
        identifier: l.identifier,
        referencedId: l.referenced_id,
        quantity: l.quantity,
        label: l.label,
        payload,
        good: l.good === 1,
        removable: true,
        stackable: true,
        position: l.position,
        priceDefinition: null,
        unitPrice: l.unit_price,
        totalPrice: l.total_price,
        price: JSON.parse(l.price) as Json,
        description: null,
        type: l.type,
        states: JSON.parse(l.states) as string[],
        cover: l.cover_media_id ? (media.get(l.cover_media_id) ?? null) : null,
        downloads: (downloadsByLine.get(l.id) ?? []).map((d) => ({
          id: d.id,
          versionId: LIVE_VERSION_ID,
          orderLineItemId: d.order_line_item_id,
          orderLineItemVersionId: LIVE_VERSION_ID,
          mediaId: d.media_id,
          position: d.position,
          accessGranted: d.access_granted === 1,
          // The file is private: its only URL is the order download route, which checks the payment.
          media: downloadMediaJson(ctx, order.id, d, files.get(d.media_id)),
          customFields: null,
          createdAt: created,
          updatedAt: null,
          apiAlias: 'order_line_item_download',
        })),
        children: [],
        customFields: null,
        translated: {},
        createdAt: created,
        updatedAt: null,
        apiAlias: 'order_line_item',
      };
    });
    const primaryTransaction = transactionList[transactionList.length - 1] ?? null;
    const primaryDelivery = deliveryList[0] ?? null;
    const expectedDelivery = order.expected_delivery ? (JSON.parse(order.expected_delivery) as Json) : null;
    byId.set(order.id, {
      id: order.id,
      versionId: LIVE_VERSION_ID,
      orderNumber: order.order_number,
      billingAddressId: order.billing_address_id,
      billingAddressVersionId: LIVE_VERSION_ID,
      primaryOrderDeliveryId: primaryDelivery?.id ?? null,
      primaryOrderTransactionId: primaryTransaction?.id ?? null,
      currencyId: order.currency_id,
      languageId: order.language_id,
      salesChannelId: order.sales_channel_id,
      orderDateTime: order.order_date_time,
      orderDate: order.order_date_time.slice(0, 10),
      price: JSON.parse(order.price) as Json,
      amountTotal: order.amount_total,
      amountNet: order.amount_net,
      positionPrice: order.position_price,
      taxStatus: order.tax_status,
      shippingCosts: JSON.parse(order.shipping_costs) as Json,
      shippingTotal: order.shipping_total,
      currencyFactor: 1,
      deepLinkCode: order.deep_link_code,
      affiliateCode: order.affiliate_code,
      campaignCode: order.campaign_code,
      customerComment: order.customer_comment,
      source: 'store-api',
      taxCalculationType: ctx.salesChannel.taxCalculationType,
      stateId: stateId('order', order.state),
      stateMachineState: stateMachineStateJson('order', order.state, ctx.languageId),
      orderCustomer: {
        id: stableId('order_customer', order.id),
        versionId: LIVE_VERSION_ID,
        customerId: order.customer_id,
        email: order.email,
        salutationId: order.salutation_id,
        firstName: order.first_name,
        lastName: order.last_name,
        title: null,
        company: null,
        vatIds: null,
        customerNumber: order.customer_number,
        salutation: order.salutation_id ? (lookups.salutations.get(order.salutation_id) ?? null) : null,
        customFields: null,
        createdAt: created,
        updatedAt: null,
        apiAlias: 'order_customer',
      },
      currency: order.currency_id === ctx.currencyId ? currency : null,
      addresses: [...addressJson.values()],
      billingAddress: billingJson.get(order.billing_address_id) ?? null,
      deliveries: deliveryList,
      primaryOrderDelivery: primaryDelivery,
      lineItems,
      transactions: transactionList,
      primaryOrderTransaction: primaryTransaction,
      documents: (documents.get(order.id) ?? []).map(documentJson),
      tags: [],
      customFields: null,
      createdById: null,
      updatedById: null,
      createdAt: ENTITY_CREATED(order),
      updatedAt: order.updated_at,
      extensions: {
        'pharmacy-shop': {
          pharmacyId: order.pharmacy_id,
          expectedDelivery,
          downloadWaiverAccepted: order.download_waiver_accepted === 1,
          paymentChangeable: isPaymentChangeable(db, order),
          // the QR-bill's data while the order is to be paid by transfer (invoice, prepayment), else null
          paymentSlip: paymentSlipOf(db, order),
          apiAlias: 'pharmacy_shop_order_extension',
        },
      },
      apiAlias: 'order',
    });
  }
  return ids.map((id) => byId.get(id)).filter((o): o is Json => o !== undefined);
}
