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

