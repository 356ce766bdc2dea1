import type { AccountProblems } from './accountForms';
import { useValidationText } from '../../forms/validationTexts';

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
