import { checkRequired, type FieldProblem } from '../../forms/fieldRules';
import { addressFieldPaths, addressInput, checkAddress, checkLogin, checkRegistration, emptyRegistration, type AddressValues, type FieldProblems, type IdentityMode, type RegistrationValues } from '../../forms/checkoutForms';

// The checkout's forms as the server reads them when they post without JavaScript (server/forms/checkout.ts) and
// as the enhanced page starts from after such a post (usePostedForm): their names, their flat fields (the names
// the inputs carry) and the same SPEC §5 checks the enhanced forms run.

/** Each checkout form's name: its hidden `_form` field and `data-form` attribute. */
export const CHECKOUT_FORM = {
  login: 'checkout-login',
  registration: 'checkout-registration',
  logout: 'checkout-logout',
  addresses: 'checkout-addresses',
  shipping: 'checkout-shipping',
  pharmacy: 'checkout-pharmacy',
  payment: 'checkout-payment',
  order: 'checkout-order',
  paymentRetry: 'order-payment-retry',
  orderCancel: 'order-cancel',
} as const;

/** /checkout?identity=login|guest|register: the identity form shown first (the choice's GET form without scripts). */
export const IDENTITY_PARAMETER = 'identity';
/** /checkout?addresses=edit: the address form open (the "change" link without scripts). */
export const ADDRESSES_PARAMETER = 'addresses';
/** /checkout/success/{id}/unpaid?cancel=ask: the question before an order is cancelled (the dialog without scripts). */
export const CANCEL_ORDER_PARAMETER = 'cancel';

/** /checkout?pharmacy-search=…: the pharmacies found, rendered on the server as the Click & Collect choice. */
export const PHARMACY_SEARCH_PARAMETER = 'pharmacy-search';

export function identityModeOf(value: string | null | undefined): IdentityMode | null {
  return value === 'login' || value === 'guest' || value === 'register' ? value : null;
}

/** A checked checkbox posts its value ('on'); an unchecked one posts nothing. */
const ticked = (value: string | null | undefined) => (value ?? '') !== '';

const ADDRESS_KEYS = ['salutationId', 'firstName', 'lastName', 'company', 'street', 'zipcode', 'city', 'countryId', 'phoneNumber'] as const;

function addressOf(fields: Readonly<Record<string, string>>, prefix: string): AddressValues {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, fields[`${prefix}.${key}`] ?? ''])) as unknown as AddressValues;
}

function flatAddress(address: AddressValues, prefix: string): Record<string, string> {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [`${prefix}.${key}`, address[key]]));
}

/** The registration's fields by the names its inputs carry (`mode`: guest or register, a hidden field). */
export type RegistrationFields = Record<string, string>;

/** The registration form's flat fields, empty (the country preselected), for usePostedForm. */
export function emptyRegistrationFields(countryId: string, mode: 'guest' | 'register'): RegistrationFields {
  const empty = emptyRegistration(countryId);
  return {
    mode,
    email: '',
    password: '',
    passwordConfirmation: '',
    ...flatAddress(empty.billingAddress, 'billingAddress'),
    differentShippingAddress: '',
    ...flatAddress(empty.shippingAddress, 'shippingAddress'),
    acceptedDataProtection: '',
  };
}

/** Every registration field shown again after a refusal: all but the passwords. */
export const REGISTRATION_KEPT_FIELDS = Object.keys(emptyRegistrationFields('', 'guest')).filter((name) => name !== 'password' && name !== 'passwordConfirmation');

export function registrationOf(fields: Readonly<Record<string, string>>): RegistrationValues {
  return {
    email: fields.email ?? '',
    password: fields.password ?? '',
    passwordConfirmation: fields.passwordConfirmation ?? '',
    billingAddress: addressOf(fields, 'billingAddress'),
    differentShippingAddress: ticked(fields.differentShippingAddress),
    shippingAddress: addressOf(fields, 'shippingAddress'),
    acceptedDataProtection: ticked(fields.acceptedDataProtection),
  };
}

/** The registration's mode as posted: an account only when asked for by name. */
export const registrationModeOf = (fields: Readonly<Record<string, string>>): 'guest' | 'register' => (fields.mode === 'register' ? 'register' : 'guest');

export { checkLogin, checkRegistration };

/** The address form's flat fields: billing, the "different shipping address" box, shipping. */
export function emptyAddressFields(billing: AddressValues, shipping: AddressValues, differentShipping: boolean): Record<string, string> {
  return { ...flatAddress(billing, 'billingAddress'), differentShippingAddress: differentShipping ? 'on' : '', ...flatAddress(shipping, 'shippingAddress') };
}

export const ADDRESS_KEPT_FIELDS = Object.keys(emptyAddressFields(emptyRegistration().billingAddress, emptyRegistration().shippingAddress, false));

export function addressesOf(fields: Readonly<Record<string, string>>) {
  const differentShipping = ticked(fields.differentShippingAddress);
  return { billing: addressOf(fields, 'billingAddress'), shipping: addressOf(fields, 'shippingAddress'), differentShipping };
}

/** An address the form shows as stored: setAddresses chooses it by its id while it is left as it was. */
export interface ShownAddress {
  id: string;
  values: AddressValues;
}

/** The same address for the Store API (spaces around a value do not make another one). */
const sameAddress = (a: AddressValues, b: AddressValues) => JSON.stringify(addressInput(a)) === JSON.stringify(addressInput(b));

/**
 * setAddresses' choice for one address, with or without scripts: the shown one by its id when left as it was (no
 * copy in the customer's addresses each time the step is sent again), else the values as a new address.
 */
export function addressChoice(values: AddressValues, shown: ShownAddress | null) {
  return shown && sameAddress(values, shown.values) ? { addressId: shown.id } : { address: addressInput(values) };
}

/** The hidden fields that name the address a form shows, for the post without scripts (`prefix.id`, `prefix.shown`). */
export function shownAddressFields(prefix: string, shown: ShownAddress | null): [string, string][] {
  return shown ? [[`${prefix}.id`, shown.id], [`${prefix}.shown`, JSON.stringify(shown.values)]] : [];
}

/** The address a posted form showed (shownAddressFields), or null when it named none or a value is not one of ours. */
export function shownAddressOf(fields: Readonly<Record<string, string>>, prefix: string): ShownAddress | null {
  const id = fields[`${prefix}.id`] ?? '';
  try {
    const shown = JSON.parse(fields[`${prefix}.shown`] ?? '') as Record<string, unknown>;
    if (!id || typeof shown !== 'object' || shown === null || !ADDRESS_KEYS.every((key) => typeof shown[key] === 'string')) return null;
    return { id, values: Object.fromEntries(ADDRESS_KEYS.map((key) => [key, shown[key]])) as unknown as AddressValues };
  } catch {
    return null;
  }
}

export function checkAddresses({ billing, shipping, differentShipping }: ReturnType<typeof addressesOf>): FieldProblems {
  return { ...checkAddress(billing, 'billingAddress'), ...(differentShipping ? checkAddress(shipping, 'shippingAddress') : {}) };
}

export { addressFieldPaths };

/** A single choice (shipping method, payment method, pharmacy): the id is required, the gateway checks the rest. */
export function checkChoice(field: string, value: string): Record<string, FieldProblem> {
  const problem = checkRequired(value);
  return problem ? { [field]: problem } : {};
}

/** The order form's fields; the idempotency key is made by the server when it renders the page. */
export interface OrderFormValues {
  acceptedTerms: string;
  acceptedDownloadWaiver: string;
  customerComment: string;
  idempotencyKey: string;
}

export const EMPTY_ORDER_FORM: OrderFormValues = { acceptedTerms: '', acceptedDownloadWaiver: '', customerComment: '', idempotencyKey: '' };

/** The longest comment the gateway takes (the textarea's maxLength). */
export const COMMENT_MAX_LENGTH = 1000;

/** The browser's own check before the order (the gateway repeats it): the terms. */
export function checkOrderForm(values: OrderFormValues): Record<string, FieldProblem> {
  return ticked(values.acceptedTerms) ? {} : { acceptedTerms: 'required' };
}

/** placeOrder's input, as the enhanced page sends it. */
export function placeOrderInput(values: OrderFormValues, requiresDownloadWaiver: boolean) {
  return {
    acceptedTerms: ticked(values.acceptedTerms),
    acceptedDownloadWaiver: requiresDownloadWaiver ? ticked(values.acceptedDownloadWaiver) : false,
    customerComment: values.customerComment.trim() || null,
    idempotencyKey: values.idempotencyKey,
  };
}
