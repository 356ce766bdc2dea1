// Which products can be sent back (SPEC §5, the /retouren page): not food and drink, medicines and supplements,
// hygiene-sensitive or baby items (the operator tags those products), not items ordered from the maker for the
// customer, and not downloads (the digital-content checkbox waives the right of withdrawal).

/** The Shopware tag an operator puts on products the returns page excludes. */
export const NO_RETURNS_TAG = 'no-returns';

export interface ReturnFacts {
  tags: readonly string[];
  isDownload: boolean;
  prescriptionRequired: boolean;
  /** not in stock: ordered from the maker for this customer */
  onCustomerOrder: boolean;
}

export function isReturnable(product: ReturnFacts): boolean {
  return !product.isDownload && !product.prescriptionRequired && !product.onCustomerOrder && !product.tags.includes(NO_RETURNS_TAG);
}

/**
 * An unpaid order can be cancelled whatever it holds; only downloads are delivered the moment they are paid and
 * carry no right of withdrawal, so their page says they cannot be cancelled once bought.
 */
export function isCancellable(product: Pick<ReturnFacts, 'isDownload'>): boolean {
  return !product.isDownload;
}
