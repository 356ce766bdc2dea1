import { usePageContext } from 'vike-react/usePageContext';
import { InsurerOffer, InsurerVerification } from '../../features/insurer';
import { insurerPageAlternates, insurerPagePath } from '../../platform/navigation/insurerPaths';
import { PageSeo } from '../../platform/seo/PageSeo';
import { localizedPath } from '../../platform/i18n/locales';
import { insurerTexts } from '../../platform/i18n/pageTexts/insurer';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { InsurerPageQuery as InsurerPageQueryType } from './__generated__/InsurerPageQuery.graphql';
import { InsurerPageQuery } from './InsurerPage.query';

/** The insurer partnership's landing page: the offer, how it works, the verification and the voucher. */
export default function Page() {
  const data = usePageQuery<InsurerPageQueryType>(InsurerPageQuery);
  const { t } = usePageTexts('insurer', insurerTexts);
  const { locale } = usePageContext();
  const alternates = insurerPageAlternates();
  const title = t('title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: t('home'), url: localizedPath('/', locale) }, { name: title, url: null }]}>
      <PageSeo title={title} description={t('description')} path={insurerPagePath(locale)} alternates={alternates} />
      <h1>{title}</h1>
      <p>{t('description')}</p>
      <InsurerOffer />
      <InsurerVerification status={data.insurerStatus} />
    </DefaultLayout>
  );
}
