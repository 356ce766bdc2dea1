import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { formatPrice } from '../../platform/i18n/money';
import { useTranslation } from '../../platform/i18n/useTranslation';
import type { PaymentSlipView_order$key } from './__generated__/PaymentSlipView_order.graphql';
import styles from './PaymentSlipView.module.css';

/**
 * How to pay an order by transfer (invoice, prepayment, issue 19): the account, the reference and the amount as
 * text to copy, and the Swiss QR-bill's payment part to scan with a banking app. Nothing when nothing is to transfer.
 */
export function PaymentSlipView({ order: orderKey }: { order: PaymentSlipView_order$key }) {
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const { paymentSlip: slip } = useFragment(
    graphql`
      fragment PaymentSlipView_order on Order {
        paymentSlip {
          iban
          reference
          amount
          creditorName
          creditorAddress
          imageUrl
        }
      }
    `,
    orderKey,
  );
  if (!slip) return null;
  return (
    <section className={styles.slip} aria-labelledby="payment-slip-title" data-testid="payment-slip">
      <h2 id="payment-slip-title">{t('slip.title')}</h2>
      <p>{t('slip.lead')}</p>
      <dl className={styles.facts}>
        <dt>{t('slip.creditor')}</dt>
        <dd>
          {slip.creditorName}, {slip.creditorAddress}
        </dd>
        <dt>{t('slip.iban')}</dt>
        <dd data-testid="slip-iban">{slip.iban}</dd>
        <dt>{t('slip.reference')}</dt>
        <dd data-testid="slip-reference">{slip.reference}</dd>
        <dt>{t('slip.amount')}</dt>
        <dd data-testid="slip-amount">{formatPrice(slip.amount, locale)}</dd>
      </dl>
      <img className={styles.image} src={slip.imageUrl} alt={t('slip.imageAlt')} width={794} height={397} loading="lazy" />
    </section>
  );
}
