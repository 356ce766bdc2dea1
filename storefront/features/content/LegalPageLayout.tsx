import { usePageContext } from 'vike-react/usePageContext';
import { contentPageAlternates, contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { legalTexts } from '../../platform/i18n/pageTexts/legal';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout, type ShellQueryKey } from '../../shell/DefaultLayout';
import type { LegalPage } from './legalPages';
import type { LegalPageView_query$key } from './__generated__/LegalPageView_query.graphql';
import { LegalPageView, legalTextValues, useLegalShippingThreshold } from './LegalPageView';
import { PageSeo } from '../../platform/seo/PageSeo';

/** A legal page in the default layout: SEO (title, description, hreflang), breadcrumbs and the text. */
export function LegalPageLayout({ page, query }: { page: LegalPage; query: ShellQueryKey & LegalPageView_query$key }) {
  const { t } = usePageTexts('legal', legalTexts);
  const { locale } = usePageContext();
  const threshold = useLegalShippingThreshold(query);
  const alternates = contentPageAlternates(page);
  const title = t(`${page}.title`);
  const breadcrumbs = [
    { name: t('common.home'), url: localizedPath('/', locale) },
    { name: title, url: null },
  ];
  return (
    <DefaultLayout query={query} alternates={alternates} breadcrumbs={breadcrumbs}>
      <PageSeo title={title} description={t(`${page}.description`, legalTextValues(locale, threshold))} path={contentPagePath(page, locale)} alternates={alternates} />
      <LegalPageView page={page} query={query} />
    </DefaultLayout>
  );
}
