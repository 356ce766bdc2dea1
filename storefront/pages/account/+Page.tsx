import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { fetchQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AccountAddresses, AccountOverview, AccountPayment, AccountProfile, accountFormsStyles as styles, ACCOUNT_SAVED_PARAMETER, savedTextOf } from '../../features/account';
import { NewsletterSetting } from '../../features/newsletter';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { AccountLayout } from '../../shell/AccountLayout';
import type { PageQueryData } from '../../platform/relay/pageQuery';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { AccountPageQuery as AccountPageQueryType } from './__generated__/AccountPageQuery.graphql';
import { AccountPageQuery } from './AccountPage.query';

const TITLES: Record<string, string> = {
  '/account': 'overview.title',
  '/account/profile': 'profile.title',
  '/account/address': 'address.title',
  '/account/payment': 'payment.title',
};

/** The account area's own pages in the account layout; personal: never indexed, never cached. */
export default function Page() {
  const data = usePageQuery<AccountPageQueryType>(AccountPageQuery);
  const { t } = useTranslation('account');
  const { locale, urlPathname, urlParsed } = usePageContext();
  const { variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  // After a change: the page's query again, from the gateway; every section re-reads the store.
  const refresh = useCallback(async () => {
    await fetchQuery<AccountPageQueryType>(environment, AccountPageQuery, variables as AccountPageQueryType['variables'], { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  }, [environment, variables]);
  const title = t(TITLES[urlPathname] ?? 'overview.title');
  const alternates = samePathAlternates(urlPathname);
  const overviewCrumb = { name: t('overview.title'), url: urlPathname === '/account' ? null : localizedPath('/account', locale) };
  const breadcrumbs = urlPathname === '/account' ? [overviewCrumb] : [overviewCrumb, { name: title, url: null }];
  const viewer = data.viewer;
  // After a form posted without scripts: what was saved, as the enhanced form's notice says it.
  const saved = savedTextOf(urlParsed.search[ACCOUNT_SAVED_PARAMETER]);
  return (
    <AccountLayout query={data} alternates={alternates} breadcrumbs={breadcrumbs}>
      <PageSeo title={title} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />
      {saved ? (
        <p className={styles.success} role="status" data-testid="account-saved">
          {t(saved)}
        </p>
      ) : null}
      {viewer?.profile && viewer.newsletter && data.salutations ? (
        <>
          <AccountProfile customer={viewer.profile} salutations={data.salutations} refresh={refresh} />
          <NewsletterSetting customer={viewer.newsletter} />
        </>
      ) : viewer?.addressBook && data.salutations && data.countries ? (
        <AccountAddresses customer={viewer.addressBook} countries={data.countries} salutations={data.salutations} refresh={refresh} />
      ) : viewer?.payment ? (
        <AccountPayment customer={viewer.payment} methods={data.checkout?.paymentMethods ?? []} refresh={refresh} />
      ) : viewer?.overview ? (
        <AccountOverview customer={viewer.overview} confirmed={urlParsed.search.confirmed === '1'} />
      ) : null}
    </AccountLayout>
  );
}
