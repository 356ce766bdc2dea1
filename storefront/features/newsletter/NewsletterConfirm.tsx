import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { localizedPath } from '../../platform/i18n/locales';
import type { NewsletterConfirmMutation } from './__generated__/NewsletterConfirmMutation.graphql';
import { MAIL_LINK_FORMS } from '../account';
import { PostedFormAnswer, usePostedForm } from '../../forms/postedForm';
import { NewsletterLinkForm, NewsletterResult } from './NewsletterResult';
import { useOnceOnLoad } from './useOnceOnLoad';

/** The confirmation link of the double opt-in (SPEC §4): confirms on load (or by its button without scripts), then the result or error page. */
export function NewsletterConfirm({ em, hash }: { em: string; hash: string }) {
  const { t } = useTranslation('customer');
  const { locale } = usePageContext();
  const [confirm] = useShopMutation<NewsletterConfirmMutation>(graphql`
    mutation NewsletterConfirmMutation($input: ConfirmNewsletterInput!) {
      confirmNewsletter(input: $input) {
        status
        errors {
          code
          message
        }
      }
    }
  `);
  const action = useCallback(async () => {
    const response = await confirm({ input: { em, hash } });
    return !!response && response.confirmNewsletter.errors.length === 0;
  }, [confirm, em, hash]);
  // Without scripts the link's form posts the confirmation (server/forms/account.ts); a refusal comes back here.
  const posted = usePostedForm(MAIL_LINK_FORMS.newsletterConfirm, {});
  const state = useOnceOnLoad(em && hash ? action : null, posted.posted !== null);
  if (state === 'ready') {
    return (
      <NewsletterLinkForm
        title={t('newsletter.confirmingTitle')}
        form={MAIL_LINK_FORMS.newsletterConfirm}
        action={`${localizedPath('/newsletter-subscribe', locale)}?${new URLSearchParams({ em, hash }).toString()}`}
        fields={{ em, hash }}
        prompt={t('newsletter.confirmPrompt')}
        button={t('newsletter.confirmButton')}
      />
    );
  }
  if (state === 'pending') return <NewsletterResult kind="pending" title={t('newsletter.confirmingTitle')} text={t('newsletter.confirming')} />;
  if (state === 'failed') {
    return (
      <NewsletterResult kind="error" title={t('newsletter.errorTitle')} text={t('newsletter.confirmError')}>
        <PostedFormAnswer form={MAIL_LINK_FORMS.newsletterConfirm} posted={posted.posted} />
        <a href={localizedPath('/newsletter-subscribe', locale)}>{t('newsletter.subscribeAgain')}</a>
      </NewsletterResult>
    );
  }
  return <NewsletterResult kind="done" title={t('newsletter.confirmedTitle')} text={t('newsletter.confirmed')} />;
}
