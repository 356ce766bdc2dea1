import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../storefront/platform/i18n/de/product.json';
import fr from '../../storefront/platform/i18n/fr/product.json';
import it_ from '../../storefront/platform/i18n/it/product.json';
import { activeTierIndex, tierLabel, tierLabelKey } from '../../storefront/features/product/tierPriceLabels';

// SPEC §9: tier price labels read 'to {quantity}', and 'from {quantity}' for the last tier.

function productT(lng: 'de' | 'it' | 'fr') {
  const i18n = createInstance();
  void i18n.init({ lng, initAsync: false, resources: { de: { product: de }, it: { product: it_ }, fr: { product: fr } }, interpolation: { escapeValue: false } });
  return i18n.getFixedT(lng, 'product');
}

const tiers = [
  { quantity: 9, labelKind: 'TO' },
  { quantity: 10, labelKind: 'FROM' },
] as const;

describe('tier price labels', () => {
  it('picks "to" for every tier but the last and "from" for the last', () => {
    expect(tiers.map((tier) => tierLabelKey(tier.labelKind))).toEqual(['tier.to', 'tier.from']);
  });

  it('reads "bis 9" / "ab 10" in German, "fino a" / "da" in Italian, "jusqu\'à" / "dès" in French', () => {
    expect(tiers.map((tier) => tierLabel(productT('de'), tier))).toEqual(['bis 9 Stk.', 'ab 10 Stk.']);
    expect(tiers.map((tier) => tierLabel(productT('it'), tier))).toEqual(['fino a 9 pz.', 'da 10 pz.']);
    expect(tiers.map((tier) => tierLabel(productT('fr'), tier))).toEqual(["jusqu'à 9 pces", 'dès 10 pces']);
  });
});

describe('the tier a quantity falls in', () => {
  it('is the first tier reaching the quantity, and the last tier from its quantity on', () => {
    const three = [
      { quantity: 4, labelKind: 'TO' },
      { quantity: 9, labelKind: 'TO' },
      { quantity: 10, labelKind: 'FROM' },
    ];
    expect([1, 4, 5, 9, 10, 500].map((quantity) => activeTierIndex(three, quantity))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(activeTierIndex([], 3)).toBe(-1);
  });
});

describe('product texts', () => {
  it('have the same keys in de, it and fr', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) => (typeof child === 'object' && child ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keys(it_).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
  });
});
