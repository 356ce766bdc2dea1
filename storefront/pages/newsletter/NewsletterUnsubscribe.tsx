import { useCallback } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { useShopMutation } from '../../checkout/useShopMutation';
import type { NewsletterUnsubscribeMutation } from './__generated__/NewsletterUnsubscribeMutation.graphql';
import { NewsletterResult } from './NewsletterResult';
import { useOnceOnLoad } from './useOnceOnLoad';

/** The unsubscribe link (SPEC §4): unsubscribes on load, then "unsubscribed" or the error page. */
export function NewsletterUnsubscribe({ hash }: { hash: string }) {
  const { t } = useTranslation('customer');
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
  const state = useOnceOnLoad(hash ? action : null);
  if (state === 'pending') return <NewsletterResult kind="pending" title={t('newsletter.unsubscribingTitle')} text={t('newsletter.unsubscribing')} />;
  if (state === 'failed') return <NewsletterResult kind="error" title={t('newsletter.errorTitle')} text={t('newsletter.unsubscribeError')} />;
  return <NewsletterResult kind="done" title={t('newsletter.unsubscribedTitle')} text={t('newsletter.unsubscribed')} />;
}
