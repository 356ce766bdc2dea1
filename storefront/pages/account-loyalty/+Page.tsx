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
import { accountFormsStyles as styles, LoyaltyArea, loyaltySavedTextOf, ACCOUNT_SAVED_PARAMETER } from '../../features/account';
import { LOYALTY_PATH } from '../../platform/navigation/loyaltyPath';

/** /account/my-vitalcard in the account layout; personal, never indexed. */
export default function Page() {
  const data = usePageQuery<AccountLoyaltyPageQueryType>(AccountLoyaltyPageQuery);
  const { t } = useTranslation('customer');
  const { t: tCommon } = useTranslation('common');
  const { locale, urlParsed } = usePageContext();
  const { variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  const refresh = useCallback(async () => {
    await fetchQuery<AccountLoyaltyPageQueryType>(environment, AccountLoyaltyPageQuery, variables as AccountLoyaltyPageQueryType['variables'], { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  }, [environment, variables]);
  const alternates = samePathAlternates(LOYALTY_PATH);
  const title = t('loyalty.title');
  // After a form posted without scripts: the card assigned or applied for, as the enhanced form's notice says it.
  const saved = loyaltySavedTextOf(urlParsed.search[ACCOUNT_SAVED_PARAMETER]);
  return (
    <AccountLayout query={data} alternates={alternates} breadcrumbs={[{ name: tCommon('pages.account'), url: localizedPath('/account', locale) }, { name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath(LOYALTY_PATH, locale)} alternates={alternates} noIndex />
      {saved ? (
        <p className={styles.success} role="status" data-testid="loyalty-saved">
          {t(saved)}
        </p>
      ) : null}
      {data.viewer ? <LoyaltyArea customer={data.viewer} refresh={refresh} /> : null}
    </AccountLayout>
  );
}
