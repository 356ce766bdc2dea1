import { useTranslation } from '../platform/i18n/useTranslation';
import { LogoBadge } from '../ui/LogoBadge';
import styles from './DeliveryLogos.module.css';

const word = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700, textAnchor: 'middle' } as const;

/** How orders reach the shopper (SPEC §1): by Swiss Post, or Click & Collect in a pharmacy. */
export function DeliveryLogos() {
  const { t } = useTranslation('shell');
  return (
    <ul className={styles.logos} aria-label={t('footer.deliveryTitle')}>
      <li>
        <LogoBadge name={t('footer.delivery.swissPost')} background="#ffcc00">
          <rect x="8" y="12" width="16" height="16" fill="#d52b1e" />
          <path d="M14 15h4v3h3v4h-3v3h-4v-3h-3v-4h3z" fill="#fff" />
          <text x="42" y="24" fontSize="9" style={word}>
            {t('footer.delivery.swissPostShort')}
          </text>
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name="Click & Collect" color="#1f7a4d">
          <path d="M10 16l3-7h14l3 7v14H10z" fill="none" stroke="#1f7a4d" strokeWidth="2" strokeLinejoin="round" />
          <path d="M17 30v-7h6v7" fill="none" stroke="#1f7a4d" strokeWidth="2" />
          <text x="47" y="19" fontSize="7.5" style={word}>
            Click &amp;
          </text>
          <text x="47" y="29" fontSize="7.5" style={word}>
            Collect
          </text>
        </LogoBadge>
      </li>
    </ul>
  );
}
