/**
 * SPEC §5 field rules the browser checks before sending a form. Each returns the failed rule's name
 * (the form translates it), or undefined when the value passes.
 */
export type FieldProblem = 'required' | 'email';

// Deliberately loose: one @, something on each side, a dot in the domain. The server has the last word.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkEmail(value: string): FieldProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return EMAIL.test(trimmed) ? undefined : 'email';
}
