import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { ACCOUNT_FORMS } from './accountAreaForms';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { useValidationText } from '../../forms/validationTexts';
import { localizedPath } from '../../platform/i18n/locales';
import type { AccountPayment_customer$key } from './__generated__/AccountPayment_customer.graphql';
import type { AccountPaymentMutation } from './__generated__/AccountPaymentMutation.graphql';
import { CheckoutAlert } from '../../ui/CheckoutField';
import { useNotifications } from '../../shell/Notifications';
import { PaymentMethodChoice, type PaymentMethodChoice_methods$key } from '../checkout';
import styles from './AccountForms.module.css';

/** The radio group's name: what the form posts. */
const PAYMENT_FIELD = 'paymentMethodId';

/** A refusal in the alert box: no method chosen, the gateway's messages, or the generic one (no answer). */
function refusalOf(posted: { problems: Record<string, string>; errors: readonly ShopErrorData[] | null }, t: (key: string) => string, required: string): string[] {
  if (Object.keys(posted.problems).length > 0) return [required];
  if (posted.errors === null || posted.errors.length === 0) return [t('errors.unavailable')];
  return [...new Set(posted.errors.map((error) => error.message))];
}

interface AccountPaymentProps {
  customer: AccountPayment_customer$key;
  methods: PaymentMethodChoice_methods$key & ReadonlyArray<{ readonly id: string }>;
  refresh: () => Promise<void>;
}

/** /account/payment (SPEC §2): the customer's default payment method, preselected in the next checkout. */
export function AccountPayment({ customer: customerKey, methods, refresh }: AccountPaymentProps) {
  const { t } = useTranslation('account');
  const required = useValidationText('account')('required', PAYMENT_FIELD);
  const { notify } = useNotifications();
  const customer = useFragment(
    graphql`
      fragment AccountPayment_customer on Customer {
        invoiceAllowed
        defaultPaymentMethod {
          id
        }
      }
    `,
    customerKey,
  );
  const { locale } = usePageContext();
  // Without scripts the form posts to the server (server/forms/account.ts); a refusal comes back here (ADR 0023).
  const posted = usePostedForm(ACCOUNT_FORMS.payment, { [PAYMENT_FIELD]: customer.defaultPaymentMethod?.id ?? '' });
  const [selected, setSelected] = useState<string | null>(posted.values[PAYMENT_FIELD] || null);
  const [alert, setAlert] = useState<string[]>(() => (posted.posted ? refusalOf(posted.posted, t, required) : []));
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
    if (saving) return;
    if (!selected) return setAlert(refusalOf({ problems: { [PAYMENT_FIELD]: 'required' }, errors: [] }, t, required));
    setAlert([]);
    const response = await save({ input: { paymentMethodId: selected } });
    const errors = response?.setDefaultPaymentMethod.errors ?? null;
    if (errors === null || errors.length > 0) return setAlert(refusalOf({ problems: {}, errors }, t, required));
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
        <form
          className={styles.form}
          method="post"
          action={localizedPath('/account/payment', locale)}
          data-form={ACCOUNT_FORMS.payment}
          noValidate
          onSubmit={(event) => void submit(event)}
          data-testid="payment-form"
        >
          <PostedFormFields form={ACCOUNT_FORMS.payment} posted={posted.posted} />
          <CheckoutAlert messages={alert} />
          <PaymentMethodChoice methods={methods} selectedId={selected} disabled={saving} onSelect={setSelected} invoiceAllowed={customer.invoiceAllowed} legend={t('payment.legend')} name={PAYMENT_FIELD} />
          <button type="submit" className={styles.primaryButton} disabled={saving} aria-busy={saving || undefined}>
            {t('payment.save')}
          </button>
        </form>
      )}
    </section>
  );
}
