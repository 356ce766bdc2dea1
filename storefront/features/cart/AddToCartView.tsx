import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { navigate } from 'vike/client/router';
import type { AddToCartRequest } from '../cart/cartRules';
import { useCart } from '../cart/useCart';
import { localizedPath } from '../../platform/i18n/locales';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { AddToCartView_product$key } from './__generated__/AddToCartView_product.graphql';
import styles from './AddToCartView.module.css';

type Step = { kind: 'waiting' } | { kind: 'adding' } | { kind: 'failed'; message: string };

interface AddToCartViewProps {
  request: AddToCartRequest;
  product: AddToCartView_product$key | null;
}

/**
 * /checkout/add-to-cart?productId=…&quantity=… (SPEC §2): adds the product once hydrated, then replaces
 * itself in the history by the cart (so "back" does not add again). A Click & Collect / delivery conflict
 * asks first (CartProvider's dialog). A link to nothing says so, with a way to the shop. Without JavaScript
 * a form posts the same add (server/cartForms.ts).
 */
export function AddToCartView({ request, product }: AddToCartViewProps) {
  const data = useFragment(
    graphql`
      fragment AddToCartView_product on Product {
        productId
        name
        url
        available
      }
    `,
    product,
  );
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const cart = useCart();
  const [step, setStep] = useState<Step>({ kind: 'waiting' });
  const started = useRef(false);
  // A parent of variants answers with its best variant: the link did not name one product to add.
  const addable = request.ok && data != null && data.productId === request.productId && data.available;

  useEffect(() => {
    if (!addable || !request.ok || !data || started.current) return;
    started.current = true;
    setStep({ kind: 'adding' });
    void cart.add({ productId: request.productId, name: data.name, quantity: request.quantity }).then((result) => {
      if (result.status === 'failed') setStep({ kind: 'failed', message: result.message });
      else void navigate(localizedPath('/checkout/cart', locale), { overwriteLastHistoryEntry: true });
    });
  }, [addable, cart, data, locale, request]);

  const shopLink = (
    <a className={styles.shop} href={localizedPath('/', locale)}>
      {t('addPage.toShop')}
    </a>
  );

  if (!request.ok || !data) {
    return (
      <section className={styles.page} data-testid="add-to-cart-problem">
        <h1 className={styles.title}>{t('addPage.title')}</h1>
        <p role="alert">{!request.ok && request.reason === 'invalidQuantity' ? t('addPage.invalidQuantity') : t('addPage.notFound')}</p>
        {shopLink}
      </section>
    );
  }
  if (!addable) {
    return (
      <section className={styles.page} data-testid="add-to-cart-problem">
        <h1 className={styles.title}>{data.name}</h1>
        <p role="alert">{data.available ? t('addPage.chooseVariant') : t('addPage.notAvailable')}</p>
        <a className={styles.shop} href={data.url}>
          {t('addPage.toProduct')}
        </a>
      </section>
    );
  }
  return (
    <section className={styles.page} aria-busy={step.kind !== 'failed'}>
      <h1 className={styles.title}>{t('addPage.title')}</h1>
      {step.kind === 'failed' ? (
        <>
          <p role="alert">{step.message}</p>
          <a className={styles.shop} href={data.url}>
            {t('addPage.toProduct')}
          </a>
        </>
      ) : step.kind === 'adding' ? (
        <p className={styles.status} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('addPage.adding', { name: data.name, count: request.quantity })}
        </p>
      ) : null}
      <noscript>
        <form method="post" action={localizedPath('/checkout/add-to-cart', locale)} className={styles.form}>
          <input type="hidden" name="productId" value={request.productId} />
          <input type="hidden" name="quantity" value={request.quantity} />
          <p>{t('addPage.confirm', { name: data.name, count: request.quantity })}</p>
          <button type="submit" className={styles.add}>
            {t('addPage.add')}
          </button>
        </form>
      </noscript>
    </section>
  );
}
