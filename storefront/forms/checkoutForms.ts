import { checkEmail, checkName, checkPassword, checkPasswordsMatch, checkPostalCode, checkRequired, type FieldProblem } from './fieldRules';

/**
 * The checkout's forms as plain data: what the shopper typed, the SPEC §5 checks over it, and the
 * gateway's input built from it. Field names are the paths the gateway's ShopError.field uses
 * ("billingAddress.zipcode"), so a server message lands beside the same field as a browser one.
 */
export interface AddressValues {
  salutationId: string;
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  zipcode: string;
  city: string;
  countryId: string;
  phoneNumber: string;
}

export type IdentityMode = 'login' | 'guest' | 'register';

export interface RegistrationValues {
  email: string;
  password: string;
  passwordConfirmation: string;
  billingAddress: AddressValues;
  differentShippingAddress: boolean;
  shippingAddress: AddressValues;
  acceptedDataProtection: boolean;
}

/** Field path → the failed rule. Empty when the form may be sent. */
export type FieldProblems = Record<string, FieldProblem>;

/** An address form's fields in the order they are shown, as paths ("billingAddress.zipcode"). */
export function addressFieldPaths(prefix: string): string[] {
  return ['salutationId', 'company', 'firstName', 'lastName', 'street', 'zipcode', 'city', 'countryId', 'phoneNumber'].map((name) => `${prefix}.${name}`);
}

/** An address as the gateway answers it, as the form edits it. */
export function addressValuesOf(address: {
  readonly salutationId?: string | null;
  readonly firstName: string;
  readonly lastName: string;
  readonly company?: string | null;
  readonly street: string;
  readonly zipcode: string;
  readonly city: string;
  readonly countryId: string;
  readonly phoneNumber?: string | null;
}): AddressValues {
  return {
    salutationId: address.salutationId ?? '',
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? '',
    street: address.street,
    zipcode: address.zipcode,
    city: address.city,
    countryId: address.countryId,
    phoneNumber: address.phoneNumber ?? '',
  };
}

export function emptyAddress(countryId = ''): AddressValues {
  return { salutationId: '', firstName: '', lastName: '', company: '', street: '', zipcode: '', city: '', countryId, phoneNumber: '' };
}

export function emptyRegistration(countryId = ''): RegistrationValues {
  return {
    email: '',
    password: '',
    passwordConfirmation: '',
    billingAddress: emptyAddress(countryId),
    differentShippingAddress: false,
    shippingAddress: emptyAddress(countryId),
    acceptedDataProtection: false,
  };
}

function collect(problems: FieldProblems, field: string, problem: FieldProblem | undefined): void {
  if (problem) problems[field] = problem;
}

/** An address under `prefix` ("billingAddress"): names, street, postal code, town and country. */
export function checkAddress(values: AddressValues, prefix: string): FieldProblems {
  const problems: FieldProblems = {};
  collect(problems, `${prefix}.firstName`, checkName(values.firstName));
  collect(problems, `${prefix}.lastName`, checkName(values.lastName));
  collect(problems, `${prefix}.street`, checkRequired(values.street));
  collect(problems, `${prefix}.zipcode`, checkPostalCode(values.zipcode));
  collect(problems, `${prefix}.city`, checkRequired(values.city));
  collect(problems, `${prefix}.countryId`, checkRequired(values.countryId));
  return problems;
}

/** Guest checkout or a new account: personal data, addresses, data protection; a password for accounts. */
export function checkRegistration(values: RegistrationValues, mode: 'guest' | 'register'): FieldProblems {
  const problems: FieldProblems = {};
  collect(problems, 'email', checkEmail(values.email));
  if (mode === 'register') {
    collect(problems, 'password', checkPassword(values.password));
    collect(problems, 'passwordConfirmation', checkPasswordsMatch(values.password, values.passwordConfirmation));
  }
  Object.assign(problems, checkAddress(values.billingAddress, 'billingAddress'));
  if (values.differentShippingAddress) Object.assign(problems, checkAddress(values.shippingAddress, 'shippingAddress'));
  if (!values.acceptedDataProtection) problems.acceptedDataProtection = 'required';
  return problems;
}

/** Login: an email and a password (its length is the server's business: old accounts may have shorter ones). */
export function checkLogin(email: string, password: string): FieldProblems {
  const problems: FieldProblems = {};
  collect(problems, 'login.email', checkEmail(email));
  collect(problems, 'login.password', checkRequired(password));
  return problems;
}

/** The gateway's AddressInput: trimmed, optional fields null when empty. */
export function addressInput(values: AddressValues) {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    salutationId: optional(values.salutationId),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    company: optional(values.company),
    street: values.street.trim(),
    zipcode: values.zipcode.trim(),
    city: values.city.trim(),
    countryId: values.countryId,
    phoneNumber: optional(values.phoneNumber),
  };
}

/** The gateway's RegisterInput for a guest checkout or a new account. */
export function registerInput(values: RegistrationValues, mode: 'guest' | 'register') {
  const billingAddress = addressInput(values.billingAddress);
  return {
    guest: mode === 'guest',
    email: values.email.trim(),
    password: mode === 'register' ? values.password : null,
    salutationId: billingAddress.salutationId,
    firstName: billingAddress.firstName,
    lastName: billingAddress.lastName,
    billingAddress,
    shippingAddress: values.differentShippingAddress ? addressInput(values.shippingAddress) : null,
    acceptedDataProtection: values.acceptedDataProtection,
  };
}

/** A gateway error as the checkout shows it (ShopError of the contract). */
export interface ShopErrorData {
  readonly code: string;
  readonly message: string;
  readonly field?: string | null;
}

/**
 * Splits the gateway's errors: those naming a field go beside it (shown as 'field - detail', SPEC §5),
 * the others into the alert box.
 */
export function splitShopErrors(errors: readonly ShopErrorData[], knownFields: ReadonlySet<string>): { byField: Record<string, string>; general: string[] } {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const error of errors) {
    if (error.field && knownFields.has(error.field) && !(error.field in byField)) byField[error.field] = error.message;
    else general.push(error.message);
  }
  return { byField, general: [...new Set(general)] };
}

/** The first field with a problem, in the order given (where focus goes after a refused submit). */
export function firstProblemField(order: readonly string[], problems: Readonly<Record<string, unknown>>): string | undefined {
  return order.find((field) => field in problems) ?? Object.keys(problems)[0];
}
