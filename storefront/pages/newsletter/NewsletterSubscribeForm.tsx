import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { unavailableError, useShopMutation } from '../../checkout/useShopMutation';
import type { NewsletterSignupMutation } from '../../components/__generated__/NewsletterSignupMutation.graphql';
import { CheckoutAlert, focusField, TextField, useFieldMessages } from '../../components/CheckoutField';
import { subscribeNewsletterMutation } from '../../components/NewsletterSignup';
import { splitShopErrors, type FieldProblems } from '../../forms/checkoutForms';
import { checkEmail } from '../../forms/fieldRules';
import { NewsletterResult } from './NewsletterResult';
import styles from './NewsletterPage.module.css';

const FIELDS = ['email', 'firstName', 'lastName'];

/** /newsletter-subscribe without a link: the subscribe form (double opt-in: a confirmation mail follows). */
export function NewsletterSubscribeForm() {
  const { t } = useTranslation('customer');
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '' });
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const [result, setResult] = useState<'PENDING' | 'SUBSCRIBED' | null>(null);
  const messageOf = useFieldMessages(problems, serverErrors);
  const [subscribe, sending] = useShopMutation<NewsletterSignupMutation>(subscribeNewsletterMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problem = checkEmail(values.email);
    const found: FieldProblems = problem ? { email: problem } : {};
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (problem) return focusField('email');
    const response = await subscribe({
      input: { email: values.email.trim(), firstName: values.firstName.trim() || null, lastName: values.lastName.trim() || null },
    });
    const errors = response ? response.subscribeNewsletter.errors : [unavailableError(t('errors.generic'))];
    if (errors.length > 0) {
      const { byField, general } = splitShopErrors(errors, new Set(FIELDS));
      setServerErrors(byField);
      setAlert(general);
      focusField(Object.keys(byField)[0]);
      return;
    }
    setResult(response?.subscribeNewsletter.status === 'SUBSCRIBED' ? 'SUBSCRIBED' : 'PENDING');
  };

  if (result) {
    return result === 'SUBSCRIBED' ? (
      <NewsletterResult kind="done" title={t('newsletter.title')} text={t('newsletter.alreadySubscribed')} />
    ) : (
      <NewsletterResult kind="done" title={t('newsletter.checkMailTitle')} text={t('newsletter.checkMail')} />
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="newsletter-form-title">
      <h1 id="newsletter-form-title">{t('newsletter.title')}</h1>
      <p>{t('newsletter.intro')}</p>
      <CheckoutAlert messages={alert} />
      <TextField field="email" label={t('newsletter.email')} type="email" autoComplete="email" required value={values.email} onChange={(email) => setValues((v) => ({ ...v, email }))} message={messageOf('email', '')} />
      <TextField field="firstName" label={t('newsletter.firstName')} autoComplete="given-name" value={values.firstName} onChange={(firstName) => setValues((v) => ({ ...v, firstName }))} message={messageOf('firstName', '')} />
      <TextField field="lastName" label={t('newsletter.lastName')} autoComplete="family-name" value={values.lastName} onChange={(lastName) => setValues((v) => ({ ...v, lastName }))} message={messageOf('lastName', '')} />
      <p className={styles.muted}>{t('newsletter.doubleOptIn')}</p>
      <button type="submit" className={styles.submit} disabled={sending} aria-busy={sending || undefined}>
        {t('newsletter.submit')}
      </button>
    </form>
  );
}
