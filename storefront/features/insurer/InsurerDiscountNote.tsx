import { INTL_LOCALE, type ShopLocale } from '../../platform/i18n/locales';
import styles from './InsurerDiscountNote.module.css';

// A few words only, so they live here instead of a page namespace (the product page and the cart stay small).
const LABEL: Record<ShopLocale, string> = { de: 'Versichertenrabatt', it: 'Sconto per assicurati', fr: 'Rabais pour assurés' };

/** "Versichertenrabatt −10 %": the insured customer's discount, already in the price shown beside it. */
export function InsurerDiscountNote({ percentage, locale }: { percentage: number; locale: ShopLocale }) {
  const percent = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }).format(percentage);
  return (
    <span className={styles.note} data-testid="insurer-discount">
      {LABEL[locale]} −{percent} %
    </span>
  );
}
