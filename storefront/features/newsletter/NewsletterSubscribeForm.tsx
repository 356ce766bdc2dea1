import { useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import type { NewsletterSignupMutation } from './__generated__/NewsletterSignupMutation.graphql';
import { subscribeNewsletterMutation } from './NewsletterSignup';
import { TextField } from '../../forms/fields';
import { checkNewsletter, EMPTY_NEWSLETTER, NEWSLETTER_FORM, newsletterInputOf, type NewsletterValues } from './newsletterForm';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import { Button } from '../../ui/Button';
import { NewsletterResult } from './NewsletterResult';
import styles from './NewsletterPage.module.css';

/**
 * /newsletter-subscribe without a link: the subscribe form (double opt-in: a confirmation mail follows). Without
 * scripts it posts to this page (server/formPosts.ts) — and so does the footer's signup: a refusal of either comes
 * back in this form, with the address typed and the message beside it (ADR 0023).
 */
export function NewsletterSubscribeForm() {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const form = useShopForm<NewsletterValues>({ form: NEWSLETTER_FORM, empty: EMPTY_NEWSLETTER, fields: Object.keys(EMPTY_NEWSLETTER), check: checkNewsletter, unavailable: t('errors.generic') });
  const [result, setResult] = useState<'PENDING' | 'SUBSCRIBED' | null>(null);
  const [subscribe, sending] = useShopMutation<NewsletterSignupMutation>(subscribeNewsletterMutation);
  const { values, change, messageOf } = form;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !form.checked()) return;
    const payload = (await subscribe({ input: newsletterInputOf(values) }))?.subscribeNewsletter;
    if (!payload || payload.errors.length > 0) return form.refused(payload ? payload.errors : null);
    setResult(payload.status === 'SUBSCRIBED' ? 'SUBSCRIBED' : 'PENDING');
  };

  if (result) {
    return result === 'SUBSCRIBED' ? (
      <NewsletterResult kind="done" title={t('newsletter.title')} text={t('newsletter.alreadySubscribed')} />
    ) : (
      <NewsletterResult kind="done" title={t('newsletter.checkMailTitle')} text={t('newsletter.checkMail')} />
    );
  }
  return (
    <div className={styles.form}>
      <ShopForm kit={form.kit} action={localizedPath('/newsletter-subscribe', locale)} onSubmit={(event) => void onSubmit(event)} labelledBy="newsletter-form-title">
        <h1 id="newsletter-form-title">{t('newsletter.title')}</h1>
        <p>{t('newsletter.intro')}</p>
        <TextField field="email" label={t('newsletter.email')} type="email" autoComplete="email" required value={values.email} onChange={change('email')} message={messageOf('email')} />
        <TextField field="firstName" label={t('newsletter.firstName')} autoComplete="given-name" value={values.firstName} onChange={change('firstName')} message={messageOf('firstName')} />
        <TextField field="lastName" label={t('newsletter.lastName')} autoComplete="family-name" value={values.lastName} onChange={change('lastName')} message={messageOf('lastName')} />
        <p className={styles.muted}>{t('newsletter.doubleOptIn')}</p>
        <Button busy={sending}>{t('newsletter.submit')}</Button>
      </ShopForm>
    </div>
  );
}
