import { useEffect, useId, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useCart } from '../cart';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { allowedQuantity, initialQuantity, purchaseBounds, steppedQuantity } from '../cart';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { ProductBuyBox_product$key } from './__generated__/ProductBuyBox_product.graphql';
import { ProductPrice } from './ProductPrice';
import { ServerIsland } from '../../platform/ServerIsland';
import { StickyAddToCart } from './StickyAddToCart';
import { WishlistHeart, WishlistHeartForm } from '../wishlist';
import styles from './ProductBuyBox.module.css';
// The islands' styles stay in the page's CSS: their HTML comes from the server without their chunks.
import './ProductAvailability.module.css';
import './ProductUsps.module.css';
import './VariantConfigurator.module.css';

// The variant choice (plain links) and what the product page says of availability and promises are server HTML (ServerIsland); their own chunks serve a
// product page reached by a client navigation.
const loadVariants = () => import('./VariantConfigurator').then((module) => module.VariantConfigurator);
const loadAvailability = () => import('./ProductAvailability').then((module) => module.ProductAvailability);
const loadUsps = () => import('./ProductUsps').then((module) => module.ProductUsps);

/** The buy box's form: posted to /checkout/add-to-cart (server/cartForms.ts) when the page has not hydrated. */
const ADD_TO_CART_FORM = 'add-to-cart';

const fragment = graphql`
  fragment ProductBuyBox_product on Product {
    productId
    name
    productNumber
    available
    minPurchase
    maxPurchase
    purchaseSteps
    brand {
      name
    }
    ...ProductPrice_product
    ...ProductAvailability_product
    ...VariantConfigurator_product
    ...ProductUsps_product
    ...StickyAddToCart_product
  }
`;

/**
 * The product's name, brand, price, variants, availability, quantity and add to cart. When its add-to-cart
 * row scrolls out of view, the sticky bar takes over with the same quantity.
 */
export function ProductBuyBox({ product }: { product: ProductBuyBox_product$key }) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const cart = useCart();
  const bounds = purchaseBounds(data);
  // A real form (server/cartForms.ts) until the page hydrates; a quantity typed before that is kept (ADR 0023).
  const posted = usePostedForm(ADD_TO_CART_FORM, { quantity: String(initialQuantity(bounds)) });
  const [quantity, setQuantity] = useState(() => allowedQuantity(Number(posted.values.quantity), bounds));
  // what the shopper is typing; made an allowed quantity when the field is left
  const [typed, setTyped] = useState<string | null>(null);
  const quantityId = useId();
  const rulesId = useId();
  const heartFormId = useId();
  const actions = useRef<HTMLFormElement>(null);
  const locale = useShopperLocale();
  const [actionsOutOfView, setActionsOutOfView] = useState(false);

  useEffect(() => {
    const element = actions.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // Only once the row has been scrolled past (above the viewport), not while it is still below it. The root
    // reaches far below the screen, so "below" counts as in view and a jump from below to above (the End key, an
    // anchor, a row first pushed below the screen by the consent banner) still crosses the edge and is reported.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setActionsOutOfView(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      { rootMargin: '0px 0px 100000px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const commitTyped = () => {
    if (typed === null) return;
    setQuantity(allowedQuantity(Number(typed), bounds));
    setTyped(null);
  };
  const addToCart = () => {
    const amount = typed === null ? quantity : allowedQuantity(Number(typed), bounds);
    commitTyped();
    cart.add({ productId: data.productId, name: data.name, quantity: amount });
  };
  const showRules = bounds.min > 1 || bounds.step > 1;

  return (
    <div className={styles.buyBox}>
      {data.brand && <p className={styles.brand}>{t('brand', { brand: data.brand.name })}</p>}
      <h1 className={styles.name} data-testid="product-name">
        {data.name}
      </h1>
      <p className={styles.number}>{t('articleNumber', { number: data.productNumber })}</p>
      <ProductPrice product={data} quantity={quantity} />
      <ServerIsland name="variantConfigurator" of={data.productId} props={{ product: data }} load={loadVariants} />
      <ServerIsland name="productAvailability" of={data.productId} props={{ product: data }} load={loadAvailability} />
      <form
        className={styles.actions}
        ref={actions}
        method="post"
        action={localizedPath('/checkout/add-to-cart', locale)}
        data-form={ADD_TO_CART_FORM}
        onSubmit={(event) => {
          event.preventDefault();
          addToCart();
        }}
      >
        <PostedFormFields form={ADD_TO_CART_FORM} posted={null} />
        <input type="hidden" name="productId" value={data.productId} />
        <div className={styles.quantity}>
          <label htmlFor={quantityId}>{t('buyBox.quantity')}</label>
          <div className={styles.stepper}>
            <button
              type="button"
              aria-label={t('buyBox.decrease')}
              aria-controls={quantityId}
              disabled={!data.available || quantity <= bounds.min}
              onClick={() => setQuantity(steppedQuantity(quantity, -1, bounds))}
            >
              −
            </button>
            <input
              id={quantityId}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={bounds.min}
              max={bounds.max ?? undefined}
              step={bounds.step}
              value={typed ?? String(quantity)}
              disabled={!data.available}
              aria-describedby={showRules || bounds.max != null ? rulesId : undefined}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={commitTyped}
              onKeyDown={(event) => {
                // Enter takes the typed quantity; adding stays the button's (no implicit form submit).
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commitTyped();
                }
              }}
              data-testid="quantity-input"
            />
            <button
              type="button"
              aria-label={t('buyBox.increase')}
              aria-controls={quantityId}
              disabled={!data.available || (bounds.max != null && quantity >= bounds.max)}
              onClick={() => setQuantity(steppedQuantity(quantity, 1, bounds))}
            >
              +
            </button>
          </div>
          {(showRules || bounds.max != null) && (
            <p id={rulesId} className={styles.rules}>
              {showRules && t('buyBox.quantityRules', { step: bounds.step, min: bounds.min })}
              {showRules && bounds.max != null && ' · '}
              {bounds.max != null && t('buyBox.quantityMax', { max: bounds.max })}
            </p>
          )}
        </div>
        <button type="submit" className={styles.addToCart} disabled={!data.available} data-testid="add-to-cart">
          {data.available ? t('buyBox.addToCart') : t('buyBox.notAvailable')}
        </button>
        <WishlistHeart productId={data.productId} name={data.name} variant="page" formId={heartFormId} />
      </form>
      {/* the heart's own form, outside the add-to-cart form (forms do not nest) */}
      <WishlistHeartForm id={heartFormId} productId={data.productId} />
      <ServerIsland name="productUsps" of={data.productId} props={{ product: data }} load={loadUsps} />
      <StickyAddToCart product={data} visible={actionsOutOfView} onAdd={addToCart} />
    </div>
  );
}
