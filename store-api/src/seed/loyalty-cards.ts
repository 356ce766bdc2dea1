import { createHash, createHmac } from 'node:crypto';
import { cardNumberOf, VERIFICATION_CODE_ALPHABET, verificationCodeHash } from '../domain/loyalty';
import { stableId } from '../ids';
import type { Db } from '../db/connection';
import { TableWriter } from './table-writer';

// Printed loyalty cards handed out in the pharmacies, not yet linked to an online account (POST /loyalty/assign
// links one with the verification code printed on the card). Deterministic: card i has the number 29900000 + i
// (4 digits) + EAN-13 check digit, fixed points and a verification code derived from the number with the secret
// below, so the README, the tests and a developer's fresh database all agree without reading codes out of the
// database (which keeps only their scrypt hash). The secret is public with the code: these are demo cards; a real
// shop imports its printed cards with random codes. For tests and manual checks (README "Loyalty cards"):
//   2990000000002 — 0 points, code THFL-NHSZ        2990000000019 — 499 points, code 7F4U-TR4L
//   2990000000026 — 500 points, code 5H46-RZMU      2990000000033 — 1200 points, code XT9B-75MX

export const SEEDED_LOYALTY_CARD_COUNT = 40;

/** The first four cards' points cover the voucher maths' edges; the rest spread over 0–1200. */
const FIRST_POINTS = [0, 499, 500, 1200];

export function seededLoyaltyCardNumber(index: number): string {
  return cardNumberOf(`29900000${String(index).padStart(4, '0')}`);
}

export function seededLoyaltyCardPoints(index: number): number {
  return FIRST_POINTS[index] ?? (index * 137) % 1201;
}

/** The demo cards' secret: public, like the seed itself (see above). */
const SEEDED_CODE_SECRET = 'pharmacy-demo-loyalty-cards';

/** The verification code printed on seeded card `index`: 8 characters of VERIFICATION_CODE_ALPHABET, shown as XXXX-XXXX. */
export function seededLoyaltyCardCode(index: number): string {
  const digest = createHmac('sha256', SEEDED_CODE_SECRET).update(seededLoyaltyCardNumber(index)).digest();
  const code = [...digest.subarray(0, 8)].map((byte) => VERIFICATION_CODE_ALPHABET[byte % VERIFICATION_CODE_ALPHABET.length]).join('');
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The stored hash of a seeded card's code; the salt comes from the number so the seed stays byte-identical. */
function seededCodeHash(index: number): string {
  const salt = createHash('sha256').update(`loyalty-code:${seededLoyaltyCardNumber(index)}`).digest().subarray(0, 16);
  return verificationCodeHash(seededLoyaltyCardCode(index), salt);
}

export function seedLoyaltyCards(w: TableWriter): number {
  for (let index = 0; index < SEEDED_LOYALTY_CARD_COUNT; index++) {
    w.insert('loyalty_card', {
      id: stableId('loyalty_card', index),
      card_number: seededLoyaltyCardNumber(index),
      customer_id: null,
      status: 'active',
      points: seededLoyaltyCardPoints(index),
      verification_hash: seededCodeHash(index),
      created_at: '2024-01-01T00:00:00.000Z',
    });
  }
  return SEEDED_LOYALTY_CARD_COUNT;
}

/**
 * For a shop seeded before loyalty cards existed: writes the printed cards when none is there yet (same rows as
 * a fresh seed); for one seeded before their codes existed, gives the unassigned printed cards their code (until
 * then no card could be claimed). Meant for ensureSeeded's start path, beside the downloads' one.
 */
export function ensureLoyaltyCards(db: Db): number {
  const count = db.prepare('SELECT COUNT(*) FROM loyalty_card').pluck().get() as number;
  if (count === 0) return db.transaction(() => seedLoyaltyCards(new TableWriter(db)))();
  const withoutCode = new Set(db.prepare('SELECT card_number FROM loyalty_card WHERE customer_id IS NULL AND verification_hash IS NULL').pluck().all() as string[]);
  const setCode = db.prepare('UPDATE loyalty_card SET verification_hash = ? WHERE card_number = ? AND customer_id IS NULL AND verification_hash IS NULL');
  return db.transaction(() => {
    let changed = 0;
    for (let index = 0; index < SEEDED_LOYALTY_CARD_COUNT; index++) {
      if (withoutCode.has(seededLoyaltyCardNumber(index))) changed += setCode.run(seededCodeHash(index), seededLoyaltyCardNumber(index)).changes;
    }
    return changed;
  })();
}
