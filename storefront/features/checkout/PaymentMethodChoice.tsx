import { useId } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import type { PaymentMethodChoice_methods$key } from './__generated__/PaymentMethodChoice_methods.graphql';
import styles from './MethodChoice.module.css';

/** The seeded invoice method's technical name (SPEC §5: not with a different billing address). */
export const INVOICE_TECHNICAL_NAME = 'payment_invoice';

interface PaymentMethodChoiceProps {
  methods: PaymentMethodChoice_methods$key;
  selectedId: string | null;
  disabled: boolean;
  onSelect: (paymentMethodId: string) => void;
  /** false: billing and shipping address differ, invoice is shown but cannot be chosen */
  invoiceAllowed: boolean;
  /** after the order (retry on the unpaid page): only methods that allow it */
  afterOrder?: boolean;
  legend: string;
  message?: string;
  /** the radio group's name as a form posts it (default paymentMethodId, the name the checkout's and the account's forms read) */
  name?: string;
}

/** The payment methods (SPEC §9) as radio buttons with their descriptions. */
export function PaymentMethodChoice({ methods: methodsKey, selectedId, disabled, onSelect, invoiceAllowed, afterOrder = false, legend, message, name }: PaymentMethodChoiceProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const methods = useFragment(
    graphql`
      fragment PaymentMethodChoice_methods on PaymentMethod @relay(plural: true) {
        id
        name
        description
        technicalName
        asynchronous
        afterOrderEnabled
      }
    `,
    methodsKey,
  );
  const shown = afterOrder ? methods.filter((method) => method.afterOrderEnabled) : methods;
  return (
    <fieldset className={styles.choice} aria-describedby={message ? `${id}-message` : undefined} data-testid="payment-methods">
      <legend className="visually-hidden">{legend}</legend>
      {shown.map((method) => {
        const invoiceBlocked = method.technicalName === INVOICE_TECHNICAL_NAME && !invoiceAllowed;
        return (
          <label key={method.id} className={`${styles.option} ${invoiceBlocked ? styles.unavailable : ''}`}>
            <input
              type="radio"
              name={name ?? 'paymentMethodId'}
              value={method.id}
              data-field="paymentMethodId"
              checked={method.id === selectedId}
              disabled={disabled || invoiceBlocked}
              aria-describedby={invoiceBlocked ? `${id}-invoice` : undefined}
              onChange={() => onSelect(method.id)}
            />
            <span className={styles.text}>
              <span className={styles.name}>{method.name}</span>
              {method.description ? <span className={styles.description}>{method.description}</span> : null}
              {invoiceBlocked ? (
                <span id={`${id}-invoice`} className={styles.description}>
                  {t('payment.invoiceNotAllowed')}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      {message ? (
        <p id={`${id}-message`} className={styles.message} role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
