import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import type { NewsletterUnsubscribeMutation } from './__generated__/NewsletterUnsubscribeMutation.graphql';
import { usePageContext } from 'vike-react/usePageContext';
import { MAIL_LINK_FORMS } from '../account';
import { PostedFormAnswer, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { NewsletterLinkForm, NewsletterResult } from './NewsletterResult';
import { useOnceOnLoad } from './useOnceOnLoad';

/** The unsubscribe link (SPEC §4): unsubscribes on load (or by its button without scripts), then "unsubscribed" or the error page. */
export function NewsletterUnsubscribe({ hash }: { hash: string }) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const [unsubscribe] = useShopMutation<NewsletterUnsubscribeMutation>(graphql`
    mutation NewsletterUnsubscribeMutation($input: UnsubscribeNewsletterInput!) {
      unsubscribeNewsletter(input: $input) {
        status
        errors {
          code
          message
        }
      }
    }
  `);
  const action = useCallback(async () => {
    const response = await unsubscribe({ input: { hash } });
    return !!response && response.unsubscribeNewsletter.errors.length === 0;
  }, [unsubscribe, hash]);
  // Without scripts the link's form posts the unsubscription (server/forms/account.ts); a refusal comes back here.
  const posted = usePostedForm(MAIL_LINK_FORMS.newsletterUnsubscribe, {});
  const state = useOnceOnLoad(hash ? action : null, posted.posted !== null);
  if (state === 'ready') {
    return (
      <NewsletterLinkForm
        title={t('newsletter.unsubscribingTitle')}
        form={MAIL_LINK_FORMS.newsletterUnsubscribe}
        action={localizedPath(`/newsletter-unsubscribe/${encodeURIComponent(hash)}`, locale)}
        fields={{ hash }}
        prompt={t('newsletter.unsubscribePrompt')}
        button={t('newsletter.unsubscribeButton')}
      />
    );
  }
  if (state === 'pending') return <NewsletterResult kind="pending" title={t('newsletter.unsubscribingTitle')} text={t('newsletter.unsubscribing')} />;
  if (state === 'failed') {
    return (
      <NewsletterResult kind="error" title={t('newsletter.errorTitle')} text={t('newsletter.unsubscribeError')}>
        <PostedFormAnswer form={MAIL_LINK_FORMS.newsletterUnsubscribe} posted={posted.posted} />
      </NewsletterResult>
    );
  }
  return <NewsletterResult kind="done" title={t('newsletter.unsubscribedTitle')} text={t('newsletter.unsubscribed')} />;
}
