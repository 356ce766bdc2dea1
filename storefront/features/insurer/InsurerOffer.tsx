import { insurerTexts } from '../../platform/i18n/pageTexts/insurer';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Card } from '../../ui/Card';
import styles from './InsurerVerification.module.css';

/** The insurer partnership's offer (SPEC §9) and how it works: the same for every visitor (cacheable). */
export function InsurerOffer() {
  const { t } = usePageTexts('insurer', insurerTexts);
  return (
    <div className={styles.offer}>
      <Card title={t('offer.title')}>
        <p className={styles.highlight}>{t('offer.voucher')}</p>
        <ul className={styles.list}>
          <li>{t('offer.generics')}</li>
          <li>{t('offer.originals')}</li>
        </ul>
        <h3 className={styles.subheading}>{t('offer.planTitle')}</h3>
        <ul className={styles.list}>
          <li>{t('offer.planGenerics')}</li>
          <li>{t('offer.planOriginals')}</li>
          <li>{t('offer.planHighPrice')}</li>
        </ul>
        <p className={styles.muted}>{t('offer.note')}</p>
      </Card>
      <Card title={t('how.title')}>
        <ol className={styles.list}>
          <li>{t('how.login')}</li>
          <li>{t('how.verify')}</li>
          <li>{t('how.shop')}</li>
        </ol>
      </Card>
    </div>
  );
}
