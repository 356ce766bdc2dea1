import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { StyleGuideView } from '../../features/content';
import { contentPageAlternates, contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { legalTexts } from '../../platform/i18n/pageTexts/legal';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { CssPageQuery as CssPageQueryType } from './__generated__/CssPageQuery.graphql';
import { CssPageQuery } from './CssPage.query';

export default function Page() {
  const data = usePageQuery<CssPageQueryType>(CssPageQuery);
  const { t } = usePageTexts('legal', legalTexts);
  const { locale } = usePageContext();
  const alternates = contentPageAlternates('css');
  const title = t('css.title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: t('common.home'), url: localizedPath('/', locale) }, { name: title, url: null }]}>
      <PageSeo title={title} description={t('css.description')} path={contentPagePath('css', locale)} alternates={alternates} noIndex />
      <StyleGuideView />
    </DefaultLayout>
  );
}
