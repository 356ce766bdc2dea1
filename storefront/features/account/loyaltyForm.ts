import type { FieldProblems } from '../../forms/checkoutForms';
import { checkEmail, checkName, checkPostalCode, checkRequired } from '../../forms/fieldRules';

/** The VitalCard application's fields (SPEC §3), in the form's order. */
export const APPLICATION_FIELDS = ['firstName', 'lastName', 'birthday', 'street', 'zipcode', 'city', 'email'] as const;
export type ApplicationValues = Record<(typeof APPLICATION_FIELDS)[number], string>;

/** The card number as printed: 13 digits (the shop's cards start with 2, EAN-13). Spaces are ignored. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function looksLikeCardNumber(value: string): boolean {
  return /^\d{13}$/.test(normalizeCardNumber(value));
}

/** The verification code printed on the card: 8 letters and digits, often typed as XXXX-XXXX. Spaces and dashes are ignored. */
export function normalizeVerificationCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function looksLikeVerificationCode(value: string): boolean {
  return /^[A-Z0-9]{8}$/.test(normalizeVerificationCode(value));
}

/** SPEC §3 loyalty application (firstName, lastName, birthday, street, zip, city, email) with SPEC §5 rules. */
export function checkApplication(values: ApplicationValues): FieldProblems {
  const problems: FieldProblems = {};
  const set = (field: string, problem: ReturnType<typeof checkRequired>) => {
    if (problem) problems[field] = problem;
  };
  set('firstName', checkName(values.firstName));
  set('lastName', checkName(values.lastName));
  set('birthday', checkRequired(values.birthday));
  set('street', checkRequired(values.street));
  set('zipcode', checkPostalCode(values.zipcode));
  set('city', checkRequired(values.city));
  set('email', checkEmail(values.email));
  return problems;
}


/** The card area's kit forms (ADR 0023): their names, shared by the enhanced forms and server/forms/account.ts. */
export const LOYALTY_FORMS = { assign: 'loyalty-assign', apply: 'loyalty-apply' } as const;

/** The application's fields as the form posts them ("application.email"), in the form's order. */
export const APPLICATION_FIELD_PATHS = APPLICATION_FIELDS.map((name) => `application.${name}`);

/** The assign form's problems: the SPEC §5 ones, or `shape` for a number or code that cannot be a card's. */
export type AssignProblem = FieldProblems[string] | 'shape';

/** The assign form's check, as the enhanced form runs it: both required, then the number's shape, then the code's. */
export function checkAssign(values: { cardNumber: string; verificationCode: string }): Record<string, AssignProblem> {
  const required: Record<string, AssignProblem> = {};
  if (checkRequired(values.cardNumber)) required.cardNumber = 'required';
  if (checkRequired(values.verificationCode)) required.verificationCode = 'required';
  if (Object.keys(required).length > 0) return required;
  if (!looksLikeCardNumber(values.cardNumber)) return { cardNumber: 'shape' };
  if (!looksLikeVerificationCode(values.verificationCode)) return { verificationCode: 'shape' };
  return {};
}

/** The text (customer.json) of a number or code of the wrong shape. */
export const ASSIGN_SHAPE_TEXTS: Record<string, string> = { cardNumber: 'loyalty.invalidCardNumber', verificationCode: 'loyalty.invalidVerificationCode' };

/** The application's problems by the form's field names. */
export function checkApplicationFields(values: ApplicationValues): FieldProblems {
  return Object.fromEntries(Object.entries(checkApplication(values)).map(([name, problem]) => [`application.${name}`, problem])) as FieldProblems;
}

/** The application's input: every value trimmed. */
export function applicationInput(values: ApplicationValues): ApplicationValues {
  return Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, values[name].trim()])) as ApplicationValues;
}

/** After a post without JavaScript the card page says what happened: ?saved=loyaltyAssigned … (customer.json). */
export const LOYALTY_SAVED_TEXTS = { loyaltyAssigned: 'loyalty.assigned', loyaltyApplied: 'loyalty.applied' } as const;
export type LoyaltySaved = keyof typeof LOYALTY_SAVED_TEXTS;

export function loyaltySavedTextOf(value: string | undefined): string | null {
  return value && Object.hasOwn(LOYALTY_SAVED_TEXTS, value) ? LOYALTY_SAVED_TEXTS[value as LoyaltySaved] : null;
}

/** The assign form's fields, in its order. */
export const ASSIGN_FIELDS = ['cardNumber', 'verificationCode'];

/** The application's values by their short names, from its fields as posted ("application.city" → city). */
export function applicationValuesOf(fields: Readonly<Record<string, string | null | undefined>>): ApplicationValues {
  return Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, fields[`application.${name}`] ?? ''])) as ApplicationValues;
}
