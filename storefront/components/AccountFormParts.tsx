import { useTranslation } from 'react-i18next';
import { accountProblemText, type AccountProblems } from '../forms/accountForms';
import type { ShopErrorData } from '../forms/checkoutForms';

/**
 * The message beside an account form's field: the browser's SPEC §5 check first, else the gateway's
 * message for that field as given (the gateway writes a Store API violation as 'field - detail', SPEC §5).
 */
export function useAccountMessages(problems: AccountProblems, serverErrors: Readonly<Record<string, string>>) {
  const { t } = useTranslation('account');
  return (field: string, _label?: string): string | undefined => {
    const problem = problems[field];
    if (problem) {
      const { key, values } = accountProblemText(problem, field);
      return t(key, values);
    }
    return serverErrors[field];
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
