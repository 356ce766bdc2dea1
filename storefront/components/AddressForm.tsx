import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../i18n/useTranslation';
import type { AddressValues } from '../forms/checkoutForms';
import type { AddressForm_countries$key } from './__generated__/AddressForm_countries.graphql';
import type { AddressForm_salutations$key } from './__generated__/AddressForm_salutations.graphql';
import { SelectField, TextField } from './CheckoutField';
import styles from './AddressForm.module.css';

/** The fields an address form edits, as the gateway answers them (spread unmasked; see addressValuesOf). */
export const addressValuesFields = graphql`
  fragment AddressForm_values on Address {
    salutationId
    firstName
    lastName
    company
    street
    zipcode
    city
    countryId
    phoneNumber
  }
`;

interface AddressFormProps {
  /** the address's field path prefix: "billingAddress" or "shippingAddress" */
  prefix: string;
  legend: string;
  values: AddressValues;
  onChange: (values: AddressValues) => void;
  /** the message beside a field (see useFieldMessages) */
  messageOf: (field: string, label: string) => string | undefined;
  countries: AddressForm_countries$key;
  salutations: AddressForm_salutations$key;
}

/** One postal address (SPEC §3 Address) with the SPEC §5 checks shown beside each field. */
export function AddressForm({ prefix, legend, values, onChange, messageOf, countries: countriesKey, salutations: salutationsKey }: AddressFormProps) {
  const { t } = useTranslation('checkout');
  const countries = useFragment(
    graphql`
      fragment AddressForm_countries on Country @relay(plural: true) {
        id
        name
      }
    `,
    countriesKey,
  );
  const salutations = useFragment(
    graphql`
      fragment AddressForm_salutations on Salutation @relay(plural: true) {
        id
        key
        displayName
      }
    `,
    salutationsKey,
  );
  const set = (name: keyof AddressValues) => (value: string) => onChange({ ...values, [name]: value });
  const text = (name: keyof AddressValues, options: { required?: boolean; autoComplete: string; type?: string; inputMode?: 'numeric' | 'tel'; maxLength?: number }) => {
    const field = `${prefix}.${name}`;
    const label = t(`address.${name}`);
    return (
      <TextField
        field={field}
        label={label}
        value={values[name]}
        onChange={set(name)}
        message={messageOf(field, label)}
        required={options.required}
        autoComplete={options.autoComplete}
        type={options.type}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
      />
    );
  };
  // The browser's autofill keeps billing and shipping apart by these section names.
  const section = prefix === 'shippingAddress' ? 'section-shipping shipping' : 'section-billing billing';
  return (
    <fieldset className={styles.address}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.grid}>
        <SelectField
          field={`${prefix}.salutationId`}
          label={t('address.salutationId')}
          value={values.salutationId}
          onChange={set('salutationId')}
          placeholder={t('address.salutationNone')}
          // "not specified" is the empty choice already (no salutation sent).
          options={salutations.filter((salutation) => salutation.key !== 'not_specified').map((salutation) => ({ value: salutation.id, label: salutation.displayName }))}
          autoComplete={`${section} honorific-prefix`}
        />
        {text('company', { autoComplete: `${section} organization` })}
        {text('firstName', { required: true, autoComplete: `${section} given-name` })}
        {text('lastName', { required: true, autoComplete: `${section} family-name` })}
        <div className={styles.wide}>{text('street', { required: true, autoComplete: `${section} address-line1` })}</div>
        {text('zipcode', { required: true, autoComplete: `${section} postal-code`, inputMode: 'numeric' })}
        {text('city', { required: true, autoComplete: `${section} address-level2` })}
        <SelectField
          field={`${prefix}.countryId`}
          label={t('address.countryId')}
          value={values.countryId}
          onChange={set('countryId')}
          required
          message={messageOf(`${prefix}.countryId`, t('address.countryId'))}
          options={countries.map((country) => ({ value: country.id, label: country.name }))}
          placeholder={values.countryId ? undefined : t('address.countryNone')}
          autoComplete={`${section} country`}
        />
        {text('phoneNumber', { autoComplete: `${section} tel`, type: 'tel', inputMode: 'tel' })}
      </div>
    </fieldset>
  );
}
