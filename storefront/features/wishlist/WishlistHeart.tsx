import { useId } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { HEART_ADD_ATTRIBUTE, HEART_REMOVE_ATTRIBUTE, PRODUCT_ID_FIELD, WISHLIST_FORMS } from '../wishlist/wishlistForms';
import { PostedFormFields } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useWishlist } from '../wishlist/useWishlist';
import { useNotifications } from '../../shell/Notifications';
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
 * count follows at once. Rendered empty on the server; the real state shows after hydration. Without scripts the
 * hearts in its <noscript> are shown instead, in the state of a logged-in customer's wishlist.
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
  // With scripts it toggles in place; before them it posts its form (a guest is sent to the login and back).
  return (
    <>
      <button
        type="submit"
        form={formId ?? ownFormId}
        className={`${styles.heart} ${styles.scripted} ${variant === 'page' ? styles.page : styles.card}`}
        {...heartState(t, active, name)}
        aria-busy={busy || undefined}
        data-testid="wishlist-heart"
        data-product-id={productId}
        onClick={(event) => {
          event.preventDefault();
          void onClick();
        }}
      >
        <HeartContent active={active} variant={variant} />
      </button>
      {/* Rendered on the server only: React leaves a noscript's content to the browser, which ignores it with scripts. */}
      <noscript>{import.meta.env.SSR ? <HeartsWithoutScripts productId={productId} name={name} variant={variant} formId={formId ?? ownFormId} /> : null}</noscript>
      {formId ? null : <WishlistHeartForm id={ownFormId} productId={productId} />}
    </>
  );
}

/** A heart's state as the browser tells it: pressed, its name for screen readers and its tooltip. */
function heartState(t: ReturnType<typeof useTranslation>['t'], active: boolean, name: string) {
  return {
    'aria-pressed': active,
    'aria-label': t(active ? 'wishlistHeart.removeNamed' : 'wishlistHeart.addNamed', { name }),
    title: t(active ? 'wishlistHeart.remove' : 'wishlistHeart.add'),
  };
}

function HeartContent({ active, variant }: { active: boolean; variant: 'card' | 'page' }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d={HEART} fill={active ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      {variant === 'page' ? <span className={styles.text}>{t(active ? 'wishlistHeart.remove' : 'wishlistHeart.add')}</span> : null}
    </>
  );
}

/** The remove form of a heart whose add form is `id` (WishlistHeartForm). */
const removeFormId = (id: string) => `${id}-remove`;

/**
 * Without scripts (server only): the heart in both states, each posting its own form. Product pages are shared
 * (the page cache), so both are in the HTML and the "remove" one is hidden; for a logged-in customer the server
 * adds a style that shows it for the products on their wishlist instead (server/wishlistHearts.ts).
 */
function HeartsWithoutScripts({ productId, name, variant, formId }: { productId: string; name: string; variant: 'card' | 'page'; formId: string }) {
  const { t } = useTranslation('shell');
  const heart = (active: boolean) => (
    <button
      type="submit"
      form={active ? removeFormId(formId) : formId}
      className={`${styles.heart} ${variant === 'page' ? styles.page : styles.card}`}
      {...heartState(t, active, name)}
      data-testid="wishlist-heart"
      {...{ [active ? HEART_REMOVE_ATTRIBUTE : HEART_ADD_ATTRIBUTE]: productId }}
      hidden={active || undefined}
    >
      <HeartContent active={active} variant={variant} />
    </button>
  );
  return (
    <>
      {heart(false)}
      {heart(true)}
    </>
  );
}

/**
 * The heart's kit forms (ADR 0023): the product's id, posted to the wishlist, which sends the shopper back. The add
 * form serves the heart before the page's scripts run; the remove form only the heart without scripts (server only).
 */
export function WishlistHeartForm({ id, productId }: { id: string; productId: string }) {
  return (
    <>
      <HeartForm id={id} productId={productId} form={WISHLIST_FORMS.add} />
      <noscript>{import.meta.env.SSR ? <HeartForm id={removeFormId(id)} productId={productId} form={WISHLIST_FORMS.remove} /> : null}</noscript>
    </>
  );
}

function HeartForm({ id, productId, form }: { id: string; productId: string; form: string }) {
  const { locale } = usePageContext();
  return (
    <form id={id} method="post" action={localizedPath('/wishlist', locale)} data-form={form} hidden>
      <PostedFormFields form={form} posted={null} />
      <input type="hidden" name={PRODUCT_ID_FIELD} value={productId} />
    </form>
  );
}
