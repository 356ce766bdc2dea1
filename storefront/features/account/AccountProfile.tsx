import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { usePageContext } from 'vike-react/usePageContext';
import { ACCOUNT_FORMS, EMAIL_FIELDS, EMAIL_PREFIX, PASSWORD_FIELDS, PASSWORD_PREFIX, prefixed, prefixedProblems, PROFILE_FIELDS } from './accountAreaForms';
import { checkChangeEmail, checkChangePassword, checkProfile, profileInput, type AccountProblems } from './accountForms';
import { firstProblemField, type ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import type { AccountProfile_customer$key } from './__generated__/AccountProfile_customer.graphql';
import type { AccountProfile_salutations$key } from './__generated__/AccountProfile_salutations.graphql';
import type { AccountProfileEmailMutation } from './__generated__/AccountProfileEmailMutation.graphql';
import type { AccountProfilePasswordMutation } from './__generated__/AccountProfilePasswordMutation.graphql';
import type { AccountProfileSaveMutation } from './__generated__/AccountProfileSaveMutation.graphql';
import { refusalShown } from '../../forms/refusalShown';
import { useAccountMessages } from './AccountFormParts';
import { CheckoutAlert, focusField, SelectField, TextField } from '../../ui/CheckoutField';
import { useNotifications } from '../../shell/Notifications';
import { PasswordFields } from './PasswordFields';
import styles from './AccountForms.module.css';

interface AccountProfileProps {
  customer: AccountProfile_customer$key;
  salutations: AccountProfile_salutations$key;
  refresh: () => Promise<void>;
}

/**
 * The state of one of the profile's kit forms (ADR 0023): what the browser found, what the gateway said — first what
 * a refused post without scripts answered. Fields carry the form's prefix ("changeEmail.password"): three forms on one
 * page, each field found by its own name.
 */
function useFormState<K extends string>(form: string, prefix: string, names: readonly K[], empty: Record<K, string>) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  const named = (field: string) => prefixed(prefix, field);
  const order = names.map(named);
  const posted = usePostedForm(form, Object.fromEntries(names.map((name) => [named(name), empty[name]])) as Record<string, string>);
  const [first] = useState(() =>
    posted.errors === null || posted.errors.length > 0 ? refusalShown(posted.errors, order, t('errors.unavailable'), named) : { byField: {}, general: [] },
  );
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, posted.values[named(name)] ?? ''])) as Record<K, string>);
  const [problems, setProblems] = useState<AccountProblems>(posted.problems as AccountProblems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(first.byField);
  const [alert, setAlert] = useState<string[]>(first.general);
  const messageOf = useAccountMessages(problems, serverErrors);
  /** false when the browser refused the values (the keyboard goes to the first problem) */
  const checked = (found: AccountProblems) => {
    setProblems(prefixedProblems(prefix, found));
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length === 0) return true;
    focusField(named(firstProblemField(names, found) ?? ''));
    return false;
  };
  /** true when the gateway accepted the change */
  const answered = (errors: readonly ShopErrorData[] | null) => {
    if (errors !== null && errors.length === 0) return true;
    const { byField, general } = refusalShown(errors, order, t('errors.unavailable'), named);
    setServerErrors(byField);
    setAlert(general);
    focusField(firstProblemField(order, byField));
    return false;
  };
  /** the form element's kit attributes: a real post to the profile page, handled by the server without scripts */
  const formProps = { method: 'post', action: localizedPath('/account/profile', locale), 'data-form': form } as const;
  return { values, setValues, messageOf, alert, checked, answered, named, posted: posted.posted, formProps };
}


/** /account/profile (SPEC §2): personal data, change email, change password. */
export function AccountProfile({ customer: customerKey, salutations: salutationsKey, refresh }: AccountProfileProps) {
  const { t } = useTranslation('account');
  const { notify } = useNotifications();
  const customer = useFragment(
    graphql`
      fragment AccountProfile_customer on Customer {
        email
        salutationId
        title
        firstName
        lastName
        birthday
      }
    `,
    customerKey,
  );
  const salutations = useFragment(
    graphql`
      fragment AccountProfile_salutations on Salutation @relay(plural: true) {
        id
        key
        displayName
      }
    `,
    salutationsKey,
  );

  // ---- personal data
  const profileForm = useFormState(ACCOUNT_FORMS.profile, '', PROFILE_FIELDS, {
    salutationId: customer.salutationId ?? '',
    title: customer.title ?? '',
    firstName: customer.firstName,
    lastName: customer.lastName,
    birthday: customer.birthday ?? '',
  });
  const profile = profileForm.values;
  const setProfile = profileForm.setValues;
  const [saveProfile, savingProfile] = useShopMutation<AccountProfileSaveMutation>(graphql`
    mutation AccountProfileSaveMutation($input: ChangeProfileInput!) {
      changeProfile(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const submitProfile = async (event: FormEvent) => {
    event.preventDefault();
    if (savingProfile || !profileForm.checked(checkProfile(profile))) return;
    const response = await saveProfile({ input: profileInput(profile) });
    if (!profileForm.answered(response?.changeProfile.errors ?? null)) return;
    notify({ type: 'success', message: t('profile.saved') });
    await refresh();
  };

  // ---- email
  const emailForm = useFormState(ACCOUNT_FORMS.email, EMAIL_PREFIX, EMAIL_FIELDS, { email: '', emailConfirmation: '', password: '' });
  const email = emailForm.values;
  const setEmail = emailForm.setValues;
  const [saveEmail, savingEmail] = useShopMutation<AccountProfileEmailMutation>(graphql`
    mutation AccountProfileEmailMutation($input: ChangeEmailInput!) {
      changeEmail(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (savingEmail || !emailForm.checked(checkChangeEmail(email))) return;
    const response = await saveEmail({ input: { email: email.email.trim(), emailConfirmation: email.emailConfirmation.trim(), password: email.password } });
    const accepted = emailForm.answered(response?.changeEmail.errors ?? null);
    setEmail((current) => ({ ...(accepted ? { email: '', emailConfirmation: '' } : current), password: '' }));
    if (!accepted) return;
    notify({ type: 'success', message: t('profile.emailSaved') });
    await refresh();
  };

  // ---- password
  const passwordForm = useFormState(ACCOUNT_FORMS.password, PASSWORD_PREFIX, PASSWORD_FIELDS, { password: '', newPassword: '', newPasswordConfirm: '' });
  const password = passwordForm.values;
  const setPassword = passwordForm.setValues;
  const [savePassword, savingPassword] = useShopMutation<AccountProfilePasswordMutation>(graphql`
    mutation AccountProfilePasswordMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (savingPassword || !passwordForm.checked(checkChangePassword(password))) return;
    const response = await savePassword({ input: password });
    const accepted = passwordForm.answered(response?.changePassword.errors ?? null);
    // passwords are never kept in the form after sending
    setPassword({ password: '', newPassword: '', newPasswordConfirm: '' });
    if (accepted) notify({ type: 'success', message: t('profile.passwordSaved') });
  };

  return (
    <section className={styles.page} aria-labelledby="account-profile-title">
      <h1 id="account-profile-title">{t('profile.title')}</h1>

      <form className={styles.form} {...profileForm.formProps} noValidate onSubmit={(event) => void submitProfile(event)} aria-labelledby="profile-personal-title" data-testid="profile-form">
        <h2 id="profile-personal-title">{t('profile.personalTitle')}</h2>
        <PostedFormFields form={ACCOUNT_FORMS.profile} posted={profileForm.posted} />
        <CheckoutAlert messages={profileForm.alert} />
        <div className={styles.twoColumns}>
          <SelectField
            field="salutationId"
            label={t('fields.salutation')}
            value={profile.salutationId}
            onChange={(salutationId) => setProfile((current) => ({ ...current, salutationId }))}
            placeholder={t('fields.salutationNone')}
            options={salutations.filter((salutation) => salutation.key !== 'not_specified').map((salutation) => ({ value: salutation.id, label: salutation.displayName }))}
            message={profileForm.messageOf('salutationId')}
            autoComplete="honorific-prefix"
          />
          <TextField field="title" label={t('fields.title')} value={profile.title} onChange={(title) => setProfile((current) => ({ ...current, title }))} message={profileForm.messageOf('title')} maxLength={100} />
          <TextField
            field="firstName"
            label={t('fields.firstName')}
            required
            autoComplete="given-name"
            value={profile.firstName}
            onChange={(firstName) => setProfile((current) => ({ ...current, firstName }))}
            message={profileForm.messageOf('firstName')}
          />
          <TextField
            field="lastName"
            label={t('fields.lastName')}
            required
            autoComplete="family-name"
            value={profile.lastName}
            onChange={(lastName) => setProfile((current) => ({ ...current, lastName }))}
            message={profileForm.messageOf('lastName')}
          />
          <TextField
            field="birthday"
            label={t('fields.birthday')}
            type="date"
            autoComplete="bday"
            value={profile.birthday}
            onChange={(birthday) => setProfile((current) => ({ ...current, birthday }))}
            message={profileForm.messageOf('birthday')}
          />
        </div>
        <button type="submit" className={styles.primaryButton} disabled={savingProfile} aria-busy={savingProfile || undefined}>
          {t('profile.save')}
        </button>
      </form>

      <form className={styles.form} {...emailForm.formProps} noValidate onSubmit={(event) => void submitEmail(event)} aria-labelledby="profile-email-title" data-testid="email-form">
        <h2 id="profile-email-title">{t('profile.emailTitle')}</h2>
        <PostedFormFields form={ACCOUNT_FORMS.email} posted={emailForm.posted} />
        <p className={styles.intro}>{t('profile.emailCurrent', { email: customer.email })}</p>
        <CheckoutAlert messages={emailForm.alert} />
        <div className={styles.twoColumns}>
          <TextField field={emailForm.named('email')} label={t('fields.newEmail')} type="email" autoComplete="email" required value={email.email} onChange={(value) => setEmail((current) => ({ ...current, email: value }))} message={emailForm.messageOf(emailForm.named('email'))} />
          <TextField
            field={emailForm.named('emailConfirmation')}
            label={t('fields.emailConfirmation')}
            type="email"
            autoComplete="email"
            required
            value={email.emailConfirmation}
            onChange={(value) => setEmail((current) => ({ ...current, emailConfirmation: value }))}
            message={emailForm.messageOf(emailForm.named('emailConfirmation'))}
          />
        </div>
        <TextField
          field={emailForm.named('password')}
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={email.password}
          onChange={(value) => setEmail((current) => ({ ...current, password: value }))}
          message={emailForm.messageOf(emailForm.named('password'))}
        />
        <button type="submit" className={styles.primaryButton} disabled={savingEmail} aria-busy={savingEmail || undefined}>
          {t('profile.emailSave')}
        </button>
      </form>

      <form className={styles.form} {...passwordForm.formProps} noValidate onSubmit={(event) => void submitPassword(event)} aria-labelledby="profile-password-title" data-testid="password-form">
        <h2 id="profile-password-title">{t('profile.passwordTitle')}</h2>
        <PostedFormFields form={ACCOUNT_FORMS.password} posted={passwordForm.posted} />
        <CheckoutAlert messages={passwordForm.alert} />
        <TextField
          field={passwordForm.named('password')}
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={password.password}
          onChange={(value) => setPassword((current) => ({ ...current, password: value }))}
          message={passwordForm.messageOf(passwordForm.named('password'))}
        />
        <PasswordFields
          fields={{ password: passwordForm.named('newPassword'), confirmation: passwordForm.named('newPasswordConfirm') }}
          labels={{ password: t('fields.newPassword'), confirmation: t('fields.newPasswordConfirm') }}
          values={{ password: password.newPassword, confirmation: password.newPasswordConfirm }}
          onChange={({ password: newPassword, confirmation }) => setPassword((current) => ({ ...current, newPassword, newPasswordConfirm: confirmation }))}
          messageOf={passwordForm.messageOf}
        />
        <button type="submit" className={styles.primaryButton} disabled={savingPassword} aria-busy={savingPassword || undefined}>
          {t('profile.passwordSave')}
        </button>
      </form>
    </section>
  );
}
