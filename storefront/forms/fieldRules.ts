/**
 * SPEC §5 field rules the browser checks before sending a form. Each returns the failed rule's name
 * (the form translates it), or undefined when the value passes. The server checks again: it has the last word.
 */
export type FieldProblem = 'required' | 'email' | 'minLength' | 'postalCode' | 'passwordsDiffer';

/** SPEC §9 form limits. */
export const NAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const POSTAL_CODE_LENGTH = 4;

// Deliberately loose: one @, something on each side, a dot in the domain. The server has the last word.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** 'Der Wert ist erforderlich': nothing but blanks counts as empty. */
export function checkRequired(value: string | null | undefined): FieldProblem | undefined {
  return (value ?? '').trim() === '' ? 'required' : undefined;
}

export function checkEmail(value: string): FieldProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return EMAIL.test(trimmed) ? undefined : 'email';
}

/** First and last names: at least 3 characters (SPEC §5), counted without surrounding blanks. */
export function checkName(value: string): FieldProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  // Characters as the shopper sees them: "Zoë" is three, whatever its UTF-16 length.
  return Array.from(trimmed).length < NAME_MIN_LENGTH ? 'minLength' : undefined;
}

/** Passwords: at least 8 characters; blanks count (they are part of the password). */
export function checkPassword(value: string): FieldProblem | undefined {
  if (value === '') return 'required';
  return Array.from(value).length < PASSWORD_MIN_LENGTH ? 'minLength' : undefined;
}

/** Swiss and Liechtenstein postal codes: exactly 4 characters (SPEC §5, §9). */
export function checkPostalCode(value: string): FieldProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return Array.from(trimmed).length === POSTAL_CODE_LENGTH ? undefined : 'postalCode';
}

/** The repeated password must equal the password ('Die Passwörter stimmen nicht überein'). */
export function checkPasswordsMatch(password: string, confirmation: string): FieldProblem | undefined {
  if (confirmation === '') return 'required';
  return password === confirmation ? undefined : 'passwordsDiffer';
}
