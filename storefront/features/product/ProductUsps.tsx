import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { formatPrice } from '../../platform/i18n/money';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { ProductUsps_product$key } from './__generated__/ProductUsps_product.graphql';
import styles from './ProductUsps.module.css';

const fragment = graphql`
  fragment ProductUsps_product on Product {
    promises {
      fulfilment
      leadTime
      returnable
      cancellable
      shipsFree
      freeShippingFrom
    }
  }
`;

/**
 * Why to buy here, only as far as it holds for this product (Product.promises): free shipping from the cart's
 * threshold, same-day dispatch, pickup, download or lead time, and the returns and cancellation rules.
 */
export function ProductUsps({ product }: { product: ProductUsps_product$key }) {
  const { promises } = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const locale = useShopperLocale();
  const lines = [
    promises.shipsFree ? t('usp.freeShippingItem') : null,
    promises.freeShippingFrom != null ? t('usp.freeShipping', { amount: formatPrice(promises.freeShippingFrom, locale) }) : null,
    promises.fulfilment === 'DISPATCH' ? t('usp.nextDay') : null,
    promises.fulfilment === 'PICKUP_IN_PHARMACY' ? t('usp.pickup') : null,
    promises.fulfilment === 'DOWNLOAD' ? t('usp.download') : null,
    promises.fulfilment === 'ON_ORDER' && promises.leadTime ? t('usp.leadTime', { time: promises.leadTime }) : null,
    promises.returnable ? t('usp.returns') : t('usp.noReturns'),
    promises.cancellable ? t('usp.cancellable') : t('usp.notCancellable'),
  ].filter((line): line is string => line !== null);

  return (
    <section className={styles.usps} aria-labelledby="product-usps" data-testid="product-usps">
      <h2 id="product-usps" className="visually-hidden">
        {t('usp.heading')}
      </h2>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
