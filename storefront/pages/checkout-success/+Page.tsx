import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { fetchQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { NotFoundView } from '../../shell/NotFoundView';
import { OrderPaidView, OrderSuccessView, OrderUnpaidView } from '../../features/checkout';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates, shownPathOf } from '../../platform/i18n/locales';
import { CheckoutLayout } from '../../shell/CheckoutLayout';
import type { PageQueryData } from '../../platform/relay/pageQuery';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { CheckoutSuccessPageQuery as CheckoutSuccessPageQueryType } from './__generated__/CheckoutSuccessPageQuery.graphql';
import { CheckoutSuccessPageQuery } from './CheckoutSuccessPage.query';

const TITLES = { placed: 'success.title', paid: 'paid.title', unpaid: 'unpaid.title' } as const;

/** The order success, paid and unpaid pages; personal, never indexed. */
export default function Page() {
  const data = usePageQuery<CheckoutSuccessPageQueryType>(CheckoutSuccessPageQuery);
  const pageContext = usePageContext();
  const { t } = useTranslation('checkout');
  const { t: tCommon } = useTranslation('common');
  const { variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  const refresh = useCallback(async () => {
    await fetchQuery<CheckoutSuccessPageQueryType>(environment, CheckoutSuccessPageQuery, variables as CheckoutSuccessPageQueryType['variables'], { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  }, [environment, variables]);
  const { urlPathname, locale } = pageContext;
  const result = (pageContext.routeParams.result ?? 'placed') as keyof typeof TITLES;
  const alternates = samePathAlternates(urlPathname);
  if (!data.order) {
    const shown = shownPathOf(pageContext);
    return (
      <CheckoutLayout>
        <PageSeo title={tCommon('notFound.title')} path={shown} noIndex />
        <NotFoundView path={shown} />
      </CheckoutLayout>
    );
  }
  return (
    <CheckoutLayout>
      <PageSeo title={t(TITLES[result])} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />
      {result === 'paid' ? (
        <OrderPaidView order={data.order} />
      ) : result === 'unpaid' ? (
        <OrderUnpaidView order={data.order} paymentMethods={data.checkout?.paymentMethods ?? null} refresh={refresh} />
      ) : (
        <OrderSuccessView key={data.order.orderId} order={data.order} />
      )}
    </CheckoutLayout>
  );
}
