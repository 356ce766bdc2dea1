import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import styles from './ListingPriceFilter.module.css';

interface ListingPriceFilterProps {
  min: number | null | undefined;
  max: number | null | undefined;
  boundMin: number | null | undefined;
  boundMax: number | null | undefined;
  onApply(min: number | null, max: number | null): void;
}

function numberOrNull(value: string): number | null {
  const n = Number(value.replace(',', '.'));
  return value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : null;
}

/** Lowest and highest price in CHF; applied with its button (or Enter), not on every keystroke. */
export function ListingPriceFilter({ min, max, boundMin, boundMax, onApply }: ListingPriceFilterProps) {
  const { t } = useTranslation('catalog');
  const [from, setFrom] = useState(min != null ? String(min) : '');
  const [to, setTo] = useState(max != null ? String(max) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let low = numberOrNull(from);
    let high = numberOrNull(to);
    if (low !== null && high !== null && low > high) [low, high] = [high, low];
    onApply(low, high);
  };
  return (
    <form className={styles.group} onSubmit={submit}>
      <fieldset className={styles.price}>
        <legend>{t('filters.price')}</legend>
        <label className={styles.priceField}>
          {t('filters.minPrice')}
          <input type="number" inputMode="decimal" min={0} step="0.05" value={from} placeholder={boundMin != null ? String(Math.floor(boundMin)) : undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className={styles.priceField}>
          {t('filters.maxPrice')}
          <input type="number" inputMode="decimal" min={0} step="0.05" value={to} placeholder={boundMax != null ? String(Math.ceil(boundMax)) : undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className={styles.apply}>
          {t('filters.applyPrice')}
        </button>
      </fieldset>
    </form>
  );
}
