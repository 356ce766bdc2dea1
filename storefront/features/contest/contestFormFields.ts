import { checkEmail, checkName, type FieldProblem } from '../../forms/fieldRules';

// The contest entry's SPEC §5 checks and its mutation input, shared by the enhanced form (storefront/features/contest/ContestForm.tsx)
// and its post without JavaScript (server/forms/content.ts), so both refuse and send exactly the same.

export const CONTEST_FORM = 'contest';

export type ContestField = 'firstName' | 'lastName' | 'email' | 'answerId' | 'acceptTerms';
/** In the order the form shows them: the first wrong one gets the focus. */
export const CONTEST_FIELDS: readonly ContestField[] = ['answerId', 'firstName', 'lastName', 'email', 'acceptTerms'];
export type ContestProblem = FieldProblem | 'answer' | 'terms';
export type ContestProblems = Partial<Record<ContestField, ContestProblem>>;

/** The entry as the form's fields hold it; a ticked box is its posted value ('on'), an unticked one ''. */
export interface ContestValues {
  firstName: string;
  lastName: string;
  email: string;
  answerId: string;
  acceptTerms: string;
  newsletter: string;
}

export const EMPTY_CONTEST: ContestValues = { firstName: '', lastName: '', email: '', answerId: '', acceptTerms: '', newsletter: '' };

/** What a ticked checkbox posts (the browser's default value). */
export const TICKED = 'on';

/** Where an entry posted without JavaScript lands: the contest page with `?contest=entered` (and `newsletter=1`). */
export const CONTEST_ENTERED_PARAMETER = 'contest';
export const CONTEST_ENTERED_VALUE = 'entered';
export const CONTEST_NEWSLETTER_PARAMETER = 'newsletter';

/** SPEC §5: names of at least 3 characters, a valid email, an answer, the conditions accepted. */
export function checkContestEntry(values: ContestValues): ContestProblems {
  const problems: ContestProblems = {};
  const add = (field: ContestField, problem: ContestProblem | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('firstName', checkName(values.firstName));
  add('lastName', checkName(values.lastName));
  add('email', checkEmail(values.email));
  add('answerId', values.answerId ? undefined : 'answer');
  add('acceptTerms', values.acceptTerms ? undefined : 'terms');
  return problems;
}

/** enterContest's input. */
export function contestInputOf(values: ContestValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    answerId: values.answerId,
    acceptTerms: values.acceptTerms !== '',
    newsletter: values.newsletter !== '',
  };
}
