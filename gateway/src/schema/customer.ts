import type { GatewayContext } from '../context';
import { publicOriginOf } from '../plugins/session-cookies';
import { builder } from './builder';
import { currentCart, CartRef, forgetCart } from './cart';
import { countryLoader } from './countries';
import { StoreApiRequestError } from '../store-client';
import { CountryRef, forgetSalesChannelContext, PaymentMethodRef, readSalesChannelContext, type ShopwarePaymentMethod } from './shop-context';
import { InputCheck, InvalidInput, ShopErrorRef, shopErrorsOf, type ShopError } from './shop-errors';

// The customer of the session (SPEC §4 Session): guest checkout, registration (double opt-in), login,
// logout and the addresses of the checkout. The Store API issues a new context token on login, logout
// and registration; the store client takes it from the answer and the session-cookies plugin sends it to
// the browser.

/** A Shopware address (customer_address or order_address), as far as the graph reads it. */
export interface AddressShape {
  id: string;
  salutationId?: string | null;
  firstName: string;
  lastName: string;
  company?: string | null;
  department?: string | null;
  street: string;
  additionalAddressLine1?: string | null;
  additionalAddressLine2?: string | null;
  zipcode?: string | null;
  city: string;
  countryId: string;
  country?: { id: string; name: string; translated?: { name?: string } } | null;
  phoneNumber?: string | null;
  countryStateId?: string | null;
}

/** The fields that make two addresses the same place (ids differ for copies of one address), as the Store API's cart compares them. */
const POSTAL_FIELDS = ['firstName', 'lastName', 'company', 'department', 'street', 'additionalAddressLine1', 'additionalAddressLine2', 'zipcode', 'city', 'countryId', 'countryStateId'] as const;

/** Whether two addresses are one place: invoice payment needs billing = shipping (SPEC §5), on a real Shopware too. */
export function sameAddress(a: AddressShape, b: AddressShape): boolean {
  if (a.id === b.id) return true;
  const norm = (value: unknown) => String(value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return POSTAL_FIELDS.every((field) => norm(a[field]) === norm(b[field]));
}

/** Whether invoice suits a customer (SPEC §5): their billing address is the one they have things delivered to. */
export function invoiceAllowedForCustomer(customer: CustomerShape | null): boolean {
  const billing = customer?.activeBillingAddress ?? customer?.defaultBillingAddress;
  const shipping = customer?.activeShippingAddress ?? customer?.defaultShippingAddress;
  return !billing || !shipping || sameAddress(billing, shipping);
}

/** A Shopware customer, as far as the graph reads it. */
export interface CustomerShape {
  id: string;
  email: string;
  salutationId?: string | null;
  firstName: string;
  lastName: string;
  guest?: boolean;
  active?: boolean;
  defaultBillingAddressId?: string | null;
  defaultShippingAddressId?: string | null;
  defaultBillingAddress?: AddressShape | null;
  defaultShippingAddress?: AddressShape | null;
  activeBillingAddress?: AddressShape | null;
  activeShippingAddress?: AddressShape | null;
  addresses?: AddressShape[] | null;
  birthday?: string | null;
  title?: string | null;
  customerNumber?: string | null;
  /** Shopware 6.6 */
  defaultPaymentMethodId?: string | null;
  /** Shopware 6.7: the default (last used) payment method */
  lastPaymentMethodId?: string | null;
}

/** SPEC §4: registered, active and not a guest. */
export function isLoggedIn(customer: CustomerShape | null | undefined): boolean {
  return Boolean(customer?.id && customer.active !== false && !customer.guest);
}

const customerReads = new WeakMap<GatewayContext, Promise<CustomerShape | null>>();

/**
 * The session's customer, guests included; null when the session has none. Shopware's GET /context carries
 * it (shared with `context`, so a page asking both costs one call); a Store API whose context lacks the key
 * is asked POST /account/customer (403 = none, SPEC §6). The answer carries the session's active addresses.
 */
export function sessionCustomer(ctx: GatewayContext): Promise<CustomerShape | null> {
  let read = customerReads.get(ctx);
  if (!read) {
    read = readSalesChannelContext(ctx).then((context) => {
      if ('customer' in context) return (context.customer as unknown as CustomerShape | null | undefined) ?? null;
      return ctx
        .store()
        .invoke('readCustomer post /account/customer', { body: {} })
        .then(
          (customer) => customer as unknown as CustomerShape,
          (error: unknown) => {
            if (error instanceof StoreApiRequestError && error.statusCode === 403) return null;
            throw error;
          },
        );
    });
    customerReads.set(ctx, read);
    read.catch(() => customerReads.delete(ctx));
  }
  return read;
}

/**
 * Where mail links of the Store API (registration, password recovery, newsletter) point: the shop's public
 * origin plus the language prefix of the request ('' German, '/it', '/fr'), so the link opens in the
 * shopper's language.
 */
export function storefrontUrlOf(ctx: GatewayContext): string {
  const prefix = ctx.locale === 'de' ? '' : `/${ctx.locale}`;
  return `${publicOriginOf(ctx).replace(/\/+$/, '')}${prefix}`;
}

/** The payment methods of the sales channel (one call per request), for the customer's default method. */
const paymentMethodReads = new WeakMap<GatewayContext, Promise<ShopwarePaymentMethod[]>>();
function paymentMethodsOf(ctx: GatewayContext): Promise<ShopwarePaymentMethod[]> {
  let read = paymentMethodReads.get(ctx);
  if (!read) {
    read = ctx
      .store()
      .invoke('readPaymentMethod post /payment-method', { body: { limit: 100 } })
      .then((result) => ((result as { elements?: ShopwarePaymentMethod[] }).elements ?? []) as ShopwarePaymentMethod[]);
    paymentMethodReads.set(ctx, read);
    read.catch(() => paymentMethodReads.delete(ctx));
  }
  return read;
}

/** After login, logout, registration or an order: the next read asks the Store API again. */
export function forgetSessionCustomer(ctx: GatewayContext): void {
  customerReads.delete(ctx);
}

export const AddressRef = builder.objectRef<AddressShape>('Address').implement({
  description: 'A postal address of a customer or an order.',
  fields: (t) => ({
    id: t.id({ description: 'The Shopware address id.', resolve: (a) => a.id }),
    salutationId: t.id({ nullable: true, description: 'The salutation.', resolve: (a) => a.salutationId ?? null }),
    firstName: t.exposeString('firstName', { description: 'First name.' }),
    lastName: t.exposeString('lastName', { description: 'Last name.' }),
    company: t.string({ nullable: true, description: 'Company.', resolve: (a) => a.company || null }),
    street: t.exposeString('street', { description: 'Street and number.' }),
    zipcode: t.string({ description: 'Postal code.', resolve: (a) => a.zipcode ?? '' }),
    city: t.exposeString('city', { description: 'Town.' }),
    countryId: t.id({ description: 'The Shopware country id.', resolve: (a) => a.countryId }),
    country: t.field({
      type: CountryRef,
      nullable: true,
      description: 'The country, its name in the request’s language.',
      resolve: async (a, _args, ctx) => (await countryLoader(ctx).load(a.countryId)) ?? null,
    }),
    phoneNumber: t.string({ nullable: true, description: 'Phone number.', resolve: (a) => a.phoneNumber || null }),
  }),
});

export const CustomerRef = builder.objectRef<CustomerShape>('Customer').implement({
  description: 'The customer of the session: a registered customer or a guest of the checkout.',
  fields: (t) => ({
    id: t.id({ description: 'The Shopware customer id.', resolve: (c) => c.id }),
    email: t.exposeString('email', { description: 'Email address.' }),
    salutationId: t.id({ nullable: true, description: 'The salutation.', resolve: (c) => c.salutationId ?? null }),
    firstName: t.exposeString('firstName', { description: 'First name.' }),
    lastName: t.exposeString('lastName', { description: 'Last name.' }),
    guest: t.boolean({ description: 'A guest of the checkout (no account).', resolve: (c) => c.guest === true }),
    active: t.boolean({ description: 'Active; false while the registration waits for its email confirmation.', resolve: (c) => c.active !== false }),
    loggedIn: t.boolean({ description: 'Registered, active and not a guest (SPEC §4 Session).', resolve: (c) => isLoggedIn(c) }),
    birthday: t.string({
      nullable: true,
      description: 'Birthday (YYYY-MM-DD), when given.',
      resolve: (c) => (c.birthday ? c.birthday.slice(0, 10) : null),
    }),
    title: t.string({ nullable: true, description: 'Academic title (e.g. "Dr.").', resolve: (c) => c.title || null }),
    customerNumber: t.string({ description: 'The customer number (empty for a session without one).', resolve: (c) => c.customerNumber ?? '' }),
    defaultPaymentMethod: t.field({
      type: PaymentMethodRef,
      nullable: true,
      description: 'The default payment method (account/payment).',
      resolve: async (c, _args, ctx) => {
        const id = c.defaultPaymentMethodId ?? c.lastPaymentMethodId;
        if (!id) return null;
        return (await paymentMethodsOf(ctx)).find((method) => method.id === id) ?? null;
      },
    }),
    addresses: t.field({
      type: [AddressRef],
      description: 'The customer’s addresses (empty when the Store API refuses: SPEC §6, 403 gives an empty list).',
      resolve: async (_c, _args, ctx) => {
        try {
          const result = await ctx.store().invoke('listAddress post /account/list-address', { body: { limit: 100 } });
          return ((result as { elements?: AddressShape[] }).elements ?? []).slice(0, 100);
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 403) return [];
          throw error;
        }
      },
    }),
    invoiceAllowed: t.boolean({
      description: 'Whether invoice may be the default payment method: the billing address is the delivery address (SPEC §5).',
      resolve: (c) => invoiceAllowedForCustomer(c),
    }),
    defaultBillingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'The default billing address.',
      resolve: (c) => c.defaultBillingAddress ?? c.activeBillingAddress ?? null,
    }),
    defaultShippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'The default shipping address.',
      resolve: (c) => c.defaultShippingAddress ?? c.activeShippingAddress ?? null,
    }),
  }),
});

/** What a session change answers; viewer and cart are read only when asked for, after the change. */
export interface SessionPayloadShape {
  changed: boolean;
  errors: ShopError[];
}

export const SessionPayloadRef = builder.objectRef<SessionPayloadShape>('SessionPayload').implement({
  description: 'The session after a change (login, logout, registration, addresses), and what went wrong.',
  fields: (t) => ({
    viewer: t.field({
      type: CustomerRef,
      nullable: true,
      description: 'The customer of the session after the change.',
      resolve: (p, _args, ctx) => sessionCustomer(ctx),
    }),
    cart: t.field({
      type: CartRef,
      nullable: true,
      description: 'The cart after the change (the Store API carries it over on login).',
      resolve: (p, _args, ctx) => currentCart(ctx),
    }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated.', resolve: (p) => p.errors }),
  }),
});

// ---- inputs ------------------------------------------------------------------------------------------

export const AddressInput = builder.inputType('AddressInput', {
  description: 'A new address (SPEC §5: required fields, postal code of 4 characters in CH and LI).',
  fields: (t) => ({
    salutationId: t.id({ required: false, description: 'The salutation.' }),
    firstName: t.string({ required: true, description: 'First name.' }),
    lastName: t.string({ required: true, description: 'Last name.' }),
    company: t.string({ required: false, description: 'Company.' }),
    street: t.string({ required: true, description: 'Street and number.' }),
    zipcode: t.string({ required: true, description: 'Postal code.' }),
    city: t.string({ required: true, description: 'Town.' }),
    countryId: t.id({ required: true, description: 'The Shopware country id.' }),
    phoneNumber: t.string({ required: false, description: 'Phone number.' }),
  }),
});

const AddressChoice = builder.inputType('AddressChoice', {
  description: 'An existing address (addressId) or a new one (address): exactly one.',
  fields: (t) => ({
    addressId: t.id({ required: false, description: 'An address of the customer.' }),
    address: t.field({ type: AddressInput, required: false, description: 'A new address.' }),
  }),
});

const SetAddressesInput = builder.inputType('SetAddressesInput', {
  description: 'The billing and shipping address of the checkout; shipping null = same as billing.',
  fields: (t) => ({
    billing: t.field({ type: AddressChoice, required: true, description: 'The billing address.' }),
    shipping: t.field({ type: AddressChoice, required: false, description: 'The shipping address; null = the billing address.' }),
  }),
});

const RegisterInput = builder.inputType('RegisterInput', {
  description: 'Guest checkout (guest: true, no password) or a new account (password; double opt-in).',
  fields: (t) => ({
    guest: t.boolean({ required: true, description: 'Order as a guest, without an account.' }),
    email: t.string({ required: true, description: 'Email address.' }),
    password: t.string({ required: false, description: 'At least 8 characters; required unless guest.' }),
    salutationId: t.id({ required: false, description: 'The salutation.' }),
    firstName: t.string({ required: true, description: 'First name.' }),
    lastName: t.string({ required: true, description: 'Last name.' }),
    billingAddress: t.field({ type: AddressInput, required: true, description: 'The billing address.' }),
    shippingAddress: t.field({ type: AddressInput, required: false, description: 'A different shipping address.' }),
    acceptedDataProtection: t.boolean({ required: true, description: 'The data protection notice was accepted.' }),
    requestedGroupId: t.string({ required: false, description: 'An account requesting a customer group, from the group’s registration page (customerGroupRegistration).' }),
  }),
});

const ConfirmRegistrationInput = builder.inputType('ConfirmRegistrationInput', {
  description: 'The double-opt-in link of the registration mail (its hash and em parameters).',
  fields: (t) => ({
    hash: t.string({ required: true, description: 'The link’s hash parameter.' }),
    em: t.string({ required: true, description: 'The link’s em parameter (SHA-1 of the email).' }),
  }),
});

const LINK_PARAMETER = /^[A-Za-z0-9_-]{1,200}$/;

/** A hash or em parameter of a mail link: opaque url-safe text; INVALID_INPUT otherwise. */
export function checkLinkParameter(check: InputCheck, field: string, value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) {
    check.problem(field, 'required');
    return null;
  }
  if (!LINK_PARAMETER.test(trimmed)) {
    check.problem(field, 'id');
    return null;
  }
  return trimmed;
}

const LoginInput = builder.inputType('LoginInput', {
  description: 'Email and password of an account.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'Email address.' }),
    password: t.string({ required: true, description: 'Password.' }),
  }),
});

type AddressInputValue = typeof AddressInput.$inferInput;

/** Limits of the address fields (Shopware's column sizes, SPEC §5). */
export const NAME_MAX = 50;
/** SPEC §5/§9: a registering customer's first and last name have at least 3 characters. */
export const NAME_MIN = 3;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 4096;

/** The checked address as the Store API takes it; problems are collected under `prefix` ('' = top level). */
export function checkedAddress(check: InputCheck, prefix: string, address: AddressInputValue): Record<string, unknown> {
  const field = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const checked = {
    salutationId: check.id(field('salutationId'), address.salutationId, { optional: true }),
    firstName: check.text(field('firstName'), address.firstName, { max: NAME_MAX }),
    lastName: check.text(field('lastName'), address.lastName, { max: NAME_MAX }),
    company: check.text(field('company'), address.company, { max: 100, optional: true }),
    street: check.text(field('street'), address.street, { max: 100 }),
    zipcode: check.text(field('zipcode'), address.zipcode, { max: 10 }),
    city: check.text(field('city'), address.city, { max: 70 }),
    countryId: check.id(field('countryId'), address.countryId),
    phoneNumber: check.text(field('phoneNumber'), address.phoneNumber, { max: 40, optional: true }),
  };
  return Object.fromEntries(Object.entries(checked).filter(([, value]) => value !== null));
}

/** A failed step whose violation pointers are relative to a part of the input (e.g. one new address). */
class FailureOfPart extends Error {
  override name = 'FailureOfPart';
  constructor(
    readonly failure: unknown,
    readonly fieldPrefix: string,
  ) {
    super(`${fieldPrefix} failed`);
  }
}

/** Errors-as-data around a session change. */
export async function sessionChange(ctx: GatewayContext, change: () => Promise<void>): Promise<SessionPayloadShape> {
  try {
    await change();
    return { changed: true, errors: [] };
  } catch (error) {
    if (error instanceof FailureOfPart) return { changed: false, errors: shopErrorsOf(ctx, error.failure, { fieldPrefix: error.fieldPrefix }) };
    return { changed: false, errors: shopErrorsOf(ctx, error) };
  } finally {
    // Whatever happened, the session may differ now: the payload's viewer and cart read it again.
    forgetSalesChannelContext(ctx);
    forgetSessionCustomer(ctx);
    forgetCart(ctx);
  }
}

/** Shopware answers the new token in the header; some answers repeat it in the body. */
export function takeContextToken(ctx: GatewayContext, answer: unknown): void {
  const token = (answer as { contextToken?: unknown } | null)?.contextToken;
  if (typeof token === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(token)) ctx.session.contextToken = token;
}

/** The address id for a choice: an existing one, or a new one created with POST /account/address. */
async function addressIdOf(ctx: GatewayContext, choice: { addressId: string | null; address: Record<string, unknown> | null }, prefix: string): Promise<string> {
  if (choice.addressId) return choice.addressId;
  try {
    const created = await ctx.store().invoke('createCustomerAddress post /account/address', { body: choice.address! });
    return (created as { id: string }).id;
  } catch (error) {
    // violations point into the address sent (/zipcode): name them after the input (billing.address.zipcode)
    throw new FailureOfPart(error, `${prefix}.address`);
  }
}

function checkChoice(check: InputCheck, prefix: string, choice: { addressId?: string | null; address?: AddressInputValue | null }) {
  const hasId = Boolean(choice.addressId?.trim());
  const hasAddress = Boolean(choice.address);
  if (hasId === hasAddress) {
    check.problem(prefix, 'oneOf');
    return { addressId: null, address: null };
  }
  if (hasId) return { addressId: check.id(`${prefix}.addressId`, choice.addressId), address: null };
  return { addressId: null, address: checkedAddress(check, `${prefix}.address`, choice.address!) };
}

builder.queryField('viewer', (t) =>
  t.field({
    type: CustomerRef,
    nullable: true,
    description:
      'The customer of this session: null when anonymous. Guests and customers waiting for their double-opt-in confirmation are returned with loggedIn false.',
    resolve: (_root, _args, ctx) => sessionCustomer(ctx),
  }),
);

builder.mutationFields((t) => ({
  setAddresses: t.field({
    type: SessionPayloadRef,
    description: 'Logged-in or guest customers: choose existing addresses or create new ones; shipping null = same as billing.',
    args: { input: t.arg({ type: SetAddressesInput, required: true, description: 'The billing and shipping address.' }) },
    resolve: (_root, { input }, ctx) =>
      sessionChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const billing = checkChoice(check, 'billing', input.billing);
        const shipping = input.shipping ? checkChoice(check, 'shipping', input.shipping) : null;
        check.done();
        const billingAddressId = await addressIdOf(ctx, billing, 'billing');
        const shippingAddressId = shipping ? await addressIdOf(ctx, shipping, 'shipping') : billingAddressId;
        try {
          await ctx.store().invoke('updateContext patch /context', { body: { billingAddressId, shippingAddressId } });
        } catch (error) {
          // an address id that is not the customer's: beside the choice it came from (once, when shipping = billing)
          const errors = shopErrorsOf(ctx, error, { fields: { billingAddressId: 'billing.addressId', shippingAddressId: 'shipping.addressId' } });
          throw new InvalidInput(shipping ? errors : errors.filter((e) => e.field !== 'shipping.addressId'));
        }
      }),
  }),
  register: t.field({
    type: SessionPayloadRef,
    description: 'Guest checkout (guest: true, no password) or a new account (password; double opt-in).',
    args: { input: t.arg({ type: RegisterInput, required: true, description: 'The registration form.' }) },
    resolve: (_root, { input }, ctx) =>
      sessionChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const email = check.email('email', input.email);
        let password: string | null = null;
        if (!input.guest) {
          // passwords are taken as typed (no trimming): spaces may be part of them
          const typed = input.password ?? '';
          if (!typed) check.problem('password', 'required');
          else if (typed.length < PASSWORD_MIN) check.problem('password', 'tooShort', { min: PASSWORD_MIN });
          else if (typed.length > PASSWORD_MAX) check.problem('password', 'tooLong', { max: PASSWORD_MAX });
          else password = typed;
        }
        const salutationId = check.id('salutationId', input.salutationId, { optional: true });
        const firstName = check.text('firstName', input.firstName, { max: NAME_MAX, min: NAME_MIN });
        const lastName = check.text('lastName', input.lastName, { max: NAME_MAX, min: NAME_MIN });
        const billingAddress = checkedAddress(check, 'billingAddress', input.billingAddress);
        const shippingAddress = input.shippingAddress ? checkedAddress(check, 'shippingAddress', input.shippingAddress) : null;
        if (!input.acceptedDataProtection) check.problem('acceptedDataProtection', 'dataProtection');
        const requestedGroupId = input.requestedGroupId && !input.guest ? check.id('requestedGroupId', input.requestedGroupId) : null;
        check.done();
        const answer = await ctx
          .store()
          .invoke('register post /account/register', {
            body: {
              guest: input.guest,
              email: email!,
              ...(password ? { password } : {}),
              ...(salutationId ? { salutationId } : {}),
              firstName: firstName!,
              lastName: lastName!,
              billingAddress: { ...(salutationId ? { salutationId } : {}), ...billingAddress },
              ...(shippingAddress ? { shippingAddress: { ...(salutationId ? { salutationId } : {}), ...shippingAddress } } : {}),
              acceptedDataProtection: true,
              storefrontUrl: storefrontUrlOf(ctx),
              ...(requestedGroupId ? { requestedGroupId } : {}),
            },
          })
          .catch((error: unknown) => {
            // A guest checkout refused for its address or e-mail (429) says so, not just "too many attempts".
            if (input.guest && error instanceof StoreApiRequestError && error.statusCode === 429) {
              throw new InvalidInput(shopErrorsOf(ctx, error, { tooMany: 'TOO_MANY_ORDERS' }));
            }
            throw error;
          });
        takeContextToken(ctx, answer);
      }),
  }),
  login: t.field({
    type: SessionPayloadRef,
    description: 'Logs a customer in (the cart is carried over); wrong credentials answer LOGIN_FAILED.',
    args: { input: t.arg({ type: LoginInput, required: true, description: 'Email and password.' }) },
    resolve: (_root, { input }, ctx) =>
      sessionChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const email = check.email('email', input.email);
        if (!input.password) check.problem('password', 'required');
        else if (input.password.length > PASSWORD_MAX) check.problem('password', 'tooLong', { max: PASSWORD_MAX });
        check.done();
        const answer = await ctx.store().invoke('loginCustomer post /account/login', { body: { username: email!, password: input.password } });
        takeContextToken(ctx, answer);
      }),
  }),
  confirmRegistration: t.field({
    type: SessionPayloadRef,
    description: 'Confirms a registration from the mail’s link (double opt-in) and logs the customer in; a bad, used or expired link answers LINK_INVALID.',
    args: { input: t.arg({ type: ConfirmRegistrationInput, required: true, description: 'The link’s hash and em.' }) },
    resolve: (_root, { input }, ctx) =>
      sessionChange(ctx, async () => {
        const check = new InputCheck(ctx.locale);
        const hash = checkLinkParameter(check, 'hash', input.hash);
        const em = checkLinkParameter(check, 'em', input.em);
        check.done();
        const answer = await ctx.store().invoke('registerConfirm post /account/register-confirm', { body: { hash: hash!, em: em! } });
        takeContextToken(ctx, answer);
      }),
  }),
  logout: t.field({
    type: SessionPayloadRef,
    description: 'Logs the customer out; the session continues anonymously with a new token.',
    resolve: (_root, _args, ctx) =>
      sessionChange(ctx, async () => {
        const answer = await ctx.store().invoke('logoutCustomer post /account/logout', { body: {} });
        takeContextToken(ctx, answer);
      }),
  }),
}));
