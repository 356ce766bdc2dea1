import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { unavailableError, useShopMutation } from '../../platform/relay/useShopMutation';
import { registerErrorField, AddressForm, LoginFields, PasswordFields, type AddressForm_countries$key, type AddressForm_salutations$key } from '../account';
import {
  addressFieldPaths,
  checkLogin,
  checkRegistration,
  firstProblemField,
  registerInput,
  splitShopErrors,
  type FieldProblems,
  type IdentityMode,
  type RegistrationValues,
  type ShopErrorData,
} from '../../forms/checkoutForms';
import { CHECKOUT_FORM, emptyRegistrationFields, IDENTITY_PARAMETER, identityModeOf, registrationOf } from './checkoutPosts';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import { useMergeLocalWishlist } from '../wishlist';
import type { CheckoutIdentity_viewer$key } from './__generated__/CheckoutIdentity_viewer.graphql';
import type { CheckoutIdentityLoginMutation } from './__generated__/CheckoutIdentityLoginMutation.graphql';
import type { CheckoutIdentityLogoutMutation } from './__generated__/CheckoutIdentityLogoutMutation.graphql';
import type { CheckoutIdentityRegisterMutation } from './__generated__/CheckoutIdentityRegisterMutation.graphql';
import { DifferentShippingAddress, useHydrated } from './CheckoutChoiceForm';
import { CheckboxField, CheckoutAlert, focusField, TextField, useFieldMessages } from '../../ui/CheckoutField';
import styles from './CheckoutSteps.module.css';

const REGISTRATION_FIELD_ORDER = [
  'email',
  'password',
  'passwordConfirmation',
  ...addressFieldPaths('billingAddress'),
  ...addressFieldPaths('shippingAddress'),
  'acceptedDataProtection',
];
const LOGIN_FIELDS = ['login.email', 'login.password'];

/**
 * The gateway's refusal of a login or registration, by field: it names login fields without the form's prefix
 * ("email"), and the customer's own name fields without the billing address the form takes them from.
 */
function identityRefusal(errors: readonly ShopErrorData[], mode: IdentityMode) {
  const mapped = errors.map((error) => {
    if (!error.field) return error;
    if (mode === 'login') return error.field.startsWith('login.') ? error : { ...error, field: `login.${error.field}` };
    return { ...error, field: registerErrorField(error.field) };
  });
  return splitShopErrors(mapped, new Set(mode === 'login' ? LOGIN_FIELDS : REGISTRATION_FIELD_ORDER));
}

interface CheckoutIdentityProps {
  viewer: CheckoutIdentity_viewer$key | null;
  countries: AddressForm_countries$key;
  salutations: AddressForm_salutations$key;
  /** Switzerland: the address forms' preselected country */
  defaultCountryId: string;
  /** reads the checkout again after the session changed */
  onChanged: () => Promise<void>;
  /** the generic message for a Store API failure */
  unavailableMessage: string;
}

/**
 * Step 1 (SPEC §4 Checkout: login, or a guest or create-account choice). Once the session has a customer
 * (logged in, guest, or a new account still waiting for its confirmation link) it shows who orders.
 */
export function CheckoutIdentity({ viewer: viewerKey, countries, salutations, defaultCountryId, onChanged, unavailableMessage }: CheckoutIdentityProps) {
  const { t } = useTranslation('checkout');
  const { locale } = usePageContext();
  const viewer = useFragment(
    graphql`
      fragment CheckoutIdentity_viewer on Customer {
        email
        firstName
        lastName
        guest
        active
        loggedIn
      }
    `,
    viewerKey,
  );
  const [logout, loggingOut] = useShopMutation<CheckoutIdentityLogoutMutation>(graphql`
    mutation CheckoutIdentityLogoutMutation {
      logout {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [alert, setAlert] = useState<string[]>([]);

  if (viewer) {
    const name = `${viewer.firstName} ${viewer.lastName}`;
    const change = async (event: FormEvent) => {
      event.preventDefault();
      if (loggingOut) return;
      const response = await logout({});
      const errors = response?.logout.errors ?? [{ message: unavailableMessage }];
      setAlert(errors.map((error) => error.message));
      if (errors.length === 0) await onChanged();
    };
    return (
      <div className={styles.identity} data-testid="checkout-identity">
        <CheckoutAlert messages={alert} />
        <p>
          {viewer.loggedIn
            ? t('identity.loggedInAs', { name, email: viewer.email })
            : viewer.guest
              ? t('identity.guestAs', { name, email: viewer.email })
              : t('identity.awaitingConfirmation', { name, email: viewer.email })}
        </p>
        <form method="post" action={localizedPath('/checkout', locale)} data-form={CHECKOUT_FORM.logout} onSubmit={(event) => void change(event)}>
          <PostedFormFields form={CHECKOUT_FORM.logout} posted={null} />
          <button type="submit" className={styles.secondaryButton} disabled={loggingOut}>
            {viewer.loggedIn ? t('identity.logout') : t('identity.change')}
          </button>
        </form>
      </div>
    );
  }
  return <IdentityChoice countries={countries} salutations={salutations} defaultCountryId={defaultCountryId} onChanged={onChanged} unavailableMessage={unavailableMessage} />;
}

function IdentityChoice({ countries, salutations, defaultCountryId, onChanged, unavailableMessage }: Omit<CheckoutIdentityProps, 'viewer'>) {
  const { t } = useTranslation('checkout');
  const { locale, urlParsed } = usePageContext();
  const hydrated = useHydrated();
  const checkoutPath = localizedPath('/checkout', locale);
  // Without scripts each form posts to the checkout (server/forms/checkout.ts); a refusal comes back here, in the
  // form it came from. Else the form asked for by the choice's GET form (?identity=…), else the guest's.
  const postedLogin = usePostedForm(CHECKOUT_FORM.login, { 'login.email': '', 'login.password': '' });
  const postedRegistration = usePostedForm(CHECKOUT_FORM.registration, emptyRegistrationFields(defaultCountryId, identityModeOf(urlParsed.search[IDENTITY_PARAMETER]) === 'register' ? 'register' : 'guest'));
  const [first] = useState(() => {
    const posted = postedLogin.posted ? postedLogin : postedRegistration.posted ? postedRegistration : null;
    const mode: IdentityMode = postedLogin.posted ? 'login' : postedRegistration.posted ? (postedRegistration.values.mode === 'register' ? 'register' : 'guest') : (identityModeOf(urlParsed.search[IDENTITY_PARAMETER]) ?? 'guest');
    const refusal = posted?.errors === null ? { byField: {}, general: [unavailableMessage] } : identityRefusal(posted?.errors ?? [], mode);
    return { mode, problems: (posted?.problems ?? {}) as FieldProblems, refusal };
  });
  const [mode, setMode] = useState<IdentityMode>(first.mode);
  // Everything typed stays in this state whatever the gateway answers: a failure never empties the form.
  const [login, setLogin] = useState({ email: postedLogin.values['login.email'], password: postedLogin.values['login.password'] });
  const [registration, setRegistration] = useState<RegistrationValues>(() => registrationOf(postedRegistration.values));
  const [problems, setProblems] = useState<FieldProblems>(first.problems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(first.refusal.byField);
  const [alert, setAlert] = useState<string[]>(first.refusal.general);
  const messageOf = useFieldMessages(problems, serverErrors);
  // SPEC §4: after a login the browser's local wishlist moves to the customer's server wishlist.
  const mergeLocalWishlist = useMergeLocalWishlist();

  const [runLogin, loggingIn] = useShopMutation<CheckoutIdentityLoginMutation>(graphql`
    mutation CheckoutIdentityLoginMutation($input: LoginInput!) {
      login(input: $input) {
        viewer {
          id
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [runRegister, registering] = useShopMutation<CheckoutIdentityRegisterMutation>(graphql`
    mutation CheckoutIdentityRegisterMutation($input: RegisterInput!) {
      register(input: $input) {
        viewer {
          id
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const sending = loggingIn || registering;

  const showErrors = (errors: readonly ShopErrorData[], fields: readonly string[]) => {
    const { byField, general } = identityRefusal(errors, mode);
    setServerErrors(byField);
    setAlert(general);
    focusField(firstProblemField(fields, byField));
  };

  const submitLogin = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkLogin(login.email, login.password);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length > 0) {
      focusField(firstProblemField(LOGIN_FIELDS, found));
      return;
    }
    const response = await runLogin({ input: { email: login.email.trim(), password: login.password } });
    const errors = response ? response.login.errors : [unavailableError(unavailableMessage)];
    if (errors.length > 0) return showErrors(errors, LOGIN_FIELDS);
    await mergeLocalWishlist();
    await onChanged();
  };

  const submitRegistration = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || mode === 'login') return;
    const found = checkRegistration(registration, mode);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length > 0) {
      focusField(firstProblemField(REGISTRATION_FIELD_ORDER, found));
      return;
    }
    const response = await runRegister({ input: registerInput(registration, mode) });
    const errors = response ? response.register.errors : [unavailableError(unavailableMessage)];
    if (errors.length > 0) return showErrors(errors, REGISTRATION_FIELD_ORDER);
    await onChanged();
  };

  const choose = (next: IdentityMode) => {
    setMode(next);
    setProblems({});
    setServerErrors({});
    setAlert([]);
  };
  const setValue = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => setRegistration((current) => ({ ...current, [key]: value }));

  return (
    <div className={styles.identity}>
      {/* Hydrated, a choice shows its form at once; before, the button asks the server for the page with it. */}
      <form method="get" action={checkoutPath} onSubmit={(event) => event.preventDefault()}>
        <fieldset className={styles.choice}>
          <legend className={styles.choiceLegend}>{t('identity.question')}</legend>
          {(['login', 'guest', 'register'] as const).map((option) => (
            <label key={option} className={styles.choiceOption}>
              <input type="radio" name={IDENTITY_PARAMETER} value={option} checked={mode === option} onChange={() => choose(option)} />
              <span>{t(`identity.mode.${option}`)}</span>
            </label>
          ))}
        </fieldset>
        {hydrated ? null : (
          <button type="submit" className={styles.secondaryButton}>
            {t('identity.modeApply')}
          </button>
        )}
      </form>
      <CheckoutAlert messages={alert} />
      {mode === 'login' ? (
        <form
          className={styles.form}
          method="post"
          action={checkoutPath}
          data-form={CHECKOUT_FORM.login}
          noValidate
          onSubmit={(event) => void submitLogin(event)}
          aria-label={t('identity.mode.login')}
        >
          <PostedFormFields form={CHECKOUT_FORM.login} posted={postedLogin.posted} />
          <div className={styles.twoColumns}>
            <LoginFields
              fields={{ email: 'login.email', password: 'login.password' }}
              labels={{ email: t('identity.email'), password: t('identity.password') }}
              values={login}
              onChange={setLogin}
              messageOf={(field) => messageOf(field, '')}
            />
          </div>
          <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
            {t('identity.loginSubmit')}
          </button>
        </form>
      ) : (
        <form
          className={styles.form}
          method="post"
          action={checkoutPath}
          data-form={CHECKOUT_FORM.registration}
          noValidate
          onSubmit={(event) => void submitRegistration(event)}
          aria-label={t(`identity.mode.${mode}`)}
        >
          <PostedFormFields form={CHECKOUT_FORM.registration} posted={postedRegistration.posted} />
          <input type="hidden" name="mode" value={mode} />
          {mode === 'register' ? <p className={styles.note}>{t('identity.registerNote')}</p> : null}
          <div className={styles.twoColumns}>
            <TextField
              field="email"
              label={t('identity.email')}
              type="email"
              autoComplete="email"
              required
              value={registration.email}
              onChange={(email) => setValue('email', email)}
              message={messageOf('email', t('identity.email'))}
            />
          </div>
          {mode === 'register' ? (
            <PasswordFields
              fields={{ password: 'password', confirmation: 'passwordConfirmation' }}
              labels={{ password: t('identity.password'), confirmation: t('identity.passwordConfirmation') }}
              values={{ password: registration.password, confirmation: registration.passwordConfirmation }}
              onChange={({ password, confirmation }) => {
                setValue('password', password);
                setValue('passwordConfirmation', confirmation);
              }}
              messageOf={(field) => messageOf(field, '')}
            />
          ) : null}
          <AddressForm
            prefix="billingAddress"
            legend={t('address.billingLegend')}
            values={registration.billingAddress}
            onChange={(address) => setValue('billingAddress', address)}
            messageOf={messageOf}
            countries={countries}
            salutations={salutations}
          />
          <CheckboxField field="differentShippingAddress" checked={registration.differentShippingAddress} onChange={(checked) => setValue('differentShippingAddress', checked)}>
            {t('address.differentShipping')}
          </CheckboxField>
          <DifferentShippingAddress ticked={registration.differentShippingAddress}>
            <AddressForm
              prefix="shippingAddress"
              legend={t('address.shippingLegend')}
              values={registration.shippingAddress}
              onChange={(address) => setValue('shippingAddress', address)}
              messageOf={messageOf}
              countries={countries}
              salutations={salutations}
            />
          </DifferentShippingAddress>
          <CheckboxField
            field="acceptedDataProtection"
            required
            checked={registration.acceptedDataProtection}
            onChange={(checked) => setValue('acceptedDataProtection', checked)}
            message={messageOf('acceptedDataProtection', t('identity.dataProtectionField'))}
          >
            <Trans t={t} i18nKey="identity.dataProtection" components={{ privacy: <a href={contentPagePath('privacy', locale)} target="_blank" rel="noopener" /> }} />
          </CheckboxField>
          <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
            {t(mode === 'register' ? 'identity.registerSubmit' : 'identity.guestSubmit')}
          </button>
        </form>
      )}
    </div>
  );
}
