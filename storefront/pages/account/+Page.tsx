import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { ComingSoonView } from '../../components/ComingSoonView';
import { PageSeo } from '../../components/PageSeo';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { AccountLayout } from '../../layouts/AccountLayout';
import { BlankLayout } from '../../layouts/BlankLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { ShellPageQuery as ShellPageQueryType } from '../shopper/__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from '../shopper/ShellPage.query';

const SECTION_TITLES: Record<string, string> = {
  '/account': 'account.overview',
  '/account/order': 'account.orders',
  '/account/address': 'account.addresses',
  '/account/payment': 'account.payment',
  '/account/profile': 'account.profile',
  '/account/recover': 'account.recover',
};

/** The account area in the account layout; /account/recover stands alone (blank layout, SPEC §2). */
export default function Page() {
  const data = usePageQuery<ShellPageQueryType>(ShellPageQuery);
  const { t } = useTranslation('common');
  const { locale, urlPathname } = usePageContext();
  const title = t(SECTION_TITLES[urlPathname] ?? (urlPathname.startsWith('/account/my-') ? 'account.loyalty' : 'pages.account'));
  const alternates = samePathAlternates(urlPathname);
  const seo = <PageSeo title={title} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />;
  if (urlPathname === '/account/recover') {
    return (
      <BlankLayout>
        {seo}
        <ComingSoonView title={title} />
      </BlankLayout>
    );
  }
  return (
    <AccountLayout query={data} alternates={alternates} breadcrumbs={[{ name: t('pages.account'), url: localizedPath('/account', locale) }, { name: title, url: null }]}>
      {seo}
      <ComingSoonView title={title} />
    </AccountLayout>
  );
}
