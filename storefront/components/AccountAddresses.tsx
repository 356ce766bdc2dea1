import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { useShopMutation } from '../checkout/useShopMutation';
import { ADDRESS_FIELD_ORDER, ADDRESS_PREFIX, addressErrorField, checkAccountAddress, type AccountProblems } from '../forms/accountForms';
import { addressInput, addressValuesOf, emptyAddress, firstProblemField, type AddressValues } from '../forms/checkoutForms';
import type { AccountAddresses_countries$key } from './__generated__/AccountAddresses_countries.graphql';
import type { AccountAddresses_customer$key } from './__generated__/AccountAddresses_customer.graphql';
import type { AccountAddressesCreateMutation } from './__generated__/AccountAddressesCreateMutation.graphql';
import type { AccountAddressesDeleteMutation } from './__generated__/AccountAddressesDeleteMutation.graphql';
import type { AccountAddressesSetDefaultMutation } from './__generated__/AccountAddressesSetDefaultMutation.graphql';
import type { AccountAddressesUpdateMutation } from './__generated__/AccountAddressesUpdateMutation.graphql';
import type { AddressForm_salutations$key } from './__generated__/AddressForm_salutations.graphql';
import { sortShopErrors, useAccountMessages } from './AccountFormParts';
import { AddressForm } from './AddressForm';
import { AddressView } from './AddressView';
import { CheckoutAlert, focusField } from './CheckoutField';
import { useNotifications } from './Notifications';
import styles from './AccountForms.module.css';

interface AccountAddressesProps {
  customer: AccountAddresses_customer$key;
  countries: AccountAddresses_countries$key;
  salutations: AddressForm_salutations$key;
  /** reads the page again after a change */
  refresh: () => Promise<void>;
}

type Editing = null | { kind: 'new' } | { kind: 'edit'; addressId: string };

/** /account/address (SPEC §2): the address book — list, add, edit, delete, default billing and shipping. */
export function AccountAddresses({ customer: customerKey, countries: countriesKey, salutations, refresh }: AccountAddressesProps) {
  const { t } = useTranslation('account');
  const { notify } = useNotifications();
  const customer = useFragment(
    graphql`
      fragment AccountAddresses_customer on Customer {
        addresses {
          id
          ...AddressForm_values @relay(mask: false)
          ...AddressView_address
        }
        defaultBillingAddress {
          id
        }
        defaultShippingAddress {
          id
        }
      }
    `,
    customerKey,
  );
  const countries = useFragment(
    graphql`
      fragment AccountAddresses_countries on Country @relay(plural: true) {
        id
        iso
        ...AddressForm_countries
      }
    `,
    countriesKey,
  );
  const defaultCountryId = countries.find((country) => country.iso === 'CH')?.id ?? countries[0]?.id ?? '';
  const [editing, setEditing] = useState<Editing>(null);
  const [values, setValues] = useState<AddressValues>(() => emptyAddress(defaultCountryId));
  const [problems, setProblems] = useState<AccountProblems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formAlert, setFormAlert] = useState<string[]>([]);
  const [listAlert, setListAlert] = useState<string[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const messageOf = useAccountMessages(problems, serverErrors);
  const unavailable = t('errors.unavailable');

  const [create, creating] = useShopMutation<AccountAddressesCreateMutation>(graphql`
    mutation AccountAddressesCreateMutation($input: AddressInput!) {
      createAddress(input: $input) {
        address {
          id
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [update, updating] = useShopMutation<AccountAddressesUpdateMutation>(graphql`
    mutation AccountAddressesUpdateMutation($input: UpdateAddressInput!) {
      updateAddress(input: $input) {
        address {
          id
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [remove, removing] = useShopMutation<AccountAddressesDeleteMutation>(graphql`
    mutation AccountAddressesDeleteMutation($input: DeleteAddressInput!) {
      deleteAddress(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [setDefault, settingDefault] = useShopMutation<AccountAddressesSetDefaultMutation>(graphql`
    mutation AccountAddressesSetDefaultMutation($input: SetDefaultAddressInput!) {
      setDefaultAddress(input: $input) {
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const busy = creating || updating || removing || settingDefault;

  const open = (next: Editing) => {
    const address = next?.kind === 'edit' ? customer.addresses.find((candidate) => candidate.id === next.addressId) : undefined;
    setValues(address ? addressValuesOf(address) : emptyAddress(defaultCountryId));
    setProblems({});
    setServerErrors({});
    setFormAlert([]);
    setListAlert([]);
    setEditing(next);
    // the form's first field takes the keyboard
    setTimeout(() => focusField(`${ADDRESS_PREFIX}.salutationId`), 0);
  };
  const close = () => {
    setEditing(null);
    setTimeout(() => addButton.current?.focus(), 0);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !editing) return;
    const found = checkAccountAddress(values);
    setProblems(found);
    setServerErrors({});
    setFormAlert([]);
    if (Object.keys(found).length > 0) return focusField(firstProblemField(ADDRESS_FIELD_ORDER, found));
    const input = addressInput(values);
    const errors =
      editing.kind === 'new'
        ? ((await create({ input }))?.createAddress.errors ?? null)
        : ((await update({ input: { addressId: editing.addressId, address: input } }))?.updateAddress.errors ?? null);
    if (errors === null || errors.length > 0) {
      const { byField, general } = sortShopErrors(errors, ADDRESS_FIELD_ORDER, unavailable, addressErrorField);
      setServerErrors(byField);
      setFormAlert(general);
      focusField(firstProblemField(ADDRESS_FIELD_ORDER, byField));
      return;
    }
    notify({ type: 'success', message: t(editing.kind === 'new' ? 'address.created' : 'address.updated') });
    await refresh();
    close();
  };

  const listAction = async (run: () => Promise<readonly { message: string }[] | null>, success: string) => {
    if (busy) return;
    setListAlert([]);
    const errors = await run();
    if (errors === null) return setListAlert([unavailable]);
    if (errors.length > 0) return setListAlert([...new Set(errors.map((error) => error.message))]);
    notify({ type: 'success', message: success });
    await refresh();
  };

  const deleteAddress = (addressId: string) => {
    if (!window.confirm(t('address.deleteConfirm'))) return;
    void listAction(async () => (await remove({ input: { addressId } }))?.deleteAddress.errors ?? null, t('address.deleted'));
  };
  const makeDefault = (addressId: string, kind: 'BILLING' | 'SHIPPING') =>
    void listAction(async () => (await setDefault({ input: { addressId, kind } }))?.setDefaultAddress.errors ?? null, t(kind === 'BILLING' ? 'address.defaultBillingSet' : 'address.defaultShippingSet'));

  return (
    <section className={styles.page} aria-labelledby="account-address-title">
      <h1 id="account-address-title">{t('address.title')}</h1>
      <p className={styles.intro}>{t('address.intro')}</p>
      <CheckoutAlert messages={listAlert} />
      {customer.addresses.length === 0 ? <p>{t('address.empty')}</p> : null}
      <ul className={styles.cards} data-testid="address-list">
        {customer.addresses.map((address) => {
          const name = `${address.firstName} ${address.lastName}`;
          const isBilling = customer.defaultBillingAddress?.id === address.id;
          const isShipping = customer.defaultShippingAddress?.id === address.id;
          return (
            <li key={address.id} className={styles.card} data-testid="address-card">
              <AddressView address={address} />
              {isBilling || isShipping ? (
                <ul className={styles.badges}>
                  {isBilling ? <li className={styles.badge}>{t('address.isDefaultBilling')}</li> : null}
                  {isShipping ? <li className={styles.badge}>{t('address.isDefaultShipping')}</li> : null}
                </ul>
              ) : null}
              <div className={styles.actions}>
                <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => open({ kind: 'edit', addressId: address.id })} aria-label={t('address.editNamed', { name })}>
                  {t('address.edit')}
                </button>
                {!isBilling && !isShipping ? (
                  <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => deleteAddress(address.id)} aria-label={t('address.deleteNamed', { name })}>
                    {t('address.delete')}
                  </button>
                ) : null}
              </div>
              <div className={styles.actions}>
                {!isBilling ? (
                  <button type="button" className={styles.linkButton} disabled={busy} onClick={() => makeDefault(address.id, 'BILLING')}>
                    {t('address.makeDefaultBilling')}
                  </button>
                ) : null}
                {!isShipping ? (
                  <button type="button" className={styles.linkButton} disabled={busy} onClick={() => makeDefault(address.id, 'SHIPPING')}>
                    {t('address.makeDefaultShipping')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {editing ? (
        <form className={styles.form} method="post" noValidate onSubmit={(event) => void save(event)} aria-labelledby="account-address-form-title" data-testid="address-form">
          <h2 id="account-address-form-title">{t(editing.kind === 'new' ? 'address.formNew' : 'address.formEdit')}</h2>
          <CheckoutAlert messages={formAlert} />
          <AddressForm prefix={ADDRESS_PREFIX} legend={t('address.legend')} values={values} onChange={setValues} messageOf={messageOf} countries={countries} salutations={salutations} />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={busy} aria-busy={creating || updating || undefined}>
              {t('address.save')}
            </button>
            <button type="button" className={styles.secondaryButton} onClick={close}>
              {t('address.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button ref={addButton} type="button" className={styles.primaryButton} onClick={() => open({ kind: 'new' })}>
          {t('address.add')}
        </button>
      )}
    </section>
  );
}
