import { useCallback } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { fetchQuery, useRelayEnvironment } from 'react-relay/hooks';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { NotFoundView } from '../../shell/NotFoundView';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates, shownPathOf } from '../../platform/i18n/locales';
import { AccountLayout } from '../../shell/AccountLayout';
import type { PageQueryData } from '../../platform/relay/pageQuery';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { AccountOrderPageQuery as AccountOrderPageQueryType } from './__generated__/AccountOrderPageQuery.graphql';
import { AccountOrderPageQuery } from './AccountOrderPage.query';
import { OrderDetail, OrderList } from '../../features/account';

/** /account/order and /account/order/{id} in the account layout; personal, never indexed. */
export default function Page() {
  const data = usePageQuery<AccountOrderPageQueryType>(AccountOrderPageQuery);
  const pageContext = usePageContext();
  const { t } = useTranslation('customer');
  const { t: tCommon } = useTranslation('common');
  const { variables } = useData<PageQueryData>();
  const environment = useRelayEnvironment();
  const refresh = useCallback(async () => {
    await fetchQuery<AccountOrderPageQueryType>(environment, AccountOrderPageQuery, variables as AccountOrderPageQueryType['variables'], { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  }, [environment, variables]);
  const { urlPathname, locale } = pageContext;
  const alternates = samePathAlternates(urlPathname);
  const listCrumb = { name: tCommon('account.orders'), url: localizedPath('/account/order', locale) };
  const accountCrumb = { name: tCommon('pages.account'), url: localizedPath('/account', locale) };
  const detail = (variables as { detail?: boolean }).detail === true;
  if (detail && !data.order) {
    const shown = shownPathOf(pageContext);
    return (
      <AccountLayout query={data} alternates={alternates} breadcrumbs={[accountCrumb, listCrumb]}>
        <PageSeo title={tCommon('notFound.title')} path={shown} noIndex />
        <NotFoundView path={shown} />
      </AccountLayout>
    );
  }
  if (detail && data.order) {
    const title = t('orders.detailTitle', { number: data.order.orderNumber });
    return (
      <AccountLayout query={data} alternates={alternates} breadcrumbs={[accountCrumb, listCrumb, { name: title, url: null }]}>
        <PageSeo title={title} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />
        <OrderDetail order={data.order} paymentMethods={data.checkout?.paymentMethods ?? null} refresh={refresh} />
      </AccountLayout>
    );
  }
  return (
    <AccountLayout query={data} alternates={alternates} breadcrumbs={[accountCrumb, { ...listCrumb, url: null }]}>
      <PageSeo title={t('orders.title')} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />
      {data.orderList ? <OrderList query={data.orderList} /> : null}
    </AccountLayout>
  );
}
