import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { formatPrice } from '../../platform/i18n/money';
import { activeTierIndex, tierLabel } from '../product/tierPriceLabels';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { ProductPrice_product$key } from './__generated__/ProductPrice_product.graphql';
import { InsurerDiscountNote } from '../insurer';
import styles from './ProductPrice.module.css';

const fragment = graphql`
  fragment ProductPrice_product on Product {
    packing
    price {
      unitPrice
      listPrice {
        price
        percentage
      }
      referencePrice {
        price
        referenceUnit
        unitName
      }
    }
    tierPrices {
      quantity
      labelKind
      unitPrice
    }
    insurerDiscount {
      percentage
    }
  }
`;

interface ProductPriceProps {
  product: ProductPrice_product$key;
  /** the quantity in the buy box: its tier is marked */
  quantity?: number;
}

/** The price of one piece with the previous price and saving, the pack content, the unit price and the tiers. */
export function ProductPrice({ product, quantity = 1 }: ProductPriceProps) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const locale = useShopperLocale();
  const { price } = data;
  const activeTier = activeTierIndex(data.tierPrices, quantity);
  const percent = price.listPrice && price.listPrice.percentage > 0 ? Math.round(price.listPrice.percentage) : null;

  return (
    <div className={styles.price}>
      <p className={styles.current}>
        <span className="visually-hidden">{t('price.label')} </span>
        <strong className={styles.amount} data-testid="product-price">
          {formatPrice(price.unitPrice, locale)}
        </strong>
        {percent != null && (
          <span className={styles.discount} aria-label={t('price.discountLabel', { percent })}>
            {t('price.discount', { percent })}
          </span>
        )}
        {data.insurerDiscount && <InsurerDiscountNote percentage={data.insurerDiscount.percentage} locale={locale} />}
      </p>
      {price.listPrice && price.listPrice.price > price.unitPrice && (
        <p className={styles.previous}>
          <span className="visually-hidden">{t('price.previousLabel')}: </span>
          <del>{t('price.previous', { price: formatPrice(price.listPrice.price, locale) })}</del>
        </p>
      )}
      <p className={styles.details}>
        {t('price.vatIncluded')}
        {data.packing && <> · {t('price.content', { packing: data.packing })}</>}
        {price.referencePrice && price.referencePrice.referenceUnit > 0 && (
          <>
            {' · '}
            <span data-testid="reference-price">
              {t('price.referencePrice', {
                price: formatPrice(price.referencePrice.price, locale),
                amount: price.referencePrice.referenceUnit,
                unit: price.referencePrice.unitName,
              })}
            </span>
          </>
        )}
      </p>
      {data.tierPrices.length > 0 && (
        <table className={styles.tiers} data-testid="tier-prices">
          <caption>{t('price.tiersHeading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('price.tierQuantity')}</th>
              <th scope="col">{t('price.tierUnitPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {data.tierPrices.map((tier, index) => (
              <tr key={`${tier.labelKind}${tier.quantity}`} className={index === activeTier ? styles.activeTier : undefined} aria-current={index === activeTier ? 'true' : undefined}>
                <th scope="row">{tierLabel(t, tier)}</th>
                <td>{formatPrice(tier.unitPrice, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
