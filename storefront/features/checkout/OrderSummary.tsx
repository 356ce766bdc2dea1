import { Fragment, useId } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { expectedDeliveryText, type ExpectedDeliveryData } from '../checkout/expectedDelivery';
import { INTL_LOCALE } from '../../platform/i18n/locales';
import { formatPrice } from '../../platform/i18n/money';
import { LineItemOptions } from '../cart';
import type { OrderSummary_cart$key } from './__generated__/OrderSummary_cart.graphql';
import type { OrderSummary_order$key } from './__generated__/OrderSummary_order.graphql';
import styles from './OrderSummary.module.css';

interface SummaryLine {
  readonly id: string;
  readonly type: string;
  readonly label: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly totalPrice: number;
  readonly taxRate?: number | null;
  readonly isDownload: boolean;
  readonly prescriptionRequired: boolean;
  readonly promotionCode?: string | null;
  readonly options: ReadonlyArray<{ readonly group: string; readonly option: string }>;
}

/** What both fragments select, plus whether the shipping row shows. */
interface SummaryData {
  lineItems: readonly SummaryLine[];
  positionPrice: number;
  shippingCosts: number;
  totalPrice: number;
  taxes: ReadonlyArray<{ readonly taxRate: number; readonly tax: number }>;
  /** no shipping row for a cart of downloads only */
  withShipping: boolean;
  /** Click & Collect: picked up at a pharmacy, never described as a delivery */
  pickup: boolean;
  expectedDelivery: ExpectedDeliveryData | null | undefined;
}

/** The cart's items and totals on the checkout page: read only (changes happen on /checkout/cart). */
export function CartSummary({ cart: cartKey, title }: { cart: OrderSummary_cart$key; title: string }) {
  const cart = useFragment(
    graphql`
      fragment OrderSummary_cart on Cart {
        lineItems {
          id
          type
          label
          quantity
          unitPrice
          totalPrice
          taxRate
          isDownload
          prescriptionRequired
          promotionCode
          options {
            group
            option
          }
        }
        isVirtual
        fulfilment
        positionPrice
        shippingCosts
        totalPrice
        taxes {
          taxRate
          tax
        }
        expectedDelivery {
          kind
          dispatchDay
          earliest
          latest
        }
      }
    `,
    cartKey,
  );
  return <SummaryTable title={title} data={{ ...cart, withShipping: !cart.isVirtual, pickup: cart.fulfilment === 'CLICK_AND_COLLECT' }} />;
}

/** A placed order's items and totals (success, paid and unpaid pages). */
export function OrderSummary({ order: orderKey, title }: { order: OrderSummary_order$key; title: string }) {
  const order = useFragment(
    graphql`
      fragment OrderSummary_order on Order {
        lineItems {
          id
          type
          label
          quantity
          unitPrice
          totalPrice
          taxRate
          isDownload
          prescriptionRequired
          options {
            group
            option
          }
        }
        pharmacy {
          pharmacyId
        }
        positionPrice
        shippingCosts
        totalPrice
        taxes {
          taxRate
          tax
        }
        expectedDelivery {
          kind
          dispatchDay
          earliest
          latest
        }
      }
    `,
    orderKey,
  );
  const virtual = order.lineItems.every((line) => line.type !== 'PRODUCT' || line.isDownload);
  return <SummaryTable title={title} data={{ ...order, withShipping: !virtual || order.shippingCosts > 0, pickup: order.pharmacy !== null }} />;
}

function SummaryTable({ title, data }: { title: string; data: SummaryData }) {
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const id = useId();
  const price = (value: number) => formatPrice(value, locale);
  const rate = (value: number) => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 2 }).format(value);
  return (
    <section className={styles.summary} aria-labelledby={`${id}-title`} data-testid="order-summary">
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <table className={styles.lines}>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('summary.item')}</th>
            <th scope="col" className={styles.number}>
              {t('summary.quantity')}
            </th>
            <th scope="col" className={`${styles.number} ${styles.unitPrice}`}>
              {t('summary.unitPrice')}
            </th>
            <th scope="col" className={styles.number}>
              {t('summary.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lineItems.map((line) => (
            <tr key={line.id}>
              <th scope="row" className={styles.label}>
                {line.label}
                <LineItemOptions options={line.options} className={styles.meta} />
                {line.type === 'PROMOTION' && line.promotionCode ? <span className={styles.meta}>{t('summary.promotionCode', { code: line.promotionCode })}</span> : null}
                {line.isDownload ? <span className={styles.meta}>{t('summary.download')}</span> : null}
                {line.taxRate != null && line.type === 'PRODUCT' ? <span className={styles.meta}>{t('summary.vatRate', { rate: rate(line.taxRate) })}</span> : null}
              </th>
              <td className={styles.number}>{line.quantity}</td>
              <td className={`${styles.number} ${styles.unitPrice}`}>{price(line.unitPrice)}</td>
              <td className={styles.number}>{price(line.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        <dt>{t('summary.positionPrice')}</dt>
        <dd>{price(data.positionPrice)}</dd>
        {data.withShipping ? (
          <>
            <dt>{data.pickup ? t('summary.pickupCosts') : t('summary.shippingCosts')}</dt>
            <dd data-testid="summary-shipping">{data.shippingCosts === 0 ? t('summary.free') : price(data.shippingCosts)}</dd>
          </>
        ) : null}
        <dt className={styles.grand}>{t('summary.totalPrice')}</dt>
        <dd className={styles.grand} data-testid="summary-total">
          {price(data.totalPrice)}
        </dd>
        {data.taxes.map((tax) => (
          <Fragment key={tax.taxRate}>
            <dt className={styles.tax}>{t('summary.vat', { rate: rate(tax.taxRate) })}</dt>
            <dd className={styles.tax}>{price(tax.tax)}</dd>
          </Fragment>
        ))}
      </dl>
      {data.expectedDelivery ? (
        <p className={styles.delivery} data-testid="expected-delivery">
          {expectedDeliveryText(data.expectedDelivery, t, locale, data.pickup)}
        </p>
      ) : null}
      {data.pickup && data.lineItems.some((line) => line.prescriptionRequired) ? (
        <p className={styles.delivery} data-testid="bring-prescription">
          {t('delivery.bringPrescription')}
        </p>
      ) : null}
    </section>
  );
}
