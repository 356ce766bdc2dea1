import { useTranslation } from '../platform/i18n/useTranslation';
import { LogoBadge } from '../ui/LogoBadge';
import styles from './PaymentLogos.module.css';

const word = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700, textAnchor: 'middle' } as const;

/** SPEC §9's payment methods as badges: card, PayPal, prepayment, PostFinance Card, TWINT, invoice, Apple Pay. */
export function PaymentLogos() {
  const { t } = useTranslation('shell');
  return (
    <ul className={styles.logos} aria-label={t('footer.paymentTitle')}>
      <li>
        <LogoBadge name={t('footer.payment.card')}>
          <rect x="14" y="9" width="36" height="22" rx="3" fill="#1a5fb4" />
          <rect x="14" y="13" width="36" height="4" fill="#0b2e5c" />
          <rect x="18" y="23" width="10" height="3" rx="1" fill="#fff" />
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name="PayPal" color="#003087">
          <text x="32" y="25" fontSize="13" style={word}>
            Pay<tspan fill="#009cde">Pal</tspan>
          </text>
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name={t('footer.payment.prepayment')}>
          <rect x="12" y="11" width="40" height="18" rx="2" fill="none" stroke="#1f7a4d" strokeWidth="2" />
          <circle cx="32" cy="20" r="5" fill="#1f7a4d" />
          <path d="M20 8h24" stroke="#1f7a4d" strokeWidth="2" />
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name={t('footer.payment.postFinance')} background="#ffcc00" color="#1d2a24">
          <text x="32" y="19" fontSize="8.5" style={word}>
            PostFinance
          </text>
          <text x="32" y="30" fontSize="8" style={word}>
            Card
          </text>
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name="TWINT" background="#000" color="#fff">
          <text x="32" y="25" fontSize="13" style={word}>
            TWINT
          </text>
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name={t('footer.payment.invoice')}>
          <path d="M22 7h15l6 6v20H22z" fill="none" stroke="#1d2a24" strokeWidth="2" strokeLinejoin="round" />
          <path d="M26 18h13M26 23h13M26 28h8" stroke="#1d2a24" strokeWidth="2" />
        </LogoBadge>
      </li>
      <li>
        <LogoBadge name="Apple Pay" background="#000" color="#fff">
          <text x="32" y="25" fontSize="11" style={word}>
            Apple Pay
          </text>
        </LogoBadge>
      </li>
    </ul>
  );
}
