import { checkEmail, checkName, checkRequired, type FieldProblem } from '../../forms/fieldRules';

// The contact form's SPEC §5 checks and its mutation input, shared by the enhanced form (storefront/features/content/ContactForm.tsx)
// and its post without JavaScript (server/formPosts.ts), so both refuse and send exactly the same.

/** The gateway's limits (gateway/src/schema/contact.ts). */
export const CONTACT_COMMENT_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 255;

export type ContactField = 'firstName' | 'lastName' | 'email' | 'phone' | 'subject' | 'comment';
export const CONTACT_FIELDS: readonly ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'subject', 'comment'];
export type ContactValues = Record<ContactField, string>;
export type ContactProblem = FieldProblem | 'tooLong';
export type ContactProblems = Partial<Record<ContactField, ContactProblem>>;

export const EMPTY_CONTACT: ContactValues = { firstName: '', lastName: '', email: '', phone: '', subject: '', comment: '' };

/** Where a contact form post without JavaScript lands once sent: the same page with `?contact=sent` (its confirmation). */
export const CONTACT_SENT_PARAMETER = 'contact';
export const CONTACT_SENT_VALUE = 'sent';

/** SPEC §5: required fields, a valid email, names of at least 3 characters, the gateway's length limits. */
export function checkContact(values: ContactValues): ContactProblems {
  const problems: ContactProblems = {};
  const add = (field: ContactField, problem: ContactProblem | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('firstName', checkName(values.firstName));
  add('lastName', checkName(values.lastName));
  add('email', checkEmail(values.email));
  add('subject', checkRequired(values.subject) ?? (values.subject.trim().length > CONTACT_SUBJECT_MAX ? 'tooLong' : undefined));
  add('comment', checkRequired(values.comment) ?? (values.comment.trim().length > CONTACT_COMMENT_MAX ? 'tooLong' : undefined));
  return problems;
}

/** sendContactForm's input: trimmed values, the phone only when given. */
export function contactInputOf(values: ContactValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    comment: values.comment.trim(),
    ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
  };
}
