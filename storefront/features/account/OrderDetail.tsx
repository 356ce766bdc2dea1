import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useOrderPaymentRetry, OrderSummary, PaymentSlipView, PaymentMethodChoice, type PaymentMethodChoice_methods$key } from '../checkout';
import { AddressView } from './AddressView';
import { CheckoutAlert } from '../../ui/CheckoutField';
import { useNotifications } from '../../shell/Notifications';
import { formatShopDate } from '../../platform/i18n/dates';
import { localizedPath } from '../../platform/i18n/locales';
import type { OrderDetail_order$key } from './__generated__/OrderDetail_order.graphql';
import styles from './AccountOrder.module.css';

interface OrderDetailProps {
  order: OrderDetail_order$key;
  paymentMethods: PaymentMethodChoice_methods$key | null;
  /** reads the page's query again (after a cancellation or a change of payment method) */
  refresh: () => Promise<void>;
}

/**
 * One order of the customer (SPEC §2 /account/order/{id}): line items and totals, addresses, documents
 * (invoice), downloads once paid; cancel an open unpaid order, change its payment method, retry the payment.
 */
export function OrderDetail({ order: orderKey, paymentMethods, refresh }: OrderDetailProps) {
  const { t } = useTranslation('customer');
  const { t: tCheckout } = useTranslation('checkout');
  const { locale } = usePageContext();
  const { notify } = useNotifications();
  const order = useFragment(
    graphql`
      fragment OrderDetail_order on Order {
        id
        orderId
        orderNumber
        orderDate
        status
        paymentStatus
        paymentChangeable
        invoiceAllowed
        cancellable
        paymentMethod {
          id
          name
        }
        shippingMethod {
          id
          name
        }
        pharmacy {
          name
        }
        billingAddress {
          ...AddressView_address
        }
        shippingAddress {
          ...AddressView_address
        }
        documents {
          id
          type
          number
          date
          url
        }
        downloads {
          id
          fileName
          url
          available
        }
        ...OrderSummary_order
        ...PaymentSlipView_order
      }
    `,
    orderKey,
  );
  const { selected, setSelected, sending, alert, changeOnly, pay, cancel } = useOrderPaymentRetry({
    orderId: order.orderId,
    currentMethodId: order.paymentMethod?.id ?? null,
    failure: t('errors.generic'),
  });
  // in Swiss time, so the server and the browser write the same day
  const date = (value: string) => formatShopDate(value, locale);
  const cancelled = order.status === 'CANCELLED';
  const paid = order.paymentStatus === 'PAID';

  const changeMethod = async () => {
    if (await changeOnly()) notify({ type: 'success', message: t('orders.methodChanged') });
  };

  const cancelOrder = async () => {
    if (!(await cancel(t('orders.cancelConfirm', { number: order.orderNumber })))) return;
    notify({ type: 'success', message: t('orders.cancelledNotice') });
    await refresh();
  };

  return (
    <section className={styles.section} aria-labelledby="order-title">
      <p>
        <a href={localizedPath('/account/order', locale)}>{t('orders.back')}</a>
      </p>
      <h1 id="order-title">
        {t('orders.numberLabel')} <span data-testid="order-number">{order.orderNumber}</span>
      </h1>
      <p className={styles.muted}>{t('orders.placedOn', { date: date(order.orderDate) })}</p>
      {cancelled ? (
        <p className={styles.notice} role="status">
          {t('orders.cancelled')}
        </p>
      ) : paid ? (
        <p className={styles.notice}>{t('orders.paid')}</p>
      ) : order.paymentChangeable ? (
        <p className={styles.notice}>{t('orders.unpaidText')}</p>
      ) : null}
      <CheckoutAlert messages={alert} />

      <div className={styles.facts}>
        {order.billingAddress ? (
          <div>
            <h2>{t('orders.billingAddress')}</h2>
            <AddressView address={order.billingAddress} />
          </div>
        ) : null}
        {order.pharmacy ? (
          <div>
            <h2>{t('orders.pickup')}</h2>
            <p>{order.pharmacy.name}</p>
          </div>
        ) : order.shippingAddress ? (
          <div>
            <h2>{t('orders.shippingAddress')}</h2>
            <AddressView address={order.shippingAddress} />
          </div>
        ) : null}
        <div>
          <h2>{t('orders.methods')}</h2>
          <p>{order.paymentMethod ? t('orders.paymentMethod', { name: order.paymentMethod.name }) : null}</p>
          <p>{order.shippingMethod ? t('orders.shippingMethod', { name: order.shippingMethod.name }) : null}</p>
        </div>
      </div>

      <PaymentSlipView order={order} />
      <OrderSummary order={order} title={t('orders.items')} />

      <section aria-labelledby="order-documents" className={styles.subsection}>
        <h2 id="order-documents">{t('orders.documents')}</h2>
        {order.documents.length === 0 ? (
          <p className={styles.muted}>{t('orders.noDocuments')}</p>
        ) : (
          <ul className={styles.links} data-testid="order-documents">
            {order.documents.map((document) => (
              <li key={document.id}>
                <a href={document.url} download>
                  {t(document.type === 'invoice' ? 'orders.invoice' : 'orders.document', { number: document.number, type: document.type })}
                </a>{' '}
                <span className={styles.muted}>{date(document.date)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {order.downloads.length > 0 ? (
        <section aria-labelledby="order-downloads" className={styles.subsection}>
          <h2 id="order-downloads">{t('orders.downloads')}</h2>
          <ul className={styles.links} data-testid="order-downloads">
            {order.downloads.map((download) => (
              <li key={download.id}>
                {download.available && download.url ? (
                  <a href={download.url} download>
                    {download.fileName}
                  </a>
                ) : (
                  <>
                    {download.fileName} <span className={styles.muted}>{t('orders.downloadAfterPayment')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {order.paymentChangeable && !cancelled && paymentMethods ? (
        <section className={styles.subsection} aria-labelledby="order-payment">
          <h2 id="order-payment">{t('orders.payment')}</h2>
          <PaymentMethodChoice
            methods={paymentMethods}
            selectedId={selected}
            disabled={sending}
            onSelect={setSelected}
            invoiceAllowed={order.invoiceAllowed}
            afterOrder
            legend={tCheckout('unpaid.retryTitle')}
          />
          <p className={styles.actions}>
            <button type="button" className={styles.primaryButton} disabled={sending || !selected} aria-busy={sending || undefined} onClick={() => void pay()}>
              {t('orders.payNow')}
            </button>
            <button type="button" className={styles.secondaryButton} disabled={sending || !selected || selected === order.paymentMethod?.id} onClick={() => void changeMethod()}>
              {t('orders.changeMethod')}
            </button>
          </p>
        </section>
      ) : null}

      {order.cancellable && !cancelled ? (
        <p className={styles.actions}>
          <button type="button" className={styles.dangerButton} disabled={sending} onClick={() => void cancelOrder()}>
            {t('orders.cancel')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
