import { SelectPharmacyInput, SetPaymentMethodInput } from './cart';
import type { GatewayContext } from '../context';
import { builder } from './builder';
import { countryLoader } from './countries';
import {
  AddressInput,
  AddressRef,
  checkedAddress,
  checkLinkParameter,
  CustomerRef,
  forgetSessionCustomer,
  invoiceAllowedForCustomer,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  sessionCustomer,
  storefrontUrlOf,
  type AddressShape,
} from './customer';
import { pharmacyLoader, PharmacyRef } from './pharmacy';
import { forgetSalesChannelContext, isInvoiceMethod } from './shop-context';
import { InputCheck, shopError, ShopErrorRef, shopErrorsOf, type FailureMapping, type ShopError } from './shop-errors';
import { StoreApiRequestError } from '../store-client';
import type { Pharmacy } from '../store-client/operations';

// The account area (SPEC §2, §4, §5): personal data, email, password, password recovery, addresses, the
// default payment method and the preferred pharmacy. Every mutation checks its input first (nothing goes
// upstream on a bad one) and answers expected failures as `errors` data, in the request's language.

type AddressInputValue = typeof AddressInput.$inferInput;

// Inputs the cart module declares (and does not export): referred to by name; Pothos resolves names.

// ---- payloads ------------------------------------------------------------------------------------------

interface AccountPayloadShape {
  errors: ShopError[];
}

interface AddressPayloadShape {
  address: AddressShape | null;
  errors: ShopError[];
}

interface DonePayloadShape {
  done: boolean;
  errors: ShopError[];
}

export const AccountPayloadRef = builder.objectRef<AccountPayloadShape>('AccountPayload').implement({
  description: 'The customer after an account change, and what went wrong.',
  fields: (t) => ({
    viewer: t.field({
      type: CustomerRef,
      nullable: true,
      description: 'The customer of the session after the change (read again).',
      resolve: (_p, _args, ctx) => sessionCustomer(ctx),
    }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const AddressPayloadRef = builder.objectRef<AddressPayloadShape>('AddressPayload').implement({
  description: 'An address after a change (null after deleting or on failure), the customer, and what went wrong.',
  fields: (t) => ({
    viewer: t.field({
      type: CustomerRef,
      nullable: true,
      description: 'The customer after the change (default addresses read again).',
      resolve: (_p, _args, ctx) => sessionCustomer(ctx),
    }),
    address: t.field({ type: AddressRef, nullable: true, description: 'The created or changed address.', resolve: (p) => p.address }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

const DonePayloadRef = builder.objectRef<DonePayloadShape>('DonePayload').implement({
  description: 'Whether a request was done (e.g. a recovery mail sent), and what went wrong.',
  fields: (t) => ({
    done: t.boolean({ description: 'True when it was done.', resolve: (p) => p.done }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

/** Runs a change; the session's customer and context are read again afterwards. Failures become errors data. */
async function accountChange<T extends { errors: ShopError[] }>(
  ctx: GatewayContext,
  failed: (errors: ShopError[]) => T,
  change: () => Promise<T>,
  mapping: FailureMapping = {},
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    return failed(shopErrorsOf(ctx, error, mapping));
  } finally {
    forgetSessionCustomer(ctx);
    forgetSalesChannelContext(ctx);
  }
}

// ---- input checks ------------------------------------------------------------------------------------------

const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD date in the past (after 1900); null when empty and optional. */
export function checkBirthday(check: InputCheck, field: string, value: string | null | undefined, options: { optional?: boolean } = {}): { day: number; month: number; year: number; text: string } | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) {
    if (!options.optional) check.problem(field, 'required');
    return null;
  }
  const match = BIRTHDAY.exec(trimmed);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = match && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900 && date.getTime() <= Date.now();
  if (!valid) {
    check.problem(field, 'date');
    return null;
  }
  return { day, month, year, text: trimmed };
}

/** A new password as typed (no trimming): 8 to 4096 characters. */
function checkNewPassword(check: InputCheck, field: string, value: string | null | undefined): string | null {
  const typed = value ?? '';
  if (!typed) check.problem(field, 'required');
  else if (typed.length < PASSWORD_MIN) check.problem(field, 'tooShort', { min: PASSWORD_MIN });
  else if (typed.length > PASSWORD_MAX) check.problem(field, 'tooLong', { max: PASSWORD_MAX });
  else return typed;
  return null;
}

function checkCurrentPassword(check: InputCheck, field: string, value: string | null | undefined): string | null {
  const typed = value ?? '';
  if (!typed) check.problem(field, 'required');
  else if (typed.length > PASSWORD_MAX) check.problem(field, 'tooLong', { max: PASSWORD_MAX });
  else return typed;
  return null;
}

/** SPEC §5 'Die Passwörter stimmen nicht überein', beside the confirmation field. */
function checkPasswordsMatch(check: InputCheck, field: string, password: string | null | undefined, confirmation: string | null | undefined): void {
  if ((password ?? '') !== (confirmation ?? '')) check.errors.push(shopError(check.locale, 'PASSWORDS_DO_NOT_MATCH', field));
}

const FOUR_DIGIT_ZIP_ISOS = new Set(['CH', 'LI']);

/** The address of a form, checked; Swiss and Liechtenstein postal codes must have 4 digits (SPEC §5). */
async function checkAddressInput(ctx: GatewayContext, check: InputCheck, prefix: string, address: AddressInputValue): Promise<Record<string, unknown>> {
  const named = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const checked = checkedAddress(check, prefix, address);
  const countryId = checked.countryId as string | undefined;
  const zipcode = checked.zipcode as string | undefined;
  if (countryId && zipcode && !check.errors.some((e) => e.field === named('zipcode'))) {
    const country = await countryLoader(ctx).load(countryId).catch(() => null);
    if (country?.iso && FOUR_DIGIT_ZIP_ISOS.has(country.iso) && !/^\d{4}$/.test(zipcode)) check.problem(named('zipcode'), 'zipcode');
  }
  return checked;
}

// ---- inputs ---------------------------------------------------------------------------------------------

const ChangeProfileInput = builder.inputType('ChangeProfileInput', {
  description: 'Personal data (SPEC §2 account/profile).',
  fields: (t) => ({
    salutationId: t.id({ required: false, description: 'The salutation.' }),
    title: t.string({ required: false, description: 'Academic title.' }),
    firstName: t.string({ required: true, description: 'First name.' }),
    lastName: t.string({ required: true, description: 'Last name.' }),
    birthday: t.string({ required: false, description: 'Birthday, YYYY-MM-DD.' }),
  }),
});

const ChangeEmailInput = builder.inputType('ChangeEmailInput', {
  description: 'A new email address, typed twice, and the current password.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The new email.' }),
    emailConfirmation: t.string({ required: true, description: 'The new email again.' }),
    password: t.string({ required: true, description: 'The current password.' }),
  }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  description: 'The current password and the new one, typed twice.',
  fields: (t) => ({
    password: t.string({ required: true, description: 'The current password.' }),
    newPassword: t.string({ required: true, description: 'The new password (at least 8 characters).' }),
    newPasswordConfirm: t.string({ required: true, description: 'The new password again.' }),
  }),
});

const RequestPasswordRecoveryInput = builder.inputType('RequestPasswordRecoveryInput', {
  description: 'The email of the account whose password is forgotten.',
  fields: (t) => ({ email: t.string({ required: true, description: 'Email address.' }) }),
});

const ResendRegistrationConfirmationInput = builder.inputType('ResendRegistrationConfirmationInput', {
  description: 'The email of an account whose registration is not confirmed yet.',
  fields: (t) => ({ email: t.string({ required: true, description: 'Email address.' }) }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  description: 'A new password from the recovery mail’s link.',
  fields: (t) => ({
    hash: t.string({ required: true, description: 'The link’s hash parameter.' }),
    newPassword: t.string({ required: true, description: 'The new password (at least 8 characters).' }),
    newPasswordConfirm: t.string({ required: true, description: 'The new password again.' }),
  }),
});

const UpdateAddressInput = builder.inputType('UpdateAddressInput', {
  description: 'An address of the customer, changed.',
  fields: (t) => ({
    addressId: t.id({ required: true, description: 'The address id.' }),
    address: t.field({ type: AddressInput, required: true, description: 'The address’s new fields.' }),
  }),
});

const DeleteAddressInput = builder.inputType('DeleteAddressInput', {
  description: 'An address of the customer to delete (not a default or active one).',
  fields: (t) => ({ addressId: t.id({ required: true, description: 'The address id.' }) }),
});

const DefaultAddressKindEnum = builder.enumType('DefaultAddressKind', {
  description: 'Which default address.',
  values: {
    BILLING: { value: 'BILLING', description: 'The default billing address.' },
    SHIPPING: { value: 'SHIPPING', description: 'The default shipping address.' },
  } as const,
});

const SetDefaultAddressInput = builder.inputType('SetDefaultAddressInput', {
  description: 'An address of the customer to make the default billing or shipping address.',
  fields: (t) => ({
    addressId: t.id({ required: true, description: 'The address id.' }),
    kind: t.field({ type: DefaultAddressKindEnum, required: true, description: 'Billing or shipping.' }),
  }),
});

// ---- fields -------------------------------------------------------------------------------------------------

builder.objectFields(CustomerRef, (t) => ({
  preferredPharmacy: t.field({
    type: PharmacyRef,
    nullable: true,
    description: 'The pharmacy the customer prefers for Click & Collect (logged-in customers; else null).',
    resolve: async (_c, _args, ctx) => {
      try {
        const answer = await ctx.store().invoke('readCustomerPharmacy post /customer-pharmacy', { body: {} });
        const pharmacy = answer?.pharmacy ?? null;
        if (pharmacy) pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
        return pharmacy;
      } catch (error) {
        if (error instanceof StoreApiRequestError && [401, 403, 404].includes(error.statusCode)) return null;
        throw error;
      }
    },
  }),
}));

builder.queryField('recoveryLinkValid', (t) =>
  t.boolean({
    description: 'Answers whether a newsletter/registration/recovery hash is valid, for result pages (no side effects).',
    args: { hash: t.arg.string({ required: true, description: 'The link’s hash parameter.' }) },
    resolve: async (_root, { hash }, ctx) => {
      const check = new InputCheck(ctx.locale);
      const checked = checkLinkParameter(check, 'hash', hash);
      if (!checked) return false;
      try {
        const answer = await ctx.store().invoke('checkRecoveryHash post /account/recovery-password/check', { body: { hash: checked } });
        return answer?.valid === true;
      } catch (error) {
        if (error instanceof StoreApiRequestError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 408 && error.statusCode !== 429) return false;
        throw error;
      }
    },
  }),
);

// ---- mutations -------------------------------------------------------------------------------------------

const accountFailed = (errors: ShopError[]): AccountPayloadShape => ({ errors });
const addressFailed = (errors: ShopError[]): AddressPayloadShape => ({ address: null, errors });
const doneFailed = (errors: ShopError[]): DonePayloadShape => ({ done: false, errors });

async function readAddress(ctx: GatewayContext, addressId: string): Promise<AddressShape | null> {
  const result = await ctx.store().invoke('listAddress post /account/list-address', { body: { limit: 100 } });
  return ((result as { elements?: AddressShape[] }).elements ?? []).find((a) => a.id === addressId) ?? null;
}

builder.mutationFields((t) => ({
  changeProfile: t.field({
    type: AccountPayloadRef,
    description: 'Changes the personal data (POST /account/change-profile).',
    args: { input: t.arg({ type: ChangeProfileInput, required: true, description: 'The personal data.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, accountFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const salutationId = check.id('salutationId', input.salutationId, { optional: true });
        const title = check.text('title', input.title, { max: 100, optional: true });
        const firstName = check.text('firstName', input.firstName, { max: NAME_MAX });
        const lastName = check.text('lastName', input.lastName, { max: NAME_MAX });
        const birthday = checkBirthday(check, 'birthday', input.birthday, { optional: true });
        check.done();
        await ctx.store().invoke('changeProfile post /account/change-profile', {
          body: {
            firstName: firstName!,
            lastName: lastName!,
            ...(salutationId ? { salutationId } : {}),
            title: title ?? '',
            ...(birthday ? { birthdayDay: birthday.day, birthdayMonth: birthday.month, birthdayYear: birthday.year } : {}),
          } as Record<string, unknown>,
        });
        return { errors: [] };
      }),
  }),
  changeEmail: t.field({
    type: AccountPayloadRef,
    description: 'Changes the email (POST /account/change-email); the current password is required.',
    args: { input: t.arg({ type: ChangeEmailInput, required: true, description: 'The new email, twice, and the password.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, accountFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const email = check.email('email', input.email);
        const confirmation = check.text('emailConfirmation', input.emailConfirmation, { max: 254 });
        if (email && confirmation && email.toLowerCase() !== confirmation.toLowerCase()) check.problem('emailConfirmation', 'notEqual');
        const password = checkCurrentPassword(check, 'password', input.password);
        check.done();
        await ctx.store().invoke('changeEmail post /account/change-email', {
          body: { email: email!, emailConfirmation: confirmation!, password: password!, storefrontUrl: storefrontUrlOf(ctx) } as Record<string, unknown>,
        });
        return { errors: [] };
      }),
  }),
  changePassword: t.field({
    type: AccountPayloadRef,
    description: 'Changes the password (POST /account/change-password); the session stays logged in.',
    args: { input: t.arg({ type: ChangePasswordInput, required: true, description: 'The current and the new password.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, accountFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const password = checkCurrentPassword(check, 'password', input.password);
        const newPassword = checkNewPassword(check, 'newPassword', input.newPassword);
        checkPasswordsMatch(check, 'newPasswordConfirm', input.newPassword, input.newPasswordConfirm);
        check.done();
        const answer = await ctx.store().invoke('changePassword post /account/change-password', {
          body: { password: password!, newPassword: newPassword!, newPasswordConfirm: input.newPasswordConfirm },
        });
        const token = (answer as { contextToken?: unknown } | null)?.contextToken;
        if (typeof token === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(token)) ctx.session.contextToken = token;
        return { errors: [] };
      }),
  }),
  requestPasswordRecovery: t.field({
    type: DonePayloadRef,
    description: 'Sends the password recovery mail (link valid 2 hours); an email without an account answers CUSTOMER_NOT_FOUND (SPEC §5).',
    args: { input: t.arg({ type: RequestPasswordRecoveryInput, required: true, description: 'The account’s email.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, doneFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const email = check.email('email', input.email);
        check.done();
        await ctx.store().invoke('sendRecoveryMail post /account/recovery-password', { body: { email: email!, storefrontUrl: storefrontUrlOf(ctx) } });
        return { done: true, errors: [] };
      }, { notFound: 'CUSTOMER_NOT_FOUND' }),
  }),
  resendRegistrationConfirmation: t.field({
    type: DonePayloadRef,
    description:
      'Mails the registration’s confirmation link again (after a login answered ACCOUNT_NOT_CONFIRMED); done for any email, so the answer tells nothing about accounts.',
    args: { input: t.arg({ type: ResendRegistrationConfirmationInput, required: true, description: 'The account’s email.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, doneFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const email = check.email('email', input.email);
        check.done();
        await ctx.store().invoke('resendRegistrationMail post /account/register/resend', { body: { email: email!, storefrontUrl: storefrontUrlOf(ctx) } });
        return { done: true, errors: [] };
      }),
  }),
  resetPassword: t.field({
    type: DonePayloadRef,
    description: 'Sets a new password from the recovery link; an unknown, used or expired link answers LINK_INVALID.',
    args: { input: t.arg({ type: ResetPasswordInput, required: true, description: 'The link’s hash and the new password, twice.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, doneFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const hash = checkLinkParameter(check, 'hash', input.hash);
        const newPassword = checkNewPassword(check, 'newPassword', input.newPassword);
        checkPasswordsMatch(check, 'newPasswordConfirm', input.newPassword, input.newPasswordConfirm);
        check.done();
        await ctx.store().invoke('recoveryPassword post /account/recovery-password-confirm', {
          body: { hash: hash!, newPassword: newPassword!, newPasswordConfirm: input.newPasswordConfirm },
        });
        return { done: true, errors: [] };
      }, { notFound: 'LINK_INVALID' }),
  }),
  createAddress: t.field({
    type: AddressPayloadRef,
    description: 'Adds an address to the customer’s address book (POST /account/address).',
    args: { input: t.arg({ type: AddressInput, required: true, description: 'The address.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, addressFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const address = await checkAddressInput(ctx, check, '', input);
        check.done();
        const created = await ctx.store().invoke('createCustomerAddress post /account/address', { body: address });
        return { address: created as unknown as AddressShape, errors: [] };
      }),
  }),
  updateAddress: t.field({
    type: AddressPayloadRef,
    description: 'Changes an address of the customer (PATCH /account/address/{id}).',
    args: { input: t.arg({ type: UpdateAddressInput, required: true, description: 'The address id and its fields.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(
        ctx,
        addressFailed,
        async () => {
          const check = new InputCheck(ctx.locale);
          const addressId = check.id('addressId', input.addressId);
          const address = await checkAddressInput(ctx, check, 'address', input.address);
          check.done();
          const updated = await ctx.store().invoke('updateCustomerAddress patch /account/address/{addressId}', { pathParams: { addressId: addressId! }, body: address });
          return { address: (updated as unknown as AddressShape | null) ?? (await readAddress(ctx, addressId!)), errors: [] };
        },
        { fieldPrefix: 'address', fields: { 'address.addressId': 'addressId' } },
      ),
  }),
  deleteAddress: t.field({
    type: AddressPayloadRef,
    description: 'Deletes an address; a default or active one answers ADDRESS_IN_USE.',
    args: { input: t.arg({ type: DeleteAddressInput, required: true, description: 'The address id.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, addressFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const addressId = check.id('addressId', input.addressId);
        check.done();
        await ctx.store().invoke('deleteCustomerAddress delete /account/address/{addressId}', { pathParams: { addressId: addressId! } });
        return { address: null, errors: [] };
      }),
  }),
  setDefaultAddress: t.field({
    type: AddressPayloadRef,
    description: 'Makes an address the default billing or shipping address.',
    args: { input: t.arg({ type: SetDefaultAddressInput, required: true, description: 'The address and which default.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, addressFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const addressId = check.id('addressId', input.addressId);
        check.done();
        if (input.kind === 'BILLING') {
          await ctx.store().invoke('defaultBillingAddress patch /account/address/default-billing/{addressId}', { pathParams: { addressId: addressId! } });
        } else {
          await ctx.store().invoke('defaultShippingAddress patch /account/address/default-shipping/{addressId}', { pathParams: { addressId: addressId! } });
        }
        return { address: await readAddress(ctx, addressId!), errors: [] };
      }),
  }),
  setDefaultPaymentMethod: t.field({
    type: AccountPayloadRef,
    description: 'Sets the customer’s default payment method (account/payment).',
    args: { input: t.arg({ type: SetPaymentMethodInput, required: true, description: 'The payment method.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, accountFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const paymentMethodId = check.id('paymentMethodId', input.paymentMethodId);
        check.done();
        // SPEC §5 on this path too (issue 19): no invoice as default while billing and delivery addresses differ
        if (!invoiceAllowedForCustomer(await sessionCustomer(ctx)) && (await isInvoiceMethod(ctx, paymentMethodId!))) {
          return { errors: [shopError(ctx.locale, 'INVOICE_ADDRESS_MISMATCH', 'paymentMethodId')] };
        }
        // Shopware 6.7 has no change-payment-method route: a logged-in customer's choice in the context is their default.
        await ctx.store().invoke('updateContext patch /context', { body: { paymentMethodId: paymentMethodId! } });
        forgetSalesChannelContext(ctx);
        return { errors: [] };
      }, { notFound: 'INVALID_INPUT' }),
  }),
  setPreferredPharmacy: t.field({
    type: AccountPayloadRef,
    description: 'Sets the customer’s preferred pharmacy (used for Click & Collect when the cart has none).',
    args: { input: t.arg({ type: SelectPharmacyInput, required: true, description: 'The pharmacy.' }) },
    resolve: (_root, { input }, ctx) =>
      accountChange(ctx, accountFailed, async () => {
        const check = new InputCheck(ctx.locale);
        const pharmacyId = check.id('pharmacyId', input.pharmacyId);
        check.done();
        const answer = await ctx.store().invoke('updateCustomerPharmacy patch /customer-pharmacy', { body: { pharmacyId: pharmacyId! } });
        const pharmacy: Pharmacy | null = answer?.pharmacy ?? null;
        if (pharmacy) pharmacyLoader(ctx).prime(pharmacy.id, pharmacy);
        return { errors: [] };
      }),
  }),
}));
