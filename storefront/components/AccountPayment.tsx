import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { useShopMutation } from '../checkout/useShopMutation';
import type { AccountPayment_customer$key } from './__generated__/AccountPayment_customer.graphql';
import type { AccountPaymentMutation } from './__generated__/AccountPaymentMutation.graphql';
import type { PaymentMethodChoice_methods$key } from './__generated__/PaymentMethodChoice_methods.graphql';
import { CheckoutAlert } from './CheckoutField';
import { useNotifications } from './Notifications';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import styles from './AccountForms.module.css';

interface AccountPaymentProps {
  customer: AccountPayment_customer$key;
  methods: PaymentMethodChoice_methods$key & ReadonlyArray<{ readonly id: string }>;
  refresh: () => Promise<void>;
}

/** /account/payment (SPEC §2): the customer's default payment method, preselected in the next checkout. */
export function AccountPayment({ customer: customerKey, methods, refresh }: AccountPaymentProps) {
  const { t } = useTranslation('account');
  const { notify } = useNotifications();
  const customer = useFragment(
    graphql`
      fragment AccountPayment_customer on Customer {
        defaultPaymentMethod {
          id
        }
      }
    `,
    customerKey,
  );
  const [selected, setSelected] = useState<string | null>(customer.defaultPaymentMethod?.id ?? null);
  const [alert, setAlert] = useState<string[]>([]);
  const [save, saving] = useShopMutation<AccountPaymentMutation>(graphql`
    mutation AccountPaymentMutation($input: SetPaymentMethodInput!) {
      setDefaultPaymentMethod(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !selected) return;
    setAlert([]);
    const response = await save({ input: { paymentMethodId: selected } });
    const errors = response?.setDefaultPaymentMethod.errors ?? null;
    if (errors === null) return setAlert([t('errors.unavailable')]);
    if (errors.length > 0) return setAlert([...new Set(errors.map((error) => error.message))]);
    notify({ type: 'success', message: t('payment.saved') });
    await refresh();
  };

  return (
    <section className={styles.page} aria-labelledby="account-payment-title">
      <h1 id="account-payment-title">{t('payment.title')}</h1>
      <p className={styles.intro}>{t('payment.intro')}</p>
      {methods.length === 0 ? (
        <p>{t('payment.none')}</p>
      ) : (
        <form className={styles.form} method="post" noValidate onSubmit={(event) => void submit(event)} data-testid="payment-form">
          <CheckoutAlert messages={alert} />
          <PaymentMethodChoice methods={methods} selectedId={selected} disabled={saving} onSelect={setSelected} invoiceAllowed legend={t('payment.legend')} />
          <button type="submit" className={styles.primaryButton} disabled={saving || !selected} aria-busy={saving || undefined}>
            {t('payment.save')}
          </button>
        </form>
      )}
    </section>
  );
}
