import { useId } from 'react';
import { useTranslation } from '../platform/i18n/useTranslation';
import styles from './ShopRating.module.css';

/**
 * The footer's ratings corner. The shop's overall rating lives with a rating provider the graph does not
 * reach yet (wanted: `shopRating { average count url }`); until it does, no figures are shown — invented
 * numbers would mislead shoppers — only where the real, per-product ratings are.
 */
export function ShopRating() {
  const { t } = useTranslation('shell');
  const id = useId();
  return (
    <section className={styles.rating} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('rating.title')}
      </h2>
      <p className={styles.summary}>{t('rating.summary')}</p>
    </section>
  );
}
