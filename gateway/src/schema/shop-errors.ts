import type { GatewayContext } from '../context';
import type { Locale } from '../languages';
import { fieldMessage, fieldProblemText, SHOP_ERROR_MESSAGES, shopErrorMessage, type FieldProblem, type ShopErrorCode } from '../messages';
import { isMissingRouteAnswer, StoreApiRequestError, type StoreApiErrorEntry } from '../store-client';
import { builder } from './builder';

// Errors as data of the shop's mutations (cart, checkout, account, order). Expected failures — a bad input,
// an unknown promotion code, a Store API 4xx — are answered in `payload.errors`, translated into the
// request's language; only bugs are thrown (and masked). Store API outages (network, timeout, 5xx) become
// UNAVAILABLE with the SPEC's generic message.

export type { ShopErrorCode } from '../messages';

export interface ShopError {
  code: ShopErrorCode;
  message: string;
  field: string | null;
}

const CODE_DESCRIPTIONS: Record<ShopErrorCode, string> = {
  INVALID_INPUT: 'A field of the input is invalid (SPEC §5); `field` names it.',
  PRODUCT_NOT_AVAILABLE: 'The product is currently not available.',
  FULFILMENT_CONFLICT: 'Click & Collect and delivery items cannot be in one cart: ask the shopper to replace the cart or cancel.',
  PROMOTION_NOT_FOUND: 'The promotion code is unknown, expired or inactive.',
  VOUCHER_NOT_OWN: 'The voucher belongs to another customer (a loyalty voucher is redeemed only in its own account).',
  VOUCHER_LOGIN_REQUIRED: 'The voucher belongs to a customer account: log in to redeem it (guests and visitors cannot).',
  VOUCHER_REDEEMED: 'The customer’s voucher has already been redeemed by an order.',
  PHARMACY_REQUIRED: 'A Click & Collect cart needs a selected pharmacy.',
  TERMS_NOT_ACCEPTED: 'The terms and conditions must be accepted.',
  DOWNLOAD_WAIVER_REQUIRED: 'The cart holds downloads: the waiver of the right of withdrawal must be ticked.',
  INVOICE_ADDRESS_MISMATCH: 'Invoice payment is not possible when the billing address differs from the shipping address.',
  CART_EMPTY: 'The cart is empty.',
  CART_BLOCKED: 'A cart error of level ERROR blocks the order.',
  NOT_LOGGED_IN: 'The session has no customer: log in or check out as a guest.',
  LOGIN_FAILED: 'Wrong email or password.',
  ACCOUNT_NOT_CONFIRMED: 'The password is right, but the registration’s confirmation link was not opened yet: offer to mail it again (resendRegistrationConfirmation).',
  EMAIL_IN_USE: 'An account with this email already exists.',
  REGISTRATION_INACTIVE: 'Registration is not active.',
  ORDER_NOT_FOUND: 'No such order of this session.',
  PAYMENT_NOT_CHANGEABLE: 'The order is paid or cancelled: its payment can no longer change.',
  ORDER_NOT_CANCELLABLE: 'The order can no longer be cancelled.',
  PASSWORDS_DO_NOT_MATCH: 'The password and its confirmation differ (SPEC §5).',
  CARD_NUMBER_INVALID: 'The loyalty card number is malformed (13 digits with an EAN-13 check digit).',
  CARD_NOT_VERIFIED: 'The loyalty card number is unknown, taken, or its printed verification code is wrong (one answer for all three).',
  CUSTOMER_NOT_FOUND: 'No active account has this email (password recovery, SPEC §5).',
  LINK_INVALID: 'The link (registration, password recovery, newsletter) is unknown, expired or already used.',
  ADDRESS_IN_USE: 'A default or active address cannot be deleted.',
  TOO_MANY_ATTEMPTS: 'Too many attempts (rate limit); the message says how long to wait.',
  TOO_MANY_ORDERS: 'Too many guest checkouts from this client address or e-mail in the last hour; the message says how long to wait.',
  WRONG_PASSWORD: 'The current password is wrong (changing email or password).',
  NEWSLETTER_FAILED: 'The newsletter subscription or unsubscription failed.',
  UNAVAILABLE: 'The shop’s back end failed or did not answer in time; try again later.',
  POLL_ALREADY_VOTED: 'This visitor has already voted in this poll (one vote per visitor).',
  CONTEST_ALREADY_ENTERED: 'This email has already entered the contest (one entry per email).',
  CONTEST_CLOSED: 'The contest is over.',
  UPLOAD_TYPE_NOT_ALLOWED: 'An uploaded file is neither a PDF nor a PNG (checked by its content, not its name).',
  UPLOAD_TOO_LARGE: 'An uploaded file is larger than allowed; the message names the limit.',
  UPLOAD_REQUIRED: 'A prescription pickup needs the insurance card and at least one prescription.',
  PICKUP_DATE_INVALID: 'The pickup date is in the past, too far ahead, or not a working day.',
  PHARMACY_NOT_FOUND: 'No pharmacy has this id or path.',
  INSURANCE_NUMBER_INVALID: 'The insurance number does not have the insurer’s format.',
  SERVICE_NOT_AVAILABLE: 'The shop’s back end does not offer this service (a Shopware without the shop plugin: loyalty, pharmacies, prescriptions …).',
  REVIEWS_CLOSED: 'The shop has switched customer reviews off.',
};

export const ShopErrorCodeEnum = builder.enumType('ShopErrorCode', {
  description: 'What went wrong with a shop mutation; the storefront picks its reaction by the code and shows `message`.',
  values: Object.fromEntries(
    (Object.keys(SHOP_ERROR_MESSAGES) as ShopErrorCode[]).map((code) => [code, { value: code, description: CODE_DESCRIPTIONS[code] }]),
  ) as Record<ShopErrorCode, { value: ShopErrorCode; description: string }>,
});

export const ShopErrorRef = builder.objectRef<ShopError>('ShopError').implement({
  description: 'An expected failure of a shop mutation, as data.',
  fields: (t) => ({
    code: t.field({ type: ShopErrorCodeEnum, description: 'What went wrong.', resolve: (e) => e.code }),
    message: t.exposeString('message', { description: 'Translated message in the request’s language (SPEC wording where it has one).' }),
    field: t.string({
      nullable: true,
      description: 'The input field it belongs to (e.g. "billingAddress.zipcode"), for messages beside the field.',
      resolve: (e) => e.field,
    }),
  }),
});

export function shopError(locale: Locale, code: ShopErrorCode, field: string | null = null, params?: Record<string, unknown>): ShopError {
  return { code, message: shopErrorMessage(locale, code, code === 'TOO_MANY_ATTEMPTS' ? { ...params, seconds: params?.seconds ?? 60 } : params), field };
}

// ---- input validation (before any Store API call) ------------------------------------------------------

/** Thrown by input checks; the mutation answers its errors as INVALID_INPUT without calling the Store API. */
export class InvalidInput extends Error {
  override name = 'InvalidInput';
  constructor(readonly errors: ShopError[]) {
    super(errors.map((e) => e.message).join('; '));
  }
}

const SHOPWARE_ID = /^[0-9a-f]{32}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Collects field problems of one input; `done()` throws InvalidInput when there are any. */
export class InputCheck {
  readonly errors: ShopError[] = [];
  constructor(readonly locale: Locale) {}

  problem(field: string, problem: FieldProblem, params?: Record<string, unknown>): void {
    this.errors.push({ code: 'INVALID_INPUT', field, message: fieldMessage(this.locale, field, fieldProblemText(this.locale, problem, params)) });
  }

  /** A trimmed text: required unless `optional`, at most `max` (and at least `min`) characters. Empty optional → null. */
  text(field: string, value: string | null | undefined, options: { max: number; min?: number; optional?: boolean }): string | null {
    const trimmed = (value ?? '').trim();
    if (!trimmed) {
      if (!options.optional) this.problem(field, 'required');
      return null;
    }
    if (trimmed.length > options.max) this.problem(field, 'tooLong', { max: options.max });
    else if (options.min && trimmed.length < options.min) this.problem(field, 'tooShort', { min: options.min });
    return trimmed;
  }

  /** A Shopware id, lower-cased. */
  id(field: string, value: string | null | undefined, options: { optional?: boolean } = {}): string | null {
    const trimmed = (value ?? '').trim();
    if (!trimmed) {
      if (!options.optional) this.problem(field, 'required');
      return null;
    }
    if (!SHOPWARE_ID.test(trimmed)) {
      this.problem(field, 'id');
      return null;
    }
    return trimmed.toLowerCase();
  }

  email(field: string, value: string | null | undefined): string | null {
    const email = this.text(field, value, { max: 254 });
    if (email && !EMAIL.test(email)) this.problem(field, 'email');
    return email;
  }

  done(): void {
    if (this.errors.length > 0) throw new InvalidInput(this.errors);
  }
}

// ---- Store API failures → ShopErrors ----------------------------------------------------------------

/** "/billingAddress/zipcode" → "billingAddress.zipcode" (with a prefix for inputs nested differently). */
export function fieldOfPointer(pointer: string | undefined, prefix = ''): string | null {
  const path = (pointer ?? '')
    .split('/')
    .filter((part) => part !== '')
    .join('.');
  if (!path) return prefix || null;
  return prefix ? `${prefix}.${path}` : path;
}

const VIOLATION_PROBLEMS: Record<string, FieldProblem> = {
  'VIOLATION::IS_BLANK_ERROR': 'required',
  'VIOLATION::IS_NULL_ERROR': 'required',
  'VIOLATION::TOO_LONG_ERROR': 'tooLong',
  'VIOLATION::TOO_SHORT_ERROR': 'tooShort',
  'VIOLATION::INVALID_EMAIL_FORMAT_ERROR': 'email',
  'VIOLATION::STRICT_CHECK_FAILED_ERROR': 'email',
  'VIOLATION::ZIP_CODE_INVALID': 'zipcode',
  'VIOLATION::NOT_EQUAL_LENGTH_ERROR': 'zipcode',
  'VIOLATION::ENTITY_DOES_NOT_EXISTS': 'id',
};

function violationMessage(locale: Locale, entry: StoreApiErrorEntry, field: string): string {
  const problem = entry.code ? VIOLATION_PROBLEMS[entry.code] : undefined;
  const parameters = (entry.meta?.parameters ?? {}) as Record<string, unknown>;
  const limit = Number(String(parameters['{{ limit }}'] ?? '').replace(/\D/g, '')) || undefined;
  if (problem === 'tooLong' && limit) return fieldMessage(locale, field, fieldProblemText(locale, 'tooLong', { max: limit }));
  if (problem === 'tooShort' && limit) return fieldMessage(locale, field, fieldProblemText(locale, 'tooShort', { min: limit }));
  if (problem && problem !== 'tooLong' && problem !== 'tooShort') return fieldMessage(locale, field, fieldProblemText(locale, problem));
  // SPEC §5: the field's name, ' - ', and the server's detail.
  return fieldMessage(locale, field, entry.detail ?? entry.title ?? entry.code ?? '');
}

type CartErrorParameter = { messageKey?: string; level?: number };

/** The order-blocking reason of CHECKOUT__CART_INVALID, from the cart errors it carries. */
function blockedCartCode(entry: StoreApiErrorEntry): ShopErrorCode {
  const parameters = entry.meta?.parameters as { errors?: unknown } | undefined;
  const raw = parameters?.errors;
  const errors: CartErrorParameter[] = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  const keys = errors.map((e) => e?.messageKey ?? '');
  if (keys.includes('pharmacy-required')) return 'PHARMACY_REQUIRED';
  if (keys.includes('payment-method-blocked')) return 'INVOICE_ADDRESS_MISMATCH';
  if (keys.some((key) => key === 'product-not-available' || key === 'product-not-found')) return 'PRODUCT_NOT_AVAILABLE';
  return 'CART_BLOCKED';
}

/** Where a known code's message goes (beside a field of the form). */
const FIELD_OF_KNOWN_CODE: Partial<Record<ShopErrorCode, string>> = {
  EMAIL_IN_USE: '/email',
  WRONG_PASSWORD: '/password',
  CUSTOMER_NOT_FOUND: '/email',
  CARD_NUMBER_INVALID: '/cardNumber',
  CARD_NOT_VERIFIED: '/verificationCode',
};

/** Seconds to wait from a rate-limit answer (meta.parameters.waitTime, Shopware's throttle exception). */
function waitSecondsOf(entry: StoreApiErrorEntry): number | undefined {
  const parameters = (entry.meta?.parameters ?? {}) as Record<string, unknown>;
  const seconds = Math.ceil(Number(parameters.waitTime ?? parameters.retryAfter ?? NaN));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

const CODE_OF_STORE_ERROR: Record<string, ShopErrorCode> = {
  PHARMACY__CART_FULFILMENT_CONFLICT: 'FULFILMENT_CONFLICT',
  CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS: 'LOGIN_FAILED',
  CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED: 'ACCOUNT_NOT_CONFIRMED',
  CHECKOUT__CUSTOMER_NOT_LOGGED_IN: 'NOT_LOGGED_IN',
  CHECKOUT__CUSTOMER_REGISTRATION_INACTIVE: 'REGISTRATION_INACTIVE',
  'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE': 'EMAIL_IN_USE',
  CHECKOUT__CART_EMPTY: 'CART_EMPTY',
  'VIOLATION::TERMS_NOT_ACCEPTED': 'TERMS_NOT_ACCEPTED',
  'VIOLATION::DOWNLOAD_WAIVER_REQUIRED': 'DOWNLOAD_WAIVER_REQUIRED',
  CHECKOUT__ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  CHECKOUT__ORDER_ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  CHECKOUT__PAYMENT_NOT_CHANGEABLE: 'PAYMENT_NOT_CHANGEABLE',
  CHECKOUT__PAYMENT_METHOD_NOT_CHANGEABLE: 'PAYMENT_NOT_CHANGEABLE',
  CHECKOUT__PAYMENT_METHOD_BLOCKED: 'INVOICE_ADDRESS_MISMATCH',
  CHECKOUT__ORDER_NOT_CANCELLABLE: 'ORDER_NOT_CANCELLABLE',
  PRODUCT__PRODUCT_NOT_FOUND: 'PRODUCT_NOT_AVAILABLE',
  'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT': 'WRONG_PASSWORD',
  CHECKOUT__CUSTOMER_NOT_FOUND: 'CUSTOMER_NOT_FOUND',
  CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED: 'LINK_INVALID',
  CHECKOUT__HASH_NOT_FOUND: 'LINK_INVALID',
  CHECKOUT__CUSTOMER_RECOVERY_HASH_NOT_FOUND: 'LINK_INVALID',
  CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH: 'LINK_INVALID',
  CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED: 'LINK_INVALID',
  CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND: 'LINK_INVALID',
  CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT: 'ADDRESS_IN_USE',
  CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE: 'ADDRESS_IN_USE',
  PHARMACY__LOYALTY_CARD_NUMBER_INVALID: 'CARD_NUMBER_INVALID',
  PHARMACY__LOYALTY_CARD_NOT_VERIFIED: 'CARD_NOT_VERIFIED',
  CHECKOUT__CUSTOMER_AUTH_THROTTLED: 'TOO_MANY_ATTEMPTS',
  FRAMEWORK__RATE_LIMIT_EXCEEDED: 'TOO_MANY_ATTEMPTS',
  CONTENT__PRODUCT_NOT_FOUND: 'PRODUCT_NOT_AVAILABLE',
  PRODUCT__REVIEW_NOT_ACTIVE: 'REVIEWS_CLOSED',
};

/** Store API errors about an id the shopper chose: INVALID_INPUT beside that field. */
const FIELD_OF_STORE_ERROR: Record<string, string> = {
  CHECKOUT__UNKNOWN_PAYMENT_METHOD: 'paymentMethodId',
  CHECKOUT__UNKNOWN_SHIPPING_METHOD: 'shippingMethodId',
  CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND: 'addressId',
  PHARMACY__NOT_FOUND: 'pharmacyId',
  CHECKOUT__INVALID_IDEMPOTENCY_KEY: 'idempotencyKey',
  CHECKOUT__CART_LINE_ITEM_NOT_FOUND: 'lineItemId',
};

export interface FailureMapping {
  /** prefix for fields of violations (their pointers are relative to what was sent) */
  fieldPrefix?: string;
  /** code for a 4xx this mapping does not know (default UNAVAILABLE) */
  otherwise?: ShopErrorCode;
  /** code for a 404 (e.g. ORDER_NOT_FOUND for the order routes) */
  notFound?: ShopErrorCode;
  /** input names of the fields the Store API names differently (e.g. billingAddressId → billing.addressId) */
  fields?: Record<string, string>;
  /** code for a rate-limit answer (429) that says more than TOO_MANY_ATTEMPTS (e.g. TOO_MANY_ORDERS); its message gets {minutes} */
  tooMany?: ShopErrorCode;
}

function errorOfEntry(locale: Locale, status: number, entry: StoreApiErrorEntry, mapping: FailureMapping): ShopError {
  if (isMissingRouteAnswer(status, [entry])) return shopError(locale, 'SERVICE_NOT_AVAILABLE');
  const code = entry.code ?? '';
  if (code === 'CHECKOUT__CART_INVALID') return shopError(locale, blockedCartCode(entry));
  if (code.includes('REGISTRATION_INACTIVE')) return shopError(locale, 'REGISTRATION_INACTIVE');
  const pointer = entry.source?.pointer;
  if (code === 'VIOLATION::EQUAL_TO_ERROR' || code === 'VIOLATION::NOT_EQUAL_ERROR') {
    const named = fieldOfPointer(pointer, mapping.fieldPrefix) ?? 'input';
    const field = mapping.fields?.[named] ?? named;
    if (/password/i.test(field)) return shopError(locale, 'PASSWORDS_DO_NOT_MATCH', field);
    return { code: 'INVALID_INPUT', field, message: fieldMessage(locale, field, fieldProblemText(locale, 'notEqual')) };
  }
  const known = CODE_OF_STORE_ERROR[code] ?? (status === 429 ? 'TOO_MANY_ATTEMPTS' : undefined);
  if (known === 'TOO_MANY_ATTEMPTS' && mapping.tooMany) return shopError(locale, mapping.tooMany, null, { minutes: Math.max(1, Math.ceil((waitSecondsOf(entry) ?? 60) / 60)) });
  if (known === 'TOO_MANY_ATTEMPTS') return shopError(locale, known, null, { seconds: waitSecondsOf(entry) });
  if (known) {
    const defaultPointer = FIELD_OF_KNOWN_CODE[known];
    const named = defaultPointer ? fieldOfPointer(pointer ?? defaultPointer, mapping.fieldPrefix) : null;
    return shopError(locale, known, named ? (mapping.fields?.[named] ?? named) : null);
  }
  const idField = FIELD_OF_STORE_ERROR[code];
  if (idField) {
    const field = mapping.fieldPrefix ? `${mapping.fieldPrefix}.${idField}` : idField;
    return { code: 'INVALID_INPUT', field, message: fieldMessage(locale, field, fieldProblemText(locale, 'id')) };
  }
  if (pointer === '/tos') return shopError(locale, 'TERMS_NOT_ACCEPTED');
  if (pointer === '/downloadWaiver') return shopError(locale, 'DOWNLOAD_WAIVER_REQUIRED');
  if (code.startsWith('VIOLATION::') || pointer) {
    const named = fieldOfPointer(pointer, mapping.fieldPrefix) ?? 'input';
    const field = mapping.fields?.[named] ?? named;
    return { code: 'INVALID_INPUT', field, message: violationMessage(locale, entry, field) };
  }
  if (status === 403) return shopError(locale, 'NOT_LOGGED_IN');
  if (status === 401) return shopError(locale, 'LOGIN_FAILED');
  if (status === 404 && mapping.notFound) return shopError(locale, mapping.notFound);
  if (status === 429) return shopError(locale, 'TOO_MANY_ATTEMPTS');
  return shopError(locale, mapping.otherwise ?? 'UNAVAILABLE');
}

/** Whether the failure is the Store API's trouble (network, timeout, 5xx), not the shopper's. */
export function isOutage(error: StoreApiRequestError): boolean {
  return error.statusCode === 0 || error.statusCode === 408 || error.statusCode >= 500;
}

/**
 * The ShopErrors of a failed mutation step. Bad input and Store API failures become data; anything else
 * is a bug and is thrown again (the error-masking plugin hides it from shoppers).
 */
export function shopErrorsOf(ctx: GatewayContext, error: unknown, mapping: FailureMapping = {}): ShopError[] {
  if (error instanceof InvalidInput) return error.errors;
  if (!(error instanceof StoreApiRequestError)) throw error;
  if (isOutage(error)) return [shopError(ctx.locale, 'UNAVAILABLE')];
  const entries = error.messages.length > 0 ? error.messages : [{}];
  const errors = entries.map((entry) => errorOfEntry(ctx.locale, error.statusCode, entry, mapping));
  // one message per code and field: Shopware may list the same violation twice (e.g. per constraint)
  return errors.filter((e, index) => errors.findIndex((other) => other.code === e.code && other.field === e.field) === index);
}

/** Whether a Store API failure has this Shopware error code. */
export function hasStoreErrorCode(error: unknown, code: string): boolean {
  return error instanceof StoreApiRequestError && error.messages.some((entry) => entry.code === code);
}
