import type { SalesChannelContext } from '../context';
import type { Db } from '../db/connection';
import { prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { stableId } from '../ids';
import { roundPrice } from './pricing';
import { requireAccount } from './customer';
import { hitRateLimit, keyOf, type RateLimit } from './rate-limit';

// Insurer partnership (SPEC §9): customers of the partner insurer verify their insurance number once and
// move into an insured customer group; the Store API's pricing then gives them a discount on medicines
// (generics and originals), and the welcome voucher VERSICHERT20 (CHF 20 from CHF 50, first order only).
//
// Verification = the Swiss insurance card format (20 digits, "80756…", Luhn check digit) AND the number is
// listed in insurer_member, the embedded stand-in for the insurer's verification service.

/** The insured customer group (stable id, seeded by seed/insurer.ts). */
export const INSURED_GROUP_ID = stableId('customer_group', 'insured');
/** The insured customer group with a multi-medication plan. */
export const INSURED_PLAN_GROUP_ID = stableId('customer_group', 'insured-plan');

/** The one-time welcome voucher of insured customers (CHF 20 from CHF 50 goods value, first order). */
export const INSURER_WELCOME_CODE = 'VERSICHERT20';

export type MedicationKind = 'generic' | 'original';
export type InsuredTier = 'insured' | 'plan';

/** Originals from this unit price (CHF incl. VAT) get the plan's lower high-price rate. */
export const PLAN_HIGH_PRICE_THRESHOLD = 1028;

/** The discount in percent for a medicine of `kind` at `unitPrice` for a customer of `tier`; 0 for none. */
export function insurerDiscountPercentage(tier: InsuredTier | null, kind: MedicationKind | null, unitPrice: number): number {
  if (!tier || !kind) return 0;
  if (tier === 'insured') return kind === 'generic' ? 10 : 2;
  if (kind === 'generic') return 14;
  return roundPrice(unitPrice) >= PLAN_HIGH_PRICE_THRESHOLD ? 1.5 : 3.5;
}

export interface InsurerPrice {
  /** the discounted unit price (gross CHF, 0.01) */
  unitPrice: number;
  /** the regular unit price (shown as the previous price), null when there is no discount */
  regularPrice: number | null;
  discount: { percentage: number; kind: MedicationKind } | null;
}

/** A unit price after the insured discount, rounded to 0.01 (half away from zero). */
export function insuredUnitPrice(tier: InsuredTier | null, kind: MedicationKind | null, unitPrice: number): InsurerPrice {
  const percentage = insurerDiscountPercentage(tier, kind, unitPrice);
  if (!percentage || !kind) return { unitPrice, regularPrice: null, discount: null };
  return {
    unitPrice: roundPrice((unitPrice * (100 - percentage)) / 100),
    regularPrice: unitPrice,
    discount: { percentage, kind },
  };
}

export function medicationKindOf(value: unknown): MedicationKind | null {
  return value === 'generic' || value === 'original' ? value : null;
}

/** The insured tier of a customer group, null for every other group. */
export function insuredTierOfGroup(groupId: string | null | undefined): InsuredTier | null {
  if (groupId === INSURED_PLAN_GROUP_ID) return 'plan';
  if (groupId === INSURED_GROUP_ID) return 'insured';
  return null;
}

/** The insured tier of the context's customer (by their customer group), null for everyone else. */
export function insuredTierOf(ctx: SalesChannelContext): InsuredTier | null {
  if (!ctx.customerId) return null;
  const row = prepared(ctx.db, 'SELECT customer_group_id AS groupId FROM customer WHERE id = ?').get(ctx.customerId) as { groupId: string } | undefined;
  return insuredTierOfGroup(row?.groupId);
}

// --- insurance number -------------------------------------------------------------------------------------

/** The number without spaces when it has the card format (20 digits, 80756…, Luhn check digit), else null. */
export function normaliseInsuranceNumber(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const digits = input.replace(/[\s]/g, '');
  if (!/^80756\d{15}$/.test(digits)) return null;
  return luhnValid(digits) ? digits : null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit for a number without it. */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error('unreachable');
}

/** "80756 12345 67890 12345"-style masking: only the last four digits shown. */
export function maskInsuranceNumber(number: string): string {
  return `${'•'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

const VERIFY_WINDOW_SECONDS = 3600;

function verifyLimits(customerId: string, clientIp: string | null): RateLimit[] {
  const limits: RateLimit[] = [{ key: keyOf('insurer:customer', customerId), max: 10, windowSeconds: VERIFY_WINDOW_SECONDS }];
  if (clientIp) limits.push({ key: keyOf('insurer:ip', clientIp), max: 10, windowSeconds: VERIFY_WINDOW_SECONDS });
  return limits;
}

export interface InsurerStatus {
  verified: boolean;
  multiMedicationPlan: boolean;
  maskedNumber: string | null;
  verifiedAt: string | null;
  /** the welcome voucher can still be used (insured, no earlier order, not used yet) */
  voucherAvailable: boolean;
  voucherCode: string | null;
  apiAlias: 'insurer_status';
}

interface InsuranceRow {
  insurance_number: string;
  multi_medication_plan: number;
  verified_at: string;
  welcome_voucher_order_id: string | null;
}

function insuranceOf(db: Db, customerId: string): InsuranceRow | undefined {
  return prepared(db, 'SELECT * FROM customer_insurance WHERE customer_id = ?').get(customerId) as InsuranceRow | undefined;
}

function hasEarlierOrder(db: Db, customerId: string): boolean {
  return prepared(db, 'SELECT 1 FROM "order" WHERE customer_id = ? LIMIT 1').get(customerId) !== undefined;
}

/**
 * The welcome voucher is for the context's customer: verified insured, no earlier order, not used yet.
 */
export function welcomeVoucherAllowed(ctx: SalesChannelContext, insuredTier: () => InsuredTier | null = () => insuredTierOf(ctx)): boolean {
  if (!ctx.customerId) return false;
  if (!insuredTier()) return false;
  const insurance = insuranceOf(ctx.db, ctx.customerId);
  if (!insurance || insurance.welcome_voucher_order_id) return false;
  return !hasEarlierOrder(ctx.db, ctx.customerId);
}

/**
 * A promotion code the context's customer may not use (the insurer's welcome voucher for everyone else).
 * `insuredTier`: the customer's tier when the caller has read it already.
 */
export function promotionReservedFor(ctx: SalesChannelContext, code: string, insuredTier?: () => InsuredTier | null): boolean {
  return code.trim().toUpperCase() === INSURER_WELCOME_CODE && !welcomeVoucherAllowed(ctx, insuredTier);
}

/** In the order transaction: the welcome voucher of an order is used up for its customer. */
export function recordWelcomeVoucher(ctx: SalesChannelContext, orderId: string, codes: readonly string[]): void {
  if (!ctx.customerId || !codes.some((c) => c.toUpperCase() === INSURER_WELCOME_CODE)) return;
  prepared(ctx.db, 'UPDATE customer_insurance SET welcome_voucher_order_id = ? WHERE customer_id = ? AND welcome_voucher_order_id IS NULL').run(
    orderId,
    ctx.customerId,
  );
}

export function insurerStatus(ctx: SalesChannelContext): InsurerStatus {
  const customer = requireAccount(ctx);
  const insurance = insuranceOf(ctx.db, customer.id);
  const voucherAvailable = insurance ? welcomeVoucherAllowed(ctx) : false;
  return {
    verified: insurance !== undefined,
    multiMedicationPlan: insurance?.multi_medication_plan === 1,
    maskedNumber: insurance ? maskInsuranceNumber(insurance.insurance_number) : null,
    verifiedAt: insurance?.verified_at ?? null,
    voucherAvailable,
    voucherCode: voucherAvailable ? INSURER_WELCOME_CODE : null,
    apiAlias: 'insurer_status',
  };
}

function invalidNumber(): StoreApiError {
  return StoreApiError.of(400, 'INSURER__NUMBER_INVALID', 'The insurance number is not valid.', {});
}

/**
 * POST /insurer/verify: a listed member number makes the logged-in customer insured (their customer group);
 * 10 attempts an hour per customer and per client address.
 */
export function verifyInsurance(ctx: SalesChannelContext, body: Record<string, unknown>, clientIp: string | null, now = new Date()): InsurerStatus {
  const customer = requireAccount(ctx);
  hitRateLimit(ctx.db, verifyLimits(customer.id, clientIp), 'INSURER__TOO_MANY_ATTEMPTS', now);
  const number = normaliseInsuranceNumber(body.insuranceNumber);
  if (!number) throw invalidNumber();
  const member = prepared(ctx.db, 'SELECT multi_medication_plan, valid_until FROM insurer_member WHERE insurance_number = ?').get(number) as
    | { multi_medication_plan: number; valid_until: string | null }
    | undefined;
  if (!member || (member.valid_until && Date.parse(member.valid_until) < now.getTime())) throw invalidNumber();
  const plan = member.multi_medication_plan === 1;
  ctx.db.transaction(() => {
    prepared(
      ctx.db,
      `INSERT INTO customer_insurance (customer_id, insurance_number, multi_medication_plan, verified_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(customer_id) DO UPDATE SET insurance_number = excluded.insurance_number,
         multi_medication_plan = excluded.multi_medication_plan, verified_at = excluded.verified_at`,
    ).run(customer.id, number, plan ? 1 : 0, now.toISOString());
    prepared(ctx.db, 'UPDATE customer SET customer_group_id = ? WHERE id = ?').run(plan ? INSURED_PLAN_GROUP_ID : INSURED_GROUP_ID, customer.id);
  })();
  return insurerStatus(ctx);
}
