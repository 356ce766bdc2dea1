import type { GatewayContext } from '../context';
import { StoreApiRequestError } from '../store-client';
import type { StoreInsurerDiscount, StoreInsurerStatus } from '../store-client/content-operations/insurer';
import { builder } from './builder';
import { CartLineItemRef } from './cart';
import { isLoggedIn, sessionCustomer } from './customer';
import { ProductRef } from './product';
import { shopError, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// Insurer partnership: insurance verification and the insured customer’s discounts (SPEC §9). Prices come
// from the Store API, which knows the session's customer group: the graph only passes the discount on.

/** Longest input accepted (20 digits with spaces between groups). */
const INSURANCE_NUMBER_MAX = 40;

const MedicationKindEnum = builder.enumType('MedicationKind', {
  description: 'Whether a medicine is a generic or an original (the insured discount depends on it).',
  values: {
    GENERIC: { value: 'generic', description: 'A generic medicine.' },
    ORIGINAL: { value: 'original', description: 'An original medicine.' },
  } as const,
});

const InsurerDiscountRef = builder.objectRef<StoreInsurerDiscount>('InsurerDiscount').implement({
  description: 'The insured customer’s discount on a medicine, already in the price (SPEC §9 insurer partnership).',
  fields: (t) => ({
    percentage: t.float({ description: 'Discount in percent (e.g. 10, 2, 14, 3.5, 1.5).', resolve: (d) => d.percentage }),
    kind: t.field({ type: MedicationKindEnum, description: 'Generic or original.', resolve: (d) => d.kind }),
  }),
});

function discountOf(value: unknown): StoreInsurerDiscount | null {
  const d = value as Partial<StoreInsurerDiscount> | null | undefined;
  if (!d || typeof d.percentage !== 'number' || (d.kind !== 'generic' && d.kind !== 'original')) return null;
  return { percentage: d.percentage, kind: d.kind };
}

builder.objectFields(ProductRef, (t) => ({
  insurerDiscount: t.field({
    type: InsurerDiscountRef,
    nullable: true,
    description: 'The insured discount in this product’s price for the logged-in insured customer; null for everyone else.',
    resolve: (p) => discountOf((p.data.extensions as Record<string, unknown> | undefined)?.insurerDiscount),
  }),
}));

builder.objectFields(CartLineItemRef, (t) => ({
  insurerDiscount: t.field({
    type: InsurerDiscountRef,
    nullable: true,
    description: 'The insured discount in this line’s price; null for other lines and customers.',
    resolve: (l) => discountOf((l.data.payload as Record<string, unknown> | undefined)?.insurerDiscount),
  }),
}));

interface InsurerStatusShape {
  loggedIn: boolean;
  status: StoreInsurerStatus | null;
}

const InsurerStatusRef = builder.objectRef<InsurerStatusShape>('InsurerStatus').implement({
  description: 'The session customer’s insurer status: verified insurance number, plan, welcome voucher.',
  fields: (t) => ({
    loggedIn: t.boolean({ description: 'A registered customer is logged in (verification needs a login).', resolve: (s) => s.loggedIn }),
    verified: t.boolean({ description: 'The insurance number was verified: insured prices apply.', resolve: (s) => s.status?.verified ?? false }),
    multiMedicationPlan: t.boolean({
      description: 'Member of the multi-medication plan (14 % / 3.5 % / 1.5 %).',
      resolve: (s) => s.status?.multiMedicationPlan ?? false,
    }),
    maskedNumber: t.string({ nullable: true, description: 'The verified number with only its last four digits.', resolve: (s) => s.status?.maskedNumber ?? null }),
    voucherAvailable: t.boolean({
      description: 'The one-time CHF 20 welcome voucher (from CHF 50, first order) can still be used.',
      resolve: (s) => s.status?.voucherAvailable ?? false,
    }),
    voucherCode: t.string({ nullable: true, description: 'The welcome voucher’s code while available.', resolve: (s) => s.status?.voucherCode ?? null }),
  }),
});

async function readInsurerStatus(ctx: GatewayContext): Promise<InsurerStatusShape> {
  const customer = await sessionCustomer(ctx);
  if (!isLoggedIn(customer)) return { loggedIn: false, status: null };
  try {
    return { loggedIn: true, status: await ctx.store().invoke('readInsurerStatus post /insurer', { body: {} }) };
  } catch (error) {
    if (error instanceof StoreApiRequestError && [401, 403].includes(error.statusCode)) return { loggedIn: false, status: null };
    throw error;
  }
}

builder.queryFields((t) => ({
  insurerStatus: t.field({
    type: InsurerStatusRef,
    description: 'The session customer’s insurer status (not logged in: loggedIn false, nothing verified).',
    resolve: (_root, _args, ctx) => readInsurerStatus(ctx),
  }),
}));

interface VerifyPayloadShape {
  insurerStatus: InsurerStatusShape | null;
  errors: ShopError[];
}

const VerifyInsurancePayloadRef = builder.objectRef<VerifyPayloadShape>('VerifyInsurancePayload').implement({
  description: 'The insurer status after the verification, and what went wrong.',
  fields: (t) => ({
    insurerStatus: t.field({ type: InsurerStatusRef, nullable: true, description: 'The status after a successful verification.', resolve: (p) => p.insurerStatus }),
    errors: t.field({
      type: [ShopErrorRef],
      description: 'INSURANCE_NUMBER_INVALID (field insuranceNumber), NOT_LOGGED_IN, TOO_MANY_ATTEMPTS, UNAVAILABLE.',
      resolve: (p) => p.errors,
    }),
  }),
});

/** 20 digits from 80756 with a Luhn check digit; spaces allowed. The Store API decides membership. */
export function insuranceNumberFormatOk(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^80756\d{15}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

builder.mutationFields((t) => ({
  verifyInsurance: t.field({
    type: VerifyInsurancePayloadRef,
    description: 'Verifies the logged-in customer’s insurance number; insured prices apply from the next read.',
    args: { insuranceNumber: t.arg.string({ required: true, description: 'The 20-digit insurance card number (spaces allowed).' }) },
    resolve: async (_root, { insuranceNumber }, ctx) => {
      const number = insuranceNumber.trim();
      if (!number || number.length > INSURANCE_NUMBER_MAX || !insuranceNumberFormatOk(number)) {
        return { insurerStatus: null, errors: [shopError(ctx.locale, 'INSURANCE_NUMBER_INVALID', 'insuranceNumber')] };
      }
      try {
        const status = await ctx.store().invoke('verifyInsurance post /insurer/verify', { body: { insuranceNumber: number.replace(/\s/g, '') } });
        return { insurerStatus: { loggedIn: true, status }, errors: [] };
      } catch (error) {
        const errors = shopErrorsOf(ctx, error, { otherwise: 'INSURANCE_NUMBER_INVALID' }).map((e) =>
          e.code === 'INSURANCE_NUMBER_INVALID' ? { ...e, field: 'insuranceNumber' } : e,
        );
        return { insurerStatus: null, errors };
      }
    },
  }),
}));
