// SPEC §9 Invoice: the most the shop charges for collecting an unpaid invoice, by the amount claimed.
// The terms page renders its table from COLLECTION_COST_BANDS and the dunning process uses
// maximumCollectionCost(), so the published table and the amount charged are the same numbers.
//
// Edges (decided here, published in the terms): each band runs from just above the previous band's upper
// limit up to and including its own, so there are no gaps between the SPEC's "up to 150" and "151–600":
// 150.00 → 80, 150.50 → 175, 600.00 → 175, 600.50 → 230, 1000.00 → 230, 1000.01 → 860,
// 10000.00 → 860, 10000.01 → 9 % = 900.00 (rounded to the centime).

/** A band's maximum: a fixed amount in CHF, or a percentage of the claim. */
export type CollectionCostMaximum = { kind: 'fixed'; chf: number } | { kind: 'percent'; percent: number };

export interface CollectionCostBand {
  /** The claim is above this amount (CHF); 0 for the first band. */
  aboveChf: number;
  /** … and at most this amount (CHF); null for the open last band. */
  upToChf: number | null;
  maximum: CollectionCostMaximum;
}

export const COLLECTION_COST_BANDS: readonly CollectionCostBand[] = [
  { aboveChf: 0, upToChf: 150, maximum: { kind: 'fixed', chf: 80 } },
  { aboveChf: 150, upToChf: 600, maximum: { kind: 'fixed', chf: 175 } },
  { aboveChf: 600, upToChf: 1000, maximum: { kind: 'fixed', chf: 230 } },
  { aboveChf: 1000, upToChf: 10000, maximum: { kind: 'fixed', chf: 860 } },
  { aboveChf: 10000, upToChf: null, maximum: { kind: 'percent', percent: 9 } },
];

/** Amounts are compared in centimes: 1000.01 is above 1000 however the float is stored. */
const centimes = (chf: number): number => Math.round(chf * 100);

/** The band a claim falls into (a claim of 0 falls into the first). */
export function collectionCostBandOf(claimChf: number): CollectionCostBand {
  if (!Number.isFinite(claimChf) || claimChf < 0) throw new RangeError(`A claim must be a non-negative amount in CHF, got ${claimChf}`);
  const claim = centimes(claimChf);
  const band = COLLECTION_COST_BANDS.find((candidate) => candidate.upToChf === null || claim <= centimes(candidate.upToChf));
  return band!;
}

/** The most the shop may charge for collecting a claim of `claimChf` (CHF, rounded to the centime). */
export function maximumCollectionCost(claimChf: number): number {
  const { maximum } = collectionCostBandOf(claimChf);
  if (maximum.kind === 'fixed') return maximum.chf;
  return Math.round((centimes(claimChf) * maximum.percent) / 100) / 100;
}
