import { randomBytes } from 'node:crypto';
import type { SalesChannelContext } from '../context';
import type { Db } from '../db/connection';
import { bool, paymentMethodUsable, prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { isId } from '../ids';
import { addressesDiffer, INVOICE_TECHNICAL_NAME, readStoredCart, writeStoredCart, type PostalAddress, type StoredCart, type StoredLineItem } from './cart';
import { requireCustomer } from './customer';
import {
  addTransaction,
  cancelUnpaidOrder,
  findOrder,
  hasPaidTransaction,
  isPaymentChangeable,
  latestTransaction,
  type OrderRow,
  type TransactionRow,
} from './order';
import { transition } from './order-states';
import { randomId } from '../ids';

// Paying an order: order/payment (change the method), handle-payment (start paying: the embedded provider's
// page for asynchronous methods, nothing for invoice/prepayment), the provider's outcome (paid, failed,
// cancelled), and order/state/cancel. A failed or cancelled payment leaves the order open and retryable and
// puts its items back into the shopper's cart (SPEC §4 unpaid page: retry or back to cart).

/** The session's own order, or 404 (another customer's order is never revealed, not even as 403). */
export function customerOrder(ctx: SalesChannelContext, orderId: unknown): OrderRow {
  const customer = requireCustomer(ctx);
  const order = isId(orderId) ? findOrder(ctx.db, orderId) : undefined;
  if (!order || order.customer_id !== customer.id) {
    if (!isId(orderId)) throw StoreApiError.violation('/orderId', 'VIOLATION::IS_BLANK_ERROR', 'This value should be a valid order id.');
    throw StoreApiError.notFound('CHECKOUT__ORDER_NOT_FOUND', `Order with id "${orderId}" not found.`, { orderId });
  }
  return order;
}

interface PaymentMethodRow {
  id: string;
  technical_name: string;
  active: number;
  after_order_enabled: number;
  asynchronous: number;
}

function paymentMethodRow(db: Db, id: string): PaymentMethodRow | undefined {
  return prepared(db, 'SELECT id, technical_name, active, after_order_enabled, asynchronous FROM payment_method WHERE id = ?').get(id) as PaymentMethodRow | undefined;
}

function notChangeable(order: OrderRow): StoreApiError {
  return StoreApiError.of(403, 'CHECKOUT__PAYMENT_METHOD_NOT_CHANGEABLE', `The payment of order ${order.order_number} can no longer be changed.`, { orderId: order.id });
}

/**
 * POST /order/payment: the order is paid with another method from now on. The open transaction is cancelled
 * and a new one opened (Shopware's SetPaymentOrderRoute); choosing the method of the open transaction changes nothing.
 */
export function changePaymentMethod(ctx: SalesChannelContext, body: Record<string, unknown>): void {
  const order = customerOrder(ctx, body.orderId);
  const paymentMethodId = body.paymentMethodId;
  const method = isId(paymentMethodId) ? paymentMethodRow(ctx.db, paymentMethodId) : undefined;
  if (!method || !paymentMethodUsable(ctx, method) || !bool(method.after_order_enabled)) {
    throw StoreApiError.notFound('CHECKOUT__UNKNOWN_PAYMENT_METHOD', `The payment method ${String(paymentMethodId)} could not be found.`, { paymentMethodId });
  }
  // SPEC §5: invoice only when the order is billed to the address it goes to — on the retry and the account's
  // "change payment method" as in the checkout, where the cart refuses it (payment-method-blocked).
  if (method.technical_name === INVOICE_TECHNICAL_NAME && orderAddressesDiffer(ctx.db, order.id)) {
    throw StoreApiError.of(400, 'CHECKOUT__PAYMENT_METHOD_BLOCKED', 'Invoice payment is not possible when the billing address differs from the shipping address.', {
      paymentMethodId: method.id,
      reason: 'billing-address-differs',
    });
  }
  ctx.db.transaction(() => {
    if (!isPaymentChangeable(ctx.db, order)) throw notChangeable(order);
    const current = latestTransaction(ctx.db, order.id);
    if (current && current.state === 'open' && current.payment_method_id === method.id) return;
    if (current && (current.state === 'open' || current.state === 'in_progress')) transition(ctx.db, 'order_transaction', current.id, order.id, 'cancelled');
    addTransaction(ctx.db, order.id, method.id, current ? (JSON.parse(current.amount) as Record<string, unknown>) : {});
    prepared(ctx.db, "UPDATE payment_session SET status = 'cancelled', completed_at = ? WHERE order_id = ? AND status = 'open'").run(new Date().toISOString(), order.id);
  }).immediate();
}

/** Whether an order's billing address differs from the address its delivery goes to (a pickup has none: no). */
function orderAddressesDiffer(db: Db, orderId: string): boolean {
  const billing = prepared(db, 'SELECT a.* FROM "order" o JOIN order_address a ON a.id = o.billing_address_id WHERE o.id = ?').get(orderId) as PostalAddress | undefined;
  const shipping = prepared(db, 'SELECT a.* FROM order_delivery d JOIN order_address a ON a.id = d.shipping_order_address_id WHERE d.order_id = ? LIMIT 1').get(orderId) as
    | PostalAddress
    | undefined;
  return Boolean(billing && shipping && addressesDiffer(billing, shipping));
}

/** POST /order/state/cancel: an open order whose payment is not made is cancelled with its transactions. */
export function cancelOrder(ctx: SalesChannelContext, body: Record<string, unknown>): void {
  const order = customerOrder(ctx, body.orderId);
  ctx.db.transaction(() => cancelUnpaidOrder(ctx.db, findOrder(ctx.db, order.id)!)).immediate();
}

// --- handle-payment ------------------------------------------------------------------------------------

/**
 * finishUrl / errorUrl: a path on this shop ('/checkout/…', never '//host') or an absolute http(s) URL on one of the
 * sales channel's configured domains (never the request's Host, ADR 0022). Anything else would make the payment page
 * an open redirect.
 */
export function checkReturnUrl(ctx: SalesChannelContext, pointer: string, value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  const refuse = () =>
    StoreApiError.violation(pointer, 'VIOLATION::INVALID_URL_ERROR', 'The URL must be a path of this shop or an http(s) URL on one of its domains.', {
      '{{ value }}': typeof value === 'string' ? `"${value.slice(0, 200)}"` : JSON.stringify(value),
    });
  // Control characters and backslashes: browsers read '/\\host' as '//host'.
  if (typeof value !== 'string' || value.length > 2000 || [...value].some((ch) => ch < ' ' || ch === '\\' || ch === '\u007f')) throw refuse();
  if (value.startsWith('/')) {
    if (value.startsWith('//')) throw refuse();
    return value;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !ctx.domains.includes(url.origin)) throw refuse();
  return value;
}

/**
 * The return URL with the provider's outcome added, as real providers add their status. A path stays a path: the
 * browser resolves it against the page it is on, so no origin is taken from the request's Host (ADR 0022).
 */
export function returnUrlWithStatus(url: string, outcome: PaymentOutcome): string {
  const relative = url.startsWith('/');
  const target = new URL(url, 'http://return.invalid');
  target.searchParams.set('paymentStatus', outcome);
  return relative ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}

/**
 * An asynchronous method while the embedded provider page cannot pay (a public host without PAYMENT_SIMULATION):
 * Shopware's answer for a method whose payment handler is not installed. The gateway shows it beside the payment
 * method, and the shopper picks another one (invoice, prepayment) on the unpaid order's page.
 */
function noPaymentProvider(method: PaymentMethodRow): StoreApiError {
  return StoreApiError.of(400, 'CHECKOUT__UNKNOWN_PAYMENT_METHOD', `The payment method ${method.technical_name} has no payment provider on this shop.`, {
    paymentMethodId: method.id,
  });
}

/**
 * GET|POST /handle-payment: starts paying the order's newest transaction. Paid already → redirectUrl null
 * (idempotent). Failed or cancelled → a new transaction with the same method (the retry). Asynchronous
 * methods get a one-use payment page — only while the simulated provider handles them (ctx.asynchronousPayments); otherwise 400
 * CHECKOUT__UNKNOWN_PAYMENT_METHOD and nothing changes. Synchronous ones (invoice, prepayment) stay open: paid later.
 */
export function handlePayment(ctx: SalesChannelContext, body: Record<string, unknown>): { redirectUrl: string | null } {
  if (body.orderId === undefined || body.orderId === null || body.orderId === '') {
    throw StoreApiError.violation('/orderId', 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.');
  }
  const order = customerOrder(ctx, body.orderId);
  const finishUrl = checkReturnUrl(ctx, '/finishUrl', body.finishUrl, `/checkout/success/${order.id}/paid`);
  const errorUrl = checkReturnUrl(ctx, '/errorUrl', body.errorUrl, `/checkout/success/${order.id}/unpaid`);
  return ctx.db
    .transaction((): { redirectUrl: string | null } => {
      if (hasPaidTransaction(ctx.db, order.id)) return { redirectUrl: null };
      const current = findOrder(ctx.db, order.id)!;
      if (current.state !== 'open') throw notChangeable(current);
      let transaction = latestTransaction(ctx.db, order.id);
      if (!transaction) throw StoreApiError.notFound('CHECKOUT__ORDER_TRANSACTION_NOT_FOUND', `The order ${order.order_number} has no transaction.`);
      if (transaction.state === 'failed' || transaction.state === 'cancelled') {
        const id = addTransaction(ctx.db, order.id, transaction.payment_method_id, JSON.parse(transaction.amount) as Record<string, unknown>);
        transaction = latestTransaction(ctx.db, order.id)!;
        if (transaction.id !== id) throw new Error('handle-payment: the new transaction is not the newest');
      }
      const method = paymentMethodRow(ctx.db, transaction.payment_method_id);
      if (!method || !bool(method.asynchronous)) return { redirectUrl: null };
      // Thrown inside the transaction: a retry's new transaction above is rolled back with it.
      if (!ctx.asynchronousPayments) throw noPaymentProvider(method);
      // Earlier pages of this order are superseded: only the newest page can pay.
      prepared(ctx.db, "UPDATE payment_session SET status = 'cancelled', completed_at = ? WHERE order_id = ? AND status = 'open'").run(new Date().toISOString(), order.id);
      const sessionId = randomBytes(24).toString('base64url');
      prepared(
        ctx.db,
        `INSERT INTO payment_session (id, transaction_id, order_id, finish_url, error_url, status, created_at, context_token)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?)`,
      ).run(sessionId, transaction.id, order.id, finishUrl, errorUrl, new Date().toISOString(), ctx.token);
      return { redirectUrl: `${ctx.origin}/payment-provider/${sessionId}` };
    })
    .immediate();
}

// --- the provider's outcome ------------------------------------------------------------------------------

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

export interface PaymentSessionRow {
  id: string;
  transaction_id: string;
  order_id: string;
  finish_url: string;
  error_url: string;
  status: string;
  created_at: string;
  completed_at: string | null;
  context_token: string | null;
}

export function findPaymentSession(db: Db, sessionId: string): PaymentSessionRow | undefined {
  if (sessionId.length > 100) return undefined;
  return prepared(db, 'SELECT * FROM payment_session WHERE id = ?').get(sessionId) as PaymentSessionRow | undefined;
}

/**
 * Records the provider's outcome once: the session must still be open and its transaction the order's
 * newest open one. Answers where to send the shopper, or null when the session was already used.
 */
export function completePaymentSession(db: Db, sessionId: string, outcome: PaymentOutcome): { redirect: string } | null {
  return db
    .transaction((): { redirect: string } | null => {
      const session = findPaymentSession(db, sessionId);
      if (!session || session.status !== 'open') return null;
      const transaction = prepared(db, 'SELECT * FROM order_transaction WHERE id = ?').get(session.transaction_id) as TransactionRow | undefined;
      const order = findOrder(db, session.order_id);
      const now = new Date().toISOString();
      if (!transaction || !order || order.state !== 'open' || (transaction.state !== 'open' && transaction.state !== 'in_progress')) {
        prepared(db, "UPDATE payment_session SET status = 'cancelled', completed_at = ? WHERE id = ?").run(now, session.id);
        return null;
      }
      transition(db, 'order_transaction', transaction.id, order.id, outcome);
      prepared(db, 'UPDATE payment_session SET status = ?, completed_at = ? WHERE id = ?').run(outcome, now, session.id);
      if (outcome === 'paid') {
        // Downloads of a paid order may be fetched (Shopware grants access on the paid transition).
        prepared(db, 'UPDATE order_line_item_download SET access_granted = 1 WHERE order_id = ?').run(order.id);
        // A cart put back after an earlier failed attempt is this order's: paid now, so it goes.
        const cart = session.context_token ? readStoredCart(db, session.context_token) : null;
        if (cart?.restoredFromOrderId === order.id) writeStoredCart(db, session.context_token!, order.sales_channel_id, { ...cart, lineItems: [] });
        return { redirect: session.finish_url };
      }
      if (session.context_token) restoreCartFromOrder(db, session.context_token, order);
      return { redirect: session.error_url };
    })
    .immediate();
}

/**
 * Puts an unpaid order's products and promotion codes back into the shopper's cart (unless that cart already
 * has items), marked with the order id: the order stays open for a retry, and placing a new order from this
 * cart cancels it (domain/order.ts).
 */
export function restoreCartFromOrder(db: Db, token: string, order: OrderRow): void {
  if (readStoredCart(db, token)?.lineItems.length) return;
  const lines = prepared(db, "SELECT type, referenced_id, quantity, payload FROM order_line_item WHERE order_id = ? AND type IN ('product', 'promotion') ORDER BY position").all(order.id) as {
    type: 'product' | 'promotion';
    referenced_id: string | null;
    quantity: number;
    payload: string;
  }[];
  const stored: StoredCart = {
    lineItems: lines.flatMap((line): StoredLineItem[] => {
      if (line.type === 'product' && line.referenced_id) return [{ id: line.referenced_id, type: 'product', referencedId: line.referenced_id, quantity: line.quantity }];
      const code = (JSON.parse(line.payload) as { code?: unknown }).code;
      return line.type === 'promotion' && typeof code === 'string' ? [{ id: randomId(), type: 'promotion', referencedId: code, quantity: 1 }] : [];
    }),
    pharmacyId: order.pharmacy_id,
    restoredFromOrderId: order.id,
  };
  if (stored.lineItems.length === 0) return;
  writeStoredCart(db, token, order.sales_channel_id, stored);
}
