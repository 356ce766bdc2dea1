import { usePageContext } from 'vike-react/usePageContext';
import { PageSeo } from '../../components/PageSeo';
import { PrescriptionDeliveryForm } from '../../components/PrescriptionDeliveryForm';
import { PrescriptionPickupForm } from '../../components/PrescriptionPickupForm';
import styles from '../../components/PrescriptionForms.module.css';
import { Card } from '../../ui/Card';
import { contentPageAlternates, contentPagePath } from '../../i18n/contentPages';
import { localizedPath } from '../../i18n/locales';
import { medicationTexts } from '../../i18n/pageTexts/medication';
import { usePageTexts } from '../../i18n/pageTexts';
import { DefaultLayout } from '../../layouts/DefaultLayout';
import { usePageQuery } from '../../relay/usePageQuery';
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
