import { useTranslation } from '../../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../components/PageSeo';
import { SearchPageView } from '../../components/SearchPageView';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
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
