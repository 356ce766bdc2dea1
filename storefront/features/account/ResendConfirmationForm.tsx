import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { RESEND_CONFIRMATION_FORM } from './accountForms';
import { usePostedForm } from '../../forms/postedForm';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import type { ResendConfirmationFormMutation } from './__generated__/ResendConfirmationFormMutation.graphql';

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
  const form = useShopForm({ form: RESEND_CONFIRMATION_FORM, empty: { email: typed }, fields: [], check: () => ({}), unavailable: t('errors.unavailable') });
  const email = form.posted ? form.values.email : typed;
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
    if (sending || !form.checked()) return;
    const payload = (await resend({ input: { email } }))?.resendRegistrationConfirmation;
    if (payload?.done && payload.errors.length === 0) setSentTo(email);
    else form.refused(payload ? payload.errors : null);
  };

  if (sentTo !== null) {
    return (
      <Notice tone="success" focusOnShow data-testid="confirmation-resent">
        <h2>{t('login.resentTitle')}</h2>
        <p>{sentTo ? t('login.resentText', { email: sentTo }) : t('login.resentTextToGivenAddress')}</p>
      </Notice>
    );
  }
  if (!email) return null;
  return (
    <ShopForm kit={form.kit} action={localizedPath('/login', locale)} onSubmit={(event) => void submit(event)}>
      <input type="hidden" name="email" value={email} />
      <Button variant="secondary" busy={sending} data-testid="resend-confirmation">
        {t('login.resend')}
      </Button>
    </ShopForm>
  );
}
