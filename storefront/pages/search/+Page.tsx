import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { SearchPageView } from '../../features/catalog';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { SearchPageQuery as SearchPageQueryType } from './__generated__/SearchPageQuery.graphql';
import { SearchPageQuery } from './SearchPage.query';

export default function Page() {
  const data = usePageQuery<SearchPageQueryType>(SearchPageQuery);
  const { t } = useTranslation('common');
  const { locale, urlParsed } = usePageContext();
  const term = urlParsed.search.search ?? '';
  const alternates = samePathAlternates('/search');
  return (
    <DefaultLayout query={data} alternates={alternates}>
      {/* Result pages are not for search engines. */}
      <PageSeo title={term ? `${t('pages.search')}: ${term}` : t('pages.search')} path={localizedPath('/search', locale)} alternates={alternates} noIndex />
      <SearchPageView query={data} term={term} />
    </DefaultLayout>
  );
}
