import { useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useCart } from '../cart';
import { localizedPath } from '../../platform/i18n/locales';
import { initialQuantity, purchaseBounds } from '../cart';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import styles from './CardAddToCart.module.css';

interface CardAddToCartProps {
  productId: string;
  name: string;
  /** the product page, for a product that must be chosen there first (a variant family) */
  url: string;
  minPurchase: number;
  purchaseSteps: number;
  /** a parent with variants cannot be bought itself: the card leads to its page to choose one */
  chooseVariant: boolean;
}

/**
 * A listing card's "add to cart": a real form posting to /checkout/add-to-cart (works before hydration
 * and without JavaScript, server/cartForms.ts), taken over by the cart mutation once hydrated, so the
 * header count changes without a reload. Adds the smallest quantity the product allows (SPEC §9: 1).
 */
export function CardAddToCart({ productId, name, url, minPurchase, purchaseSteps, chooseVariant }: CardAddToCartProps) {
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  if (chooseVariant) {
    return (
      <a className={styles.choose} href={url} aria-label={t('card.chooseVariantNamed', { name })}>
        {t('card.chooseVariant')}
      </a>
    );
  }
  const quantity = initialQuantity(purchaseBounds({ minPurchase, purchaseSteps }));
  return (
    <form
      className={styles.form}
      method="post"
      action={localizedPath('/checkout/add-to-cart', locale)}
      onSubmit={(event) => {
        event.preventDefault();
        if (adding) return;
        setAdding(true);
        void cart.add({ productId, name, quantity }).finally(() => setAdding(false));
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <button type="submit" className={styles.add} aria-label={t('card.addNamed', { name })} aria-busy={adding} data-testid="card-add-to-cart">
        {t('card.add')}
      </button>
    </form>
  );
}
