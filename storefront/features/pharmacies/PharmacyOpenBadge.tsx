import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import styles from './PharmacyFinder.module.css';

/** "Open now" / "Closed" (Zurich time at the moment the page was asked for). */
export function PharmacyOpenBadge({ openNow }: { openNow: boolean }) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  return (
    <span className={openNow ? styles.open : styles.closed} data-testid="open-badge">
      {t(openNow ? 'hours.openNow' : 'hours.closed')}
    </span>
  );
}
