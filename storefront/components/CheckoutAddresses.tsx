import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { unavailableError, useShopMutation } from '../checkout/useShopMutation';
import { addressFieldPaths, addressInput, addressValuesOf, checkAddress, emptyAddress, firstProblemField, splitShopErrors, type AddressValues, type FieldProblems } from '../forms/checkoutForms';
import type { AddressForm_countries$key } from './__generated__/AddressForm_countries.graphql';
import type { AddressForm_salutations$key } from './__generated__/AddressForm_salutations.graphql';
import type { CheckoutAddresses_checkout$data, CheckoutAddresses_checkout$key } from './__generated__/CheckoutAddresses_checkout.graphql';
import type { CheckoutAddressesMutation } from './__generated__/CheckoutAddressesMutation.graphql';
import { AddressForm } from './AddressForm';
import { AddressView } from './AddressView';
import { CheckboxField, CheckoutAlert, focusField, useFieldMessages } from './CheckoutField';
import styles from './CheckoutSteps.module.css';

type StoredAddress = NonNullable<CheckoutAddresses_checkout$data['billingAddress']>;

const FIELD_ORDER = [...addressFieldPaths('billingAddress'), ...addressFieldPaths('shippingAddress')];

function valuesOf(address: StoredAddress | null | undefined, countryId: string): AddressValues {
  return address ? addressValuesOf(address) : emptyAddress(countryId);
}

const sameValues = (a: AddressValues, b: AddressValues) => JSON.stringify(a) === JSON.stringify(b);

interface CheckoutAddressesProps {
  checkout: CheckoutAddresses_checkout$key;
  countries: AddressForm_countries$key;
  salutations: AddressForm_salutations$key;
  defaultCountryId: string;
  onChanged: () => Promise<void>;
  unavailableMessage: string;
}

/** The billing and shipping address of the order, and a form to change them (setAddresses). */
export function CheckoutAddresses({ checkout: checkoutKey, countries, salutations, defaultCountryId, onChanged, unavailableMessage }: CheckoutAddressesProps) {
  const { t } = useTranslation('checkout');
  const checkout = useFragment(
    graphql`
      fragment CheckoutAddresses_checkout on Checkout {
        billingAddress {
          id
          ...AddressForm_values @relay(mask: false)
          ...AddressView_address
        }
        shippingAddress {
          id
          ...AddressForm_values @relay(mask: false)
          ...AddressView_address
        }
      }
    `,
    checkoutKey,
  );
  const { billingAddress, shippingAddress } = checkout;
  const separateShipping = !!shippingAddress && !!billingAddress && shippingAddress.id !== billingAddress.id;
  const [editing, setEditing] = useState(false);
  const [billing, setBilling] = useState(() => valuesOf(billingAddress, defaultCountryId));
  const [shipping, setShipping] = useState(() => valuesOf(separateShipping ? shippingAddress : null, defaultCountryId));
  const [differentShipping, setDifferentShipping] = useState(separateShipping);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const messageOf = useFieldMessages(problems, serverErrors);
  const [setAddresses, sending] = useShopMutation<CheckoutAddressesMutation>(graphql`
    mutation CheckoutAddressesMutation($input: SetAddressesInput!) {
      setAddresses(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);

  const startEditing = () => {
    setBilling(valuesOf(billingAddress, defaultCountryId));
    setShipping(valuesOf(separateShipping ? shippingAddress : null, defaultCountryId));
    setDifferentShipping(separateShipping);
    setProblems({});
    setServerErrors({});
    setAlert([]);
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = { ...checkAddress(billing, 'billingAddress'), ...(differentShipping ? checkAddress(shipping, 'shippingAddress') : {}) };
    setProblems(found);
    setServerErrors({});
    setAlert([]);
    if (Object.keys(found).length > 0) {
      focusField(firstProblemField(FIELD_ORDER, found));
      return;
    }
    // An address left as it was is chosen by its id: no copy of it is made.
    const billingChoice = billingAddress && sameValues(billing, valuesOf(billingAddress, defaultCountryId)) ? { addressId: billingAddress.id } : { address: addressInput(billing) };
    const shippingChoice = !differentShipping
      ? null
      : separateShipping && shippingAddress && sameValues(shipping, valuesOf(shippingAddress, defaultCountryId))
        ? { addressId: shippingAddress.id }
        : { address: addressInput(shipping) };
    const response = await setAddresses({ input: { billing: billingChoice, shipping: shippingChoice } });
    const errors = response ? response.setAddresses.errors : [unavailableError(unavailableMessage)];
    if (errors.length > 0) {
      const { byField, general } = splitShopErrors(errors, new Set(FIELD_ORDER));
      setServerErrors(byField);
      setAlert(general);
      focusField(firstProblemField(FIELD_ORDER, byField));
      return;
    }
    setEditing(false);
    await onChanged();
  };

  if (!editing) {
    return (
      <div className={styles.addresses}>
        <div className={styles.addressCards}>
          <div>
            <h3 className={styles.subheading}>{t('address.billingLegend')}</h3>
            {billingAddress ? <AddressView address={billingAddress} /> : <p>{t('address.none')}</p>}
          </div>
          <div>
            <h3 className={styles.subheading}>{t('address.shippingLegend')}</h3>
            {separateShipping && shippingAddress ? <AddressView address={shippingAddress} /> : <p>{t('address.sameAsBilling')}</p>}
          </div>
        </div>
        <button type="button" className={styles.secondaryButton} onClick={startEditing}>
          {t('address.change')}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.form} method="post" noValidate onSubmit={(event) => void submit(event)} aria-label={t('address.change')}>
      <CheckoutAlert messages={alert} />
      <AddressForm prefix="billingAddress" legend={t('address.billingLegend')} values={billing} onChange={setBilling} messageOf={messageOf} countries={countries} salutations={salutations} />
      <CheckboxField field="differentShippingAddress" checked={differentShipping} onChange={setDifferentShipping}>
        {t('address.differentShipping')}
      </CheckboxField>
      {differentShipping ? (
        <AddressForm prefix="shippingAddress" legend={t('address.shippingLegend')} values={shipping} onChange={setShipping} messageOf={messageOf} countries={countries} salutations={salutations} />
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
          {t('address.save')}
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => setEditing(false)}>
          {t('address.cancel')}
        </button>
      </div>
    </form>
  );
}
