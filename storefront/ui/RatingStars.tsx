import { useTranslation } from '../platform/i18n/useTranslation';
import styles from './RatingStars.module.css';

/** Five stars filled to `value` (0 to 5), read out as "4.5 of 5 stars". */
export function RatingStars({ value }: { value: number }) {
  const { t } = useTranslation('product');
  const clamped = Math.min(5, Math.max(0, value));
  const rounded = Math.round(clamped * 10) / 10;
  return (
    <span className={styles.stars} role="img" aria-label={t('reviews.average', { average: rounded })}>
      <span className={styles.filled} style={{ width: `${(clamped / 5) * 100}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">☆☆☆☆☆</span>
    </span>
  );
}
