import { useTranslation } from '../../platform/i18n/useTranslation';
import { LISTING_KEYS } from '../catalog/listingUrl';
import styles from './ListingPriceFilter.module.css';

interface ListingPriceFilterProps {
  min: number | null | undefined;
  max: number | null | undefined;
  boundMin: number | null | undefined;
  boundMax: number | null | undefined;
}

/**
 * Lowest and highest price in CHF, inside the filter panel's GET form; applied with its button (or Enter), not on
 * every keystroke. The fields are the browser's own (what was typed before the scripts arrived stays), and the form
 * sends them as `minPrice` and `maxPrice`; the page shows the applied span in them again.
 */
export function ListingPriceFilter({ min, max, boundMin, boundMax }: ListingPriceFilterProps) {
  const { t } = useTranslation('catalog');
  return (
    <div className={styles.group}>
      <fieldset className={styles.price}>
        <legend>{t('filters.price')}</legend>
        <label className={styles.priceField}>
          {t('filters.minPrice')}
          <input
            type="number"
            name={LISTING_KEYS.minPrice}
            inputMode="decimal"
            min={0}
            step="0.05"
            defaultValue={min != null ? String(min) : ''}
            placeholder={boundMin != null ? String(Math.floor(boundMin)) : undefined}
          />
        </label>
        <label className={styles.priceField}>
          {t('filters.maxPrice')}
          <input
            type="number"
            name={LISTING_KEYS.maxPrice}
            inputMode="decimal"
            min={0}
            step="0.05"
            defaultValue={max != null ? String(max) : ''}
            placeholder={boundMax != null ? String(Math.ceil(boundMax)) : undefined}
          />
        </label>
        <button type="submit" className={styles.apply}>
          {t('filters.applyPrice')}
        </button>
      </fieldset>
    </div>
  );
}
