import { useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { unavailableError, useShopMutation } from '../../platform/relay/useShopMutation';
import type { NewsletterSignupMutation } from './__generated__/NewsletterSignupMutation.graphql';
import { CheckoutAlert, focusField, TextField, useFieldMessages } from '../../ui/CheckoutField';
import { subscribeNewsletterMutation } from './NewsletterSignup';
import { splitShopErrors, type FieldProblems, type ShopErrorData } from '../../forms/checkoutForms';
import { checkNewsletter, EMPTY_NEWSLETTER, NEWSLETTER_FORM, newsletterInputOf, type NewsletterValues } from './newsletterForm';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { NewsletterResult } from './NewsletterResult';
import styles from './NewsletterPage.module.css';

const FIELDS = new Set(Object.keys(EMPTY_NEWSLETTER));

/** The gateway's refusals beside their fields, the others in the alert box; null: the generic message. */
function refusalOf(errors: readonly ShopErrorData[] | null, unavailable: string) {
  return splitShopErrors(errors ?? [unavailableError(unavailable)], FIELDS);
}

/**
 * /newsletter-subscribe without a link: the subscribe form (double opt-in: a confirmation mail follows). Without
 * scripts it posts to this page (server/formPosts.ts) — and so does the footer's signup: a refusal of either comes
 * back in this form, with the address typed and the message beside it (ADR 0023).
 */
export function NewsletterSubscribeForm() {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const posted = usePostedForm<NewsletterValues>(NEWSLETTER_FORM, EMPTY_NEWSLETTER);
  const refused = refusalOf(posted.errors, t('errors.generic'));
  const [values, setValues] = useState<NewsletterValues>(posted.values);
  const [problems, setProblems] = useState<FieldProblems>(posted.problems as FieldProblems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(refused.byField);
  const [alert, setAlert] = useState<string[]>(refused.general);
  const [result, setResult] = useState<'PENDING' | 'SUBSCRIBED' | null>(null);
  const messageOf = useFieldMessages(problems, serverErrors);
  const [subscribe, sending] = useShopMutation<NewsletterSignupMutation>(subscribeNewsletterMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found: FieldProblems = checkNewsletter(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (found.email) return focusField('email');
    const response = await subscribe({ input: newsletterInputOf(values) });
    const errors = response ? response.subscribeNewsletter.errors : null;
    if (errors === null || errors.length > 0) {
      const { byField, general } = refusalOf(errors, t('errors.generic'));
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
    <form
      className={styles.form}
      method="post"
      action={localizedPath('/newsletter-subscribe', locale)}
      data-form={NEWSLETTER_FORM}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="newsletter-form-title"
    >
      <PostedFormFields form={NEWSLETTER_FORM} posted={posted.posted} />
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
