import { useTranslation } from '../../i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { BestsellerPageView } from '../../components/BestsellerPageView';
import { FaqSection } from '../../components/FaqSection';
import { PageSeo } from '../../components/PageSeo';
import { localizedPath, samePathAlternates } from '../../i18n/locales';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
import type { BestsellerPageQuery as BestsellerPageQueryType } from './__generated__/BestsellerPageQuery.graphql';
import { BestsellerPageQuery } from './BestsellerPage.query';

export default function Page() {
  const data = usePageQuery<BestsellerPageQueryType>(BestsellerPageQuery);
  const { t } = useTranslation('common');
  const { locale } = usePageContext();
  const alternates = samePathAlternates('/t/bestseller');
  return (
    <DefaultLayout query={data} alternates={alternates}>
      <PageSeo title={t('pages.bestseller')} path={localizedPath('/t/bestseller', locale)} alternates={alternates} />
      <BestsellerPageView query={data} />
      {data.bestsellerTopic ? <FaqSection article={data.bestsellerTopic} /> : null}
    </DefaultLayout>
  );
}
