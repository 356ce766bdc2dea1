import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import type { MutationParameters } from 'relay-runtime';
import { rememberCartCount } from '../cart/cartHint';
import { blocksCheckout, cartChangeOutcome, notificationTypeOf, RESOLVED_AT_CHECKOUT, type CartPayloadErrors } from '../cart/cartRules';
import { commitCartMutation } from '../cart/commitCartMutation';
import { useCart } from '../cart/useCart';
import { PHARMACY_SEARCH_PARAMETER } from '../checkout';
import { localizedPath } from '../../platform/i18n/locales';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { CartPageView_cart$key } from './__generated__/CartPageView_cart.graphql';
import type { CartPageViewApplyPromotionMutation } from './__generated__/CartPageViewApplyPromotionMutation.graphql';
import type { CartPageViewRemoveItemMutation } from './__generated__/CartPageViewRemoveItemMutation.graphql';
import type { CartPageViewSelectPharmacyMutation } from './__generated__/CartPageViewSelectPharmacyMutation.graphql';
import type { CartPageViewUpdateItemMutation } from './__generated__/CartPageViewUpdateItemMutation.graphql';
import type { CartRecommendations_query$key } from './__generated__/CartRecommendations_query.graphql';
import { CartLineItem, type CartLineActions } from './CartLineItem';
import { CartRecommendations } from './CartRecommendations';
import { CartTotals } from './CartTotals';
import { ExpectedDeliveryNote } from './ExpectedDeliveryNote';
import { FreeShippingHint } from './FreeShippingHint';
import { useNotifications } from '../../shell/Notifications';
import { PharmacyDialog, SelectedPharmacyBox } from '../pharmacies';
import { PromotionCodeForm } from './PromotionCodeForm';
import styles from './CartPageView.module.css';

const fragment = graphql`
  fragment CartPageView_cart on Cart {
    id
    productCount
    isEmpty
    fulfilment
    selectedPharmacy {
      pharmacyId
    }
    lineItems {
      id
      type
      product {
        productId
      }
      ...CartLineItem_line
    }
    errors {
      key
      messageKey
      level
      message
    }
    ...CartTotals_cart
    ...PromotionCodeForm_cart
    ...FreeShippingHint_cart
    ...ExpectedDeliveryNote_cart
    ...PharmacyPicker_cart
  }
`;

// Each change answers the whole cart as the page shows it: lines, totals, hints and the errors of this change.
const updateItemMutation = graphql`
  mutation CartPageViewUpdateItemMutation($input: UpdateCartItemInput!) {
    updateCartItem(input: $input) {
      cart {
        ...CartPageView_cart
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

const removeItemMutation = graphql`
  mutation CartPageViewRemoveItemMutation($input: RemoveCartItemInput!) {
    removeCartItem(input: $input) {
      cart {
        ...CartPageView_cart
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

const applyPromotionMutation = graphql`
  mutation CartPageViewApplyPromotionMutation($input: ApplyPromotionCodeInput!) {
    applyPromotionCode(input: $input) {
      cart {
        ...CartPageView_cart
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

// The Click & Collect pharmacy, chosen here as in the checkout (the same dialog); answers the whole cart.
const selectPharmacyMutation = graphql`
  mutation CartPageViewSelectPharmacyMutation($input: SelectPharmacyInput!) {
    selectPharmacy(input: $input) {
      cart {
        ...CartPageView_cart
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

/** What the no-JavaScript forms left in the URL after their redirect (server/cartForms.ts). */
export interface CartPageNotice {
  /** a ShopErrorCode the form's mutation answered with */
  error: string | null;
  /** the product of a refused add (Click & Collect vs delivery), for the replace-or-cancel prompt */
  conflict: { productId: string; quantity: number } | null;
}

interface CartPageViewProps {
  cart: CartPageView_cart$key;
  query: CartRecommendations_query$key;
  notice: CartPageNotice;
  /** a customer is logged in (else the cart says how to order: log in or as a guest, SPEC §6) */
  loggedIn: boolean;
}

/**
 * /checkout/cart (SPEC §2): the lines, the promotion code, the sums, the free-shipping hint, the expected
 * delivery, the way on to the checkout, and products to add. Every control is a form that also works
 * without JavaScript; hydrated, each runs its mutation and the answer redraws the page from Relay's store.
 */
export function CartPageView({ cart, query, notice, loggedIn }: CartPageViewProps) {
  const data = useFragment(fragment, cart);
  const environment = useRelayEnvironment();
  const { notify } = useNotifications();
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  // The code field's message: from this change, or from the no-JS form's redirect.
  const [promotionError, setPromotionError] = useState<string | null>(notice.error && PROMOTION_REFUSALS.has(notice.error) ? t(`errors.${notice.error}`) : null);
  const action = localizedPath('/checkout/cart', locale);

  useEffect(() => rememberCartCount(data.productCount), [data.productCount]);
  // Adding a recommended product from here answers the whole cart, so the lines and sums follow.
  const { showingCartPage } = useCart();
  useEffect(() => showingCartPage(), [showingCartPage]);

  const change = useCallback(
    async <T extends MutationParameters>(mutation: Parameters<typeof commitCartMutation>[1], variables: T['variables'], rootField: string): Promise<CartPayloadErrors | null> => {
      setBusy(true);
      try {
        const answer = (await commitCartMutation<T>(environment, mutation, variables, rootField)) as Record<string, CartPayloadErrors>;
        return answer[rootField] ?? null;
      } catch {
        notify({ type: 'danger', message: t('errors.generic') });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [environment, notify, t],
  );

  // A refused change (e.g. the product is no longer available) is told; the cart shows what it holds now.
  const refusalShown = useCallback(
    (payload: CartPayloadErrors | null): void => {
      const outcome = cartChangeOutcome(payload);
      if (outcome.kind !== 'changed') notify({ type: 'danger', message: outcome.message });
    },
    [notify],
  );

  const lineActions = useMemo<CartLineActions>(
    () => ({
      action,
      busy,
      setQuantity(lineItemId, quantity) {
        void change<CartPageViewUpdateItemMutation>(updateItemMutation, { input: { lineItemId, quantity } }, 'updateCartItem').then(refusalShown);
      },
      remove(lineItemId) {
        void change<CartPageViewRemoveItemMutation>(removeItemMutation, { input: { lineItemId } }, 'removeCartItem').then(refusalShown);
      },
    }),
    [action, busy, change, refusalShown],
  );

  const applyCode = async (code: string): Promise<boolean> => {
    const payload = await change<CartPageViewApplyPromotionMutation>(applyPromotionMutation, { input: { code } }, 'applyPromotionCode');
    if (!payload) return false;
    const outcome = cartChangeOutcome(payload);
    // Accepted: the cart's own notice says "eingelöst", or that the code waits for its minimum (never both).
    if (outcome.kind === 'changed') {
      setPromotionError(null);
      return true;
    }
    setPromotionError(outcome.message);
    return false;
  };

  const [pharmacyDialogOpen, setPharmacyDialogOpen] = useState(false);
  const choosePharmacy = async (pharmacyId: string): Promise<boolean> => {
    const payload = await change<CartPageViewSelectPharmacyMutation>(selectPharmacyMutation, { input: { pharmacyId } }, 'selectPharmacy');
    refusalShown(payload);
    return payload !== null && payload.errors.length === 0;
  };
  const pickup = data.fulfilment === 'CLICK_AND_COLLECT';

  const removeCode = (lineItemId: string) => {
    setPromotionError(null);
    lineActions.remove(lineItemId);
  };

  // The cart's errors of the last change, each once; a refused code is already shown beside its field, and a missing
  // pickup pharmacy by the pharmacy box (chosen here or in the checkout: it never closes the way on).
  const cartErrors = data.errors.filter(
    (error) => !RESOLVED_AT_CHECKOUT.has(error.messageKey) && !(promotionError && PROMOTION_REFUSAL_KEYS.some((key) => error.messageKey.startsWith(key))),
  );
  const products = data.lineItems.filter((line) => line.type === 'PRODUCT');
  const inCart = useMemo(() => new Set(data.lineItems.flatMap((line) => (line.product ? [line.product.productId] : []))), [data.lineItems]);
  const formError = notice.error && !PROMOTION_REFUSALS.has(notice.error) && notice.error !== 'FULFILMENT_CONFLICT' ? t(`errors.${knownError(notice.error)}`) : null;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('page.title')}</h1>
      {notice.conflict && <NoScriptConflict conflict={notice.conflict} action={action} />}
      {(cartErrors.length > 0 || formError) && (
        <ul className={styles.errors} role="alert" data-testid="cart-errors">
          {formError && <li className={styles.danger}>{formError}</li>}
          {cartErrors.map((error) => (
            <li key={error.key} className={styles[notificationTypeOf(error.level)]}>
              {error.message}
            </li>
          ))}
        </ul>
      )}
      {data.isEmpty || products.length === 0 ? (
        <div className={styles.empty} data-testid="cart-empty">
          <p>{t('page.empty')}</p>
          <a className={styles.continue} href={localizedPath('/', locale)}>
            {t('page.continueShopping')}
          </a>
        </div>
      ) : (
        <div className={styles.columns}>
          <section className={styles.items} aria-labelledby={`${reasonId}-items`}>
            <h2 id={`${reasonId}-items`} className="visually-hidden">
              {t('page.items', { count: data.productCount })}
            </h2>
            <ul className={styles.lines}>
              {products.map((line) => (
                <CartLineItem key={line.id} line={line} actions={lineActions} />
              ))}
            </ul>
            <FreeShippingHint cart={data} />
          </section>
          <aside className={styles.summary} aria-label={t('page.summary')}>
            <PromotionCodeForm cart={data} action={action} busy={busy} error={promotionError} apply={applyCode} remove={removeCode} />
            <CartTotals cart={data} />
            <ExpectedDeliveryNote cart={data} />
            {pickup ? (
              <SelectedPharmacyBox
                cart={data}
                required={false}
                changeHref={`${localizedPath('/checkout', locale)}?${PHARMACY_SEARCH_PARAMETER}=`}
                onChange={() => setPharmacyDialogOpen(true)}
                message={data.selectedPharmacy ? undefined : t('delivery.pharmacyHereOrAtCheckout')}
              />
            ) : null}
            {blocksCheckout(data.errors) ? (
              <>
                <button type="button" className={styles.checkout} disabled aria-describedby={reasonId}>
                  {t('page.toCheckout')}
                </button>
                <p id={reasonId} className={styles.reason}>
                  {t('page.blocked')}
                </p>
              </>
            ) : (
              <a className={styles.checkout} href={localizedPath('/checkout', locale)} data-testid="to-checkout">
                {t('page.toCheckout')}
              </a>
            )}
            {loggedIn ? null : (
              <p className={styles.reason} data-testid="login-or-guest">
                {t('page.loginOrGuest')}
              </p>
            )}
            <a className={styles.continueLink} href={localizedPath('/', locale)}>
              {t('page.continueShopping')}
            </a>
          </aside>
        </div>
      )}
      <CartRecommendations query={query} inCart={inCart} />
      {pickup ? (
        <PharmacyDialog open={pharmacyDialogOpen} onClose={() => setPharmacyDialogOpen(false)} onChoose={choosePharmacy} selectedId={data.selectedPharmacy?.pharmacyId ?? null} />
      ) : null}
    </div>
  );
}

/** The form errors the page has its own words for (a code in the URL is never shown as it is). */
const KNOWN_ERRORS = new Set(['PRODUCT_NOT_AVAILABLE', 'CART_BLOCKED', 'INVALID_INPUT', 'UNAVAILABLE', 'CSRF']);

/** A refused code's message stands beside the code field (a loyalty voucher says why it is refused). */
const PROMOTION_REFUSALS = new Set(['PROMOTION_NOT_FOUND', 'VOUCHER_NOT_OWN', 'VOUCHER_LOGIN_REQUIRED', 'VOUCHER_REDEEMED']);
/** …so the cart's own error for that code is not told twice. */
const PROMOTION_REFUSAL_KEYS = ['promotion-not-found', 'promotion-not-own', 'promotion-login-required', 'promotion-redeemed'];

function knownError(code: string): string {
  return KNOWN_ERRORS.has(code) ? code : 'UNAVAILABLE';
}

/**
 * The replace-or-cancel prompt of a no-JavaScript add (SPEC §4): the add form's redirect names the
 * product; "replace" posts replaceCart, "cancel" keeps the cart. Hydrated pages use the dialog instead,
 * but a page that arrives here after a form post shows this too.
 */
function NoScriptConflict({ conflict, action }: { conflict: { productId: string; quantity: number }; action: string }) {
  const { t } = useTranslation('cart');
  const titleId = useId();
  return (
    <section className={styles.conflict} role="alertdialog" aria-labelledby={titleId} data-testid="cart-conflict">
      <h2 id={titleId}>{t('conflict.title')}</h2>
      <p>{t('errors.FULFILMENT_CONFLICT')}</p>
      <div className={styles.conflictActions}>
        <form method="post" action={action}>
          <input type="hidden" name="action" value="replace" />
          <input type="hidden" name="productId" value={conflict.productId} />
          <input type="hidden" name="quantity" value={conflict.quantity} />
          <button type="submit" className={styles.checkout}>
            {t('conflict.replace')}
          </button>
        </form>
        <a href={action} className={styles.continueLink}>
          {t('conflict.cancel')}
        </a>
      </div>
    </section>
  );
}
