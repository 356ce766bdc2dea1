/** A Shopware id: 32 hex characters (what AddToCartInput.productId, line item ids and address ids are). */
const SHOPWARE_ID = /^[0-9a-f]{32}$/i;

export function isShopwareId(value: unknown): value is string {
  return typeof value === 'string' && SHOPWARE_ID.test(value);
}
