import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import type { ProductAvailability_product$key } from './__generated__/ProductAvailability_product.graphql';
import styles from './ProductAvailability.module.css';

const fragment = graphql`
  fragment ProductAvailability_product on Product {
    clickAndCollectOnly
    prescriptionRequired
    availability {
      status
      piecesInStock
    }
    promises {
      fulfilment
      dispatchDay
      leadTime
    }
  }
`;

/**
 * The availability wording of SPEC §3 as the gateway decided it (Product.promises): in stock with the dispatch
 * day and the pieces in Swiss stock, pickup in the pharmacy, available at once after payment for a download,
 * on customer order with its lead time, or not available; plus the Click & Collect only and prescription notes.
 */
export function ProductAvailability({ product }: { product: ProductAvailability_product$key }) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const { status, piecesInStock } = data.availability;
  const { fulfilment, dispatchDay, leadTime } = data.promises;

  return (
    <div className={styles.availability} data-testid="product-availability">
      <h2 className="visually-hidden">{t('availability.label')}</h2>
      <ul className={styles.lines}>
        {(fulfilment === 'DISPATCH' || fulfilment === 'PICKUP_IN_PHARMACY') && (
          <li className={status === 'IN_STOCK' ? styles.inStock : styles.onOrder}>
            <span className={styles.dot} aria-hidden="true" />
            {status === 'IN_STOCK' ? t('availability.inStock') : t('availability.onCustomerOrder')}
            {' · '}
            {fulfilment === 'PICKUP_IN_PHARMACY'
              ? t('availability.pickup')
              : dispatchDay && dispatchDay !== '%future added value' && t(`availability.dispatch.${dispatchDay}`)}
          </li>
        )}
        {fulfilment === 'DOWNLOAD' && (
          <li className={styles.inStock}>
            <span className={styles.dot} aria-hidden="true" />
            {t('availability.download')}
          </li>
        )}
        {fulfilment === 'DISPATCH' && piecesInStock > 0 && <li>{t('availability.pieces', { count: piecesInStock })}</li>}
        {fulfilment === 'ON_ORDER' && (
          <li className={styles.onOrder}>
            <span className={styles.dot} aria-hidden="true" />
            {t('availability.onCustomerOrder')}
            {leadTime && <> · {t('availability.deliveryTime', { time: leadTime })}</>}
          </li>
        )}
        {fulfilment === 'NOT_AVAILABLE' && (
          <li className={styles.notAvailable}>
            <span className={styles.dot} aria-hidden="true" />
            {t('availability.notAvailable')}
          </li>
        )}
        {data.clickAndCollectOnly && <li className={styles.note}>{t('availability.clickAndCollectOnly')}</li>}
        {data.prescriptionRequired && <li className={styles.note}>{t('availability.prescriptionRequired')}</li>}
      </ul>
    </div>
  );
}
