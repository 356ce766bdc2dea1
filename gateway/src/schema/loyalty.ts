import type { GatewayContext } from '../context';
import { isMissingRoute, StoreApiRequestError } from '../store-client';
import type { LoyaltyCard, LoyaltyResponse, LoyaltyVoucher } from '../store-client/operations';
import { checkBirthday } from './account';
import { builder } from './builder';
import { CustomerRef, isLoggedIn, NAME_MAX } from './customer';
import { fieldProblemText } from '../messages';
import { hasStoreErrorCode, InputCheck, InvalidInput, shopError, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// The loyalty card of the account area (SPEC §2 "my{product}", §3 "Loyalty card application"): the card
// with its points, the CHF 5 vouchers they have earned and the points collected toward (and still missing for)
// the next one, the application for a new card and assigning an existing card by its number and the
// verification code printed on it. The shop's own Store API routes POST /loyalty(/apply|/assign); the vouchers
// are promotion codes the cart's applyPromotionCode redeems (docs/adr/0024-loyalty-vouchers.md).

/** SPEC §9: a CHF 5 voucher for 500 points. */
const VOUCHER_VALUE = 5;
const POINTS_PER_VOUCHER = 500;

const LoyaltyVoucherStateEnum = builder.enumType('LoyaltyVoucherState', {
  description: 'Whether a voucher can still be redeemed.',
  values: {
    ISSUED: { value: 'ISSUED', description: 'Issued: redeemable once in the customer’s cart.' },
    REDEEMED: { value: 'REDEEMED', description: 'Redeemed by an order.' },
  } as const,
});

const LoyaltyVoucherRef = builder.objectRef<LoyaltyVoucher>('LoyaltyVoucher').implement({
  description: 'A CHF 5 voucher the card’s points have earned: a promotion code for the cart, once, by its customer only.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The code to enter in the cart’s promotion code field.' }),
    value: t.float({ description: 'CHF off the order (5).', resolve: (v) => v.value ?? VOUCHER_VALUE }),
    state: t.field({ type: LoyaltyVoucherStateEnum, description: 'Issued or redeemed.', resolve: (v) => (v.state === 'redeemed' ? 'REDEEMED' : 'ISSUED') }),
    issuedAt: t.string({ description: 'When it was issued (ISO 8601).', resolve: (v) => v.issuedAt }),
    redeemedAt: t.string({ nullable: true, description: 'When an order redeemed it (ISO 8601), or null.', resolve: (v) => v.redeemedAt ?? null }),
    orderNumber: t.string({ nullable: true, description: 'The number of the order that redeemed it, or null.', resolve: (v) => v.orderNumber ?? null }),
  }),
});

/** Points left after the vouchers (0–499): from the Store API, or what the points leave over whole vouchers. */
function pointsCollected(card: LoyaltyCard): number {
  if (typeof card.pointsCollected === 'number') return Math.max(0, Math.trunc(card.pointsCollected));
  return Math.max(0, card.points ?? 0) % (card.pointsPerVoucher ?? POINTS_PER_VOUCHER);
}

const LoyaltyCardStatusEnum = builder.enumType('LoyaltyCardStatus', {
  description: 'The card’s state.',
  values: {
    APPLIED: { value: 'APPLIED', description: 'Applied for; the card is on its way.' },
    ACTIVE: { value: 'ACTIVE', description: 'In use: it collects points.' },
  } as const,
});

export const LoyaltyCardRef = builder.objectRef<LoyaltyCard>('LoyaltyCard').implement({
  description: 'The customer’s loyalty card and its points.',
  fields: (t) => ({
    cardNumber: t.exposeString('cardNumber', { description: 'The 13-digit card number.' }),
    status: t.field({ type: LoyaltyCardStatusEnum, description: 'Applied for or active.', resolve: (c) => (c.status === 'applied' ? 'APPLIED' : 'ACTIVE') }),
    points: t.int({ description: 'Points collected.', resolve: (c) => Math.max(0, Math.trunc(c.points ?? 0)) }),
    pointsCollected: t.int({ description: 'Points collected toward the next voucher: what is left after the vouchers (1,200 points: 200).', resolve: pointsCollected }),
    pointsToNextVoucher: t.int({
      description: 'Points still missing for the next CHF 5 voucher, counted from what is left after the vouchers (1,200 points: 300).',
      resolve: (c) => {
        if (typeof c.pointsToNextVoucher === 'number') return Math.max(0, Math.trunc(c.pointsToNextVoucher));
        return (c.pointsPerVoucher ?? POINTS_PER_VOUCHER) - pointsCollected(c);
      },
    }),
    voucherValue: t.float({ description: 'CHF value of a voucher (5).', resolve: (c) => c.voucherValue ?? VOUCHER_VALUE }),
    pointsPerVoucher: t.int({ description: 'Points a voucher costs (500).', resolve: (c) => c.pointsPerVoucher ?? POINTS_PER_VOUCHER }),
    vouchers: t.field({ type: [LoyaltyVoucherRef], description: 'The vouchers the points have earned, oldest first.', resolve: (c) => c.vouchers ?? [] }),
  }),
});

builder.objectFields(CustomerRef, (t) => ({
  loyaltyCard: t.field({
    type: LoyaltyCardRef,
    nullable: true,
    description: 'The loyalty card; null while the customer has none (or is not logged in).',
    resolve: async (c, _args, ctx) => {
      if (!isLoggedIn(c)) return null;
      try {
        const answer = await ctx.store().invoke('readLoyalty post /loyalty', { body: {} });
        return answer?.card ?? null;
      } catch (error) {
        if (error instanceof StoreApiRequestError && [401, 403, 404].includes(error.statusCode) && !isMissingRoute(error)) return null;
        throw error;
      }
    },
  }),
}));

interface LoyaltyPayloadShape {
  card: LoyaltyCard | null;
  errors: ShopError[];
}

const LoyaltyPayloadRef = builder.objectRef<LoyaltyPayloadShape>('LoyaltyPayload').implement({
  description: 'The loyalty card after a change, and what went wrong.',
  fields: (t) => ({
    card: t.field({ type: LoyaltyCardRef, nullable: true, description: 'The card; null on failure.', resolve: (p) => p.card }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const LoyaltyApplicationInput = builder.inputType('LoyaltyApplicationInput', {
  description: 'The application for a new loyalty card (SPEC §3).',
  fields: (t) => ({
    firstName: t.string({ required: true, description: 'First name.' }),
    lastName: t.string({ required: true, description: 'Last name.' }),
    birthday: t.string({ required: true, description: 'Birthday, YYYY-MM-DD.' }),
    street: t.string({ required: true, description: 'Street and number.' }),
    zipcode: t.string({ required: true, description: 'Postal code (4 digits).' }),
    city: t.string({ required: true, description: 'Town.' }),
    email: t.string({ required: true, description: 'Email address.' }),
  }),
});

const AssignLoyaltyCardInput = builder.inputType('AssignLoyaltyCardInput', {
  description: 'An existing card to assign to the account.',
  fields: (t) => ({
    cardNumber: t.string({ required: true, description: 'The 13-digit card number.' }),
    verificationCode: t.string({ required: true, description: 'The verification code printed on the card (XXXX-XXXX): proof the card is the customer’s.' }),
  }),
});

/** A 13-digit EAN with a valid check digit (the shop's card numbers). */
export function isCardNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** SPEC §5 'Die Kartennummer ist ungültig', beside the card number field. */
class CardNumberInvalid extends InvalidInput {
  constructor(ctx: GatewayContext) {
    super([shopError(ctx.locale, 'CARD_NUMBER_INVALID', 'cardNumber')]);
  }
}

async function loyaltyChange(ctx: GatewayContext, change: () => Promise<LoyaltyResponse>): Promise<LoyaltyPayloadShape> {
  try {
    const answer = await change();
    return { card: answer?.card ?? null, errors: [] };
  } catch (error) {
    if (hasStoreErrorCode(error, 'PHARMACY__LOYALTY_CARD_EXISTS')) {
      return { card: null, errors: [{ code: 'INVALID_INPUT', field: null, message: fieldProblemText(ctx.locale, 'cardExists') }] };
    }
    return { card: null, errors: shopErrorsOf(ctx, error) };
  }
}

builder.mutationFields((t) => ({
  applyForLoyaltyCard: t.field({
    type: LoyaltyPayloadRef,
    description: 'Applies for a new loyalty card (logged-in customers; one card per customer).',
    args: { input: t.arg({ type: LoyaltyApplicationInput, required: true, description: 'The application form.' }) },
    resolve: (_root, { input }, ctx) =>
      loyaltyChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const firstName = check.text('firstName', input.firstName, { max: NAME_MAX });
        const lastName = check.text('lastName', input.lastName, { max: NAME_MAX });
        const birthday = checkBirthday(check, 'birthday', input.birthday);
        const street = check.text('street', input.street, { max: 100 });
        const zipcode = check.text('zipcode', input.zipcode, { max: 10 });
        if (zipcode && !/^\d{4}$/.test(zipcode)) check.problem('zipcode', 'zipcode');
        const city = check.text('city', input.city, { max: 70 });
        const email = check.email('email', input.email);
        check.done();
        return ctx.store().invoke('applyLoyaltyCard post /loyalty/apply', {
          body: { firstName: firstName!, lastName: lastName!, birthday: birthday!.text, street: street!, zipcode: zipcode!, city: city!, email: email! },
        });
      }),
  }),
  assignLoyaltyCard: t.field({
    type: LoyaltyPayloadRef,
    description:
      'Assigns an existing printed card by its number and the verification code printed on it: a malformed number answers CARD_NUMBER_INVALID; an unknown or taken number and a wrong code all answer CARD_NOT_VERIFIED; too many failures TOO_MANY_ATTEMPTS.',
    args: { input: t.arg({ type: AssignLoyaltyCardInput, required: true, description: 'The card number and its verification code.' }) },
    resolve: (_root, { input }, ctx) =>
      loyaltyChange(ctx, async () => {
        const cardNumber = (input.cardNumber ?? '').replace(/\s+/g, '');
        const check = new InputCheck(ctx.locale);
        if (!cardNumber) check.problem('cardNumber', 'required');
        const verificationCode = check.text('verificationCode', input.verificationCode, { max: 32 });
        check.done();
        // SPEC §5 'Die Kartennummer ist ungültig', before any Store API call
        if (!isCardNumber(cardNumber)) return Promise.reject(new CardNumberInvalid(ctx));
        return ctx.store().invoke('assignLoyaltyCard post /loyalty/assign', { body: { cardNumber, verificationCode: verificationCode! } });
      }),
  }),
}));
