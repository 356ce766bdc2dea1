import { useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { CONTACT_PATHS } from '../checkout/paymentRedirect';
import { CANCEL_ORDER_PARAMETER, CHECKOUT_FORM } from './checkoutPosts';
import { PostedFormAnswer, PostedFormFields, usePostedForm, type PostedFormState } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import type { OrderUnpaidView_order$key } from './__generated__/OrderUnpaidView_order.graphql';
import type { PaymentMethodChoice_methods$key } from './__generated__/PaymentMethodChoice_methods.graphql';
import { InPlaceButton } from './CheckoutChoiceForm';
import { CheckoutAlert } from '../../ui/CheckoutField';
import { useOrderPaymentRetry } from './OrderPaymentRetry';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import styles from './OrderPages.module.css';
import { PickupPharmacy } from './PickupPharmacy';

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
  const { locale, urlParsed } = usePageContext();
  const order = useFragment(
    graphql`
      fragment OrderUnpaidView_order on Order {
        orderId
        orderNumber
        status
        paymentStatus
        paymentChangeable
        invoiceAllowed
        cancellable
        paymentMethod {
          id
        }
        ...OrderSummary_order
        ...PickupPharmacy_order
      }
    `,
    orderKey,
  );
  // Without scripts the retry and the cancellation post to this page (server/forms/checkout.ts); a refusal comes
  // back here (ADR 0023).
  const posted = usePostedForm(CHECKOUT_FORM.paymentRetry, { paymentMethodId: '' });
  const postedCancel = usePostedForm(CHECKOUT_FORM.orderCancel, {});
  const refusal = (answer: Omit<PostedFormState, 'form'>) => (answer.errors === null ? [t('errors.unavailable')] : answer.errors.map((error) => error.message));
  const { selected, setSelected, sending, alert, pay, cancel } = useOrderPaymentRetry({
    orderId: order.orderId,
    currentMethodId: order.paymentMethod?.id ?? null,
    failure: t('errors.unavailable'),
    refused: posted.posted
      ? { paymentMethodId: posted.values.paymentMethodId, alert: refusal(posted.posted) }
      : postedCancel.posted
        ? { paymentMethodId: '', alert: refusal(postedCancel.posted) }
        : undefined,
  });
  const [cancelled, setCancelled] = useState(false);
  const pagePath = localizedPath(`/checkout/success/${order.orderId}/unpaid`, locale);
  // ?cancel=ask: the question as a page of its own (the confirm dialog without scripts), its answer a form post
  const askingToCancel = urlParsed.search[CANCEL_ORDER_PARAMETER] === 'ask';

  /** `question`: the dialog to ask in; none when this page asked already. */
  const cancelOrder = async (question?: string) => {
    if (!(await cancel(question))) return;
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
          <form
            method="post"
            action={pagePath}
            data-form={CHECKOUT_FORM.paymentRetry}
            onSubmit={(event) => {
              event.preventDefault();
              void pay();
            }}
          >
            <PostedFormFields form={CHECKOUT_FORM.paymentRetry} posted={posted.posted} />
            <PaymentMethodChoice methods={paymentMethods} selectedId={selected} disabled={sending} onSelect={setSelected} invoiceAllowed={order.invoiceAllowed} afterOrder legend={t('unpaid.retryTitle')} />
            <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
              {t('unpaid.retry')}
            </button>
          </form>
        </section>
      ) : null}
      <p className={styles.actions}>
        <a href={localizedPath('/checkout/cart', locale)}>{t('unpaid.backToCart')}</a>
        <a href={localizedPath(CONTACT_PATHS[locale], locale)}>{t('unpaid.contact')}</a>
        {order.cancellable && !isCancelled && !askingToCancel ? (
          <InPlaceButton href={`${pagePath}?${CANCEL_ORDER_PARAMETER}=ask`} className={styles.secondaryButton} aria-disabled={sending || undefined} onOpen={() => void cancelOrder(t('unpaid.cancelConfirm'))}>
            {t('unpaid.cancel')}
          </InPlaceButton>
        ) : null}
      </p>
      {order.cancellable && !isCancelled && askingToCancel ? (
        <form
          method="post"
          action={pagePath}
          data-form={CHECKOUT_FORM.orderCancel}
          onSubmit={(event) => {
            event.preventDefault();
            void cancelOrder();
          }}
        >
          <PostedFormFields form={CHECKOUT_FORM.orderCancel} posted={null} />
          <p>{t('unpaid.cancelConfirm')}</p>
          <p className={styles.actions}>
            <button type="submit" className={styles.secondaryButton} disabled={sending} aria-busy={sending || undefined}>
              {t('unpaid.cancel')}
            </button>
            <a href={pagePath}>{t('unpaid.keepOrder')}</a>
          </p>
        </form>
      ) : null}
      {/* a refused cancellation comes back without the question: its answer travels beside the alert */}
      <PostedFormAnswer form={CHECKOUT_FORM.orderCancel} posted={postedCancel.posted} />
      <PickupPharmacy order={order} />
      <OrderSummary order={order} title={t('summary.orderTitle')} />
    </div>
  );
}
