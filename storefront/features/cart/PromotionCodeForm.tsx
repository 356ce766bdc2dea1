import { useId, useState } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { formatPrice } from '../../platform/i18n/money';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { PromotionCodeForm_cart$key } from './__generated__/PromotionCodeForm_cart.graphql';
import styles from './PromotionCodeForm.module.css';

/** The longest code the form sends; the Store API knows no longer ones. */
const CODE_MAX_LENGTH = 64;

interface PromotionCodeFormProps {
  cart: PromotionCodeForm_cart$key;
  /** the cart form's URL (localized /checkout/cart): the forms post there without JavaScript */
  action: string;
  busy: boolean;
  /** the gateway's message for the last code tried (e.g. 'Der Aktionscode wurde nicht gefunden') */
  error: string | null;
  apply(code: string): Promise<boolean>;
  remove(lineItemId: string): void;
}

/**
 * The promotion code field (SPEC §2 cart) and the codes applied so far, each with its discount and a
 * remove button. The message of a refused code stands beside the field. Real forms: without JavaScript
 * they post to the cart (server/cartForms.ts).
 */
export function PromotionCodeForm({ cart, action, busy, error, apply, remove }: PromotionCodeFormProps) {
  const data = useFragment(
    graphql`
      fragment PromotionCodeForm_cart on Cart {
        lineItems {
          id
          type
          label
          totalPrice
          promotionCode
          removable
        }
      }
    `,
    cart,
  );
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const fieldId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const applied = data.lineItems.filter((line) => line.type === 'PROMOTION');

  return (
    <section className={styles.promotion} aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className={styles.title}>
        {t('promotion.title')}
      </h2>
      {applied.length > 0 && (
        <ul className={styles.applied} aria-label={t('promotion.applied')}>
          {applied.map((line) => (
            <li key={line.id} className={styles.code} data-testid="cart-promotion-line">
              <span className={styles.label}>
                {line.label}
                {line.promotionCode && <span className={styles.codeName}> ({line.promotionCode})</span>}
              </span>
              <span className={styles.amount}>{formatPrice(line.totalPrice, locale)}</span>
              {line.removable && (
                <form
                  method="post"
                  action={action}
                  onSubmit={(event) => {
                    event.preventDefault();
                    remove(line.id);
                  }}
                >
                  <input type="hidden" name="action" value="remove" />
                  <input type="hidden" name="lineItemId" value={line.id} />
                  <button type="submit" className={styles.remove} disabled={busy} aria-label={t('promotion.removeNamed', { code: line.promotionCode ?? line.label })}>
                    {t('promotion.remove')}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        action={action}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = code.trim();
          if (wanted === '' || busy) return;
          void apply(wanted).then((accepted) => {
            if (accepted) setCode('');
          });
        }}
      >
        <input type="hidden" name="action" value="promotion" />
        <label htmlFor={fieldId}>{t('promotion.label')}</label>
        <div className={styles.row}>
          <input
            id={fieldId}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CODE_MAX_LENGTH}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className={styles.apply} disabled={busy}>
            {t('promotion.apply')}
          </button>
        </div>
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
