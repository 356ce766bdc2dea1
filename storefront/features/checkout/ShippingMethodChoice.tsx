import { useId } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ShippingMethodChoice_methods$key } from './__generated__/ShippingMethodChoice_methods.graphql';
import styles from './MethodChoice.module.css';

interface ShippingMethodChoiceProps {
  methods: ShippingMethodChoice_methods$key;
  selectedId: string | null;
  /** CLICK_AND_COLLECT: the cart holds Click & Collect-only products, post is not possible */
  fulfilment: string | null;
  disabled: boolean;
  onSelect: (shippingMethodId: string) => void;
  message?: string;
}

/** Step 2: post or Click & Collect in a pharmacy (SPEC §1, §9). */
export function ShippingMethodChoice({ methods: methodsKey, selectedId, fulfilment, disabled, onSelect, message }: ShippingMethodChoiceProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const methods = useFragment(
    graphql`
      fragment ShippingMethodChoice_methods on ShippingMethod @relay(plural: true) {
        id
        name
        description
        clickAndCollect
      }
    `,
    methodsKey,
  );
  const pickupOnly = fulfilment === 'CLICK_AND_COLLECT';
  return (
    <fieldset className={styles.choice} aria-describedby={message ? `${id}-message` : undefined} data-testid="shipping-methods">
      <legend className="visually-hidden">{t('shipping.legend')}</legend>
      {methods.map((method) => {
        const unavailable = pickupOnly && !method.clickAndCollect;
        return (
          <label key={method.id} className={`${styles.option} ${unavailable ? styles.unavailable : ''}`}>
            <input
              type="radio"
              name="shippingMethodId"
              value={method.id}
              data-field="shippingMethodId"
              checked={method.id === selectedId}
              disabled={disabled || unavailable}
              onChange={() => onSelect(method.id)}
            />
            <span className={styles.text}>
              <span className={styles.name}>{method.name}</span>
              {method.description ? <span className={styles.description}>{method.description}</span> : null}
              {unavailable ? <span className={styles.description}>{t('shipping.pickupOnly')}</span> : null}
            </span>
          </label>
        );
      })}
      {message ? (
        <p id={`${id}-message`} className={styles.message}>
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
