import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { shownAddressFields, type ShownAddress } from '../checkout';
import { type AddressValues } from '../../forms/checkoutForms';
import type { AddressForm_countries$key } from './__generated__/AddressForm_countries.graphql';
import type { AddressForm_salutations$key } from './__generated__/AddressForm_salutations.graphql';
import { SelectField, TextField } from '../../ui/CheckoutField';
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
  /**
   * the stored address the form was opened with (the checkout's): named in hidden fields as the form shows it, so a
   * post without scripts chooses it by its id while it is left as it was (addressChoice)
   */
  shown?: ShownAddress | null;
}

/** One postal address (SPEC §3 Address) with the SPEC §5 checks shown beside each field. */
export function AddressForm({ prefix, legend, values, onChange, messageOf, countries: countriesKey, salutations: salutationsKey, shown }: AddressFormProps) {
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
  // "not specified" is the empty choice already (no salutation sent).
  const salutationOptions = salutations.filter((salutation) => salutation.key !== 'not_specified').map((salutation) => ({ value: salutation.id, label: salutation.displayName }));
  // what the form posts for the stored address when nothing is changed: a salutation it has no option for is the empty one
  const shownAsPosted = shown && { id: shown.id, values: { ...shown.values, salutationId: salutationOptions.some((option) => option.value === shown.values.salutationId) ? shown.values.salutationId : '' } };
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
      {shownAddressFields(prefix, shownAsPosted ?? null).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.grid}>
        <SelectField
          field={`${prefix}.salutationId`}
          label={t('address.salutationId')}
          value={values.salutationId}
          onChange={set('salutationId')}
          placeholder={t('address.salutationNone')}
          options={salutationOptions}
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
