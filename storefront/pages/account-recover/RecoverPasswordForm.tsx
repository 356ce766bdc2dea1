import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { useAccountFormState } from '../../components/AccountFormParts';
import { CheckoutAlert, focusField } from '../../components/CheckoutField';
import { PasswordFields } from '../../components/PasswordFields';
import { useShopMutation } from '../../checkout/useShopMutation';
import { checkNewPassword } from '../../forms/accountForms';
import { firstProblemField } from '../../forms/checkoutForms';
import styles from '../../components/AccountForms.module.css';
import type { RecoverPasswordFormMutation } from './__generated__/RecoverPasswordFormMutation.graphql';

const FIELDS = ['newPassword', 'newPasswordConfirm'];

interface RecoverPasswordFormProps {
  hash: string;
  /** the link turned out expired or used */
  onInvalid: () => void;
  onDone: () => void;
}

/** The new password, typed twice, for the recovery link's account. */
export function RecoverPasswordForm({ hash, onInvalid, onDone }: RecoverPasswordFormProps) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const { alert, messageOf, checked, refused } = useAccountFormState();
  const [reset, sending] = useShopMutation<RecoverPasswordFormMutation>(graphql`
    mutation RecoverPasswordFormMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        done
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkNewPassword({ newPassword: values.password, newPasswordConfirm: values.confirmation });
    if (!checked(found)) return focusField(firstProblemField(FIELDS, found));
    // SPEC §5: the confirmation is sent as typed; the server checks it again.
    const response = await reset({ input: { hash, newPassword: values.password, newPasswordConfirm: values.confirmation } });
    const errors = response ? response.resetPassword.errors : null;
    if (errors?.some((error) => error.code === 'LINK_INVALID' || error.field === 'hash')) return onInvalid();
    if (errors === null || errors.length > 0 || !response?.resetPassword.done) {
      focusField(firstProblemField(FIELDS, refused(errors, FIELDS)));
      return;
    }
    onDone();
  };

  return (
    <form className={styles.form} method="post" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="recover-title">
      <CheckoutAlert messages={alert} />
      <PasswordFields
        fields={{ password: 'newPassword', confirmation: 'newPasswordConfirm' }}
        labels={{ password: t('fields.newPassword'), confirmation: t('fields.newPasswordConfirm') }}
        values={values}
        onChange={setValues}
        messageOf={messageOf}
      />
      <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
        {t('recover.submit')}
      </button>
    </form>
  );
}
