import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkLoginForm, type AccountProblems, type LoginValues } from './accountForms';
import { firstProblemField, type ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, RefusalFocus, refusedFieldOf, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { useMergeLocalWishlist } from '../wishlist';
import type { LoginFormMutation } from './__generated__/LoginFormMutation.graphql';
import { refusalShown } from '../../forms/refusalShown';
import { useAccountMessages } from './AccountFormParts';
import { CheckoutAlert, focusField } from '../../ui/CheckoutField';
import { LoginFields } from './LoginFields';
import { ResendConfirmationForm, useResendPosted } from './ResendConfirmationForm';
import styles from './AccountForms.module.css';

const LOGIN_FIELDS = ['email', 'password'];

/** The gateway's refusal: 'Ungültiger Benutzername oder Passwort' belongs to both fields, so it goes into the alert box. */
function refusalOf(errors: readonly ShopErrorData[] | null, unavailable: string) {
  return refusalShown(errors, LOGIN_FIELDS, unavailable, (field) => (errors?.some((e) => e.code === 'LOGIN_FAILED') ? '' : field));
}

/** A refusal saying the registration is not confirmed yet: the login then offers to mail the link again. */
function notConfirmed(errors: readonly ShopErrorData[] | null): boolean {
  return !!errors?.some((error) => error.code === 'ACCOUNT_NOT_CONFIRMED');
}

/**
 * /login (SPEC §2): email and password; after the login the local wishlist is merged into the server's
 * (SPEC §4) and the browser loads `redirectTo` — the page that sent the shopper here, or the account. An account
 * whose registration link was not opened yet is told so, with a button that mails the link again (`resent`: the
 * page's `?resent=1` after that button was posted without scripts).
 */
export function LoginForm({ redirectTo, redirect, resent = false }: { redirectTo: string; redirect: string | null; resent?: boolean }) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  // Without scripts the form posts to the server (server/formPosts.ts); a refusal comes back here (ADR 0023).
  const posted = usePostedForm<LoginValues>('login', { email: '', password: '' });
  const refused = refusalOf(posted.errors, t('errors.unavailable'));
  // as the enhanced submit: the password when the refusal names no field
  const refusedField = posted.posted ? (refusedFieldOf(posted.posted, LOGIN_FIELDS, refused.byField) ?? 'password') : undefined;
  const [values, setValues] = useState<LoginValues>(posted.values);
  const [problems, setProblems] = useState<AccountProblems>(posted.problems as AccountProblems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(refused.byField);
  const [alert, setAlert] = useState<string[]>(refused.general);
  const [leaving, setLeaving] = useState(false);
  // the address of the account waiting for its confirmation, for the resend button
  const resendPosted = useResendPosted();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(notConfirmed(posted.errors) || resendPosted || resent ? posted.values.email.trim() : null);
  const messageOf = useAccountMessages(problems, serverErrors);
  const mergeLocalWishlist = useMergeLocalWishlist();
  const [login, sending] = useShopMutation<LoginFormMutation>(graphql`
    mutation LoginFormMutation($input: LoginInput!) {
      login(input: $input) {
        viewer {
          id
          loggedIn
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || leaving) return;
    const found = checkLoginForm(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length > 0) {
      focusField(firstProblemField(LOGIN_FIELDS, found));
      return;
    }
    const response = await login({ input: { email: values.email.trim(), password: values.password } });
    const errors = response ? response.login.errors : null;
    if (errors === null || errors.length > 0) {
      const { byField, general } = refusalOf(errors, t('errors.unavailable'));
      setServerErrors(byField);
      setAlert(general);
      setUnconfirmedEmail(notConfirmed(errors) ? values.email.trim() : null);
      // the password is never kept after a refusal
      setValues((current) => ({ ...current, password: '' }));
      focusField(firstProblemField(LOGIN_FIELDS, byField) ?? 'password');
      return;
    }
    setLeaving(true);
    await mergeLocalWishlist();
    // A whole page load: every part of the page (header, cart, account) reads the new session.
    window.location.assign(redirectTo);
  };

  return (
    <>
      <form
        className={styles.form}
        method="post"
        action={localizedPath('/login', locale) + (redirect ? `?redirect=${encodeURIComponent(redirect)}` : '')}
        data-form="login"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="login-title"
      >
        <PostedFormFields form="login" posted={posted.posted} />
        <CheckoutAlert messages={alert} />
        <RefusalFocus field={refusedField}>
          <LoginFields fields={{ email: 'email', password: 'password' }} labels={{ email: t('fields.email'), password: t('fields.password') }} values={values} onChange={setValues} messageOf={messageOf} />
        </RefusalFocus>
        <button type="submit" className={styles.primaryButton} disabled={sending || leaving} aria-busy={sending || leaving || undefined} data-testid="login-submit">
          {t('login.submit')}
        </button>
        <p className={styles.links}>
          <a href={localizedPath('/reset-password', locale)}>{t('login.forgot')}</a>
        </p>
      </form>
      {unconfirmedEmail !== null ? <ResendConfirmationForm key={unconfirmedEmail} email={unconfirmedEmail} resentBefore={resent} /> : null}
    </>
  );
}
