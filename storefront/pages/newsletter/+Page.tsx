import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ShellPageQuery as ShellPageQueryType } from '../../shell/__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from '../../shell/ShellPage.query';
import { NEWSLETTER_CONFIRMED, UNSUBSCRIBED_PARAMETER } from '../../features/account';
import { NEWSLETTER_RESULT_PARAMETER, NewsletterConfirm, NewsletterResult, NewsletterSubscribeForm, NewsletterUnsubscribe } from '../../features/newsletter';

/**
 * SPEC §2/§4 newsletter pages: /newsletter-subscribe (the form; with ?em=&hash= the confirmation result; with
 * ?subscribed= the outcome of a signup or confirmation posted without scripts) and /newsletter-unsubscribe/{hash} (?done=1: after its
 * form was posted without scripts). Links with
 * secrets: never indexed.
 */
export default function Page() {
  const data = usePageQuery<ShellPageQueryType>(ShellPageQuery);
  const { t } = useTranslation('common');
  const { t: tCustomer } = useTranslation('customer');
  const { locale, urlPathname, urlParsed, routeParams } = usePageContext();
  const title = t('pages.newsletter');
  const unsubscribe = routeParams.action === 'unsubscribe';
  const em = urlParsed.search.em ?? '';
  const hash = urlParsed.search.hash ?? '';
  const subscribed = urlParsed.search[NEWSLETTER_RESULT_PARAMETER];
  // The same page in the other languages, without the link's secret in the alternates.
  const alternates = samePathAlternates(unsubscribe ? urlPathname : '/newsletter-subscribe');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath(unsubscribe ? urlPathname : '/newsletter-subscribe', locale)} alternates={alternates} noIndex />
      {unsubscribe && urlParsed.search[UNSUBSCRIBED_PARAMETER] === '1' ? (
        <NewsletterResult kind="done" title={tCustomer('newsletter.unsubscribedTitle')} text={tCustomer('newsletter.unsubscribed')} />
      ) : unsubscribe ? (
        <NewsletterUnsubscribe hash={routeParams.hash ?? ''} />
      ) : em || hash ? (
        <NewsletterConfirm em={em} hash={hash} />
      ) : subscribed === NEWSLETTER_CONFIRMED ? (
        <NewsletterResult kind="done" title={tCustomer('newsletter.confirmedTitle')} text={tCustomer('newsletter.confirmed')} />
      ) : subscribed === 'pending' ? (
        <NewsletterResult kind="done" title={tCustomer('newsletter.checkMailTitle')} text={tCustomer('newsletter.checkMail')} />
      ) : subscribed === 'already' ? (
        <NewsletterResult kind="done" title={tCustomer('newsletter.title')} text={tCustomer('newsletter.alreadySubscribed')} />
      ) : (
        <NewsletterSubscribeForm />
      )}
    </DefaultLayout>
  );
}
