import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { formatPrice } from '../../platform/i18n/money';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { FreeShippingHint_cart$key } from './__generated__/FreeShippingHint_cart.graphql';
import styles from './FreeShippingHint.module.css';

/**
 * SPEC §4: while an amount is still missing for free shipping, the cart says how much ("CHF x fehlen für
 * kostenlosen Versand"), with a bar of the way there. The amounts are the Store API's (its configured
 * threshold); nothing for Click & Collect or download-only carts, which ship nothing.
 */
export function FreeShippingHint({ cart }: { cart: FreeShippingHint_cart$key }) {
  const data = useFragment(
    graphql`
      fragment FreeShippingHint_cart on Cart {
        isVirtual
        fulfilment
        freeShipping {
          threshold
          missingAmount
          reached
        }
      }
    `,
    cart,
  );
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  if (data.isVirtual || data.fulfilment !== 'DELIVERY') return null;
  const { threshold, missingAmount, reached } = data.freeShipping;
  if (reached) {
    return (
      <p className={`${styles.hint} ${styles.reached}`} data-testid="free-shipping-hint">
        {t('freeShipping.reached')}
      </p>
    );
  }
  if (missingAmount <= 0 || threshold <= 0) return null;
  const done = Math.min(threshold, Math.max(0, threshold - missingAmount));
  return (
    <div className={styles.hint} data-testid="free-shipping-hint">
      <p className={styles.text}>{t('freeShipping.missing', { amount: formatPrice(missingAmount, locale) })}</p>
      <progress className={styles.bar} max={threshold} value={done} aria-label={t('freeShipping.progress', { threshold: formatPrice(threshold, locale) })} />
    </div>
  );
}
