import { usePageContext } from 'vike-react/usePageContext';
import { ArticleMagazine, magazineHref } from '../../features/content';
import { PageSeo } from '../../platform/seo/PageSeo';
import { contentPageAlternates } from '../../platform/i18n/contentPages';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { localizedPath } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { MagazinePageQuery as MagazinePageQueryType } from './__generated__/MagazinePageQuery.graphql';
import { MagazinePageQuery } from './MagazinePage.query';

export default function Page() {
  const data = usePageQuery<MagazinePageQueryType>(MagazinePageQuery);
  const { t } = usePageTexts('content', contentTexts);
  const { locale } = usePageContext();
  const alternates = contentPageAlternates('magazine');
  const breadcrumbs = [
    { name: t('article.home'), url: localizedPath('/', locale) },
    { name: t('article.magazine'), url: null },
  ];
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={breadcrumbs}>
      <PageSeo title={t('magazine.title')} description={t('magazine.metaDescription')} keywords={t('magazine.keywords')} path={magazineHref(locale, null)} alternates={alternates} />
      <ArticleMagazine magazine={data.magazine} />
    </DefaultLayout>
  );
}
