import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { CONTACT_PATHS, followPaymentRedirect, isFollowableUrl } from '../checkout/paymentRedirect';
import { useShopMutation } from '../checkout/useShopMutation';
import { localizedPath } from '../i18n/locales';
import type { OrderUnpaidView_order$key } from './__generated__/OrderUnpaidView_order.graphql';
import type { OrderUnpaidViewCancelMutation } from './__generated__/OrderUnpaidViewCancelMutation.graphql';
import type { OrderUnpaidViewChangeMethodMutation } from './__generated__/OrderUnpaidViewChangeMethodMutation.graphql';
import type { OrderUnpaidViewHandlePaymentMutation } from './__generated__/OrderUnpaidViewHandlePaymentMutation.graphql';
import type { PaymentMethodChoice_methods$key } from './__generated__/PaymentMethodChoice_methods.graphql';
import { CheckoutAlert } from './CheckoutField';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import styles from './OrderPages.module.css';

interface OrderUnpaidViewProps {
  order: OrderUnpaidView_order$key;
  paymentMethods: PaymentMethodChoice_methods$key | null;
  /** reads the page's query again (after a cancellation) */
  refresh: () => Promise<void>;
}

/**
 * /checkout/success/{id}/unpaid (SPEC §4, §8 "Unsuccessful order: payment interrupted, or a provider system
 * error; retry"): the order is kept; pay again with the same or another method, back to the cart,
 * contact, or cancel the order.
 */
export function OrderUnpaidView({ order: orderKey, paymentMethods, refresh }: OrderUnpaidViewProps) {
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const order = useFragment(
    graphql`
      fragment OrderUnpaidView_order on Order {
        orderId
        orderNumber
        status
        paymentStatus
        paymentChangeable
        cancellable
        paymentMethod {
          id
        }
        ...OrderSummary_order
      }
    `,
    orderKey,
  );
  const [changeMethod] = useShopMutation<OrderUnpaidViewChangeMethodMutation>(graphql`
    mutation OrderUnpaidViewChangeMethodMutation($input: ChangeOrderPaymentMethodInput!) {
      changeOrderPaymentMethod(input: $input) {
        order {
          id
          paymentMethod {
            id
          }
          paymentStatus
          paymentChangeable
        }
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const [handlePayment] = useShopMutation<OrderUnpaidViewHandlePaymentMutation>(graphql`
    mutation OrderUnpaidViewHandlePaymentMutation($input: HandlePaymentInput!) {
      handlePayment(input: $input) {
        redirectUrl
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const [cancelOrder] = useShopMutation<OrderUnpaidViewCancelMutation>(graphql`
    mutation OrderUnpaidViewCancelMutation($input: CancelOrderInput!) {
      cancelOrder(input: $input) {
        order {
          id
          status
          paymentStatus
          paymentChangeable
          cancellable
        }
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const [selected, setSelected] = useState<string | null>(order.paymentMethod?.id ?? null);
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string[]>([]);
  const [cancelled, setCancelled] = useState(false);
  const unavailable = t('errors.unavailable');

  const retry = async () => {
    if (sending || !selected) return;
    setSending(true);
    setAlert([]);
    if (selected !== order.paymentMethod?.id) {
      const changed = await changeMethod({ input: { orderId: order.orderId, paymentMethodId: selected } });
      const errors = changed ? changed.changeOrderPaymentMethod.errors : [{ message: unavailable }];
      if (errors.length > 0) {
        setAlert(errors.map((error) => error.message));
        setSending(false);
        return;
      }
    }
    const response = await handlePayment({ input: { orderId: order.orderId } });
    const payload = response?.handlePayment;
    if (payload && payload.errors.length === 0 && payload.redirectUrl && isFollowableUrl(payload.redirectUrl)) {
      followPaymentRedirect(payload.redirectUrl);
      return;
    }
    setAlert(payload?.errors.length ? payload.errors.map((error) => error.message) : [unavailable]);
    setSending(false);
  };

  const cancel = async () => {
    if (sending || !window.confirm(t('unpaid.cancelConfirm'))) return;
    setSending(true);
    setAlert([]);
    const response = await cancelOrder({ input: { orderId: order.orderId } });
    const errors = response ? response.cancelOrder.errors : [{ message: unavailable }];
    setSending(false);
    if (errors.length > 0) {
      setAlert(errors.map((error) => error.message));
      return;
    }
    setCancelled(true);
    await refresh();
  };

  const isCancelled = cancelled || order.status === 'CANCELLED';
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('unpaid.title')}</h1>
      <p className={styles.lead}>
        {t('success.orderNumber')} <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      {isCancelled ? (
        <p className={styles.notice} role="status">
          {t('unpaid.cancelled')}
        </p>
      ) : order.paymentStatus === 'PAID' ? (
        <p className={styles.notice}>{t('unpaid.alreadyPaid')}</p>
      ) : (
        <p>{t('unpaid.text')}</p>
      )}
      <CheckoutAlert messages={alert} />
      {order.paymentChangeable && !isCancelled && paymentMethods ? (
        <section className={styles.retry} aria-labelledby="unpaid-retry-title">
          <h2 id="unpaid-retry-title">{t('unpaid.retryTitle')}</h2>
          <PaymentMethodChoice methods={paymentMethods} selectedId={selected} disabled={sending} onSelect={setSelected} invoiceAllowed afterOrder legend={t('unpaid.retryTitle')} />
          <button type="button" className={styles.primaryButton} disabled={sending || !selected} aria-busy={sending || undefined} onClick={() => void retry()}>
            {t('unpaid.retry')}
          </button>
        </section>
      ) : null}
      <p className={styles.actions}>
        <a href={localizedPath('/checkout/cart', locale)}>{t('unpaid.backToCart')}</a>
        <a href={localizedPath(CONTACT_PATHS[locale], locale)}>{t('unpaid.contact')}</a>
        {order.cancellable && !isCancelled ? (
          <button type="button" className={styles.secondaryButton} disabled={sending} onClick={() => void cancel()}>
            {t('unpaid.cancel')}
          </button>
        ) : null}
      </p>
      <OrderSummary order={order} title={t('summary.orderTitle')} />
    </div>
  );
}
