import { useTranslation } from '../platform/i18n/useTranslation';
import styles from './ShopLogo.module.css';

/** The shop's mark (a Swiss-style cross in a rounded square) and its name, drawn inline so it never waits on a file. */
export function ShopLogo() {
  const { t } = useTranslation('shell');
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="currentColor" />
        <path d="M16 8h8v8h8v8h-8v8h-8v-8H8v-8h8z" fill="#fff" />
        <circle cx="31" cy="31" r="5" fill="#fff" opacity="0.35" />
      </svg>
      <span className={styles.name}>{t('shopName')}</span>
    </span>
  );
}
