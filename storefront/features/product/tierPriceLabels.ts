import type { TFunction } from 'i18next';

// SPEC §9: tier price labels read 'to {quantity}', and 'from {quantity}' for the last tier. The graph
// says which (labelKind), so the rule is not re-derived here.

export type TierLabelKind = 'TO' | 'FROM';

export function tierLabelKey(kind: TierLabelKind | string): 'tier.to' | 'tier.from' {
  return kind === 'FROM' ? 'tier.from' : 'tier.to';
}

/** The tier's label in the product namespace's language, e.g. "bis 9 Stk." / "ab 10 Stk.". */
export function tierLabel(t: TFunction<'product'>, tier: { labelKind: TierLabelKind | string; quantity: number }): string {
  return t(tierLabelKey(tier.labelKind), { quantity: tier.quantity });
}

/**
 * The tier whose price applies to `quantity`: the first "to" tier that reaches it, else the last ("from")
 * tier. -1 without tiers.
 */
export function activeTierIndex(tiers: readonly { labelKind: TierLabelKind | string; quantity: number }[], quantity: number): number {
  if (tiers.length === 0) return -1;
  const index = tiers.findIndex((tier) => tier.labelKind !== 'FROM' && quantity <= tier.quantity);
  return index === -1 ? tiers.length - 1 : index;
}
