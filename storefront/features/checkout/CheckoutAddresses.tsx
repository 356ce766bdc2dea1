import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { unavailableError, useShopMutation } from '../../platform/relay/useShopMutation';
import { addressFieldPaths, addressValuesOf, checkAddress, emptyAddress, firstProblemField, splitShopErrors, type AddressValues, type FieldProblems } from '../../forms/checkoutForms';
import { AddressForm, AddressView, type AddressForm_countries$key, type AddressForm_salutations$key } from '../account';
import type { CheckoutAddresses_checkout$data, CheckoutAddresses_checkout$key } from './__generated__/CheckoutAddresses_checkout.graphql';
import type { CheckoutAddressesMutation } from './__generated__/CheckoutAddressesMutation.graphql';
import { ADDRESSES_PARAMETER, addressChoice, addressesOf, CHECKOUT_FORM, emptyAddressFields, type ShownAddress } from './checkoutPosts';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { usePageContext } from 'vike-react/usePageContext';
import { DifferentShippingAddress, InPlaceButton } from './CheckoutChoiceForm';
import { CheckboxField, CheckoutAlert, focusField, useFieldMessages } from '../../ui/CheckoutField';
import styles from './CheckoutSteps.module.css';

type StoredAddress = NonNullable<CheckoutAddresses_checkout$data['billingAddress']>;

const FIELD_ORDER = [...addressFieldPaths('billingAddress'), ...addressFieldPaths('shippingAddress')];

function valuesOf(address: StoredAddress | null | undefined, countryId: string): AddressValues {
  return address ? addressValuesOf(address) : emptyAddress(countryId);
}

/** A stored address as the form shows it. */
function shownOf(address: StoredAddress | null | undefined): ShownAddress | null {
  return address ? { id: address.id, values: addressValuesOf(address) } : null;
}

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
  // the stored addresses the form shows: chosen by their ids while left as they were
  const shownBilling = shownOf(billingAddress);
  const shownShipping = separateShipping ? shownOf(shippingAddress) : null;
  const { locale, urlParsed } = usePageContext();
  const checkoutPath = localizedPath('/checkout', locale);
  // Without scripts "change" opens the form by its address (?addresses=edit) and the form posts to the checkout
  // (server/forms/checkout.ts); a refusal comes back here with what was typed (ADR 0023).
  const posted = usePostedForm(
    CHECKOUT_FORM.addresses,
    emptyAddressFields(valuesOf(billingAddress, defaultCountryId), valuesOf(separateShipping ? shippingAddress : null, defaultCountryId), separateShipping),
  );
  const [first] = useState(() => ({ ...addressesOf(posted.values), refusal: posted.errors === null ? { byField: {}, general: [unavailableMessage] } : splitShopErrors(posted.errors, new Set(FIELD_ORDER)) }));
  const [editing, setEditing] = useState(posted.posted !== null || urlParsed.search[ADDRESSES_PARAMETER] === 'edit');
  const [billing, setBilling] = useState(first.billing);
  const [shipping, setShipping] = useState(first.shipping);
  const [differentShipping, setDifferentShipping] = useState(first.differentShipping);
  const [problems, setProblems] = useState<FieldProblems>(posted.problems as FieldProblems);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(first.refusal.byField);
  const [alert, setAlert] = useState<string[]>(first.refusal.general);
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
    const billingChoice = addressChoice(billing, shownBilling);
    const shippingChoice = differentShipping ? addressChoice(shipping, shownShipping) : null;
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
        <InPlaceButton href={`${checkoutPath}?${ADDRESSES_PARAMETER}=edit`} className={styles.secondaryButton} onOpen={startEditing}>
          {t('address.change')}
        </InPlaceButton>
      </div>
    );
  }
  return (
    <form
      className={styles.form}
      method="post"
      action={checkoutPath}
      data-form={CHECKOUT_FORM.addresses}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('address.change')}
    >
      <PostedFormFields form={CHECKOUT_FORM.addresses} posted={posted.posted} />
      <CheckoutAlert messages={alert} />
      <AddressForm prefix="billingAddress" legend={t('address.billingLegend')} shown={shownBilling} values={billing} onChange={setBilling} messageOf={messageOf} countries={countries} salutations={salutations} />
      <CheckboxField field="differentShippingAddress" checked={differentShipping} onChange={setDifferentShipping}>
        {t('address.differentShipping')}
      </CheckboxField>
      <DifferentShippingAddress ticked={differentShipping}>
        <AddressForm prefix="shippingAddress" legend={t('address.shippingLegend')} shown={shownShipping} values={shipping} onChange={setShipping} messageOf={messageOf} countries={countries} salutations={salutations} />
      </DifferentShippingAddress>
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={sending} aria-busy={sending || undefined}>
          {t('address.save')}
        </button>
        <InPlaceButton href={checkoutPath} className={styles.secondaryButton} onOpen={() => setEditing(false)}>
          {t('address.cancel')}
        </InPlaceButton>
      </div>
    </form>
  );
}
