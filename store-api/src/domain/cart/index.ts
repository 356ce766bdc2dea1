import type { SalesChannelContext } from '../../context';
import { saveContextPayload } from '../../context';
import { loadCountries, shippingMethodJson } from '../../entities/system';
import { StoreApiError } from '../../errors';
import { addItems, removeLines, updateQuantities, type AddLineItemInput, type UpdateLineItemInput } from './changes';
import { mergeErrors } from './errors';
import { expectedDeliveryOf, fulfilmentOf, pickupOf, shippingMethodIdOf } from './fulfilment';
import { invoiceAddressErrors } from './invoice-address';
import { loadProductFacts, type ProductFacts } from './product-facts';
import { calculateProductLines, goodsOf } from './product-lines';
import { applyPromotions, dropInvalidPromotions, withoutAddedWhileWaiting } from './promotion-lines';
import { cartReads, type CartReads } from './reads';
import { settingsOf } from './settings';
import { cartShipping } from './shipping-costs';
import { cartJson } from './shopware-json';
import { emptyCart, isEmptyStoredCart, readStoredCart, takePendingErrors, writeStoredCart } from './storage';
import { cartTotals, lineTaxPart, positionPriceOf } from './taxes';
import type { CalculatedCart, CartError, StoredCart } from './types';

// The server-side cart (SPEC §4 Cart, issue 5): the `cart` table keeps what the shopper asked for per
// context token; everything with a price is calculated here on every read from the catalogue of now —
// tier prices, VAT per line, promotions, weight-based shipping, Click & Collect, the expected delivery and
// the cart's errors in Shopware's keyed form. Nothing the browser sends is trusted beyond ids and quantities.
// This file is the cart's one entry point: the calculation's steps, reading, and the changes' transaction.

export { MAX_LINE_ITEMS, type AddLineItemInput, type UpdateLineItemInput } from './changes';
export { cartBlockingErrors } from './errors';
export { clickAndCollectPharmacyExists, fulfilmentConflict } from './fulfilment';
export { addressesDiffer, INVOICE_TECHNICAL_NAME, type PostalAddress } from './invoice-address';
export { clampQuantity, tierUnitPrice } from './quantity';
export { configureCart, freeShippingThresholdChf } from './settings';
export { deleteCart, readStoredCart, writeStoredCart } from './storage';
export { cashRound } from './taxes';
export type * from './types';

export interface CalculateOptions {
  /** the clock of the expected delivery and of promotion validity */
  now?: Date;
  /** errors raised by the change that led to this calculation (answered once) */
  changeErrors?: CartError[];
  /** what the change has read already in this request */
  reads?: CartReads;
}

/** Recalculates a stored cart: prices, promotions, shipping, delivery dates and errors. Reads only. */
export function calculateCart(ctx: SalesChannelContext, stored: StoredCart, options: CalculateOptions = {}): CalculatedCart {
  const reads = options.reads ?? cartReads(ctx, options.now);
  const settings = settingsOf(ctx.db);
  const productLines = stored.lineItems.filter((l) => l.type === 'product');
  const facts = reads.facts ?? loadProductFacts(ctx, productLines.map((l) => l.referencedId));

  // The cart's rules, in this order: each step uses what the ones before decided.
  // 1. products at the catalogue's price of now (tiers, insured discount, what the stock allows)
  const products = calculateProductLines(reads, productLines, facts);
  const goods = goodsOf(products.lines);
  // 2. delivery or Click & Collect
  const shippingMethods = reads.shippingMethods();
  const fulfilment = fulfilmentOf(goods, shippingMethods);
  // 3. promotions, in the order they were added, each on what earlier ones left of the goods
  const promotions = applyPromotions(stored.lineItems, goods.lines, reads.findPromotion);
  const lines = [...products.lines, ...promotions.lines];
  // 4. shipping costs on the discounted positions; 5. VAT per rate and the cash-rounded total
  const positionPrice = positionPriceOf(lines);
  const shipping = cartShipping({
    goods,
    fulfilment,
    positionPrice,
    freeShippingPromotion: promotions.freeShipping,
    thresholdChf: settings.freeShippingThresholdChf,
  });
  const totals = cartTotals([...products.lines.map(lineTaxPart), ...promotions.taxes], positionPrice, shipping, reads.totalRoundingInterval);
  // 6. the Click & Collect pharmacy; 7. invoice only to the delivery address
  const pickup = pickupOf(reads, stored.pharmacyId, fulfilment);
  const found = [...products.errors, ...promotions.errors, ...pickup.errors, ...invoiceAddressErrors(reads, goods.lines.length > 0)];
  const changeErrors = withoutAddedWhileWaiting(options.changeErrors ?? [], found);
  const shippingMethodId = shippingMethodIdOf(ctx, shippingMethods, fulfilment);
  // 8. then the cart: its expected delivery, shipping method and errors, and its Shopware JSON
  const cart: CalculatedCart = {
    token: ctx.token,
    lineItems: lines,
    fulfilment,
    isVirtual: goods.isVirtual,
    positionPrice,
    shippingCosts: shipping.charged,
    totalPrice: totals.totalPrice,
    netPrice: totals.netPrice,
    rawTotal: totals.rawTotal,
    taxes: totals.taxes,
    weightKg: shipping.weightKg,
    freeShipping: { threshold: settings.freeShippingThresholdChf, missingAmount: shipping.decision.missingAmount, reached: shipping.decision.reached },
    expectedDelivery: expectedDeliveryOf(reads.now, fulfilment, goods, pickup.pharmacy),
    pharmacyId: pickup.pharmacy?.id ?? null,
    shippingMethodId,
    paymentMethodId: ctx.paymentMethodId,
    errors: mergeErrors(stored.pendingErrors ?? [], changeErrors, found),
    promotionCodes: promotions.codes,
    hasPrescription: goods.lines.some((l) => l.product?.prescriptionRequired),
    hasDownloads: goods.lines.some((l) => l.product?.isDownload),
    json: {},
  };
  const method = shipping.hasDelivery ? shippingMethods.all.find((m) => m.id === shippingMethodId) : undefined;
  cart.json = cartJson(
    cart,
    shipping.price,
    shipping.hasDelivery
      ? {
          shippingMethod: method ? shippingMethodJson(ctx, method, reads.deliveryTimes()) : null,
          country: loadCountries(ctx, { ids: [ctx.countryId] })[0] ?? null,
        }
      : null,
  );
  return cart;
}

/** The context's cart, recalculated (for the order code: pending errors stay pending). */
export function loadCalculatedCart(ctx: SalesChannelContext): CalculatedCart {
  return calculateCart(ctx, readStoredCart(ctx.db, ctx.token) ?? emptyCart());
}

/**
 * GET /checkout/cart: the cart with the errors of the last change, which this read consumes. Only clearing
 * those writes; an empty cart writes nothing.
 */
export function readCart(ctx: SalesChannelContext, now?: Date): CalculatedCart {
  const stored = takePendingErrors(ctx.db, ctx.token);
  return calculateCart(ctx, stored?.cart ?? emptyCart(), { now, changeErrors: stored?.pending });
}

/**
 * Runs one change of the cart in a write transaction: read, change, write, then calculate. The errors the
 * change raises are answered with this response and not kept (consumed once). A visitor's first change
 * also stores the context token, so the cart is found again. The change and the calculation share one
 * request's reads (one clock, each row read once).
 */
function changeCart(
  ctx: SalesChannelContext,
  change: (cart: StoredCart, errors: CartError[], reads: CartReads) => Map<string, ProductFacts> | void,
  now?: Date,
): CalculatedCart {
  return ctx.db
    .transaction(() => {
      const reads = cartReads(ctx, now);
      const cart = readStoredCart(ctx.db, ctx.token) ?? emptyCart();
      const errors: CartError[] = [...(cart.pendingErrors ?? [])];
      cart.pendingErrors = [];
      reads.facts = change(cart, errors, reads) ?? undefined;
      dropInvalidPromotions(cart, errors, reads.findPromotion);
      writeStoredCart(ctx.db, ctx.token, ctx.salesChannel.id, cart);
      if (!ctx.persisted && !isEmptyStoredCart(cart)) saveContextPayload(ctx, {});
      return calculateCart(ctx, cart, { changeErrors: errors, reads });
    })
    .immediate();
}

/** POST /checkout/cart/line-item: adds products (quantities add up) and promotion codes. */
export function addLineItems(ctx: SalesChannelContext, items: AddLineItemInput[], now?: Date): CalculatedCart {
  return changeCart(ctx, (cart, errors, reads) => addItems(reads, cart, items, errors), now);
}

/** PATCH /checkout/cart/line-item: new quantities; 0 or less removes the line (SPEC §4 Cart). */
export function updateLineItems(ctx: SalesChannelContext, items: UpdateLineItemInput[], now?: Date): CalculatedCart {
  return changeCart(ctx, (cart, errors, reads) => updateQuantities(reads, cart, items, errors), now);
}

/** POST /checkout/cart/line-item/delete (and the deprecated DELETE): removes lines by id. */
export function removeLineItems(ctx: SalesChannelContext, ids: string[], now?: Date): CalculatedCart {
  return changeCart(ctx, (cart) => removeLines(cart, ids), now);
}

/** POST /checkout/cart/pharmacy: the Click & Collect pharmacy (null clears it). */
export function selectPharmacy(ctx: SalesChannelContext, pharmacyId: string | null, now?: Date): CalculatedCart {
  return changeCart(
    ctx,
    (cart, _errors, reads) => {
      if (pharmacyId !== null && !reads.pharmacy(pharmacyId)) {
        throw StoreApiError.notFound('PHARMACY__NOT_FOUND', `No Click & Collect pharmacy with id ${pharmacyId.slice(0, 64)} was found.`, {
          pharmacyId: pharmacyId.slice(0, 64),
        });
      }
      cart.pharmacyId = pharmacyId;
    },
    now,
  );
}
