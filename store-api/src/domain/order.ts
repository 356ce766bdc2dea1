import type { SalesChannelContext } from '../context';
import type { Db } from '../db/connection';
import { loadPaymentMethods, prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { isId, randomId } from '../ids';
import {
  cartBlockingErrors,
  clickAndCollectPharmacyExists,
  deleteCart,
  loadCalculatedCart,
  readStoredCart,
  writeStoredCart,
  type CalculatedCart,
  type CalculatedLineItem,
} from './cart';
import { activeAddressIds, findAddress, requireCustomer, type AddressRow } from './customer';
import { recordWelcomeVoucher } from './insurer';
import { queueOrderCancelledMail } from './account-mails';
import { invoiceDueDate } from './documents';
import { redeemLoyaltyVouchers } from './loyalty';
import { queueOrderConfirmationMail, type OrderMailInput } from './mail';
import { labelWithOptions } from './line-item-options';
import { paymentSlipOf } from './payment-slip';
import { guestOrderEmailLimit, guestOrderIpLimit, hitRateLimit } from './rate-limit';
import { nextNumber } from './number-ranges';
import { recordInitialState, transition } from './order-states';
import { roundPrice } from './pricing';

// Placing an order (POST /checkout/order) from the calculated cart, in one transaction: number, addresses
// copied, line items, delivery with the promised dates, an open payment transaction, the invoice document,
// downloads, promotion uses, the confirmation mail, and the cart deleted. Money is copied from the
// CalculatedCart — never recomputed from the request. A retry with the same Idempotency-Key answers the
// order placed first.

export interface OrderRow {
  id: string;
  order_number: string;
  sales_channel_id: string;
  customer_id: string;
  language_id: string;
  currency_id: string;
  order_date_time: string;
  state: string;
  amount_total: number;
  amount_net: number;
  position_price: number;
  shipping_total: number;
  tax_status: string;
  price: string;
  shipping_costs: string;
  billing_address_id: string;
  deep_link_code: string;
  customer_comment: string | null;
  affiliate_code: string | null;
  campaign_code: string | null;
  email: string;
  salutation_id: string | null;
  first_name: string;
  last_name: string;
  customer_number: string | null;
  pharmacy_id: string | null;
  expected_delivery: string | null;
  download_waiver_accepted: number;
  created_at: string;
  updated_at: string | null;
}

export interface TransactionRow {
  id: string;
  order_id: string;
  payment_method_id: string;
  amount: string;
  state: string;
  created_at: string;
  updated_at: string | null;
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
const MAX_COMMENT_LENGTH = 2000;

export interface PlaceOrderRequest {
  body: Record<string, unknown>;
  idempotencyKey?: string;
  /** SPEC §7 query parameter: the pharmacy chosen on the checkout page, overriding the cart's */
  selectedCheckoutPharmacyId?: string;
  /** the shopper's address (rate-limit.ts clientIpOf) for the guest order limit; null: only the e-mail's limit */
  clientIp?: string | null;
}

function optionalText(body: Record<string, unknown>, key: string, max: number): string | null {
  const value = body[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw StoreApiError.violation(`/${key}`, 'VIOLATION::INVALID_TYPE_ERROR', 'This value should be of type string.');
  if (value.length > max) {
    throw StoreApiError.violation(`/${key}`, 'VIOLATION::TOO_LONG_ERROR', `This value is too long. It should have ${max} characters or less.`, { '{{ limit }}': max });
  }
  return value.trim() || null;
}

export function findOrder(db: Db, orderId: string): OrderRow | undefined {
  return prepared(db, 'SELECT * FROM "order" WHERE id = ?').get(orderId) as OrderRow | undefined;
}

export function latestTransaction(db: Db, orderId: string): TransactionRow | undefined {
  return prepared(db, 'SELECT * FROM order_transaction WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(orderId) as TransactionRow | undefined;
}

export function hasPaidTransaction(db: Db, orderId: string): boolean {
  return prepared(db, "SELECT 1 FROM order_transaction WHERE order_id = ? AND state = 'paid'").get(orderId) !== undefined;
}

/** The payment can still be made or changed: the order is open and nothing is paid yet. */
export function isPaymentChangeable(db: Db, order: OrderRow): boolean {
  // a transfer that paid part of it (camt.054) keeps its method: the rest is paid the same way
  return order.state === 'open' && !hasPaidTransaction(db, order.id) && latestTransaction(db, order.id)?.state !== 'paid_partially';
}

/**
 * Cancels an unpaid open order: the order, its deliveries and its open transactions (Shopware's
 * order/state/cancel). Call inside a transaction.
 */
/** The order's lines as its mail lists them: the label with the variant's options, the quantity, the total. */
function orderLinesForMail(db: Db, orderId: string): OrderMailInput['lines'] {
  const rows = prepared(db, 'SELECT label, quantity, total_price, payload FROM order_line_item WHERE order_id = ? ORDER BY position').all(orderId) as {
    label: string;
    quantity: number;
    total_price: number;
    payload: string;
  }[];
  return rows.map((row) => ({ label: labelWithOptions(row.label, row.payload), quantity: row.quantity, totalPrice: row.total_price }));
}

/** The pickup pharmacy as the order mail names it. */
function pickupPharmacyForMail(db: Db, pharmacyId: string): OrderMailInput['pickup'] {
  const row = prepared(db, 'SELECT name, street, zipcode, city, phone, opening_hours FROM pharmacy WHERE id = ?').get(pharmacyId) as
    | { name: string; street: string; zipcode: string; city: string; phone: string; opening_hours: string }
    | undefined;
  return row ? { name: row.name, street: row.street, zipcode: row.zipcode, city: row.city, phone: row.phone, openingHours: JSON.parse(row.opening_hours) as Record<string, string[][]> } : null;
}

export function cancelUnpaidOrder(db: Db, order: OrderRow): void {
  if (!isPaymentChangeable(db, order)) {
    throw StoreApiError.of(400, 'CHECKOUT__ORDER_NOT_CANCELLABLE', `The order ${order.order_number} cannot be cancelled: it is paid or no longer open.`, {
      orderId: order.id,
    });
  }
  transition(db, 'order', order.id, order.id, 'cancelled');
  for (const t of prepared(db, "SELECT id FROM order_transaction WHERE order_id = ? AND state IN ('open', 'in_progress')").all(order.id) as { id: string }[]) {
    transition(db, 'order_transaction', t.id, order.id, 'cancelled');
  }
  for (const d of prepared(db, "SELECT id FROM order_delivery WHERE order_id = ? AND state = 'open'").all(order.id) as { id: string }[]) {
    transition(db, 'order_delivery', d.id, order.id, 'cancelled');
  }
  // Open payment pages of a cancelled order cannot be paid any more.
  prepared(db, "UPDATE payment_session SET status = 'cancelled', completed_at = ? WHERE order_id = ? AND status = 'open'").run(new Date().toISOString(), order.id);
  queueOrderCancelledMail(db, order);
}

function setCartPharmacy(ctx: SalesChannelContext, pharmacyId: string): void {
  if (!isId(pharmacyId) || !clickAndCollectPharmacyExists(ctx.db, pharmacyId)) {
    throw StoreApiError.notFound('PHARMACY__NOT_FOUND', `No Click & Collect pharmacy with id "${pharmacyId.slice(0, 64)}".`, { pharmacyId: pharmacyId.slice(0, 64) });
  }
  const stored = readStoredCart(ctx.db, ctx.token);
  if (!stored || stored.pharmacyId === pharmacyId) return;
  writeStoredCart(ctx.db, ctx.token, ctx.salesChannel.id, { ...stored, pharmacyId });
}

function cartJsonPart<T>(cart: CalculatedCart, read: (json: Record<string, unknown>) => unknown, fallback: T): T {
  try {
    const value = read(cart.json);
    return (value ?? fallback) as T;
  } catch {
    return fallback;
  }
}

/** A CalculatedPrice over the whole cart: the transaction amount and the price of a delivery. */
function totalPriceJson(total: number, taxes: { taxRate: number; tax: number; price: number }[]): Record<string, unknown> {
  return {
    unitPrice: total,
    quantity: 1,
    totalPrice: total,
    calculatedTaxes: taxes.map((t) => ({ tax: t.tax, taxRate: t.taxRate, price: t.price, apiAlias: 'cart_tax_calculated' })),
    taxRules: taxes.map((t) => ({ taxRate: t.taxRate, percentage: 100, apiAlias: 'cart_tax_rule' })),
    // referencePrice, listPrice and regulationPrice are left out rather than null: the schema types them
    // object inside the required transaction amount.
    apiAlias: 'calculated_price',
  };
}

function copyAddress(db: Db, orderId: string, address: AddressRow): string {
  const id = randomId();
  prepared(
    db,
    `INSERT INTO order_address (id, order_id, salutation_id, title, first_name, last_name, company, department, street,
       additional_address_line1, additional_address_line2, zipcode, city, country_id, country_state_id, phone_number)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id, orderId, address.salutation_id, address.title, address.first_name, address.last_name, address.company, address.department,
    address.street, address.additional_address_line1, address.additional_address_line2, address.zipcode, address.city,
    address.country_id, address.country_state_id, address.phone_number,
  );
  return id;
}

/** Shopware stores delivery dates as date-times; the cart promises calendar days in Zurich. */
function deliveryDateTime(day: string | undefined): string {
  const date = day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : new Date().toISOString().slice(0, 10);
  return `${date}T00:00:00.000+00:00`;
}

function insertLineItem(db: Db, orderId: string, line: CalculatedLineItem, position: number): string {
  const id = randomId();
  const json = line.json;
  const price = (json.price as Record<string, unknown> | undefined) ?? totalPriceJson(line.totalPrice, [{ taxRate: line.taxRate, tax: line.tax, price: line.totalPrice }]);
  const payload = (json.payload as Record<string, unknown> | undefined) ?? {};
  const states = (json.states as unknown[] | undefined) ?? (line.product?.isDownload ? ['is-download'] : line.type === 'product' ? ['is-physical'] : []);
  prepared(
    db,
    `INSERT INTO order_line_item (id, order_id, position, identifier, referenced_id, product_id, type, label, quantity, unit_price,
       total_price, tax_rate, price, payload, states, cover_media_id, good)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id, orderId, position, line.id, line.referencedId, line.type === 'product' ? line.referencedId : null, line.type, line.label,
    line.quantity, line.unitPrice, line.totalPrice, line.taxRate, JSON.stringify(price),
    JSON.stringify({ ...payload, ...(line.promotion ? { promotionId: line.promotion.id, code: line.promotion.code } : {}) }),
    JSON.stringify(states), line.product?.coverMediaId ?? null, line.type === 'product' ? 1 : 0,
  );
  if (line.type === 'product' && line.product?.isDownload) {
    // The product's private files (table download_file, seed/downloads.ts); access is granted once paid.
    const files = prepared(db, 'SELECT id, position FROM download_file WHERE product_id = ? ORDER BY position').all(line.referencedId) as {
      id: string;
      position: number;
    }[];
    for (const file of files) {
      prepared(db, 'INSERT INTO order_line_item_download (id, order_line_item_id, order_id, media_id, position, access_granted) VALUES (?, ?, ?, ?, ?, 0)').run(
        randomId(),
        id,
        orderId,
        file.id,
        file.position,
      );
    }
  }
  return id;
}

function checkIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined || key === '') return undefined;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw StoreApiError.of(400, 'CHECKOUT__INVALID_IDEMPOTENCY_KEY', `The Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`);
  }
  return key;
}

/**
 * POST /checkout/order. Checks, in Shopware's order: a customer in the session (guests count), a replayed
 * Idempotency-Key, a cart with products, no blocking cart error (level 20: pharmacy missing, invoice with a
 * different billing address, unavailable products). Then writes everything in one transaction and answers the new
 * order's id.
 */
export function placeOrder(ctx: SalesChannelContext, request: PlaceOrderRequest): string {
  const customer = requireCustomer(ctx);
  const idempotencyKey = checkIdempotencyKey(request.idempotencyKey);
  const body = request.body;
  const customerComment = optionalText(body, 'customerComment', MAX_COMMENT_LENGTH);
  const affiliateCode = optionalText(body, 'affiliateCode', 255);
  const campaignCode = optionalText(body, 'campaignCode', 255);

  const write = ctx.db.transaction((): string => {
    if (idempotencyKey) {
      const earlier = prepared(ctx.db, 'SELECT order_id FROM order_request WHERE token = ? AND idempotency_key = ?').get(ctx.token, idempotencyKey) as
        | { order_id: string }
        | undefined;
      if (earlier) return earlier.order_id;
    }
    // No terms check: Shopware's CartOrderRoute has none (its storefront checks the box), so the gateway does (ADR 0027).
    if (request.selectedCheckoutPharmacyId) setCartPharmacy(ctx, request.selectedCheckoutPharmacyId);
    const cart = loadCalculatedCart(ctx);
    const products = cart.lineItems.filter((l) => l.type === 'product');
    if (products.length === 0) throw StoreApiError.of(400, 'CHECKOUT__CART_EMPTY', 'Cart is empty');
    const blocking = cartBlockingErrors(cart);
    if (blocking.length > 0) {
      throw StoreApiError.of(400, 'CHECKOUT__CART_INVALID', `The cart has ${blocking.length} error(s) that prevent the order: ${blocking.map((e) => e.messageKey).join(', ')}.`, {
        errors: Object.fromEntries(blocking.map((e) => [e.key, e])),
      });
    }
    // Recorded, not required: Shopware's order route asks for no waiver either; the gateway does (ADR 0027).
    const hasDownloads = cart.hasDownloads ?? products.some((l) => l.product?.isDownload);
    const { billingAddressId, shippingAddressId } = activeAddressIds(ctx, customer);
    const billing = billingAddressId ? findAddress(ctx, customer.id, billingAddressId) : undefined;
    const shipping = (shippingAddressId ? findAddress(ctx, customer.id, shippingAddressId) : undefined) ?? billing;
    if (!billing || !shipping) {
      throw StoreApiError.of(400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND', 'The customer has no billing address.', { customerId: customer.id });
    }
    const paymentMethod = loadPaymentMethods(ctx, { ids: [cart.paymentMethodId], onlyActive: true })[0];
    if (!paymentMethod) {
      throw StoreApiError.of(400, 'CHECKOUT__UNKNOWN_PAYMENT_METHOD', `The payment method ${cart.paymentMethodId} could not be found.`, { paymentMethodId: cart.paymentMethodId });
    }

    // Guest orders per e-mail and per client address an hour (issue 17 item 6: 1,589 guest orders from one client in
    // 30 s, each mailing any address). Counted in this transaction, so only orders really written count — not a
    // double submit answered by its idempotency key, not a refused cart. Over the limit: 429, nothing written.
    if (customer.guest === 1) {
      hitRateLimit(ctx.db, [guestOrderEmailLimit(ctx.db, customer.email), ...(request.clientIp ? [guestOrderIpLimit(ctx.db, request.clientIp)] : [])]);
    }

    const now = new Date().toISOString();
    const orderId = randomId();
    const orderNumber = nextNumber(ctx.db, 'order');
    const cartPrice = cartJsonPart(cart, (j) => j.price, totalPriceJson(cart.totalPrice, cart.taxes));
    const delivery = cartJsonPart<Record<string, unknown> | null>(cart, (j) => (j.deliveries as Record<string, unknown>[])[0], null);
    const shippingCosts = (delivery?.shippingCosts as Record<string, unknown> | undefined) ?? totalPriceJson(cart.shippingCosts, []);
    const expected = cart.expectedDelivery;
    prepared(
      ctx.db,
      `INSERT INTO "order" (id, order_number, sales_channel_id, customer_id, language_id, currency_id, order_date_time, state,
         amount_total, amount_net, position_price, shipping_total, tax_status, price, shipping_costs, billing_address_id, deep_link_code,
         customer_comment, affiliate_code, campaign_code, email, salutation_id, first_name, last_name, customer_number,
         pharmacy_id, expected_delivery, download_waiver_accepted, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, 'gross', ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      orderId, orderNumber, ctx.salesChannel.id, customer.id, ctx.languageId, ctx.currencyId, now,
      roundPrice(cart.totalPrice), roundPrice(cart.netPrice), roundPrice(cart.positionPrice), roundPrice(cart.shippingCosts),
      JSON.stringify(cartPrice), JSON.stringify(shippingCosts), randomId(), customerComment, affiliateCode, campaignCode,
      customer.email, customer.salutation_id, customer.first_name, customer.last_name, customer.customer_number,
      cart.fulfilment === 'click_and_collect' ? cart.pharmacyId : null, expected ? JSON.stringify(expected) : null,
      hasDownloads && body.downloadWaiver === true ? 1 : 0, now,
    );
    const billingOrderAddressId = copyAddress(ctx.db, orderId, billing);
    const shippingOrderAddressId = shipping.id === billing.id ? billingOrderAddressId : copyAddress(ctx.db, orderId, shipping);
    prepared(ctx.db, 'UPDATE "order" SET billing_address_id = ? WHERE id = ?').run(billingOrderAddressId, orderId);
    recordInitialState(ctx.db, 'order', orderId, orderId, 'open', now);

    cart.lineItems.forEach((line, index) => insertLineItem(ctx.db, orderId, line, index + 1));

    if (!cart.isVirtual) {
      const deliveryId = randomId();
      prepared(
        ctx.db,
        `INSERT INTO order_delivery (id, order_id, shipping_order_address_id, shipping_method_id, state, shipping_date_earliest,
           shipping_date_latest, shipping_costs) VALUES (?, ?, ?, ?, 'open', ?, ?, ?)`,
      ).run(deliveryId, orderId, shippingOrderAddressId, cart.shippingMethodId, deliveryDateTime(expected?.earliest), deliveryDateTime(expected?.latest), JSON.stringify(shippingCosts));
      recordInitialState(ctx.db, 'order_delivery', deliveryId, orderId, 'open', now);
    }

    addTransaction(ctx.db, orderId, cart.paymentMethodId, totalPriceJson(roundPrice(cart.totalPrice), cart.taxes), now);

    const invoiceDocumentId = randomId();
    prepared(ctx.db, "INSERT INTO document (id, order_id, type, document_number, deep_link_code, created_at) VALUES (?, ?, 'invoice', ?, ?, ?)").run(
      invoiceDocumentId,
      orderId,
      nextNumber(ctx.db, 'invoice'),
      randomId(),
      now,
    );

    const promotionIds = cart.lineItems.flatMap((line) => (line.type === 'promotion' && line.promotion ? [line.promotion.id] : []));
    for (const promotionId of promotionIds) prepared(ctx.db, 'UPDATE promotion SET uses = uses + 1 WHERE id = ?').run(promotionId);
    redeemLoyaltyVouchers(ctx, orderId, promotionIds, now);
    recordWelcomeVoucher(ctx, orderId, cart.promotionCodes ?? []);

    // A cart restored from an unpaid order replaces that order: cancel it now, in the same transaction.
    const restoredFrom = readStoredCart(ctx.db, ctx.token)?.restoredFromOrderId;
    if (restoredFrom) {
      const previous = findOrder(ctx.db, restoredFrom);
      if (previous && previous.customer_id === customer.id && isPaymentChangeable(ctx.db, previous)) cancelUnpaidOrder(ctx.db, previous);
    }

    deleteCart(ctx);
    if (idempotencyKey) {
      prepared(ctx.db, 'INSERT INTO order_request (token, idempotency_key, order_id, created_at) VALUES (?, ?, ?, ?)').run(ctx.token, idempotencyKey, orderId, now);
    }

    // Paid by transfer (invoice, prepayment): the mail says how, and carries the invoice with its QR-bill.
    const slip = paymentSlipOf(ctx.db, findOrder(ctx.db, orderId)!);
    queueOrderConfirmationMail(ctx.db, {
      orderId,
      orderNumber,
      customerId: customer.id,
      email: customer.email,
      languageId: ctx.languageId,
      firstName: customer.first_name,
      lastName: customer.last_name,
      // as stored for the order, with the chosen variant's options (size, flavour) beside the name
      lines: orderLinesForMail(ctx.db, orderId),
      shippingCosts: cart.shippingCosts,
      totalPrice: cart.totalPrice,
      taxes: cart.taxes,
      paymentMethodName: String(paymentMethod.name ?? ''),
      expectedDelivery: expected ? { kind: expected.kind, earliest: expected.earliest, latest: expected.latest } : null,
      pickup: cart.fulfilment === 'click_and_collect' && cart.pharmacyId ? pickupPharmacyForMail(ctx.db, cart.pharmacyId) : null,
      prescription: cart.lineItems.some((line) => line.product?.prescriptionRequired === true),
      transfer: slip ? { slip, dueDate: invoiceDueDate(now).toISOString(), invoiceDocumentId } : null,
    });
    return orderId;
  });
  // IMMEDIATE: the idempotency check and the insert happen under one write lock, also across processes.
  return write.immediate();
}

/** A new open payment transaction for the order's full amount (order placed, or a retry). */
export function addTransaction(db: Db, orderId: string, paymentMethodId: string, amount: Record<string, unknown>, now = new Date().toISOString()): string {
  const id = randomId();
  prepared(db, "INSERT INTO order_transaction (id, order_id, payment_method_id, amount, state, created_at) VALUES (?, ?, ?, ?, 'open', ?)").run(
    id,
    orderId,
    paymentMethodId,
    JSON.stringify(amount),
    now,
  );
  recordInitialState(db, 'order_transaction', id, orderId, 'open', now);
  return id;
}
