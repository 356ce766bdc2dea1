import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { BrandPageView } from '../../features/content';
import { NotFoundView } from '../../shell/NotFoundView';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { brandTexts } from '../../platform/i18n/pageTexts/brand';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { BrandPageQuery as BrandPageQueryType } from './__generated__/BrandPageQuery.graphql';
import { BrandPageQuery } from './BrandPage.query';

export default function Page() {
  const data = usePageQuery<BrandPageQueryType>(BrandPageQuery);
  const { t } = usePageTexts('brand', brandTexts);
  const { t: tCommon } = useTranslation('common');
  const { urlPathname, locale } = usePageContext();
  const brand = data.brand;
  if (!brand) {
    const alternates = samePathAlternates('/');
    return (
      <DefaultLayout query={data} alternates={alternates}>
        <PageSeo title={tCommon('notFound.title')} path={localizedPath(urlPathname, locale)} noIndex />
        <NotFoundView path={urlPathname} />
      </DefaultLayout>
    );
  }
  // the slug is the same in every language: /b/{slug}, /it/b/{slug}, /fr/b/{slug}
  const alternates = samePathAlternates(`/b/${brand.slug}`);
  return (
    <DefaultLayout query={data} alternates={alternates}>
      <PageSeo
        title={t('brandPage.metaTitle', { brand: brand.name })}
        description={brand.description?.trim() || t('brandPage.metaDescription', { brand: brand.name })}
        keywords={t('brandPage.metaKeywords', { brand: brand.name })}
        path={brand.url}
        alternates={alternates}
      />
      <BrandPageView brand={brand} catalogueCategoryId={data.context.navigationCategoryId} />
    </DefaultLayout>
  );
}
