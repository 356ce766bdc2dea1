import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { fetchQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { CheckoutPageView } from '../../features/checkout';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { CheckoutLayout } from '../../shell/CheckoutLayout';
import type { PageQueryData } from '../../platform/relay/pageQuery';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { CheckoutPageQuery as CheckoutPageQueryType } from './__generated__/CheckoutPageQuery.graphql';
import { CheckoutPageQuery } from './CheckoutPage.query';

/** /checkout in the quiet checkout layout; personal, so never indexed. */
export default function Page() {
  const data = usePageQuery<CheckoutPageQueryType>(CheckoutPageQuery);
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const { variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  // After a change of session, address, shipping or payment: the page's query again, from the gateway.
  // Its answer lands in the same store records, so every section shows the new state. A failure keeps
  // what is shown (and everything typed).
  const refresh = useCallback(async () => {
    await fetchQuery<CheckoutPageQueryType>(environment, CheckoutPageQuery, variables as CheckoutPageQueryType['variables'], { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  }, [environment, variables]);
  return (
    <CheckoutLayout>
      <PageSeo title={t('title')} path={localizedPath('/checkout', locale)} alternates={samePathAlternates('/checkout')} noIndex />
      <CheckoutPageView query={data} refresh={refresh} />
    </CheckoutLayout>
  );
}
