import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { RESEND_CONFIRMATION_FORM } from './accountForms';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { useAccountFormState } from './AccountFormParts';
import { CheckoutAlert } from '../../ui/CheckoutField';
import type { ResendConfirmationFormMutation } from './__generated__/ResendConfirmationFormMutation.graphql';
import styles from './AccountForms.module.css';

/** Whether the page renders the answer to a resend posted without scripts (then the block stays on the page). */
export function useResendPosted(): boolean {
  return usePostedForm(RESEND_CONFIRMATION_FORM, { email: '' }).posted !== null;
}

/**
 * Under a login refused with ACCOUNT_NOT_CONFIRMED: one button that mails the registration link again to `email`
 * (the address just typed). Without scripts it posts to /login (server/formPosts.ts); `resentBefore`: the page's
 * `?resent=1` after that.
 */
export function ResendConfirmationForm({ email: typed, resentBefore }: { email: string; resentBefore: boolean }) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  const posted = usePostedForm(RESEND_CONFIRMATION_FORM, { email: typed });
  const email = posted.posted ? posted.values.email : typed;
  const { alert, checked, refused } = useAccountFormState({ problems: posted.problems, errors: posted.errors, fields: [] });
  // '' after a post without scripts: the link went to the address given, which no URL carries
  const [sentTo, setSentTo] = useState<string | null>(resentBefore ? '' : null);
  const [resend, sending] = useShopMutation<ResendConfirmationFormMutation>(graphql`
    mutation ResendConfirmationFormMutation($input: ResendRegistrationConfirmationInput!) {
      resendRegistrationConfirmation(input: $input) {
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
    checked({});
    const response = await resend({ input: { email } });
    const errors = response ? response.resendRegistrationConfirmation.errors : null;
    if (errors === null || errors.length > 0 || !response?.resendRegistrationConfirmation.done) {
      refused(errors, []);
      return;
    }
    setSentTo(email);
  };

  if (sentTo !== null) {
    return (
      <div className={styles.success} role="status" data-testid="confirmation-resent" tabIndex={-1} ref={(element) => element?.focus()}>
        <h2>{t('login.resentTitle')}</h2>
        <p>{sentTo ? t('login.resentText', { email: sentTo }) : t('login.resentTextToGivenAddress')}</p>
      </div>
    );
  }
  if (!email) return null;
  return (
    <form
      className={styles.inlineForm}
      method="post"
      action={localizedPath('/login', locale)}
      data-form={RESEND_CONFIRMATION_FORM}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <PostedFormFields form={RESEND_CONFIRMATION_FORM} posted={posted.posted} />
      <input type="hidden" name="email" value={email} />
      <CheckoutAlert messages={alert} />
      <button type="submit" className={styles.secondaryButton} disabled={sending} aria-busy={sending || undefined} data-testid="resend-confirmation">
        {t('login.resend')}
      </button>
    </form>
  );
}
