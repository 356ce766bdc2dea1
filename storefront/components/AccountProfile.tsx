import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { useShopMutation } from '../checkout/useShopMutation';
import { checkChangeEmail, checkChangePassword, checkProfile, profileInput, type AccountProblems, type ChangeEmailValues, type ProfileValues } from '../forms/accountForms';
import { firstProblemField, type ShopErrorData } from '../forms/checkoutForms';
import type { AccountProfile_customer$key } from './__generated__/AccountProfile_customer.graphql';
import type { AccountProfile_salutations$key } from './__generated__/AccountProfile_salutations.graphql';
import type { AccountProfileEmailMutation } from './__generated__/AccountProfileEmailMutation.graphql';
import type { AccountProfilePasswordMutation } from './__generated__/AccountProfilePasswordMutation.graphql';
import type { AccountProfileSaveMutation } from './__generated__/AccountProfileSaveMutation.graphql';
import { sortShopErrors, useAccountMessages } from './AccountFormParts';
import { CheckoutAlert, focusField, SelectField, TextField } from './CheckoutField';
import { useNotifications } from './Notifications';
import { PasswordFields } from './PasswordFields';
import styles from './AccountForms.module.css';

interface AccountProfileProps {
  customer: AccountProfile_customer$key;
  salutations: AccountProfile_salutations$key;
  refresh: () => Promise<void>;
}

/**
 * The state of one of the profile's forms: what the browser found, what the gateway said. Fields carry the
 * form's prefix ("changeEmail.password"): three forms on one page, each field found by its own name.
 */
function useFormState(prefix: string) {
  const [problems, setProblems] = useState<AccountProblems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const messageOf = useAccountMessages(problems, serverErrors);
  const { t } = useTranslation('account');
  const named = (field: string) => (prefix ? `${prefix}.${field}` : field);
  /** false when the browser refused the values (the keyboard goes to the first problem) */
  const checked = (found: AccountProblems, order: readonly string[]) => {
    const prefixed: AccountProblems = {};
    for (const [field, problem] of Object.entries(found)) prefixed[named(field)] = problem;
    setProblems(prefixed);
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length === 0) return true;
    focusField(named(firstProblemField(order, found) ?? ''));
    return false;
  };
  /** true when the gateway accepted the change */
  const answered = (errors: readonly ShopErrorData[] | null, order: readonly string[]) => {
    if (errors !== null && errors.length === 0) return true;
    const { byField, general } = sortShopErrors(errors, order.map(named), t('errors.unavailable'), named);
    setServerErrors(byField);
    setAlert(general);
    focusField(firstProblemField(order.map(named), byField));
    return false;
  };
  return { messageOf, alert, checked, answered, named };
}

const PROFILE_FIELDS = ['salutationId', 'title', 'firstName', 'lastName', 'birthday'];
const EMAIL_FIELDS = ['email', 'emailConfirmation', 'password'];
const PASSWORD_FIELDS = ['password', 'newPassword', 'newPasswordConfirm'];

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
  const [profile, setProfile] = useState<ProfileValues>(() => ({
    salutationId: customer.salutationId ?? '',
    title: customer.title ?? '',
    firstName: customer.firstName,
    lastName: customer.lastName,
    birthday: customer.birthday ?? '',
  }));
  const profileForm = useFormState('');
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
    if (savingProfile || !profileForm.checked(checkProfile(profile), PROFILE_FIELDS)) return;
    const response = await saveProfile({ input: profileInput(profile) });
    if (!profileForm.answered(response?.changeProfile.errors ?? null, PROFILE_FIELDS)) return;
    notify({ type: 'success', message: t('profile.saved') });
    await refresh();
  };

  // ---- email
  const [email, setEmail] = useState<ChangeEmailValues>({ email: '', emailConfirmation: '', password: '' });
  const emailForm = useFormState('changeEmail');
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
    if (savingEmail || !emailForm.checked(checkChangeEmail(email), EMAIL_FIELDS)) return;
    const response = await saveEmail({ input: { email: email.email.trim(), emailConfirmation: email.emailConfirmation.trim(), password: email.password } });
    const accepted = emailForm.answered(response?.changeEmail.errors ?? null, EMAIL_FIELDS);
    setEmail((current) => ({ ...(accepted ? { email: '', emailConfirmation: '' } : current), password: '' }));
    if (!accepted) return;
    notify({ type: 'success', message: t('profile.emailSaved') });
    await refresh();
  };

  // ---- password
  const [password, setPassword] = useState({ password: '', newPassword: '', newPasswordConfirm: '' });
  const passwordForm = useFormState('changePassword');
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
    if (savingPassword || !passwordForm.checked(checkChangePassword(password), PASSWORD_FIELDS)) return;
    const response = await savePassword({ input: password });
    const accepted = passwordForm.answered(response?.changePassword.errors ?? null, PASSWORD_FIELDS);
    // passwords are never kept in the form after sending
    setPassword({ password: '', newPassword: '', newPasswordConfirm: '' });
    if (accepted) notify({ type: 'success', message: t('profile.passwordSaved') });
  };

  return (
    <section className={styles.page} aria-labelledby="account-profile-title">
      <h1 id="account-profile-title">{t('profile.title')}</h1>

      <form className={styles.form} method="post" noValidate onSubmit={(event) => void submitProfile(event)} aria-labelledby="profile-personal-title" data-testid="profile-form">
        <h2 id="profile-personal-title">{t('profile.personalTitle')}</h2>
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

      <form className={styles.form} method="post" noValidate onSubmit={(event) => void submitEmail(event)} aria-labelledby="profile-email-title" data-testid="email-form">
        <h2 id="profile-email-title">{t('profile.emailTitle')}</h2>
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

      <form className={styles.form} method="post" noValidate onSubmit={(event) => void submitPassword(event)} aria-labelledby="profile-password-title" data-testid="password-form">
        <h2 id="profile-password-title">{t('profile.passwordTitle')}</h2>
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
