import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import {
  checkRegisterForm,
  CUSTOMER_GROUP_REGISTRATION_FORM,
  groupRegistrationInput,
  REGISTER_FIELD_ORDER,
  registerAccountInput,
  registerErrorField,
  registerFormOf,
  type AccountProblems,
  type RegisterFormValues,
} from './accountForms';
import { firstProblemField } from '../../forms/checkoutForms';
import { PostedFormFields, RefusalFocus, refusedFieldOf, usePostedForm } from '../../forms/postedForm';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import type { RegisterForm_query$key } from './__generated__/RegisterForm_query.graphql';
import type { RegisterFormMutation } from './__generated__/RegisterFormMutation.graphql';
import { refusalShown } from '../../forms/refusalShown';
import { useAccountMessages } from './AccountFormParts';
import { AddressForm } from './AddressForm';
import { CheckboxField, CheckoutAlert, focusField, TextField } from '../../ui/CheckoutField';
import { PasswordFields } from './PasswordFields';
import styles from './AccountForms.module.css';

/**
 * /register (SPEC §2, §4 Registration): access data, the billing address with the customer's
 * salutation and names, the data protection consent. The account stays inactive until the link mailed to
 * the customer is opened (double opt-in): the page then says to check the mail. `registered`: '' after the form was
 * posted without scripts (the page's `?registered=1`: the mail went to the address given, which no URL carries).
 * `customerGroup`: on a customer group's registration page, the account requests that group and the form posts there.
 */
export function RegisterForm({
  query,
  registered,
  customerGroup = null,
}: {
  query: RegisterForm_query$key;
  registered: string | null;
  customerGroup?: { customerGroupId: string; path: string } | null;
}) {
  const { t } = useTranslation('account');
  const { locale } = usePageContext();
  const data = useFragment(
    graphql`
      fragment RegisterForm_query on Query @argumentDefinitions(locale: { type: "Locale!" }) {
        countries(locale: $locale) {
          id
          iso
          ...AddressForm_countries
        }
        salutations(locale: $locale) {
          ...AddressForm_salutations
        }
      }
    `,
    query,
  );
  const defaultCountryId = data.countries.find((country) => country.iso === 'CH')?.id ?? data.countries[0]?.id ?? '';
  // Without scripts the form posts to the server (server/formPosts.ts); a refusal comes back here with every field
  // but the passwords (ADR 0023). The fields by name, as the form's controls are named.
  const formName = customerGroup ? CUSTOMER_GROUP_REGISTRATION_FORM : 'register';
  const posted = usePostedForm<Record<string, string>>(
    formName,
    Object.fromEntries(REGISTER_FIELD_ORDER.map((field) => [field, field === 'billingAddress.countryId' ? defaultCountryId : ''])),
  );
  const [first] = useState(() =>
    posted.errors === null || posted.errors.length > 0 ? refusalShown(posted.errors, REGISTER_FIELD_ORDER, t('errors.unavailable'), registerErrorField) : { byField: {}, general: [] },
  );
  const [values, setValues] = useState<RegisterFormValues>(() => registerFormOf(posted.values));
  const [problems, setProblems] = useState<AccountProblems>(posted.problems as AccountProblems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(first.byField);
  const [alert, setAlert] = useState<string[]>(first.general);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(registered);
  const messageOf = useAccountMessages(problems, serverErrors);
  const [register, sending] = useShopMutation<RegisterFormMutation>(graphql`
    mutation RegisterFormMutation($input: RegisterInput!) {
      register(input: $input) {
        viewer {
          id
          email
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const set = <K extends keyof RegisterFormValues>(key: K, value: RegisterFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = checkRegisterForm(values);
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length > 0) {
      focusField(firstProblemField(REGISTER_FIELD_ORDER, found));
      return;
    }
    const response = await register({ input: customerGroup ? groupRegistrationInput(values, customerGroup.customerGroupId) : registerAccountInput(values) });
    const errors = response ? response.register.errors : null;
    if (errors === null || errors.length > 0) {
      const { byField, general } = refusalShown(errors, REGISTER_FIELD_ORDER, t('errors.unavailable'), registerErrorField);
      setServerErrors(byField);
      setAlert(general);
      focusField(firstProblemField(REGISTER_FIELD_ORDER, byField));
      return;
    }
    setRegisteredEmail(values.email.trim());
  };

  if (registeredEmail !== null) {
    return (
      <div className={styles.success} role="status" data-testid="register-success" tabIndex={-1} ref={(element) => element?.focus()}>
        <h2>{t('register.successTitle')}</h2>
        <p>{registeredEmail ? t('register.successText', { email: registeredEmail }) : t('register.successTextToGivenAddress')}</p>
        {customerGroup ? <p>{t('groupRegistration.requested')}</p> : null}
      </div>
    );
  }

  return (
    <form
      className={styles.form}
      method="post"
      action={customerGroup?.path ?? localizedPath('/register', locale)}
      data-form={formName}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="register-title"
    >
      <PostedFormFields form={formName} posted={posted.posted} />
      <CheckoutAlert messages={alert} />
      <RefusalFocus field={refusedFieldOf(posted.posted, REGISTER_FIELD_ORDER, first.byField)}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('register.access')}</legend>
          <TextField
            field="email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(email) => set('email', email)}
            message={messageOf('email')}
          />
          <PasswordFields
            fields={{ password: 'password', confirmation: 'passwordConfirmation' }}
            labels={{ password: t('fields.password'), confirmation: t('fields.passwordConfirmation') }}
            values={{ password: values.password, confirmation: values.passwordConfirmation }}
            onChange={({ password, confirmation }) => setValues((current) => ({ ...current, password, passwordConfirmation: confirmation }))}
            messageOf={messageOf}
          />
        </fieldset>
        <AddressForm
          prefix="billingAddress"
          legend={t('register.billingLegend')}
          values={values.billingAddress}
          onChange={(address) => set('billingAddress', address)}
          messageOf={messageOf}
          countries={data.countries}
          salutations={data.salutations}
        />
        <CheckboxField
          field="acceptedDataProtection"
          required
          checked={values.acceptedDataProtection}
          onChange={(checked) => set('acceptedDataProtection', checked)}
          message={messageOf('acceptedDataProtection')}
        >
          <Trans t={t} i18nKey="register.dataProtection" components={{ privacy: <a href={contentPagePath('privacy', locale)} target="_blank" rel="noopener" /> }} />
        </CheckboxField>
      </RefusalFocus>
      <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined} data-testid="register-submit">
        {t('register.submit')}
      </button>
      <p className={styles.links}>
        <span>{t('register.haveAccount')}</span> <a href={localizedPath('/login', locale)}>{t('register.toLogin')}</a>
      </p>
    </form>
  );
}
