import { useEffect, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import styles from './PaymentCountdown.module.css';

/** SPEC §4, §9: after placing an order the shopper is sent to the payment gateway after 5 seconds. */
export const PAYMENT_REDIRECT_SECONDS = 5;

interface PaymentCountdownProps {
  /** where to go; null while handlePayment is still answering */
  redirectUrl: string | null;
  /** the payment happens on a provider's page (else the link leads to the order confirmation) */
  asynchronous: boolean;
  /** called once, when the time is up and the URL known */
  onElapsed: (redirectUrl: string) => void;
}

/**
 * A visible countdown with a "pay now" link. Screen readers hear one polite announcement at the start,
 * not every second: the ticking number is a timer (role="timer" is not announced as it changes).
 */
export function PaymentCountdown({ redirectUrl, asynchronous, onElapsed }: PaymentCountdownProps) {
  const { t } = useTranslation('checkout');
  const [remaining, setRemaining] = useState(PAYMENT_REDIRECT_SECONDS);
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    // Set after mount so the live region already exists when its text appears (it is then announced).
    setAnnounced(t(asynchronous ? 'success.countdownAnnouncement' : 'success.countdownAnnouncementConfirmation', { count: PAYMENT_REDIRECT_SECONDS }));
    const timer = setInterval(() => setRemaining((current) => Math.max(0, current - 1)), 1000);
    return () => clearInterval(timer);
  }, [t, asynchronous]);

  useEffect(() => {
    if (remaining === 0 && redirectUrl) onElapsed(redirectUrl);
  }, [remaining, redirectUrl, onElapsed]);

  return (
    <div className={styles.countdown} data-testid="payment-countdown">
      <p className={styles.text}>
        <span role="timer" aria-atomic="true">
          {t(asynchronous ? 'success.countdown' : 'success.countdownConfirmation', { count: remaining })}
        </span>
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
      {redirectUrl ? (
        // A full page load, not the client router: the provider's page is no page of this app (see followPaymentRedirect).
        <a className={styles.payNow} href={redirectUrl} rel="external" data-testid="pay-now">
          {t(asynchronous ? 'success.payNow' : 'success.continue')}
        </a>
      ) : (
        <p className={styles.preparing}>{t('success.preparing')}</p>
      )}
    </div>
  );
}
