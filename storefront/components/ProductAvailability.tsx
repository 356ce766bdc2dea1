import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../i18n/useTranslation';
import type { ProductAvailability_product$key } from './__generated__/ProductAvailability_product.graphql';
import styles from './ProductAvailability.module.css';

const fragment = graphql`
  fragment ProductAvailability_product on Product {
    clickAndCollectOnly
    prescriptionRequired
    availability {
      status
      piecesInStock
      dispatchDay
      deliveryTime {
        name
      }
    }
  }
`;

/**
 * The availability wording of SPEC §3, from the graph's structured availability: in stock with the
 * dispatch day and the pieces in Swiss stock, on customer order with its delivery time, or not
 * available; plus the Click & Collect only and prescription notes.
 */
export function ProductAvailability({ product }: { product: ProductAvailability_product$key }) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const { status, piecesInStock, dispatchDay, deliveryTime } = data.availability;

  return (
    <div className={styles.availability} data-testid="product-availability">
      <h2 className="visually-hidden">{t('availability.label')}</h2>
      <ul className={styles.lines}>
        {status === 'IN_STOCK' && (
          <li className={styles.inStock}>
            <span className={styles.dot} aria-hidden="true" />
            {t('availability.inStock')}
            {dispatchDay && dispatchDay !== '%future added value' && <> · {t(`availability.dispatch.${dispatchDay}`)}</>}
          </li>
        )}
        {status === 'IN_STOCK' && piecesInStock > 0 && <li>{t('availability.pieces', { count: piecesInStock })}</li>}
        {status === 'ON_CUSTOMER_ORDER' && (
          <li className={styles.onOrder}>
            <span className={styles.dot} aria-hidden="true" />
            {t('availability.onCustomerOrder')}
            {deliveryTime && <> · {t('availability.deliveryTime', { time: deliveryTime.name })}</>}
          </li>
        )}
        {status === 'NOT_AVAILABLE' && (
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
