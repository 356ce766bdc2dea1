import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkRecoveryRequest } from './accountForms';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { TextField } from '../../forms/fields';
import { refusalShown } from '../../forms/refusalShown';
import { ShopForm, useShopForm } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import styles from './AccountForms.module.css';
import type { ResetPasswordFormMutation } from './__generated__/ResetPasswordFormMutation.graphql';

const FIELDS = ['email'];

/** 'No customer for that email' belongs beside the email field, whatever field the gateway names. */
function recoveryRefusal(errors: readonly ShopErrorData[] | null, unavailable: string) {
  return refusalShown(errors && errors.map((error) => (error.code === 'CUSTOMER_NOT_FOUND' ? { ...error, field: 'email' } : error)), FIELDS, unavailable);
}

/**
 * Asks for the recovery link; an email without an account says so beside the field (SPEC §5). `sentTo`: '' after the
 * form was posted without scripts (the page's `?sent=1`: the link went to the address given, which no URL carries).
 */
export function ResetPasswordForm({ sentTo: sentBefore }: { sentTo: string | null }) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  // Without scripts the form posts to the server (server/formPosts.ts); a refusal comes back here (ADR 0023).
  const form = useShopForm({
    form: 'password-recovery',
    empty: { email: '' },
    fields: FIELDS,
    check: (values) => checkRecoveryRequest(values.email),
    unavailable: t('errors.unavailable'),
    sortRefusal: recoveryRefusal,
    texts: 'account',
  });
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
  const email = form.values.email.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !form.checked()) return;
    const payload = (await request({ input: { email } }))?.requestPasswordRecovery;
    if (payload?.done && payload.errors.length === 0) setSentTo(email);
    else form.refused(payload ? payload.errors : null);
  };

  if (sentTo !== null) {
    return (
      <Notice tone="success" focusOnShow data-testid="reset-sent">
        <h2>{t('reset.sentTitle')}</h2>
        <p>{sentTo ? t('reset.sentText', { email: sentTo }) : t('reset.sentTextToGivenAddress')}</p>
        <p>
          <a href={localizedPath('/login', locale)}>{t('reset.backToLogin')}</a>
        </p>
      </Notice>
    );
  }
  return (
    <ShopForm kit={form.kit} action={localizedPath('/reset-password', locale)} onSubmit={(event) => void submit(event)} labelledBy="reset-title">
      <TextField field="email" label={t('fields.email')} type="email" autoComplete="email" required value={form.values.email} onChange={form.change('email')} message={form.messageOf('email')} />
      <Button busy={sending}>{t('reset.submit')}</Button>
      <p className={styles.links}>
        <a href={localizedPath('/login', locale)}>{t('reset.backToLogin')}</a>
      </p>
    </ShopForm>
  );
}
