import { cardNumberOf } from '../domain/loyalty';
import { stableId } from '../ids';
import type { Db } from '../db/connection';
import { TableWriter } from './table-writer';

// Printed loyalty cards handed out in the pharmacies, not yet linked to an online account (POST /loyalty/assign
// links one). Deterministic: card i has the number 29900000 + i (4 digits) + EAN-13 check digit and fixed points.
// For tests and manual checks (tests/README.md):
//   2990000000002 — 0 points      2990000000019 — 499 points
//   2990000000026 — 500 points    2990000000033 — 1200 points

export const SEEDED_LOYALTY_CARD_COUNT = 40;

/** The first four cards' points cover the voucher maths' edges; the rest spread over 0–1200. */
const FIRST_POINTS = [0, 499, 500, 1200];

export function seededLoyaltyCardNumber(index: number): string {
  return cardNumberOf(`29900000${String(index).padStart(4, '0')}`);
}

export function seededLoyaltyCardPoints(index: number): number {
  return FIRST_POINTS[index] ?? (index * 137) % 1201;
}

export function seedLoyaltyCards(w: TableWriter): number {
  for (let index = 0; index < SEEDED_LOYALTY_CARD_COUNT; index++) {
    w.insert('loyalty_card', {
      id: stableId('loyalty_card', index),
      card_number: seededLoyaltyCardNumber(index),
      customer_id: null,
      status: 'active',
      points: seededLoyaltyCardPoints(index),
      created_at: '2024-01-01T00:00:00.000Z',
    });
  }
  return SEEDED_LOYALTY_CARD_COUNT;
}

/**
 * For a shop seeded before loyalty cards existed: writes the printed cards when none is there yet (same rows as
 * a fresh seed). Meant for ensureSeeded's start path, beside the downloads' one.
 */
export function ensureLoyaltyCards(db: Db): number {
  const count = db.prepare('SELECT COUNT(*) FROM loyalty_card').pluck().get() as number;
  return count === 0 ? db.transaction(() => seedLoyaltyCards(new TableWriter(db)))() : 0;
}
