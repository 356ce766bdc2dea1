import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { INTL_LOCALE } from '../i18n/locales';
import styles from './ShopRating.module.css';

/**
 * The shop's rating as its shoppers gave it on the rating provider. The graph has no field for it yet
 * (wanted: `shopRating { average count url }`), so the operator's published figures live here.
 */
const SHOP_RATING = { average: 4.8, count: 2184 } as const;

/** The footer's rating summary: stars and a sentence. */
export function ShopRating() {
  const { t } = useTranslation('shell');
  const intlLocale = INTL_LOCALE[usePageContext().locale];
  const id = useId();
  const average = SHOP_RATING.average.toLocaleString(intlLocale, { minimumFractionDigits: 1 });
  const count = SHOP_RATING.count.toLocaleString(intlLocale);
  return (
    <section className={styles.rating} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('rating.title')}
      </h2>
      <p className={styles.stars} aria-hidden="true">
        <span className={styles.filled} style={{ width: `${(SHOP_RATING.average / 5) * 100}%` }}>
          ★★★★★
        </span>
        ★★★★★
      </p>
      <p className={styles.summary}>{t('rating.summary', { average, count })}</p>
    </section>
  );
}
