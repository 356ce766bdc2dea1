import { includedTax, roundPrice } from '../pricing';
import type { CalculatedLineItem } from './types';

// The cart's VAT per rate and its totals, with the Swiss cash rounding of what the shopper pays.

export const STANDARD_VAT_RATE = 8.1;

/** The product and promotion lines together, CHF incl. VAT. */
export function positionPriceOf(lines: CalculatedLineItem[]): number {
  return roundPrice(lines.reduce((sum, l) => sum + l.totalPrice, 0));
}

export interface CartTotals {
  taxes: { taxRate: number; tax: number; price: number }[];
  rawTotal: number;
  totalPrice: number;
  netPrice: number;
}

/** VAT at one rate within a price (CHF incl. VAT). */
export interface TaxPart {
  taxRate: number;
  tax: number;
  price: number;
}

/** The VAT of a product line: all of it at the product's rate. */
export function lineTaxPart(line: CalculatedLineItem): TaxPart {
  return { taxRate: line.taxRate, tax: line.tax, price: line.totalPrice };
}

/**
 * `lineTaxes`: the VAT of the lines in the cart's order (a discount's split over the rates it discounts);
 * `shipping.charged`: what delivery costs the shopper (0 when nothing is shipped), taxed at `shipping.taxRate`;
 * `totalRoundingInterval`: the currency's cash rounding, read only when there is a total to round.
 */
export function cartTotals(
  lineTaxes: TaxPart[],
  positionPrice: number,
  shipping: { charged: number; taxRate: number },
  totalRoundingInterval: () => number,
): CartTotals {
  // VAT per rate: the lines' own VAT (Shopware's horizontal calculation), then shipping.
  const taxesByRate = new Map<number, { tax: number; price: number }>();
  const addTax = (taxRate: number, tax: number, price: number) => {
    const entry = taxesByRate.get(taxRate) ?? { tax: 0, price: 0 };
    taxesByRate.set(taxRate, { tax: roundPrice(entry.tax + tax), price: roundPrice(entry.price + price) });
  };
  for (const t of lineTaxes) addTax(t.taxRate, t.tax, t.price);
  if (shipping.charged > 0) addTax(shipping.taxRate, includedTax(shipping.charged, shipping.taxRate), shipping.charged);
  const taxes = [...taxesByRate.entries()].sort((a, b) => b[0] - a[0]).map(([taxRate, t]) => ({ taxRate, tax: t.tax, price: t.price }));
  const rawTotal = roundPrice(positionPrice + shipping.charged);
  // Swiss cash rounding of the total (the currency's total rounding, 5 Rappen); rawTotal keeps the exact sum.
  const totalPrice = rawTotal === 0 ? 0 : cashRound(rawTotal, totalRoundingInterval());
  const netPrice = roundPrice(rawTotal - taxes.reduce((sum, t) => sum + t.tax, 0));
  return { taxes, rawTotal, totalPrice, netPrice };
}

/** Rounds a total to the cash interval (Shopware's CashRounding): 18.32 → 18.30, 18.33 → 18.35 at 0.05. */
export function cashRound(value: number, interval: number): number {
  if (!(interval > 0.01)) return roundPrice(value);
  const steps = Math.round(roundPrice(value / interval) + (value >= 0 ? 1e-9 : -1e-9));
  return roundPrice(steps * interval);
}
