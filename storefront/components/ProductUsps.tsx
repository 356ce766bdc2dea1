import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../i18n/useTranslation';
import { formatPrice } from '../i18n/money';
import { useShopperLocale } from '../product/useShopperLocale';
import type { ProductUsps_product$key } from './__generated__/ProductUsps_product.graphql';
import styles from './ProductUsps.module.css';

const fragment = graphql`
  fragment ProductUsps_product on Product {
    shippingFree
  }
`;

interface ProductUspsProps {
  product: ProductUsps_product$key;
  /**
   * The order value from which shipping is free, in CHF. The graph does not give it yet (SPEC §9: "amount
   * not shown"); without it the line is only shown for products that ship free anyway.
   */
  freeShippingFrom?: number | null;
}

/** Why to buy here: free shipping, same-day dispatch with next-day delivery, 14-day returns (SPEC §9). */
export function ProductUsps({ product, freeShippingFrom = null }: ProductUspsProps) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const locale = useShopperLocale();
  const freeShipping = data.shippingFree
    ? t('usp.freeShippingItem')
    : freeShippingFrom != null
      ? t('usp.freeShipping', { amount: formatPrice(freeShippingFrom, locale) })
      : null;

  return (
    <section className={styles.usps} aria-labelledby="product-usps">
      <h2 id="product-usps" className="visually-hidden">
        {t('usp.heading')}
      </h2>
      <ul>
        {freeShipping && <li>{freeShipping}</li>}
        <li>{t('usp.nextDay')}</li>
        <li>{t('usp.returns')}</li>
      </ul>
    </section>
  );
}
