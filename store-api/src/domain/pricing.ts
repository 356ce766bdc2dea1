// Product prices as Shopware's sales-channel price calculator answers them. Prices are gross CHF
// (the shop shows prices incl. VAT); the VAT inside a gross price is price × rate / (100 + rate).

type Json = Record<string, unknown>;

export interface PriceReferenceInput {
  purchaseUnit: number | null;
  referenceUnit: number | null;
  unitName: string | null;
}

export interface PriceInput {
  unitPrice: number;
  quantity: number;
  taxRate: number;
  listPrice?: number | null;
  reference?: PriceReferenceInput;
}

/** Two decimals, half away from zero: CHF item rounding. */
export function roundPrice(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
}

/** VAT included in a gross amount. */
export function includedTax(gross: number, taxRate: number): number {
  return roundPrice((gross * taxRate) / (100 + taxRate));
}

/** Shopware's ListPrice: discount is negative (price − list price), percentage of the list price. */
export function listPriceJson(unitPrice: number, listPrice: number | null | undefined): Json | null {
  if (listPrice === null || listPrice === undefined || !(listPrice > unitPrice)) return null;
  const discount = roundPrice(unitPrice - listPrice);
  return { price: listPrice, discount, percentage: roundPrice((Math.abs(discount) / listPrice) * 100), apiAlias: 'cart_list_price' };
}

/** Price per reference unit (e.g. per 100 ml) when the product declares its purchase unit. */
export function referencePriceJson(unitPrice: number, reference: PriceReferenceInput | undefined): Json | null {
  if (!reference || !reference.purchaseUnit || !reference.referenceUnit || !reference.unitName) return null;
  return {
    purchaseUnit: reference.purchaseUnit,
    referenceUnit: reference.referenceUnit,
    unitName: reference.unitName,
    price: roundPrice((unitPrice / reference.purchaseUnit) * reference.referenceUnit),
    listPrice: null,
    regulationPrice: null,
    hasRange: false,
    variantId: null,
    apiAlias: 'cart_price_reference',
  };
}

export function taxRulesJson(taxRate: number): Json[] {
  return [{ taxRate, percentage: 100, apiAlias: 'cart_tax_rule' }];
}

/** A CalculatedPrice (apiAlias calculated_price) for `quantity` items at a gross unit price. */
export function calculatedPrice(input: PriceInput): Json {
  const unitPrice = roundPrice(input.unitPrice);
  const totalPrice = roundPrice(unitPrice * input.quantity);
  return {
    unitPrice,
    quantity: input.quantity,
    totalPrice,
    calculatedTaxes: [{ tax: includedTax(totalPrice, input.taxRate), taxRate: input.taxRate, price: totalPrice, apiAlias: 'cart_tax_calculated' }],
    taxRules: taxRulesJson(input.taxRate),
    referencePrice: referencePriceJson(unitPrice, input.reference),
    listPrice: listPriceJson(unitPrice, input.listPrice),
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

export interface TierPrice {
  quantityStart: number;
  quantityEnd: number | null;
  price: number;
  listPrice: number | null;
}

/**
 * The tier prices of a product (`calculatedPrices`): one price per tier whose quantity is the
 * tier's last quantity, or its first for the open-ended last tier; empty with fewer than two tiers.
 */
export function tierPrices(tiers: readonly TierPrice[], taxRate: number, reference?: PriceReferenceInput): Json[] {
  if (tiers.length < 2) return [];
  return [...tiers]
    .sort((a, b) => a.quantityStart - b.quantityStart)
    .map((tier) =>
      calculatedPrice({ unitPrice: tier.price, quantity: tier.quantityEnd ?? tier.quantityStart, taxRate, listPrice: tier.listPrice, reference }),
    );
}

/** calculatedCheapestPrice: the lowest price over the variants (and tiers), marked as a range when prices differ. */
export function calculatedCheapestPrice(input: PriceInput & { hasRange: boolean; variantId: string | null }): Json {
  const price = calculatedPrice({ ...input, quantity: 1 });
  return { ...price, hasRange: input.hasRange, variantId: input.variantId, apiAlias: 'calculated_cheapest_price' };
}
