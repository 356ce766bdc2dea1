import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { useShopMutation } from '../checkout/useShopMutation';
import { checkEmail, checkName, checkRequired, NAME_MIN_LENGTH, type FieldProblem } from '../forms/fieldRules';
import { contentTexts } from '../i18n/pageTexts/content';
import { usePageTexts } from '../i18n/pageTexts';
import { CheckoutAlert, focusField, TextField } from './CheckoutField';
import styles from './ContactForm.module.css';
import type { ContactFormMutation } from './__generated__/ContactFormMutation.graphql';

const sendMutation = graphql`
  mutation ContactFormMutation($input: ContactFormInput!) {
    sendContactForm(input: $input) {
      sent
      errors {
        code
        message
        field
      }
    }
  }
`;

/** The gateway's limits (gateway/src/schema/contact.ts). */
const COMMENT_MAX = 5000;
const SUBJECT_MAX = 255;

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'subject' | 'comment';
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'phone', 'subject', 'comment'];
type Values = Record<Field, string>;
type Problem = FieldProblem | 'tooLong';

const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', subject: '', comment: '' };

/** SPEC §5 in the browser: required fields, a valid email, names of at least 3 characters. */
function checkContact(values: Values): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  const add = (field: Field, problem: Problem | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('firstName', checkName(values.firstName));
  add('lastName', checkName(values.lastName));
  add('email', checkEmail(values.email));
  add('subject', checkRequired(values.subject) ?? (values.subject.trim().length > SUBJECT_MAX ? 'tooLong' : undefined));
  add('comment', checkRequired(values.comment) ?? (values.comment.trim().length > COMMENT_MAX ? 'tooLong' : undefined));
  return problems;
}

/**
 * The contact form of /s/kontakt (Shopware's contact-form through the gateway's sendContactForm): checked
 * in the browser first (SPEC §5), the first wrong field gets the focus; the gateway's field errors are
 * shown beside their fields; after sending, a confirmation replaces the form.
 */
export function ContactForm() {
  const { t } = usePageTexts('content', contentTexts);
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const success = useRef<HTMLDivElement>(null);
  const [run, sending] = useShopMutation<ContactFormMutation>(sendMutation);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (sent) success.current?.focus();
  }, [sent]);

  const message = (field: Field): string | undefined => {
    const problem = problems[field];
    if (problem) return t(`contact.errors.${problem}`, { min: NAME_MIN_LENGTH, max: field === 'comment' ? COMMENT_MAX : SUBJECT_MAX });
    return serverErrors[field];
  };

  const change = (field: Field) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setServerErrors((old) => ({ ...old, [field]: undefined }));
    // Once shown, a message follows the typing so the shopper sees when it is right.
    if (problems[field]) setProblems((old) => ({ ...old, [field]: checkContact({ ...values, [field]: value })[field] }));
  };

  const send = async (): Promise<void> => {
    const input = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      comment: values.comment.trim(),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
    };
    const response = await run({ input });
    const payload = response?.sendContactForm;
    if (!payload) {
      setAlert([t('contact.errors.generic')]);
      return;
    }
    if (payload.sent) {
      setSent(true);
      setValues(EMPTY);
      return;
    }
    const byField: Partial<Record<Field, string>> = {};
    const other: string[] = [];
    for (const error of payload.errors) {
      if (error.field && (FIELDS as readonly string[]).includes(error.field)) byField[error.field as Field] = error.message;
      else other.push(error.message);
    }
    setServerErrors(byField);
    setAlert(other);
    focusField(FIELDS.find((field) => byField[field]));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkContact(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    void send();
  };

  if (sent) {
    return (
      <section className={styles.contact} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('contact.title')}
        </h2>
        <div ref={success} className={styles.success} role="status" tabIndex={-1}>
          <p>{t('contact.success')}</p>
          <button type="button" className={styles.secondary} onClick={() => setSent(false)}>
            {t('contact.another')}
          </button>
        </div>
      </section>
    );
  }

  const commentMessage = message('comment');
  return (
    <section className={styles.contact} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('contact.title')}
      </h2>
      <p className={styles.intro}>{t('contact.intro')}</p>
      <noscript>
        <p className={styles.problem}>{t('contact.noScript')}</p>
      </noscript>
      <CheckoutAlert messages={alert} />
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <div className={styles.row}>
          <TextField field="firstName" label={t('contact.firstName')} value={values.firstName} onChange={change('firstName')} message={message('firstName')} autoComplete="given-name" required maxLength={255} />
          <TextField field="lastName" label={t('contact.lastName')} value={values.lastName} onChange={change('lastName')} message={message('lastName')} autoComplete="family-name" required maxLength={255} />
        </div>
        <div className={styles.row}>
          <TextField field="email" type="email" label={t('contact.email')} value={values.email} onChange={change('email')} message={message('email')} autoComplete="email" inputMode="email" required maxLength={254} />
          <TextField field="phone" type="tel" label={t('contact.phone')} value={values.phone} onChange={change('phone')} message={message('phone')} autoComplete="tel" inputMode="tel" maxLength={40} />
        </div>
        <TextField field="subject" label={t('contact.subject')} value={values.subject} onChange={change('subject')} message={message('subject')} required maxLength={SUBJECT_MAX} />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-comment`}>
            {t('contact.comment')}
            <span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-comment`}
            className={styles.textarea}
            data-field="comment"
            name="comment"
            rows={6}
            required
            maxLength={COMMENT_MAX}
            value={values.comment}
            aria-invalid={commentMessage ? true : undefined}
            aria-describedby={commentMessage ? `${id}-comment-message` : undefined}
            onChange={(event) => change('comment')(event.target.value)}
          />
          {commentMessage ? (
            <p id={`${id}-comment-message`} className={styles.problem}>
              {commentMessage}
            </p>
          ) : null}
        </div>
        <button className={styles.submit} type="submit" disabled={!hydrated || sending} aria-busy={sending || undefined}>
          {t('contact.submit')}
        </button>
      </form>
    </section>
  );
}
