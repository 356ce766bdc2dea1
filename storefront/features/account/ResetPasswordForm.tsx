import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useAccountFormState } from './AccountFormParts';
import { CheckoutAlert, focusField, TextField } from '../../ui/CheckoutField';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkRecoveryRequest } from './accountForms';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import styles from './AccountForms.module.css';
import type { ResetPasswordFormMutation } from './__generated__/ResetPasswordFormMutation.graphql';

/** 'No customer for that email' belongs beside the email field, whatever field the gateway names. */
function located(errors: readonly ShopErrorData[]): ShopErrorData[] {
  return errors.map((error) => (error.code === 'CUSTOMER_NOT_FOUND' ? { ...error, field: 'email' } : error));
}

/**
 * Asks for the recovery link; an email without an account says so beside the field (SPEC §5). `sentTo`: '' after the
 * form was posted without scripts (the page's `?sent=1`: the link went to the address given, which no URL carries).
 */
export function ResetPasswordForm({ sentTo: sentBefore }: { sentTo: string | null }) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  // Without scripts the form posts to the server (server/formPosts.ts); a refusal comes back here (ADR 0023).
  const posted = usePostedForm('password-recovery', { email: '' });
  const [email, setEmail] = useState(posted.values.email);
  const { alert, messageOf, checked, refused } = useAccountFormState({ problems: posted.problems, errors: posted.errors && located(posted.errors), fields: ['email'] });
  const [sentTo, setSentTo] = useState<string | null>(sentBefore);
  const [request, sending] = useShopMutation<ResetPasswordFormMutation>(graphql`
    mutation ResetPasswordFormMutation($input: RequestPasswordRecoveryInput!) {
      requestPasswordRecovery(input: $input) {
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
    if (!checked(checkRecoveryRequest(email))) return focusField('email');
    const response = await request({ input: { email: email.trim() } });
    const errors = response ? response.requestPasswordRecovery.errors : null;
    if (errors === null || errors.length > 0 || !response?.requestPasswordRecovery.done) {
      if ('email' in refused(errors === null ? null : located(errors), ['email'])) focusField('email');
      return;
    }
    setSentTo(email.trim());
  };

  if (sentTo !== null) {
    return (
      <div className={styles.success} role="status" data-testid="reset-sent" tabIndex={-1} ref={(element) => element?.focus()}>
        <h2>{t('reset.sentTitle')}</h2>
        <p>{sentTo ? t('reset.sentText', { email: sentTo }) : t('reset.sentTextToGivenAddress')}</p>
        <p>
          <a href={localizedPath('/login', locale)}>{t('reset.backToLogin')}</a>
        </p>
      </div>
    );
  }
  return (
    <form
      className={styles.form}
      method="post"
      action={localizedPath('/reset-password', locale)}
      data-form="password-recovery"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="reset-title"
    >
      <PostedFormFields form="password-recovery" posted={posted.posted} />
      <CheckoutAlert messages={alert} />
      <TextField field="email" label={t('fields.email')} type="email" autoComplete="email" required value={email} onChange={setEmail} message={messageOf('email')} />
      <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
        {t('reset.submit')}
      </button>
      <p className={styles.links}>
        <a href={localizedPath('/login', locale)}>{t('reset.backToLogin')}</a>
      </p>
    </form>
  );
}
