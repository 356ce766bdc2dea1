import { StoreApiError } from '../../errors';
import { randomId } from '../../ids';
import { cartError } from './errors';
import { fulfilmentConflict } from './fulfilment';
import { loadProductFacts, type ProductFacts } from './product-facts';
import { promotionNotFound, type PromotionLookup } from './promotion-lines';
import { clampQuantity, quantityErrors } from './quantity';
import type { CartReads } from './reads';
import type { CartError, StoredCart } from './types';

// What the shopper changes in the stored cart: lines added, new quantities, lines removed. Each change
// runs inside the cart's write transaction (index.ts) and collects the errors it answers once.

/** Lines per request and per cart: a cart is bought by a person, not a script. */
export const MAX_LINE_ITEMS = 100;

/** One requested item of POST /checkout/cart/line-item, validated. */
export interface AddLineItemInput {
  type: 'product' | 'promotion';
  /** product id, or the promotion code */
  referencedId: string;
  quantity: number;
}

export interface UpdateLineItemInput {
  id: string;
  quantity: number;
}

function productNotFound(productId: string): CartError {
  const shown = productId.slice(0, 64);
  return cartError(`product-not-found-${shown}`, 'product-not-found', 10, `The product ${shown} could not be found.`, { id: shown });
}

/** Adds products (quantities add up) and promotion codes, in the order asked; returns the facts it read. */
export function addItems(reads: CartReads, cart: StoredCart, items: AddLineItemInput[], errors: CartError[]): Map<string, ProductFacts> {
  const productIds = [...cart.lineItems, ...items].filter((l) => l.type === 'product').map((l) => l.referencedId);
  const facts = loadProductFacts(reads.ctx, productIds);
  const chosenClickAndCollect = reads.shippingMethods().chosen?.clickAndCollect ?? false;
  for (const item of items) {
    if (item.type === 'promotion') {
      addPromotion(cart, item.referencedId, errors, reads.findPromotion);
      continue;
    }
    const product = facts.get(item.referencedId);
    if (!product || !product.buyable) {
      errors.push(productNotFound(item.referencedId));
      continue;
    }
    const inCart = cart.lineItems.filter((l) => l.type === 'product').map((l) => facts.get(l.referencedId));
    const conflict = fulfilmentConflict(
      {
        hasClickCollectOnly: inCart.some((p) => p && !p.isDownload && p.clickCollectOnly),
        hasDeliverable: inCart.some((p) => p && !p.isDownload && !p.clickCollectOnly),
      },
      product,
      chosenClickAndCollect,
    );
    if (conflict) {
      throw StoreApiError.of(
        400,
        'PHARMACY__CART_FULFILMENT_CONFLICT',
        conflict.productFulfilment === 'click_and_collect'
          ? `The product ${product.productNumber} is for Click & Collect only and cannot join a cart for delivery.`
          : `The product ${product.productNumber} is delivered and cannot join a Click & Collect cart.`,
        { productId: product.id, cartFulfilment: conflict.cartFulfilment, productFulfilment: conflict.productFulfilment },
      );
    }
    const existing = cart.lineItems.find((l) => l.type === 'product' && l.referencedId === product.id);
    const requested = (existing?.quantity ?? 0) + item.quantity;
    const result = clampQuantity(requested, product);
    errors.push(...quantityErrors(product, requested, result));
    if (result.quantity <= 0) continue;
    if (existing) existing.quantity = result.quantity;
    else {
      if (cart.lineItems.length >= MAX_LINE_ITEMS) throw tooManyLines();
      cart.lineItems.push({ id: product.id, type: 'product', referencedId: product.id, quantity: result.quantity });
    }
  }
  dropVanishedProducts(cart, facts);
  return facts;
}

function tooManyLines(): StoreApiError {
  return StoreApiError.violation('/items', 'VIOLATION::TOO_MANY_ERROR', `A cart holds at most ${MAX_LINE_ITEMS} line items.`, { '{{ limit }}': MAX_LINE_ITEMS });
}

/** Lines of products deleted from the catalogue go with the next change. */
function dropVanishedProducts(cart: StoredCart, facts: Map<string, ProductFacts>): void {
  cart.lineItems = cart.lineItems.filter((l) => l.type !== 'product' || facts.has(l.referencedId));
}

function addPromotion(cart: StoredCart, code: string, errors: CartError[], findPromotion: PromotionLookup): void {
  const promotion = findPromotion(code);
  const refused = findPromotion.refusal(code);
  if (!promotion || refused) {
    errors.push(refused ?? promotionNotFound(code));
    return;
  }
  // A code already in the cart is not added twice.
  if (cart.lineItems.some((l) => l.type === 'promotion' && l.referencedId.toUpperCase() === promotion.code.toUpperCase())) return;
  if (cart.lineItems.length >= MAX_LINE_ITEMS) throw tooManyLines();
  cart.lineItems.push({ id: randomId(), type: 'promotion', referencedId: promotion.code, quantity: 1 });
  const name = promotion.name ?? promotion.code;
  errors.push(
    cartError(`promotion-discount-added-${promotion.id}`, 'promotion-discount-added', 0, `Discount ${name} has been added`, {
      name,
      promotionCode: promotion.code,
    }),
  );
}

function lineItemNotFound(id: string): StoreApiError {
  return StoreApiError.of(404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', `Line item with identifier ${id.slice(0, 64)} not found.`, { identifier: id.slice(0, 64) });
}

/** New quantities; 0 or less removes the line (SPEC §4 Cart). */
export function updateQuantities(reads: CartReads, cart: StoredCart, items: UpdateLineItemInput[], errors: CartError[]): Map<string, ProductFacts> {
  for (const item of items) if (!cart.lineItems.some((l) => l.id === item.id)) throw lineItemNotFound(item.id);
  const facts = loadProductFacts(reads.ctx, cart.lineItems.filter((l) => l.type === 'product').map((l) => l.referencedId));
  for (const item of items) {
    const line = cart.lineItems.find((l) => l.id === item.id);
    if (!line) continue;
    if (item.quantity <= 0) {
      cart.lineItems = cart.lineItems.filter((l) => l !== line);
      continue;
    }
    if (line.type !== 'product') continue; // a promotion has no quantity to change
    const product = facts.get(line.referencedId);
    if (!product) continue;
    const result = clampQuantity(item.quantity, product);
    errors.push(...quantityErrors(product, item.quantity, result));
    if (result.quantity <= 0) cart.lineItems = cart.lineItems.filter((l) => l !== line);
    else line.quantity = result.quantity;
  }
  dropVanishedProducts(cart, facts);
  return facts;
}

export function removeLines(cart: StoredCart, ids: string[]): void {
  for (const id of ids) if (!cart.lineItems.some((l) => l.id === id)) throw lineItemNotFound(id);
  cart.lineItems = cart.lineItems.filter((l) => !ids.includes(l.id));
}
