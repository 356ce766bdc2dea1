import { usePageContext } from 'vike-react/usePageContext';
import { ContestForm } from '../../features/contest';
import { PageSeo } from '../../platform/seo/PageSeo';
import { contentPageAlternates, contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { contestTexts } from '../../platform/i18n/pageTexts/contest';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { ContestPageQuery as ContestPageQueryType } from './__generated__/ContestPageQuery.graphql';
import { ContestPageQuery } from './ContestPage.query';

export default function Page() {
  const data = usePageQuery<ContestPageQueryType>(ContestPageQuery);
  const { t } = usePageTexts('contest', contestTexts);
  const { locale } = usePageContext();
  const alternates = contentPageAlternates('contest');
  const title = t('title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: t('home'), url: localizedPath('/', locale) }, { name: title, url: null }]}>
      <PageSeo title={title} description={t('description')} path={contentPagePath('contest', locale)} alternates={alternates} />
      <h1>{title}</h1>
      <p>{t('description')}</p>
      {data.contest ? <ContestForm contest={data.contest} /> : <p role="status">{t('unavailable')}</p>}
    </DefaultLayout>
  );
}
