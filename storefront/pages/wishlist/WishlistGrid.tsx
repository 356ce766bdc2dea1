import { useTranslation } from '../../i18n/useTranslation';
import type { ProductCard_product$key } from '../../components/__generated__/ProductCard_product.graphql';
import { useNotifications } from '../../components/Notifications';
import { ProductCard } from '../../components/ProductCard';
import { useWishlist } from '../../wishlist/useWishlist';
import styles from './WishlistPage.module.css';

interface WishlistProduct {
  readonly productId: string;
  readonly card: ProductCard_product$key;
}

/** The wishlist's products as cards (heart, add to cart) with a remove button each. */
export function WishlistGrid({ products }: { products: readonly WishlistProduct[] }) {
  const { t } = useTranslation('customer');
  if (products.length === 0) return <p data-testid="wishlist-empty">{t('wishlist.empty')}</p>;
  return (
    <ul className={styles.grid} data-testid="wishlist-items">
      {products.map((product) => (
        <li key={product.productId} className={styles.item} data-testid="wishlist-item" data-product-id={product.productId}>
          <ProductCard product={product.card} />
          <RemoveButton productId={product.productId} />
        </li>
      ))}
    </ul>
  );
}

function RemoveButton({ productId }: { productId: string }) {
  const { t } = useTranslation('customer');
  const { notify } = useNotifications();
  const { active, busy, toggle } = useWishlist(productId);
  const remove = async () => {
    if (busy || !active) return;
    const result = await toggle();
    if (result.error !== undefined) notify({ type: 'danger', message: result.error || t('errors.generic') });
    else notify({ type: 'success', message: t('wishlist.removedShort') });
  };
  return (
    <button type="button" className={styles.remove} disabled={busy} onClick={() => void remove()} data-testid="wishlist-remove">
      {t('wishlist.remove')}
    </button>
  );
}
