import { existsSync, readFileSync } from 'node:fs';
import type { StoreApiApp } from '../app';
import type { SalesChannelContext } from '../context';
import { findCustomer } from '../domain/customer';
import { renderInvoicePdf, type DocumentRow } from '../domain/documents';
import { findOrder, hasPaidTransaction, isPaymentChangeable, placeOrder, type OrderRow } from '../domain/order';
import { stateMachineStateJson } from '../domain/order-states';
import { cancelOrder, changePaymentMethod, customerOrder, handlePayment } from '../domain/payment';
import { clientIpOf } from '../domain/rate-limit';
import { loadOrders, orderAddressAssociations } from '../entities/order';
import { prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { isId } from '../ids';
import { readBody } from '../request';
import { downloadFileBytes, type DownloadFileRow } from '../seed/downloads';

// Orders and payment: checkout/order, order list, cancel, payment change, handle-payment, documents, downloads.
// Who may see an order: the session's customer (guests included) sees their own; anyone else only with the
// order's deepLinkCode plus its email and billing zipcode (Shopware's guest authentication).

const ORDER_LIMIT_MAX = 100;

interface OrderQuery {
  ids: string[] | null;
  deepLinkCode: string | null;
  orderNumber: string | null;
  limit: number;
  page: number;
}

function invalidCriteria(pointer: string, detail: string): StoreApiError {
  return StoreApiError.violation(pointer, 'FRAMEWORK__INVALID_CRITERIA', detail);
}

/** The Criteria POST /order understands: equals/equalsAny on id, deepLinkCode, orderNumber; limit and page. */
function readOrderQuery(body: Record<string, unknown>): OrderQuery {
  const query: OrderQuery = { ids: null, deepLinkCode: null, orderNumber: null, limit: 10, page: 1 };
  const filters = body.filter ?? [];
  if (!Array.isArray(filters)) throw invalidCriteria('/filter', 'The filter must be a list.');
  filters.forEach((raw, index) => {
    const filter = raw as { type?: unknown; field?: unknown; value?: unknown };
    const field = typeof filter.field === 'string' ? filter.field.replace(/^order\./, '') : '';
    const values = filter.type === 'equals' ? [filter.value] : filter.type === 'equalsAny' && Array.isArray(filter.value) ? filter.value : null;
    if (!values || !['id', 'deepLinkCode', 'orderNumber'].includes(field) || values.some((v) => typeof v !== 'string')) {
      throw invalidCriteria(`/filter/${index}`, 'Orders can be filtered by id, deepLinkCode or orderNumber (equals, equalsAny).');
    }
    const strings = values as string[];
    if (field === 'id') query.ids = strings.filter(isId);
    else if (field === 'deepLinkCode') query.deepLinkCode = strings[0] ?? null;
    else query.orderNumber = strings[0] ?? null;
  });
  for (const key of ['limit', 'page'] as const) {
    if (body[key] === undefined || body[key] === null) continue;
    const value = Number(body[key]);
    if (!Number.isInteger(value) || value < 1 || (key === 'limit' && value > ORDER_LIMIT_MAX)) {
      throw invalidCriteria(`/${key}`, `The ${key} must be an integer between 1 and ${key === 'limit' ? ORDER_LIMIT_MAX : 'any'}.`);
    }
    query[key] = value;
  }
  return query;
}

function guestCredentialsMatch(ctx: SalesChannelContext, order: OrderRow, email: unknown, zipcode: unknown): boolean {
  if (typeof email !== 'string' || typeof zipcode !== 'string' || !email || !zipcode) return false;
  const billing = prepared(ctx.db, 'SELECT zipcode FROM order_address WHERE id = ?').get(order.billing_address_id) as { zipcode: string | null } | undefined;
  return order.email.toLowerCase() === email.trim().toLowerCase() && (billing?.zipcode ?? '').trim() === zipcode.trim();
}

/** Which orders the request may read, newest first. */
function visibleOrderIds(ctx: SalesChannelContext, body: Record<string, unknown>, query: OrderQuery): string[] {
  if (query.deepLinkCode !== null) {
    const order = prepared(ctx.db, 'SELECT * FROM "order" WHERE deep_link_code = ?').get(query.deepLinkCode) as OrderRow | undefined;
    const own = order && ctx.customerId && order.customer_id === ctx.customerId;
    if (order && !own) {
      if (typeof body.email !== 'string' || typeof body.zipcode !== 'string') {
        throw StoreApiError.of(403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED', 'Guest not authenticated.');
      }
      if (!guestCredentialsMatch(ctx, order, body.email, body.zipcode)) {
        throw StoreApiError.of(403, 'CHECKOUT__WRONG_GUEST_CREDENTIALS', 'Wrong credentials for guest authentication.');
      }
    }
    if (!order) return [];
    return (query.ids === null || query.ids.includes(order.id)) && (query.orderNumber === null || query.orderNumber === order.order_number) ? [order.id] : [];
  }
  if (!ctx.customerId || !findCustomer(ctx, ctx.customerId)) throw StoreApiError.of(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
  const rows = prepared(ctx.db, 'SELECT id, order_number FROM "order" WHERE customer_id = ? ORDER BY order_date_time DESC, rowid DESC').all(ctx.customerId) as {
    id: string;
    order_number: string;
  }[];
  return rows.filter((r) => (query.ids === null || query.ids.includes(r.id)) && (query.orderNumber === null || query.orderNumber === r.order_number)).map((r) => r.id);
}

function documentAccess(ctx: SalesChannelContext, documentId: string, deepLinkCode: string, body: Record<string, unknown>): { document: DocumentRow; order: OrderRow } {
  const document = isId(documentId)
    ? (prepared(ctx.db, 'SELECT * FROM document WHERE id = ? AND deep_link_code = ?').get(documentId, deepLinkCode) as DocumentRow | undefined)
    : undefined;
  const order = document ? findOrder(ctx.db, document.order_id) : undefined;
  if (!document || !order) throw StoreApiError.notFound('DOCUMENT__DOCUMENT_NOT_FOUND', `The document with id "${documentId}" is invalid or could not be found.`, { documentId });
  const own = ctx.customerId !== null && order.customer_id === ctx.customerId;
  if (!own && !guestCredentialsMatch(ctx, order, body.email, body.zipcode)) {
    throw StoreApiError.of(403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED', 'Guest not authenticated.');
  }
  return { document, order };
}

export function registerOrderRoutes(app: StoreApiApp): void {
  app.post('/checkout/order', async (c) => {
    const ctx = c.get('ctx');
    const body = await readBody(c);
    // Both are the shop plugin's additions to Shopware's order route (ADR 0027).
    const plugin = !c.get('deps').config.stockShopware;
    const pharmacy = plugin ? c.req.query('selectedCheckoutPharmacyId') : undefined;
    const orderId = placeOrder(ctx, {
      body,
      idempotencyKey: plugin ? c.req.header('idempotency-key') : undefined,
      selectedCheckoutPharmacyId: pharmacy || undefined,
      clientIp: clientIpOf(c),
    });
    return c.json(loadOrders(ctx, [orderId])[0]);
  });

  app.post('/order', async (c) => {
    const ctx = c.get('ctx');
    const body = await readBody(c);
    const query = readOrderQuery(body);
    const ids = visibleOrderIds(ctx, body, query);
    const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
    const elements = loadOrders(ctx, pageIds, orderAddressAssociations(body.associations));
    const paymentChangeable: Record<string, boolean> = {};
    for (const id of pageIds) paymentChangeable[id] = isPaymentChangeable(ctx.db, findOrder(ctx.db, id)!);
    return c.json({
      orders: { entity: 'order', total: ids.length, aggregations: [], page: query.page, limit: query.limit, elements, apiAlias: 'dal_entity_search_result' },
      paymentChangeable,
      apiAlias: 'order_route_response_struct',
    });
  });

  app.post('/order/state/cancel', async (c) => {
    const ctx = c.get('ctx');
    cancelOrder(ctx, await readBody(c));
    return c.json(stateMachineStateJson('order', 'cancelled', ctx.languageId));
  });

  app.post('/order/payment', async (c) => {
    const ctx = c.get('ctx');
    changePaymentMethod(ctx, await readBody(c));
    return c.json({ success: true, apiAlias: 'array_struct' });
  });

  app.on(['GET', 'POST'], '/handle-payment', async (c) => {
    const ctx = c.get('ctx');
    return c.json({ ...handlePayment(ctx, await readBody(c)), apiAlias: 'handle_payment_response' });
  });

  app.on(['GET', 'POST'], '/document/download/:documentId/:deepLinkCode', async (c) => {
    const ctx = c.get('ctx');
    const { document, order } = documentAccess(ctx, c.req.param('documentId'), c.req.param('deepLinkCode'), await readBody(c));
    const pdf = await renderInvoicePdf(ctx.db, order, document);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="invoice-${document.document_number}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  app.get('/order/download/:orderId/:downloadId', (c) => {
    const ctx = c.get('ctx');
    const order = customerOrder(ctx, c.req.param('orderId'));
    const downloadId = c.req.param('downloadId');
    const download = isId(downloadId)
      ? (prepared(ctx.db, 'SELECT media_id, access_granted FROM order_line_item_download WHERE id = ? AND order_id = ?').get(downloadId, order.id) as
          | { media_id: string; access_granted: number }
          | undefined)
      : undefined;
    // Only a paid order's files: a missing, foreign or unpaid download all answer the same 404.
    if (!download || download.access_granted !== 1 || !hasPaidTransaction(ctx.db, order.id)) {
      throw StoreApiError.notFound('CHECKOUT__DOWNLOAD_FILE_NOT_FOUND', `Line item download file with id "${downloadId}" not found.`, { downloadId });
    }
    const file = prepared(ctx.db, 'SELECT * FROM download_file WHERE id = ?').get(download.media_id) as DownloadFileRow | undefined;
    const bytes = file ? downloadFileBytes(ctx.db, c.get('deps').config.dataDir, file, (path) => (existsSync(path) ? readFileSync(path) : undefined)) : undefined;
    if (!file || !bytes) throw StoreApiError.notFound('CHECKOUT__DOWNLOAD_FILE_NOT_FOUND', `Line item download file with id "${downloadId}" not found.`, { downloadId });
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${file.file_name.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    });
  });
}
