import type { ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { LOCALES, localizedPath, shownPathOf, type ShopLocale } from '../../platform/i18n/locales';
import { DefaultLayout, type ShellQueryKey } from '../../shell/DefaultLayout';
import { ArticleView } from './ArticleView';
import { NotFoundView } from '../../shell/NotFoundView';
import { PageSeo } from '../../platform/seo/PageSeo';
import type { ArticlePageLayout_article$key } from './__generated__/ArticlePageLayout_article.graphql';

const LOCALE_OF_GRAPH: Record<string, ShopLocale> = { DE: 'de', IT: 'it', FR: 'fr' };

/**
 * The page of one article (/e/, /t/, /s/): layout, SEO (title, description, keywords, hreflang of the
 * article's own slug in each language), breadcrumbs and the article; the 404 view when there is none
 * (the page's statusOf answers 404 then).
 */
export function ArticlePageLayout({ query, article, children }: { query: ShellQueryKey; article: ArticlePageLayout_article$key | null | undefined; children?: ReactNode }) {
  const { t } = usePageTexts('content', contentTexts);
  const { t: tCommon } = useTranslation('common');
  const pageContext = usePageContext();
  const { locale } = pageContext;
  const data = useFragment(
    graphql`
      fragment ArticlePageLayout_article on Article {
        type
        title
        url
        seo {
          title
          description
          keywords
        }
        alternates {
          locale
          url
        }
        ...ArticleView_article
      }
    `,
    article,
  );
  if (!data) {
    const shown = shownPathOf(pageContext);
    const alternates = LOCALES.map((target) => ({ locale: target, url: localizedPath('/', target) }));
    return (
      <DefaultLayout query={query} alternates={alternates}>
        <PageSeo title={tCommon('notFound.title')} path={shown} noIndex />
        <NotFoundView path={shown} />
      </DefaultLayout>
    );
  }
  const alternates = data.alternates.flatMap((alternate) => {
    const target = LOCALE_OF_GRAPH[alternate.locale];
    return target ? [{ locale: target, url: alternate.url }] : [];
  });
  const inMagazine = data.type === 'MAGAZINE' || data.type === 'EDITORIAL';
  const breadcrumbs = [
    { name: t('article.home'), url: localizedPath('/', locale) },
    ...(inMagazine ? [{ name: t('article.magazine'), url: contentPagePath('magazine', locale) }] : []),
    { name: data.title, url: data.url },
  ];
  return (
    <DefaultLayout query={query} alternates={alternates} breadcrumbs={breadcrumbs}>
      <PageSeo title={data.seo.title} description={data.seo.description} keywords={data.seo.keywords} path={data.url} alternates={alternates} />
      <ArticleView article={data}>{children}</ArticleView>
    </DefaultLayout>
  );
}
