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

/** Points still missing for the next CHF 5 voucher: 500 − points % 500 (500 at 0, 1 at 499, 500 at 500). */
export function pointsToNextVoucher(points: number): number {
  const whole = Math.max(0, Math.floor(points));
  return POINTS_PER_VOUCHER - (whole % POINTS_PER_VOUCHER);
}

export function loyaltyCardJson(card: LoyaltyCardRow): Record<string, unknown> {
  return {
    cardNumber: card.card_number,
    status: card.status,
    points: card.points,
    pointsToNextVoucher: pointsToNextVoucher(card.points),
    voucherValue: VOUCHER_VALUE_CHF,
    pointsPerVoucher: POINTS_PER_VOUCHER,
    apiAlias: 'pharmacy_loyalty_card',
  };
}

/** The answer of every /loyalty route. */
export function loyaltyJson(card: LoyaltyCardRow | undefined): Record<string, unknown> {
  return { card: card ? loyaltyCardJson(card) : null, apiAlias: 'pharmacy_loyalty' };
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
