import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useAccountFormState } from './AccountFormParts';
import { CheckoutAlert, focusField } from '../../ui/CheckoutField';
import { PasswordFields } from './PasswordFields';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkNewPassword } from './accountForms';
import { firstProblemField } from '../../forms/checkoutForms';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import styles from './AccountForms.module.css';
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
  const { locale } = usePageContext();
  // Without scripts the form posts to the server (server/formPosts.ts); a refusal comes back here without the
  // passwords (ADR 0023). An expired link comes back as the page's "invalid" view.
  const posted = usePostedForm('new-password', { newPassword: '', newPasswordConfirm: '' });
  const [values, setValues] = useState({ password: posted.values.newPassword, confirmation: posted.values.newPasswordConfirm });
  const { alert, messageOf, checked, refused } = useAccountFormState({ problems: posted.problems, errors: posted.errors, fields: FIELDS });
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
    <form
      className={styles.form}
      method="post"
      // the recovery link's hash travels in the address, as it came in the mail
      action={`${localizedPath('/account/recover', locale)}?${new URLSearchParams({ hash })}`}
      data-form="new-password"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="recover-title"
    >
      <PostedFormFields form="new-password" posted={posted.posted} />
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
