import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { formatPrice } from '../../platform/i18n/money';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { StickyAddToCart_product$key } from './__generated__/StickyAddToCart_product.graphql';
import styles from './StickyAddToCart.module.css';

const fragment = graphql`
  fragment StickyAddToCart_product on Product {
    name
    available
    price {
      unitPrice
    }
  }
`;

interface StickyAddToCartProps {
  product: StickyAddToCart_product$key;
  /** true once the buy box's own add-to-cart row has scrolled out of view */
  visible: boolean;
  onAdd: () => void;
}

/** A bar at the bottom of the window with the name, price and add to cart, while the buy box is out of sight. */
export function StickyAddToCart({ product, visible, onAdd }: StickyAddToCartProps) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const locale = useShopperLocale();

  return (
    <aside className={styles.sticky} aria-label={t('sticky.label')} hidden={!visible} data-testid="sticky-add-to-cart">
      <div className={styles.inner}>
        <p className={styles.name}>{data.name}</p>
        <p className={styles.price}>{formatPrice(data.price.unitPrice, locale)}</p>
        <button type="button" className={styles.button} disabled={!data.available} onClick={onAdd}>
          {data.available ? t('buyBox.addToCart') : t('buyBox.notAvailable')}
        </button>
      </div>
    </aside>
  );
}
