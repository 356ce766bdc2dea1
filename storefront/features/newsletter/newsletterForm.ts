import { checkEmail, type FieldProblem } from '../../forms/fieldRules';

// The newsletter signup's SPEC §5 check and its mutation input, shared by the footer's form, the form of
// /newsletter-subscribe and their post without JavaScript (server/formPosts.ts).

/** Both newsletter forms post as this form to /newsletter-subscribe, whose own form shows a refusal. */
export const NEWSLETTER_FORM = 'newsletter';

export interface NewsletterValues {
  email: string;
  firstName: string;
  lastName: string;
}

export const EMPTY_NEWSLETTER: NewsletterValues = { email: '', firstName: '', lastName: '' };

/** After a post without JavaScript: /newsletter-subscribe?subscribed=pending (mail sent) or =already. */
export const NEWSLETTER_RESULT_PARAMETER = 'subscribed';
export type NewsletterResultValue = 'pending' | 'already';

export function checkNewsletter(values: Pick<NewsletterValues, 'email'>): Partial<Record<'email', FieldProblem>> {
  const problem = checkEmail(values.email);
  return problem ? { email: problem } : {};
}

/** subscribeNewsletter's input (double opt-in): the names are optional. */
export function newsletterInputOf(values: NewsletterValues) {
  return { email: values.email.trim(), firstName: values.firstName.trim() || null, lastName: values.lastName.trim() || null };
}
