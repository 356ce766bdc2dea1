import { usePageContext } from 'vike-react/usePageContext';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { CheckoutAlert } from '../../ui/CheckoutField';
import { PRODUCT_ID_FIELD, WISHLIST_FORMS } from './wishlistForms';
import { PostedFormAnswer, PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { ProductCard, type ProductCard_product$key } from '../catalog';
import { useNotifications } from '../../shell/Notifications';
import { useWishlist } from './useWishlist';
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
  const { locale } = usePageContext();
  const { notify } = useNotifications();
  const { active, busy, toggle } = useWishlist(productId);
  const remove = async () => {
    if (busy || !active) return;
    const result = await toggle();
    if (result.error !== undefined) notify({ type: 'danger', message: result.error || t('errors.generic') });
    else notify({ type: 'success', message: t('wishlist.removedShort') });
  };
  // A kit form (ADR 0023): without scripts it posts the product's id and the wishlist page comes back without it.
  return (
    <form
      method="post"
      action={localizedPath('/wishlist', locale)}
      data-form={WISHLIST_FORMS.remove}
      onSubmit={(event) => {
        event.preventDefault();
        void remove();
      }}
    >
      <PostedFormFields form={WISHLIST_FORMS.remove} posted={null} />
      <input type="hidden" name={PRODUCT_ID_FIELD} value={productId} />
      <button type="submit" className={styles.remove} disabled={busy} data-testid="wishlist-remove">
        {t('wishlist.remove')}
      </button>
    </form>
  );
}

/**
 * A heart's or a remove button's post the server refused (the product is gone, the gateway failed): the wishlist page
 * shows why. The answer also travels in the page (PostedFormAnswer) so hydration shows the same.
 */
export function WishlistRefusal() {
  const { t } = useTranslation('customer');
  const added = usePostedForm(WISHLIST_FORMS.add, {});
  const removed = usePostedForm(WISHLIST_FORMS.remove, {});
  const refused = added.posted ? { form: WISHLIST_FORMS.add, posted: added.posted } : removed.posted ? { form: WISHLIST_FORMS.remove, posted: removed.posted } : null;
  if (!refused) return null;
  const { errors } = refused.posted;
  const messages = errors && errors.length > 0 ? [...new Set(errors.map((error) => error.message))] : [t('errors.generic')];
  return (
    <>
      <PostedFormAnswer form={refused.form} posted={refused.posted} />
      <CheckoutAlert messages={messages} />
    </>
  );
}
