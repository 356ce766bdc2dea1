import { usePageContext } from 'vike-react/usePageContext';
import { BrandOverview } from '../../features/content';
import { PageSeo } from '../../platform/seo/PageSeo';
import { contentPageAlternates, contentPagePath } from '../../platform/i18n/contentPages';
import { brandTexts } from '../../platform/i18n/pageTexts/brand';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { BrandsPageQuery as BrandsPageQueryType } from './__generated__/BrandsPageQuery.graphql';
import { BrandsPageQuery } from './BrandsPage.query';

export default function Page() {
  const data = usePageQuery<BrandsPageQueryType>(BrandsPageQuery);
  const { t } = usePageTexts('brand', brandTexts);
  const { locale } = usePageContext();
  const alternates = contentPageAlternates('brands');
  return (
    <DefaultLayout query={data} alternates={alternates}>
      <PageSeo
        title={t('metaTitle')}
        description={t('metaDescription')}
        keywords={t('metaKeywords')}
        path={contentPagePath('brands', locale)}
        alternates={alternates}
      />
      <BrandOverview query={data} />
    </DefaultLayout>
  );
}
