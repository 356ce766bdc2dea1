import type { CalculatedCart, CartError, CartErrorLevel } from './types';

// The cart's errors in Shopware's keyed form: level 0 notice, 10 warning, 20 error.

export function cartError(key: string, messageKey: string, level: CartErrorLevel, message: string, parameters: Record<string, unknown> = {}): CartError {
  return { ...parameters, key, messageKey, level, message, code: level };
}

export const PROMOTION_NOT_FOUND = 'promotion-not-found';
/** Errors of level 20 whose Shopware class answers blockOrder() false: told to the shopper, the order still goes. */
const ORDER_NOT_BLOCKED_BY: ReadonlySet<string> = new Set([PROMOTION_NOT_FOUND]);

/** The errors that block placing the order (level 20, unless Shopware lets the order go with them). */
export function cartBlockingErrors(cart: CalculatedCart): CartError[] {
  return cart.errors.filter((error) => error.level === 20 && !ORDER_NOT_BLOCKED_BY.has(error.messageKey));
}

export function mergeErrors(...lists: CartError[][]): CartError[] {
  const byKey = new Map<string, CartError>();
  for (const list of lists) for (const error of list) byKey.set(error.key, error);
  return [...byKey.values()];
}
