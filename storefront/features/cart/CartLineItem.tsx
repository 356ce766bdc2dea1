import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { lineBounds, steppedLineQuantity, typedLineQuantity } from '../cart/cartRules';
import { formatPrice } from '../../platform/i18n/money';
import { formatTaxRate } from '../cart/cartTexts';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import { InsurerDiscountNote } from '../insurer';
import { LineItemOptions } from './LineItemOptions';
import type { CartLineItem_line$key } from './__generated__/CartLineItem_line.graphql';
import styles from './CartLineItem.module.css';

const IMAGE_SIZE = 96;

export interface CartLineActions {
  /** the cart form's URL (localized /checkout/cart): the forms post there without JavaScript */
  action: string;
  /** a change is on its way: the line's controls wait */
  busy: boolean;
  setQuantity(lineItemId: string, quantity: number): void;
  remove(lineItemId: string): void;
}

/**
 * One product line of the cart (SPEC §2 cart): picture, name linking to the product, unit price, quantity stepper,
 * remove, line total and its VAT rate. Every control is a real form posting to the cart (quantity 0
 * removes, SPEC §4); once hydrated the cart page runs the mutation instead.
 */
export function CartLineItem({ line, actions }: { line: CartLineItem_line$key; actions: CartLineActions }) {
  const data = useFragment(
    graphql`
      fragment CartLineItem_line on CartLineItem {
        id
        label
        quantity
        unitPrice
        totalPrice
        taxRate
        listPrice
        options {
          group
          option
        }
        insurerDiscount {
          percentage
        }
        isDownload
        clickAndCollectOnly
        prescriptionRequired
        removable
        quantityMin
        quantityMax
        quantityStep
        product {
          url
          name
          cover {
            alt
            resizedUrl(width: 200)
          }
        }
      }
    `,
    line,
  );
  const { t } = useTranslation('cart');
  const locale = useShopperLocale();
  const quantityId = useId();
  const rulesId = useId();
  // what the shopper is typing; sent when the field is left or Enter pressed
  const [typed, setTyped] = useState<string | null>(null);
  const name = data.product?.name ?? data.label;
  const vat = t('line.vat', { rate: formatTaxRate(data.taxRate, locale) });

  const bounds = lineBounds(data);
  const down = steppedLineQuantity(data.quantity, -1, data);
  const up = steppedLineQuantity(data.quantity, 1, data);
  const atMax = bounds.max != null && data.quantity >= bounds.max;
  const showRules = bounds.min > 1 || bounds.step > 1;
  const send = () => {
    if (typed === null) return;
    const quantity = typedLineQuantity(typed, data);
    setTyped(null);
    if (quantity !== null && quantity !== data.quantity) actions.setQuantity(data.id, quantity);
  };

  return (
    <li className={styles.line} data-testid="cart-line" data-line-id={data.id}>
      <div className={styles.picture}>
        {data.product?.cover ? (
          <img src={data.product.cover.resizedUrl} alt="" width={IMAGE_SIZE} height={IMAGE_SIZE} loading="lazy" decoding="async" className={styles.image} />
        ) : (
          <div className={styles.noImage} aria-hidden="true" />
        )}
      </div>
      <div className={styles.details}>
        <p className={styles.name}>{data.product ? <a href={data.product.url}>{name}</a> : name}</p>
        <LineItemOptions options={data.options} className={styles.options} />
        <p className={styles.unitPrice}>
          <span className="visually-hidden">{t('line.unitPrice')}: </span>
          {t('line.perPiece', { price: formatPrice(data.unitPrice, locale) })}
          {data.listPrice != null && data.listPrice > data.unitPrice && (
            <>
              {' '}
              <del className={styles.previous}>
                <span className="visually-hidden">{t('line.previousPrice')} </span>
                {formatPrice(data.listPrice, locale)}
              </del>
            </>
          )}
          {data.insurerDiscount && <InsurerDiscountNote percentage={data.insurerDiscount.percentage} locale={locale} />}
        </p>
        <ul className={styles.flags}>
          {data.clickAndCollectOnly && <li className={styles.collect}>{t('line.clickAndCollectOnly')}</li>}
          {data.prescriptionRequired && <li>{t('line.prescriptionRequired')}</li>}
          {data.isDownload && <li>{t('line.download')}</li>}
        </ul>
      </div>
      <div className={styles.quantity}>
        <label htmlFor={quantityId} className={styles.quantityLabel}>
          {t('line.quantity')}
        </label>
        <div className={styles.stepper}>
          {/* Each step is a form of its own: without JavaScript it posts the quantity it leads to. */}
          <LineForm action={actions.action} lineItemId={data.id} fields={{ action: 'update', quantity: String(down) }} onSubmit={() => actions.setQuantity(data.id, down)}>
            <button type="submit" disabled={actions.busy} aria-controls={quantityId} aria-label={down === 0 ? t('line.decreaseRemoves', { name }) : t('line.decrease', { name })}>
              −
            </button>
          </LineForm>
          <LineForm action={actions.action} lineItemId={data.id} fields={{ action: 'update' }} onSubmit={send}>
            <input
              id={quantityId}
              type="number"
              name="quantity"
              inputMode="numeric"
              min={0}
              max={bounds.max ?? undefined}
              step={bounds.min % bounds.step === 0 ? bounds.step : undefined}
              value={typed ?? String(data.quantity)}
              aria-describedby={showRules ? rulesId : undefined}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={send}
              readOnly={actions.busy}
              data-testid="cart-line-quantity"
            />
            {/* Without JavaScript a typed quantity is sent by this button (or Enter); hydrated, also by leaving the field. */}
            <noscript>
              <button type="submit" className={styles.update}>
                {t('line.update')}
              </button>
            </noscript>
          </LineForm>
          <LineForm action={actions.action} lineItemId={data.id} fields={{ action: 'update', quantity: String(up) }} onSubmit={() => actions.setQuantity(data.id, up)}>
            <button type="submit" disabled={actions.busy || atMax} aria-controls={quantityId} aria-label={t('line.increase', { name })}>
              +
            </button>
          </LineForm>
        </div>
        {showRules && (
          <p id={rulesId} className={styles.rules}>
            {t('line.quantityRules', { step: bounds.step, min: bounds.min })}
          </p>
        )}
      </div>
      <div className={styles.totals}>
        <p className={styles.total} data-testid="cart-line-total">
          <span className="visually-hidden">{t('line.total')}: </span>
          {formatPrice(data.totalPrice, locale)}
        </p>
        <p className={styles.meta}>{vat}</p>
        {data.removable && (
          <LineForm action={actions.action} lineItemId={data.id} fields={{ action: 'remove' }} onSubmit={() => actions.remove(data.id)}>
            <button type="submit" className={styles.remove} disabled={actions.busy} aria-label={t('line.removeNamed', { name })}>
              {t('line.remove')}
            </button>
          </LineForm>
        )}
      </div>
    </li>
  );
}

interface LineFormProps {
  action: string;
  lineItemId: string;
  /** hidden fields besides the line item id (the no-JS handler reads them) */
  fields: Record<string, string>;
  onSubmit(): void;
  children: ReactNode;
}

/** A post to the cart that the hydrated page takes over (preventDefault, then the mutation). */
function LineForm({ action, lineItemId, fields, onSubmit, children }: LineFormProps) {
  return (
    <form
      method="post"
      action={action}
      className={styles.lineForm}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="lineItemId" value={lineItemId} />
      {children}
    </form>
  );
}
