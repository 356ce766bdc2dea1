import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../platform/seo/PageSeo';
import { PrescriptionDeliveryForm, PrescriptionPickupForm, prescriptionFormsStyles as styles } from '../../features/prescriptions';
import { Card } from '../../ui/Card';
import { contentPageAlternates, contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { medicationTexts } from '../../platform/i18n/pageTexts/medication';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { DefaultLayout } from '../../shell/DefaultLayout';
import { usePageQuery } from '../../platform/relay/usePageQuery';
import type { MedicationsPageQuery as MedicationsPageQueryType } from './__generated__/MedicationsPageQuery.graphql';
import { MedicationsPageQuery } from './MedicationsPage.query';

export default function Page() {
  const data = usePageQuery<MedicationsPageQueryType>(MedicationsPageQuery);
  const { t } = usePageTexts('medication', medicationTexts);
  const { locale } = usePageContext();
  const alternates = contentPageAlternates('medications');
  const title = t('title');
  return (
    <DefaultLayout query={data} alternates={alternates} breadcrumbs={[{ name: t('home'), url: localizedPath('/', locale) }, { name: title, url: null }]}>
      <PageSeo title={title} description={t('description')} path={contentPagePath('medications', locale)} alternates={alternates} />
      <h1>{title}</h1>
      <p>{t('intro')}</p>
      <div className={styles.services}>
        <Card title={t('services.delivery.title')} titleId="prescription-delivery-title" intro={t('services.delivery.summary')}>
          <PrescriptionDeliveryForm />
        </Card>
        <Card title={t('services.pickup.title')} titleId="prescription-pickup-title" intro={t('services.pickup.summary')}>
          <PrescriptionPickupForm query={data} />
        </Card>
      </div>
      <p>{t('questions')}</p>
    </DefaultLayout>
  );
}
