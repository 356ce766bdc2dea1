import { addressFieldPaths, addressInput, checkAddress, emptyAddress, type AddressValues } from '../../forms/checkoutForms';
import { checkEmail, checkName, checkPassword, checkPasswordsMatch, checkRequired, type FieldProblem } from '../../forms/fieldRules';

/**
 * The account area's forms as plain data (login, registration, password reset, profile, addresses): the
 * SPEC §5 checks the browser makes before sending, and the gateway inputs. Field names are the paths the
 * gateway's ShopError.field uses for the same mutation, so a server message lands beside the same field.
 */
export type AccountProblem = FieldProblem | 'emailsDiffer' | 'date';
export type AccountProblems = Record<string, AccountProblem>;

function collect(problems: AccountProblems, field: string, problem: AccountProblem | undefined): void {
  if (problem) problems[field] = problem;
}

// ---- login ---------------------------------------------------------------------------------------------------

export interface LoginValues {
  email: string;
  password: string;
}

/** Login: an email and a password (its length is the server's business: old accounts may have shorter ones). */
export function checkLoginForm(values: LoginValues): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'email', checkEmail(values.email));
  collect(problems, 'password', checkRequired(values.password));
  return problems;
}

// ---- birthday ------------------------------------------------------------------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A birthday as <input type="date"> gives it (YYYY-MM-DD): a real date, after 1900, not in the future. */
export function checkBirthday(value: string, options: { optional?: boolean; today?: Date } = {}): AccountProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return options.optional ? undefined : 'required';
  const match = DATE.exec(trimmed);
  if (!match) return 'date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const today = options.today ?? new Date();
  if (!real || year < 1900 || date.getTime() > today.getTime()) return 'date';
  return undefined;
}

// ---- registration --------------------------------------------------------------------------------------------

/**
 * The registration form: access data, the billing address (with the customer's names), the consent. (No
 * birthday: the gateway's RegisterInput has none; the customer adds it on /account/profile.)
 */
export interface RegisterFormValues {
  email: string;
  password: string;
  passwordConfirmation: string;
  billingAddress: AddressValues;
  acceptedDataProtection: boolean;
}

/** The form's fields in the order they are shown: where the keyboard goes after a refused submit. */
export const REGISTER_FIELD_ORDER = [
  'email',
  'password',
  'passwordConfirmation',
  ...addressFieldPaths('billingAddress'),
  'acceptedDataProtection',
];

export function emptyRegisterForm(countryId = ''): RegisterFormValues {
  return { email: '', password: '', passwordConfirmation: '', billingAddress: emptyAddress(countryId), acceptedDataProtection: false };
}

/**
 * The registration from its fields by name (REGISTER_FIELD_ORDER, as the form names its controls and a form post
 * sends them): a ticked checkbox has a value, an unticked one none.
 */
export function registerFormOf(fields: Readonly<Record<string, string | undefined>>): RegisterFormValues {
  const address = emptyAddress();
  for (const name of Object.keys(address) as (keyof AddressValues)[]) address[name] = fields[`billingAddress.${name}`] ?? '';
  return {
    email: fields.email ?? '',
    password: fields.password ?? '',
    passwordConfirmation: fields.passwordConfirmation ?? '',
    billingAddress: address,
    acceptedDataProtection: (fields.acceptedDataProtection ?? '') !== '',
  };
}

export function checkRegisterForm(values: RegisterFormValues): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'email', checkEmail(values.email));
  collect(problems, 'password', checkPassword(values.password));
  collect(problems, 'passwordConfirmation', checkPasswordsMatch(values.password, values.passwordConfirmation));
  Object.assign(problems, checkAddress(values.billingAddress, 'billingAddress'));
  if (!values.acceptedDataProtection) problems.acceptedDataProtection = 'required';
  return problems;
}

/**
 * The gateway's RegisterInput for a new account (double opt-in: inactive until the mailed link is opened).
 * The customer's salutation and names are those of the billing address.
 */
export function registerAccountInput(values: RegisterFormValues) {
  const billingAddress = addressInput(values.billingAddress);
  return {
    guest: false,
    email: values.email.trim(),
    password: values.password,
    salutationId: billingAddress.salutationId,
    firstName: billingAddress.firstName,
    lastName: billingAddress.lastName,
    billingAddress,
    shippingAddress: null,
    acceptedDataProtection: values.acceptedDataProtection,
  };
}

/** The registration form on a customer group's page (its `_form` and `data-form`): it requests the group. */
export const CUSTOMER_GROUP_REGISTRATION_FORM = 'customer-group-registration';

/** register's input from a customer group's registration page: the account, requesting the group. */
export function groupRegistrationInput(values: RegisterFormValues, customerGroupId: string) {
  return { ...registerAccountInput(values), requestedGroupId: customerGroupId };
}

/** The gateway names the customer's own name fields without the billing address the form takes them from. */
export function registerErrorField(field: string): string {
  return field === 'salutationId' || field === 'firstName' || field === 'lastName' ? `billingAddress.${field}` : field;
}

// ---- the registration link again (a login refused with ACCOUNT_NOT_CONFIRMED) -------------------------------

/** The resend button's form: its `_form`, and the login page's parameter once the link went out (no address in it). */
export const RESEND_CONFIRMATION_FORM = 'registration-resend';
export const RESENT_PARAMETER = 'resent';

// ---- password recovery ---------------------------------------------------------------------------------------

export function checkRecoveryRequest(email: string): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'email', checkEmail(email));
  return problems;
}

export interface NewPasswordValues {
  newPassword: string;
  newPasswordConfirm: string;
}

/** A new password typed twice (recovery and change password): at least 8 characters, both equal. */
export function checkNewPassword(values: NewPasswordValues): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'newPassword', checkPassword(values.newPassword));
  collect(problems, 'newPasswordConfirm', checkPasswordsMatch(values.newPassword, values.newPasswordConfirm));
  return problems;
}

// ---- profile -------------------------------------------------------------------------------------------------

export interface ProfileValues {
  salutationId: string;
  title: string;
  firstName: string;
  lastName: string;
  birthday: string;
}

export function checkProfile(values: ProfileValues, today?: Date): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'firstName', checkName(values.firstName));
  collect(problems, 'lastName', checkName(values.lastName));
  collect(problems, 'birthday', checkBirthday(values.birthday, { optional: true, today }));
  return problems;
}

export function profileInput(values: ProfileValues) {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    salutationId: optional(values.salutationId),
    title: optional(values.title),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    birthday: optional(values.birthday),
  };
}

export interface ChangeEmailValues {
  email: string;
  emailConfirmation: string;
  password: string;
}

export function checkChangeEmail(values: ChangeEmailValues): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'email', checkEmail(values.email));
  if (values.emailConfirmation.trim() === '') problems.emailConfirmation = 'required';
  else if (values.emailConfirmation.trim().toLowerCase() !== values.email.trim().toLowerCase()) problems.emailConfirmation = 'emailsDiffer';
  collect(problems, 'password', checkRequired(values.password));
  return problems;
}

export interface ChangePasswordValues extends NewPasswordValues {
  password: string;
}

export function checkChangePassword(values: ChangePasswordValues): AccountProblems {
  const problems: AccountProblems = {};
  collect(problems, 'password', checkRequired(values.password));
  Object.assign(problems, checkNewPassword(values));
  return problems;
}

// ---- addresses -----------------------------------------------------------------------------------------------

/** The address book's form names its fields "address.zipcode" (AddressForm with the prefix "address"). */
export const ADDRESS_PREFIX = 'address';

export function checkAccountAddress(values: AddressValues): AccountProblems {
  return checkAddress(values, ADDRESS_PREFIX);
}

/** createAddress names a field "zipcode", updateAddress "address.zipcode": both go beside "address.zipcode". */
export function addressErrorField(field: string): string {
  return field.startsWith(`${ADDRESS_PREFIX}.`) ? field : `${ADDRESS_PREFIX}.${field}`;
}

export const ADDRESS_FIELD_ORDER = addressFieldPaths(ADDRESS_PREFIX);
