import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { fetchQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { AccountLayout } from '../../shell/AccountLayout';
import type { PageQueryData } from '../../platform/relay/pageQuery';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { AccountLoyaltyPageQuery as AccountLoyaltyPageQueryType } from './__generated__/AccountLoyaltyPageQuery.graphql';
import { AccountLoyaltyPageQuery } from './AccountLoyaltyPage.query';
import { LoyaltyArea } from '../../features/account';
import { LOYALTY_PATH } from '../../platform/navigation/loyaltyPath';

/** /account/my-vitalcard in the account layout; personal, never indexed. */
export default function Page() {
  const data = usePageQuery<AccountLoyaltyPageQueryType>(AccountLoyaltyPageQuery);
  const { t } = useTranslation('customer');
  const { t: tCommon } = useTranslation('common');
  const { locale } = usePageContext();
  const { variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  const refresh = useCallback(async () => {
    await fetchQuery<AccountLoyaltyPageQueryType>(environment, AccountLoyaltyPageQuery, variables as AccountLoyaltyPageQueryType['variables'], { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  }, [environment, variables]);
  const alternates = samePathAlternates(LOYALTY_PATH);
  const title = t('loyalty.title');
  return (
    <AccountLayout query={data} alternates={alternates} breadcrumbs={[{ name: tCommon('pages.account'), url: localizedPath('/account', locale) }, { name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath(LOYALTY_PATH, locale)} alternates={alternates} noIndex />
      {data.viewer ? <LoyaltyArea customer={data.viewer} refresh={refresh} /> : null}
    </AccountLayout>
  );
}
