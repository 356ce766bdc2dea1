import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { ComingSoonView } from '../../components/ComingSoonView';
import { PageSeo } from '../../components/PageSeo';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { ShellPageQuery as ShellPageQueryType } from './__generated__/ShellPageQuery.graphql';
import { ShellPageQuery } from './ShellPage.query';
import { shopperPageTitle } from './shopperPages';

/** Login, registration, wishlist, newsletter results, pharmacy map: known routes, bodies to come. */
export default function Page() {
  const data = usePageQuery<ShellPageQueryType>(ShellPageQuery);
  const { t } = useTranslation('common');
  const { locale, urlPathname } = usePageContext();
  const title = t(`pages.${shopperPageTitle(urlPathname) ?? 'login'}`);
  const alternates = samePathAlternates(urlPathname);
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: title, url: null }]}>
      <PageSeo title={title} path={localizedPath(urlPathname, locale)} alternates={alternates} noIndex />
      <ComingSoonView title={title} />
    </DefaultLayout>
  );
}
