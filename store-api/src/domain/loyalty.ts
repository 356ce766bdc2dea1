import { randomBytes, randomInt, scryptSync } from 'node:crypto';
import type { SalesChannelContext } from '../context';
import { StoreApiError } from '../errors';
import { prepared } from '../entities/system';
import { randomId } from '../ids';
import { verifyPassword, type CustomerRow } from './customer';
import { assertNotBlocked, keyOf, recordAttempt, type RateLimit } from './rate-limit';
import { FormChecker, shown } from './shop-forms';

// The shop's loyalty card (SPEC §2 /account/my-{product}, §3 "Loyalty card application", §9 "a CHF 5 voucher for
// points"): 13-digit card numbers starting with 2 (the GS1 prefix for in-store numbers) with an EAN-13 check
// digit; every 500 points buy a CHF 5 voucher. A customer has at most one card: applying creates a new one
// (status applied, 0 points); assigning links an existing, unassigned card (printed cards handed out in the
// pharmacies, seeded by store-api/src/seed/loyalty-cards.ts).

export const POINTS_PER_VOUCHER = 500;

/**
 * The characters of a printed card's verification code (8 of them, printed XXXX-XXXX: 40 bits): no 0/O, 1/I, so
 * what is read off the card is typed right.
 */
export const VERIFICATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The code as compared: without spaces and dashes, upper case; null when it cannot be a code. */
function normaliseVerificationCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 32) return null;
  const code = value.replace(/[\s-]/g, '').toUpperCase();
  return code === '' ? null : code;
}

/**
 * How a card's code is kept (loyalty_card.verification_hash, never the code itself): scrypt in verifyPassword's
 * format (`scrypt$N$r$p$salt$key`). N = 2^12 (~8 ms) keeps seeding 40 cards fast; the code's 40 bits and the
 * attempt limits carry the rest.
 */
export function verificationCodeHash(code: string, salt: Buffer = randomBytes(16)): string {
  const N = 2 ** 12;
  const key = scryptSync(normaliseVerificationCode(code) ?? '', salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

let dummyCodeHash: string | undefined;
/** An unknown card number is checked against this, so it takes as long as a wrong code. */
function unknownCardHash(): string {
  dummyCodeHash ??= verificationCodeHash(randomBytes(8).toString('hex'));
  return dummyCodeHash;
}
export const VOUCHER_VALUE_CHF = 5;

export type LoyaltyCardStatus = 'applied' | 'active';

export interface LoyaltyCardRow {
  id: string;
  card_number: string;
  customer_id: string | null;
  status: LoyaltyCardStatus;
  points: number;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  email: string | null;
  created_at: string;
  updated_at: string | null;
}

/** The EAN-13 check digit of the first 12 digits: weights 1 and 3 from the left, 10 minus the sum mod 10. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('ean13CheckDigit needs 12 digits');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A card number of the shop: 13 digits, starting with 2, with a correct check digit. */
export function isValidCardNumber(value: string): boolean {
  return /^2\d{12}$/.test(value) && ean13CheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** The card number of 12 leading digits (the check digit appended). */
export function cardNumberOf(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** Where a card's points stand against its vouchers (SPEC §9: 500 points each). */
export interface VoucherProgress {
  /** vouchers the card's points are worth (issued or due) */
  vouchers: number;
  /** points turned into those vouchers: vouchers × 500 */
  pointsUsed: number;
  /** points collected toward the next voucher: what is left after the vouchers (0–499) */
  pointsCollected: number;
  /** points still missing for the next voucher: 500 − the points collected */
  pointsToNextVoucher: number;
}

/**
 * The voucher arithmetic: 499 points → 0 vouchers, 1 missing; 500 → 1, 500 missing; 1,200 → 2 vouchers, 200
 * collected, 300 missing. `issued`: vouchers already issued, when more than the points are worth now (points
 * corrected downwards after an issue: they count as used, and the next voucher needs them back first).
 */
export function voucherProgress(points: number, issued = 0): VoucherProgress {
  const whole = Math.max(0, Math.floor(points));
  const vouchers = Math.max(issued, Math.floor(whole / POINTS_PER_VOUCHER));
  const pointsUsed = vouchers * POINTS_PER_VOUCHER;
  const balance = whole - pointsUsed;
  return { vouchers, pointsUsed, pointsCollected: Math.max(0, balance), pointsToNextVoucher: POINTS_PER_VOUCHER - balance };
}

/** Points still missing for the next CHF 5 voucher: 500 − points % 500 (500 at 0, 1 at 499, 500 at 500). */
export function pointsToNextVoucher(points: number): number {
  return voucherProgress(points).pointsToNextVoucher;
}

export type LoyaltyVoucherState = 'issued' | 'redeemed';

export interface LoyaltyVoucherRow {
  id: string;
  card_id: string;
  ordinal: number;
  customer_id: string | null;
  promotion_id: string;
  code: string;
  state: LoyaltyVoucherState;
  order_id: string | null;
  issued_at: string;
  redeemed_at: string | null;
}

/** A voucher's name in the cart and on the order, per language short code (the code stands beside it). */
const VOUCHER_NAMES: Record<string, string> = { de: 'VitalCard-Gutschein', it: 'Buono VitalCard', fr: 'Bon VitalCard' };

/** VC-XXXX-XXXX: 40 random bits in the card codes' alphabet (no 0/O, 1/I), so a code read off a screen is typed right. */
function newVoucherCode(): string {
  const part = () => Array.from({ length: 4 }, () => VERIFICATION_CODE_ALPHABET[randomInt(VERIFICATION_CODE_ALPHABET.length)]).join('');
  return `VC-${part()}-${part()}`;
}

/** The card's vouchers of its customer (oldest first), with the number of the order that redeemed each. */
function vouchersOf(ctx: SalesChannelContext, card: LoyaltyCardRow): (LoyaltyVoucherRow & { order_number: string | null })[] {
  return prepared(
    ctx.db,
    `SELECT v.*, o.order_number FROM loyalty_voucher v LEFT JOIN "order" o ON o.id = v.order_id WHERE v.card_id = ? AND v.customer_id = ? ORDER BY v.ordinal`,
  ).all(card.id, card.customer_id) as (LoyaltyVoucherRow & { order_number: string | null })[];
}

/**
 * Issues the vouchers a card's points have reached and that are not issued yet: voucher n once the points reach
 * n × 500, each a single-use CHF 5 promotion only the card's customer may redeem. Idempotent: in one immediate
 * transaction, and UNIQUE (card_id, ordinal) refuses a second voucher n. A card without a customer earns none yet.
 */
export function issueDueVouchers(ctx: SalesChannelContext, card: LoyaltyCardRow, now = new Date()): void {
  const customerId = card.customer_id;
  if (!customerId || voucherProgress(card.points).vouchers === 0) return;
  ctx.db
    .transaction(() => {
      const current = prepared(ctx.db, 'SELECT points, customer_id FROM loyalty_card WHERE id = ?').get(card.id) as Pick<LoyaltyCardRow, 'points' | 'customer_id'>;
      if (current.customer_id !== customerId) return;
      const issued = prepared(ctx.db, 'SELECT COALESCE(MAX(ordinal), 0) FROM loyalty_voucher WHERE card_id = ?').pluck().get(card.id) as number;
      const due = voucherProgress(current.points).vouchers;
      if (due <= issued) return;
      const stamp = now.toISOString();
      const languages = prepared(ctx.db, 'SELECT id, short_code FROM language').all() as { id: string; short_code: string }[];
      for (let ordinal = issued + 1; ordinal <= due; ordinal++) {
        let code: string;
        do code = newVoucherCode();
        while (prepared(ctx.db, 'SELECT 1 FROM promotion WHERE code = ?').get(code));
        const promotionId = randomId();
        prepared(
          ctx.db,
          `INSERT INTO promotion (id, code, active, discount_type, value, min_order_value, valid_from, valid_until, max_uses, uses, customer_id)
           VALUES (?, ?, 1, 'absolute', ?, NULL, NULL, NULL, 1, 0, ?)`,
        ).run(promotionId, code, VOUCHER_VALUE_CHF, customerId);
        for (const language of languages) {
          const name = VOUCHER_NAMES[language.short_code] ?? VOUCHER_NAMES.de;
          prepared(ctx.db, 'INSERT INTO promotion_translation (promotion_id, language_id, name) VALUES (?, ?, ?)').run(promotionId, language.id, name);
        }
        prepared(
          ctx.db,
          `INSERT INTO loyalty_voucher (id, card_id, ordinal, customer_id, promotion_id, code, state, issued_at) VALUES (?, ?, ?, ?, ?, ?, 'issued', ?)`,
        ).run(randomId(), card.id, ordinal, customerId, promotionId, code, stamp);
      }
    })
    .immediate();
}

/** In the order transaction: the loyalty vouchers among the order's promotions are redeemed by it. */
export function redeemLoyaltyVouchers(ctx: SalesChannelContext, orderId: string, promotionIds: readonly string[], now: string): void {
  const redeem = prepared(ctx.db, "UPDATE loyalty_voucher SET state = 'redeemed', order_id = ?, redeemed_at = ? WHERE promotion_id = ? AND state = 'issued'");
  for (const promotionId of promotionIds) redeem.run(orderId, now, promotionId);
}

export function loyaltyCardJson(card: LoyaltyCardRow, vouchers: readonly (LoyaltyVoucherRow & { order_number: string | null })[] = []): Record<string, unknown> {
  const progress = voucherProgress(card.points, vouchers.length);
  return {
    cardNumber: card.card_number,
    status: card.status,
    points: card.points,
    pointsUsedForVouchers: progress.pointsUsed,
    pointsCollected: progress.pointsCollected,
    pointsToNextVoucher: progress.pointsToNextVoucher,
    voucherValue: VOUCHER_VALUE_CHF,
    pointsPerVoucher: POINTS_PER_VOUCHER,
    vouchers: vouchers.map((v) => ({
      code: v.code,
      value: VOUCHER_VALUE_CHF,
      state: v.state,
      issuedAt: v.issued_at,
      redeemedAt: v.redeemed_at,
      orderNumber: v.order_number,
      apiAlias: 'pharmacy_loyalty_voucher',
    })),
    apiAlias: 'pharmacy_loyalty_card',
  };
}

/** The answer of every /loyalty route: the card with the vouchers its points have reached (issued now if due). */
export function loyaltyJson(ctx: SalesChannelContext, card: LoyaltyCardRow | undefined): Record<string, unknown> {
  if (!card) return { card: null, apiAlias: 'pharmacy_loyalty' };
  issueDueVouchers(ctx, card);
  return { card: loyaltyCardJson(card, vouchersOf(ctx, card)), apiAlias: 'pharmacy_loyalty' };
}

export function customerCard(ctx: SalesChannelContext, customerId: string): LoyaltyCardRow | undefined {
  return prepared(ctx.db, 'SELECT * FROM loyalty_card WHERE customer_id = ?').get(customerId) as LoyaltyCardRow | undefined;
}

function cardExists(): StoreApiError {
  return StoreApiError.of(400, 'PHARMACY__LOYALTY_CARD_EXISTS', 'The customer already has a loyalty card.');
}

/** Digits of a typed card number: spaces and dashes as printed on the card are allowed. */
function normaliseCardNumber(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** YYYY-MM-DD of a real date between 1900-01-01 and today. */
function birthdayOf(form: FormChecker, value: unknown, today: Date): string | null {
  const text = form.text('/birthday', value, { required: true, max: 10 });
  if (text === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  const valid = date !== null && date.toISOString().slice(0, 10) === text && text >= '1900-01-01' && text <= today.toISOString().slice(0, 10);
  if (!valid) {
    form.add({ pointer: '/birthday', code: 'VIOLATION::INVALID_DATE_ERROR', detail: 'This value is not a valid date.', parameters: { '{{ value }}': shown(value) } });
    return null;
  }
  return text;
}

/** POST /loyalty/apply: a new card (status applied, 0 points) with the application's data. */
export function applyForCard(ctx: SalesChannelContext, customer: CustomerRow, body: Record<string, unknown>, now = new Date()): LoyaltyCardRow {
  const form = new FormChecker();
  const firstName = form.text('/firstName', body.firstName, { required: true });
  const lastName = form.text('/lastName', body.lastName, { required: true });
  const birthday = birthdayOf(form, body.birthday, now);
  const street = form.text('/street', body.street, { required: true });
  const zipcode = form.text('/zipcode', body.zipcode, { required: true, max: 10 });
  if (zipcode !== null && !/^\d{4}$/.test(zipcode)) {
    form.add({
      pointer: '/zipcode',
      code: 'VIOLATION::ZIP_CODE_INVALID',
      detail: 'This value is not a valid ZIP code for country "CH": it has exactly 4 digits.',
      parameters: { '{{ value }}': shown(body.zipcode), '{{ iso }}': 'CH' },
    });
  }
  const city = form.text('/city', body.city, { required: true });
  const email = form.email('/email', body.email);
  form.fail();
  if (customerCard(ctx, customer.id)) throw cardExists();

  const stamp = now.toISOString();
  const id = randomId();
  ctx.db.transaction(() => {
    if (customerCard(ctx, customer.id)) throw cardExists();
    // 2 + 11 random digits + check digit; a number already taken (seeded or issued) is drawn again.
    let cardNumber: string;
    do {
      cardNumber = cardNumberOf(`2${String(randomInt(0, 1e11)).padStart(11, '0')}`);
    } while (prepared(ctx.db, 'SELECT 1 FROM loyalty_card WHERE card_number = ?').get(cardNumber));
    prepared(
      ctx.db,
      `INSERT INTO loyalty_card (id, card_number, customer_id, status, points, first_name, last_name, birthday, street, zipcode, city, email, created_at)
       VALUES (?, ?, ?, 'applied', 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, cardNumber, customer.id, firstName, lastName, birthday, street, zipcode, city, email, stamp);
  })();
  return customerCard(ctx, customer.id)!;
}

function invalidNumber(value: unknown): StoreApiError {
  return StoreApiError.violation('/cardNumber', 'PHARMACY__LOYALTY_CARD_NUMBER_INVALID', 'The loyalty card number is invalid.', { '{{ value }}': shown(value) });
}

/**
 * Failed card assignments per customer: 10 an hour. Printed card numbers follow each other, so without a limit an
 * account could try its way to other people's unassigned cards and their points.
 */
export function assignAttemptsLimit(customerId: string): RateLimit {
  return { key: keyOf('loyalty:assign', customerId), max: 10, windowSeconds: 3600 };
}

/** Failed card assignments per client address over all accounts: 30 an hour (against many fresh accounts). */
export function assignAttemptsIpLimit(ip: string): RateLimit {
  return { key: keyOf('loyalty:assign-ip', ip), max: 30, windowSeconds: 3600 };
}

/** One answer for an unknown number, a wrong code and a card of someone else: nothing tells whether a number exists. */
function notVerified(): StoreApiError {
  return StoreApiError.violation('/verificationCode', 'PHARMACY__LOYALTY_CARD_NOT_VERIFIED', 'The card number or the verification code is wrong.');
}

/**
 * POST /loyalty/assign {cardNumber, verificationCode}: links an existing printed card, proven by the code printed
 * on it (issue 17: any number could be claimed, points included). A malformed number or a wrong check digit
 * answers the number violation (SPEC §5; that is public arithmetic); an unknown number, a wrong code and a card of
 * someone else all answer PHARMACY__LOYALTY_CARD_NOT_VERIFIED after the same scrypt work. Each refusal counts
 * against the customer (10 an hour) and the client address (30 an hour), then 429. Assigning the customer's own
 * card again answers it; another card while one is linked is refused.
 */
export async function assignCard(ctx: SalesChannelContext, customer: CustomerRow, body: Record<string, unknown>, clientIp: string | null = null): Promise<LoyaltyCardRow> {
  const blank = (value: unknown) => value === undefined || value === null || value === '';
  if (blank(body.cardNumber) || blank(body.verificationCode)) {
    const form = new FormChecker();
    if (blank(body.cardNumber)) form.blank('/cardNumber', body.cardNumber);
    if (blank(body.verificationCode)) form.blank('/verificationCode', body.verificationCode);
    form.fail();
  }
  const limits = [assignAttemptsLimit(customer.id), ...(clientIp ? [assignAttemptsIpLimit(clientIp)] : [])];
  assertNotBlocked(ctx.db, limits, 'FRAMEWORK__RATE_LIMIT_EXCEEDED');
  const refuse = (error: StoreApiError): StoreApiError => {
    for (const limit of limits) recordAttempt(ctx.db, limit);
    return error;
  };
  const number = normaliseCardNumber(body.cardNumber);
  if (number === null || !isValidCardNumber(number)) throw refuse(invalidNumber(body.cardNumber));
  const card = prepared(ctx.db, 'SELECT * FROM loyalty_card WHERE card_number = ?').get(number) as (LoyaltyCardRow & { verification_hash: string | null }) | undefined;
  if (card && card.customer_id === customer.id) return card;
  const code = normaliseVerificationCode(body.verificationCode);
  // A card without a code (applied for online) has nothing to prove with: it is checked against the dummy and fails.
  const matches = (await verifyPassword(code ?? '', card?.verification_hash ?? unknownCardHash())) && code !== null;
  if (!card || !matches || card.customer_id !== null) throw refuse(notVerified());
  return ctx.db.transaction((): LoyaltyCardRow => {
    const current = prepared(ctx.db, 'SELECT * FROM loyalty_card WHERE id = ?').get(card.id) as LoyaltyCardRow;
    if (current.customer_id !== null && current.customer_id !== customer.id) throw notVerified();
    if (current.customer_id === customer.id) return current;
    if (customerCard(ctx, customer.id)) throw cardExists();
    prepared(ctx.db, "UPDATE loyalty_card SET customer_id = ?, status = 'active', updated_at = ? WHERE id = ?").run(customer.id, new Date().toISOString(), current.id);
    return customerCard(ctx, customer.id)!;
  })();
}
