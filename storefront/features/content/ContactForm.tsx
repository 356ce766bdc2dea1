import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import type { ShopErrorData } from '../../forms/checkoutForms';
import {
  checkContact,
  CONTACT_COMMENT_MAX,
  CONTACT_FIELDS,
  CONTACT_SENT_PARAMETER,
  CONTACT_SENT_VALUE,
  CONTACT_SUBJECT_MAX,
  contactInputOf,
  EMPTY_CONTACT,
  type ContactField,
  type ContactProblems,
  type ContactValues,
} from './contactFormFields';
import { NAME_MIN_LENGTH } from '../../forms/fieldRules';
import { PostedFormFields, RefusalFocus, refusedFieldOf, usePostedForm, useRefusalFocus } from '../../forms/postedForm';
import { SERVICE_PAGES } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { CheckoutAlert, focusField, TextField } from '../../ui/CheckoutField';
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

/**
 * The contact form of /s/kontakt (also a CMS form element's, under the editor's `title`) (Shopware's contact-form through the gateway's sendContactForm): checked
 * in the browser first (SPEC §5), the first wrong field gets the focus; the gateway's field errors are
 * shown beside their fields; after sending, a confirmation replaces the form. Without scripts the same form posts
 * to the page (server/formPosts.ts, ADR 0023): sent, the page comes back with `?contact=sent` and the confirmation;
 * refused, with the values and the messages beside the fields.
 */
export function ContactForm({ title = null }: { title?: string | null } = {}) {
  const { t } = usePageTexts('content', contentTexts);
  const { locale, urlParsed } = usePageContext();
  const id = useId();
  const posted = usePostedForm<ContactValues>('contact', EMPTY_CONTACT);
  const refused = refusalOf(posted.errors, t('contact.errors.generic'));
  const [values, setValues] = useState<ContactValues>(posted.values);
  const [problems, setProblems] = useState<ContactProblems>(posted.problems as ContactProblems);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, string>>>(refused.byField);
  const [alert, setAlert] = useState<string[]>(refused.general);
  const [sent, setSent] = useState(urlParsed.search[CONTACT_SENT_PARAMETER] === CONTACT_SENT_VALUE);
  const success = useRef<HTMLDivElement>(null);
  const [run, sending] = useShopMutation<ContactFormMutation>(sendMutation);
  const pagePath = localizedPath(SERVICE_PAGES.contact[locale], locale);
  useEffect(() => {
    if (sent) success.current?.focus();
  }, [sent]);

  const message = (field: ContactField): string | undefined => {
    const problem = problems[field];
    if (problem) return t(`contact.errors.${problem}`, { min: NAME_MIN_LENGTH, max: field === 'comment' ? CONTACT_COMMENT_MAX : CONTACT_SUBJECT_MAX });
    return serverErrors[field];
  };

  const change = (field: ContactField) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setServerErrors((old) => ({ ...old, [field]: undefined }));
    // Once shown, a message follows the typing so the shopper sees when it is right.
    if (problems[field]) setProblems((old) => ({ ...old, [field]: checkContact({ ...values, [field]: value })[field] }));
  };

  const send = async (): Promise<void> => {
    const response = await run({ input: contactInputOf(values) });
    const payload = response?.sendContactForm;
    if (!payload) {
      setAlert([t('contact.errors.generic')]);
      return;
    }
    if (payload.sent) {
      setSent(true);
      setValues(EMPTY_CONTACT);
      return;
    }
    const { byField, general } = refusalOf(payload.errors, t('contact.errors.generic'));
    setServerErrors(byField);
    setAlert(general);
    focusField(CONTACT_FIELDS.find((field) => byField[field]));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkContact(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    const first = CONTACT_FIELDS.find((field) => found[field]);
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
          {title ?? t('contact.title')}
        </h2>
        <div ref={success} className={styles.success} role="status" tabIndex={-1}>
          <p>{t('contact.success')}</p>
          {/* a link, so that it leads back to the empty form without scripts too */}
          <a
            className={styles.secondary}
            href={pagePath}
            onClick={(event) => {
              event.preventDefault();
              setSent(false);
            }}
          >
            {t('contact.another')}
          </a>
        </div>
      </section>
    );
  }

  const commentMessage = message('comment');
  return (
    <section className={styles.contact} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title ?? t('contact.title')}
      </h2>
      <p className={styles.intro}>{t('contact.intro')}</p>
      <form className={styles.form} method="post" action={pagePath} data-form="contact" noValidate onSubmit={onSubmit}>
        <PostedFormFields form="contact" posted={posted.posted} />
        <CheckoutAlert messages={alert} />
        <RefusalFocus field={refusedFieldOf(posted.posted, CONTACT_FIELDS, refused.byField)}>
          <div className={styles.row}>
            <TextField field="firstName" label={t('contact.firstName')} value={values.firstName} onChange={change('firstName')} message={message('firstName')} autoComplete="given-name" required maxLength={255} />
            <TextField field="lastName" label={t('contact.lastName')} value={values.lastName} onChange={change('lastName')} message={message('lastName')} autoComplete="family-name" required maxLength={255} />
          </div>
          <div className={styles.row}>
            <TextField field="email" type="email" label={t('contact.email')} value={values.email} onChange={change('email')} message={message('email')} autoComplete="email" inputMode="email" required maxLength={254} />
            <TextField field="phone" type="tel" label={t('contact.phone')} value={values.phone} onChange={change('phone')} message={message('phone')} autoComplete="tel" inputMode="tel" maxLength={40} />
          </div>
          <TextField field="subject" label={t('contact.subject')} value={values.subject} onChange={change('subject')} message={message('subject')} required maxLength={CONTACT_SUBJECT_MAX} />
          <ContactComment id={`${id}-comment`} label={t('contact.comment')} value={values.comment} message={commentMessage} onChange={change('comment')} />
        </RefusalFocus>
        <button className={styles.submit} type="submit" disabled={sending} aria-busy={sending || undefined}>
          {t('contact.submit')}
        </button>
      </form>
    </section>
  );
}

/** The message field, a textarea; its own component so that it reads RefusalFocus like the kit's fields. */
function ContactComment({ id, label, value, message, onChange }: { id: string; label: string; value: string; message: string | undefined; onChange: (value: string) => void }) {
  const refused = useRefusalFocus('comment');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        data-field="comment"
        name="comment"
        rows={6}
        required
        maxLength={CONTACT_COMMENT_MAX}
        value={value}
        autoFocus={refused}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {message ? (
        <p id={`${id}-message`} className={styles.problem}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The gateway's refusals: those naming a field beside it, the others (or "unavailable") in the alert box. */
function refusalOf(errors: readonly ShopErrorData[] | null, unavailable: string): { byField: Partial<Record<ContactField, string>>; general: string[] } {
  if (errors === null) return { byField: {}, general: [unavailable] };
  const byField: Partial<Record<ContactField, string>> = {};
  const general: string[] = [];
  for (const error of errors) {
    if (error.field && (CONTACT_FIELDS as readonly string[]).includes(error.field)) byField[error.field as ContactField] = error.message;
    else general.push(error.message);
  }
  return { byField, general };
}
