import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { followPaymentRedirect } from '../checkout/paymentRedirect';
import { localizedPath } from '../../platform/i18n/locales';
import type { OrderSuccessView_order$key } from './__generated__/OrderSuccessView_order.graphql';
import { CheckoutAlert } from '../../ui/CheckoutField';
import { useStartPayment } from './OrderPaymentRetry';
import { OrderSummary } from './OrderSummary';
import { PaymentSlipView } from './PaymentSlipView';
import { PaymentCountdown } from './PaymentCountdown';
import styles from './OrderPages.module.css';
import { PickupPharmacy } from './PickupPharmacy';

// Orders whose payment this tab already started: a re-render, React's double effects in development or a
// back-navigation to this page never start a second payment session.
const startedPayments = new Set<string>();

/**
 * /checkout/success/{id} (SPEC §2, §4 Order payment): the order number and summary, handlePayment once,
 * then a 5-second countdown to the payment provider (or, for invoice and prepayment, the confirmation).
 */
export function OrderSuccessView({ order: orderKey }: { order: OrderSuccessView_order$key }) {
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const order = useFragment(
    graphql`
      fragment OrderSuccessView_order on Order {
        orderId
        orderNumber
        email
        status
        paymentStatus
        paymentChangeable
        paymentMethod {
          name
          asynchronous
        }
        ...OrderSummary_order
        ...PickupPharmacy_order
        ...PaymentSlipView_order
      }
    `,
    orderKey,
  );
  const startPayment = useStartPayment(t('errors.unavailable'));
  const [redirectUrl, setRedirectUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const left = useRef(false);
  const payable = order.paymentChangeable && order.paymentStatus !== 'PAID';

  useEffect(() => {
    if (!payable || startedPayments.has(order.orderId)) return;
    startedPayments.add(order.orderId);
    void startPayment(order.orderId).then((started) => {
      if ('redirectUrl' in started) {
        setRedirectUrl(started.redirectUrl);
        return;
      }
      // A later visit may try again (the unpaid page offers it too).
      startedPayments.delete(order.orderId);
      setErrors(started.errors);
    });
  }, [payable, order.orderId, startPayment]);

  const onElapsed = useCallback((url: string) => {
    if (left.current) return;
    left.current = true;
    followPaymentRedirect(url);
  }, []);

  const asynchronous = order.paymentMethod?.asynchronous ?? true;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('success.title')}</h1>
      <p className={styles.lead}>
        {t('success.orderNumber')} <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      <p>{t('success.confirmationMail', { email: order.email })}</p>
      {payable && errors.length === 0 ? <PaymentCountdown redirectUrl={redirectUrl} asynchronous={asynchronous} onElapsed={onElapsed} /> : null}
      {errors.length > 0 ? (
        <>
          <CheckoutAlert messages={errors} />
          <p>
            <a className={styles.primaryLink} href={localizedPath(`/checkout/success/${order.orderId}/unpaid`, locale)}>
              {t('success.retryPayment')}
            </a>
          </p>
        </>
      ) : null}
      {order.status === 'CANCELLED' ? (
        <p className={styles.notice}>{t('unpaid.cancelled')}</p>
      ) : !payable ? (
        <p>
          <a className={styles.primaryLink} href={localizedPath(`/checkout/success/${order.orderId}/paid`, locale)}>
            {t('success.toConfirmation')}
          </a>
        </p>
      ) : null}
      <PickupPharmacy order={order} />
      <PaymentSlipView order={order} />
      <OrderSummary order={order} title={t('summary.orderTitle')} />
    </div>
  );
}
