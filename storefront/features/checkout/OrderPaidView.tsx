import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { localizedPath } from '../../platform/i18n/locales';
import type { OrderPaidView_order$key } from './__generated__/OrderPaidView_order.graphql';
import { AddressView } from '../account';
import { OrderSummary } from './OrderSummary';
import { PaymentSlipView } from './PaymentSlipView';
import { PickupPharmacy } from './PickupPharmacy';
import styles from './OrderPages.module.css';

/**
 * /checkout/success/{id}/paid: thank you, the order number and summary, the payment status, and the
 * expected delivery (in the summary) or the pharmacy where the order is picked up.
 */
export function OrderPaidView({ order: orderKey }: { order: OrderPaidView_order$key }) {
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const order = useFragment(
    graphql`
      fragment OrderPaidView_order on Order {
        orderNumber
        email
        paymentStatus
        paymentMethod {
          name
        }
        shippingMethod {
          name
        }
        shippingAddress {
          ...AddressView_address
        }
        pharmacy {
          pharmacyId
        }
        ...PickupPharmacy_order
        ...OrderSummary_order
        ...PaymentSlipView_order
      }
    `,
    orderKey,
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('paid.title')}</h1>
      <p className={styles.lead}>
        {t('success.orderNumber')} <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>
      <p>{t('success.confirmationMail', { email: order.email })}</p>
      <div className={styles.facts}>
        <section className={styles.fact}>
          <h2>{t('paid.payment')}</h2>
          <p>{order.paymentMethod?.name}</p>
          <p className={styles.status} data-testid="payment-status">
            {t(`paymentStatus.${order.paymentStatus}`)}
          </p>
        </section>
        {order.pharmacy ? (
          <PickupPharmacy order={order} />
        ) : order.shippingAddress ? (
          <section className={styles.fact}>
            <h2>{order.shippingMethod ? t('paid.deliveryWith', { method: order.shippingMethod.name }) : t('paid.delivery')}</h2>
            <AddressView address={order.shippingAddress} />
          </section>
        ) : null}
      </div>
      <PaymentSlipView order={order} />
      <OrderSummary order={order} title={t('summary.orderTitle')} />
      <p>
        <a href={localizedPath('/', locale)}>{t('paid.continueShopping')}</a>
      </p>
    </div>
  );
}
