import type { FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { PasswordFields } from './PasswordFields';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkNewPassword, type NewPasswordValues } from './accountForms';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import { Button } from '../../ui/Button';
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
  const form = useShopForm<NewPasswordValues>({
    form: 'new-password',
    empty: { newPassword: '', newPasswordConfirm: '' },
    fields: FIELDS,
    check: checkNewPassword,
    unavailable: t('errors.unavailable'),
    texts: 'account',
  });
  const { values } = form;
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
    if (sending || !form.checked()) return;
    // SPEC §5: the confirmation is sent as typed; the server checks it again.
    const payload = (await reset({ input: { hash, ...values } }))?.resetPassword;
    if (payload?.errors.some((error) => error.code === 'LINK_INVALID' || error.field === 'hash')) return onInvalid();
    if (payload?.done && payload.errors.length === 0) return onDone();
    form.refused(payload ? payload.errors : null);
  };

  return (
    <ShopForm
      kit={form.kit}
      // the recovery link's hash travels in the address, as it came in the mail
      action={`${localizedPath('/account/recover', locale)}?${new URLSearchParams({ hash })}`}
      onSubmit={(event) => void submit(event)}
      labelledBy="recover-title"
    >
      <PasswordFields
        fields={{ password: 'newPassword', confirmation: 'newPasswordConfirm' }}
        labels={{ password: t('fields.newPassword'), confirmation: t('fields.newPasswordConfirm') }}
        values={{ password: values.newPassword, confirmation: values.newPasswordConfirm }}
        onChange={({ password, confirmation }) => form.setValues({ newPassword: password, newPasswordConfirm: confirmation })}
        messageOf={form.messageOf}
      />
      <Button busy={sending}>{t('recover.submit')}</Button>
    </ShopForm>
  );
}
