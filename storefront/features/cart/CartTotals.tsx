import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { formatTaxRate } from '../cart/cartTexts';
import { formatPrice } from '../../platform/i18n/money';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { CartTotals_cart$key } from './__generated__/CartTotals_cart.graphql';
import styles from './CartTotals.module.css';

/**
 * The cart's sums as the Store API computed them (never added up in the browser beyond splitting products
 * from discounts): products, discounts, shipping, the total incl. VAT and the VAT per Swiss rate.
 */
export function CartTotals({ cart }: { cart: CartTotals_cart$key }) {
  const data = useFragment(
    graphql`
      fragment CartTotals_cart on Cart {
        positionPrice
        shippingCosts
        totalPrice
        isVirtual
        fulfilment
        lineItems {
          type
          totalPrice
        }
        taxes {
          taxRate
          tax
        }
        shippingMethod {
          name
        }
      }
    `,
    cart,
  );
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const discount = data.lineItems.filter((line) => line.type === 'PROMOTION').reduce((sum, line) => sum + line.totalPrice, 0);
  // The products' sum is the positions' sum without the discounts (both from the Store API).
  const products = Math.round((data.positionPrice - discount) * 100) / 100;
  const shippingLabel = data.fulfilment === 'CLICK_AND_COLLECT' ? t('totals.collect') : t('totals.shipping');

  return (
    <dl className={styles.totals} data-testid="cart-totals">
      <div className={styles.row}>
        <dt>{t('totals.products')}</dt>
        <dd data-testid="cart-products-total">{formatPrice(products, locale)}</dd>
      </div>
      {discount !== 0 && (
        <div className={`${styles.row} ${styles.discount}`}>
          <dt>{t('totals.discount')}</dt>
          <dd data-testid="cart-discount">{formatPrice(discount, locale)}</dd>
        </div>
      )}
      {!data.isVirtual && (
        <div className={styles.row}>
          <dt>
            {shippingLabel}
            {data.shippingMethod && <span className={styles.method}> ({data.shippingMethod.name})</span>}
          </dt>
          <dd data-testid="cart-shipping">{data.shippingCosts === 0 ? t('totals.free') : formatPrice(data.shippingCosts, locale)}</dd>
        </div>
      )}
      <div className={`${styles.row} ${styles.total}`}>
        <dt>{t('totals.total')}</dt>
        <dd data-testid="cart-total">{formatPrice(data.totalPrice, locale)}</dd>
      </div>
      {data.taxes.map((tax) => (
        <div key={tax.taxRate} className={`${styles.row} ${styles.tax}`}>
          <dt>{t('totals.vat', { rate: formatTaxRate(tax.taxRate, locale) })}</dt>
          <dd>{formatPrice(tax.tax, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}
