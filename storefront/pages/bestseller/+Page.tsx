import { useTranslation } from '../../platform/i18n/useTranslation';
import { usePageContext } from 'vike-react/usePageContext';
import { BestsellerPageView } from '../../features/catalog';
import { FaqSection } from '../../features/content';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath, samePathAlternates } from '../../platform/i18n/locales';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
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
