import type { FieldProblems } from '../forms/checkoutForms';
import { useValidationText } from '../forms/validationTexts';
import { Notice } from '../ui/Notice';

/**
 * The message beside a checkout field: the browser's SPEC §5 check first, else the gateway's message for
 * that field as given (the gateway already writes a violation as 'field - detail', SPEC §5).
 */
export function useFieldMessages(problems: FieldProblems, serverErrors: Readonly<Record<string, string>>) {
  const text = useValidationText();
  return (field: string, _label: string): string | undefined => {
    const problem = problems[field];
    return problem ? text(problem, field) : serverErrors[field];
  };
}

/** Puts the keyboard on a checkout field by its path (after a refused submit). */
export function focusField(field: string | undefined): void {
  if (!field || typeof document === 'undefined') return;
  const element = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
  element?.focus();
}

// The checkout's and the account's forms take their fields from the form kit under the names they always had.
export { CheckboxField, SelectField, TextField } from '../forms/fields';

/** The alert box for errors that belong to no field (announced at once). */
export function CheckoutAlert({ messages }: { messages: readonly string[] }) {
  return <Notice tone="error" messages={messages} />;
}
