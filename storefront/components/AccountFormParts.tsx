import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import type { AccountProblems } from '../forms/accountForms';
import type { ShopErrorData } from '../forms/checkoutForms';
import { useValidationText } from '../forms/validationTexts';

/**
 * The message beside an account form's field: the browser's SPEC §5 check first, else the gateway's
 * message for that field as given (the gateway writes a Store API violation as 'field - detail', SPEC §5).
 */
export function useAccountMessages(problems: AccountProblems, serverErrors: Readonly<Record<string, string>>) {
  const text = useValidationText('account');
  return (field: string, _label?: string): string | undefined => {
    const problem = problems[field];
    return problem ? text(problem, field) : serverErrors[field];
  };
}

/**
 * Splits the gateway's errors: those naming a field of the form go beside it (after `rename`, which maps the
 * gateway's field names onto the form's), the others into the alert box. A failed request (null) is the
 * generic message.
 */
export function sortShopErrors(
  errors: readonly ShopErrorData[] | null,
  fields: readonly string[],
  unavailable: string,
  rename: (field: string) => string = (field) => field,
): { byField: Record<string, string>; general: string[] } {
  if (errors === null) return { byField: {}, general: [unavailable] };
  const known = new Set(fields);
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const error of errors) {
    const field = error.field ? rename(error.field) : null;
    if (field && known.has(field)) {
      if (!(field in byField)) byField[field] = error.message;
    } else general.push(error.message);
  }
  return { byField, general: [...new Set(general)] };
}

/**
 * The state of an account form around its fields: the browser's SPEC §5 problems, the gateway's messages
 * beside the fields and the alert box, with `messageOf` for the fields.
 */
export function useAccountFormState(posted?: { problems: Record<string, string>; errors: readonly ShopErrorData[] | null; fields: readonly string[] }) {
  const { t } = useTranslation('account');
  // The first state: what a refused form post answered (ADR 0023), shown as the enhanced form shows the same answer.
  const [first] = useState(() => (posted && (posted.errors === null || posted.errors.length > 0) ? refusalOf(posted.errors, posted.fields, t('errors.unavailable')) : { byField: {}, general: [] }));
  const [problems, setProblems] = useState<AccountProblems>((posted?.problems ?? {}) as AccountProblems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(first.byField);
  const [alert, setAlert] = useState<string[]>(first.general);
  const messageOf = useAccountMessages(problems, serverErrors);

  /** A new attempt: shows the browser's problems (none from the gateway); answers whether there are none. */
  const checked = (found: AccountProblems): boolean => {
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    return Object.keys(found).length === 0;
  };

  /**
   * Shows the gateway's refusal: the errors naming one of `fields` beside it, the others in the alert box (the
   * generic message when there are none, or the request failed: null); answers the messages by field.
   */
  const refused = (errors: readonly ShopErrorData[] | null, fields: readonly string[]): Record<string, string> => {
    const { byField, general } = refusalOf(errors, fields, t('errors.unavailable'));
    setServerErrors(byField);
    setAlert(general);
    return byField;
  };

  return { alert, messageOf, checked, refused };
}

/** The gateway's refusal by field and for the alert box; the generic message when nothing else would be shown. */
function refusalOf(errors: readonly ShopErrorData[] | null, fields: readonly string[], unavailable: string): { byField: Record<string, string>; general: string[] } {
  const { byField, general } = sortShopErrors(errors, fields, unavailable);
  return { byField, general: general.length > 0 || Object.keys(byField).length > 0 ? general : [unavailable] };
}
