import { useId } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { PRODUCT_ID_FIELD, WISHLIST_FORMS } from '../wishlist/wishlistForms';
import { PostedFormFields } from '../forms/postedForm';
import { localizedPath } from '../i18n/locales';
import { useTranslation } from '../i18n/useTranslation';
import { useWishlist } from '../wishlist/useWishlist';
import { useNotifications } from './Notifications';
import styles from './WishlistHeart.module.css';

interface WishlistHeartProps {
  /** the Store API product id */
  productId: string;
  /** the product's name, for the button's accessible name */
  name: string;
  /** 'card' sits in a product card's picture corner; 'page' beside the product page's buy button */
  variant?: 'card' | 'page';
  /** the id of its form (WishlistHeartForm) when the heart sits inside another form (the buy box), which renders it outside */
  formId?: string;
}

const HEART = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';

/**
 * The wishlist heart (SPEC §4): filled when the product is on the shopper's wishlist — the server's list
 * when logged in, the browser's local list otherwise — and a toggle button (aria-pressed). The header
 * count follows at once. Rendered empty on the server; the real state shows after hydration.
 */
export function WishlistHeart({ productId, name, variant = 'card', formId }: WishlistHeartProps) {
  const { t } = useTranslation('shell');
  const ownFormId = useId();
  const { notify } = useNotifications();
  const { active, busy, toggle } = useWishlist(productId);
  const onClick = async () => {
    if (busy) return;
    const result = await toggle();
    if (result.error !== undefined) {
      notify({ type: 'danger', message: result.error || t('wishlistHeart.failed') });
      return;
    }
    notify({ type: 'success', message: t(result.active ? 'wishlistHeart.added' : 'wishlistHeart.removed', { name }) });
  };
  // Without scripts the button posts its form (a guest is sent to the login and back); with them it toggles in place.
  return (
    <>
      <button
        type="submit"
        form={formId ?? ownFormId}
        className={`${styles.heart} ${variant === 'page' ? styles.page : styles.card}`}
        aria-pressed={active}
        aria-label={t(active ? 'wishlistHeart.removeNamed' : 'wishlistHeart.addNamed', { name })}
        title={t(active ? 'wishlistHeart.remove' : 'wishlistHeart.add')}
        aria-busy={busy || undefined}
        data-testid="wishlist-heart"
        data-product-id={productId}
        onClick={(event) => {
          event.preventDefault();
          void onClick();
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d={HEART} fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        {variant === 'page' ? <span className={styles.text}>{t(active ? 'wishlistHeart.remove' : 'wishlistHeart.add')}</span> : null}
      </button>
      {formId ? null : <WishlistHeartForm id={ownFormId} productId={productId} />}
    </>
  );
}

/**
 * The heart's kit form (ADR 0023): the product's id, posted to the wishlist, which sends the shopper back. The server
 * renders every heart empty (product pages are shared), so without scripts the heart adds.
 */
export function WishlistHeartForm({ id, productId }: { id: string; productId: string }) {
  const { locale } = usePageContext();
  return (
    <form id={id} method="post" action={localizedPath('/wishlist', locale)} data-form={WISHLIST_FORMS.add} hidden>
      <PostedFormFields form={WISHLIST_FORMS.add} posted={null} />
      <input type="hidden" name={PRODUCT_ID_FIELD} value={productId} />
    </form>
  );
}
