import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { ACCOUNT_FORMS, ADDRESS_DELETE_PARAMETER, ADDRESS_EDIT_NEW, ADDRESS_EDIT_PARAMETER, ADDRESS_ID_FIELD, addressFieldsOf, addressOfFields } from './accountAreaForms';
import { ADDRESS_FIELD_ORDER, ADDRESS_PREFIX, addressErrorField, checkAccountAddress, type AccountProblems } from './accountForms';
import { addressInput, addressValuesOf, emptyAddress, firstProblemField, type AddressValues, type ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import type { AccountAddresses_countries$key } from './__generated__/AccountAddresses_countries.graphql';
import type { AccountAddresses_customer$key } from './__generated__/AccountAddresses_customer.graphql';
import type { AccountAddressesCreateMutation } from './__generated__/AccountAddressesCreateMutation.graphql';
import type { AccountAddressesDeleteMutation } from './__generated__/AccountAddressesDeleteMutation.graphql';
import type { AccountAddressesSetDefaultMutation } from './__generated__/AccountAddressesSetDefaultMutation.graphql';
import type { AccountAddressesUpdateMutation } from './__generated__/AccountAddressesUpdateMutation.graphql';
import type { AddressForm_salutations$key } from './__generated__/AddressForm_salutations.graphql';
import { refusalShown } from '../../forms/refusalShown';
import { useAccountMessages } from './AccountFormParts';
import { AddressForm } from './AddressForm';
import { AddressView } from './AddressView';
import { CheckoutAlert, focusField } from '../../ui/CheckoutField';
import { useNotifications } from '../../shell/Notifications';
import styles from './AccountForms.module.css';

interface AccountAddressesProps {
  customer: AccountAddresses_customer$key;
  countries: AccountAddresses_countries$key;
  salutations: AddressForm_salutations$key;
  /** reads the page again after a change */
  refresh: () => Promise<void>;
}

type Editing = null | { kind: 'new' } | { kind: 'edit'; addressId: string };

/** The address form a page address opens (?edit=new, ?edit=<id>): links that work without scripts. */
function editingOf(value: string | undefined, addressIds: readonly string[]): Editing {
  if (value === ADDRESS_EDIT_NEW) return { kind: 'new' };
  return value && addressIds.includes(value) ? { kind: 'edit', addressId: value } : null;
}

/** The address's form's name and the page address that opens it (its action, so a refusal opens it again). */
function formOf(editing: Exclude<Editing, null>, path: string) {
  const edit = editing.kind === 'new' ? ADDRESS_EDIT_NEW : editing.addressId;
  return { form: editing.kind === 'new' ? ACCOUNT_FORMS.addressCreate : ACCOUNT_FORMS.addressUpdate, href: `${path}?${ADDRESS_EDIT_PARAMETER}=${encodeURIComponent(edit)}` };
}

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
  const { locale, urlParsed } = usePageContext();
  const path = localizedPath('/account/address', locale);
  const addressOf = (addressId: string) => customer.addresses.find((candidate) => candidate.id === addressId);
  const [editing, setEditing] = useState<Editing>(() => editingOf(urlParsed.search[ADDRESS_EDIT_PARAMETER], customer.addresses.map((address) => address.id)));
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(() => urlParsed.search[ADDRESS_DELETE_PARAMETER] ?? null);
  // Without scripts the forms post to the server (server/forms/account.ts); a refusal comes back here (ADR 0023).
  const firstAddress = () => {
    const address = editing?.kind === 'edit' ? addressOf(editing.addressId) : undefined;
    return { ...addressFieldsOf(address ? addressValuesOf(address) : emptyAddress(defaultCountryId)), [ADDRESS_ID_FIELD]: editing?.kind === 'edit' ? editing.addressId : '' };
  };
  const postedAddress = usePostedForm<Record<string, string>>(editing?.kind === 'edit' ? ACCOUNT_FORMS.addressUpdate : ACCOUNT_FORMS.addressCreate, firstAddress());
  const noAddress = { [ADDRESS_ID_FIELD]: '' };
  const postedButtons = [
    { form: ACCOUNT_FORMS.addressDelete, state: usePostedForm<Record<string, string>>(ACCOUNT_FORMS.addressDelete, noAddress) },
    { form: ACCOUNT_FORMS.defaultBilling, state: usePostedForm<Record<string, string>>(ACCOUNT_FORMS.defaultBilling, noAddress) },
    { form: ACCOUNT_FORMS.defaultShipping, state: usePostedForm<Record<string, string>>(ACCOUNT_FORMS.defaultShipping, noAddress) },
  ];
  const postedButton = postedButtons.find((button) => button.state.posted);
  const [values, setValues] = useState<AddressValues>(() => addressOfFields(postedAddress.values));
  const [problems, setProblems] = useState<AccountProblems>(postedAddress.problems as AccountProblems);
  const [firstRefusal] = useState(() => refusalOf(postedAddress.posted ? postedAddress.posted.errors : [], t('errors.unavailable')));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(firstRefusal.byField);
  const [formAlert, setFormAlert] = useState<string[]>(firstRefusal.general);
  const [listAlert, setListAlert] = useState<string[]>(() => (postedButton ? buttonRefusal(postedButton.state.posted!, t('errors.unavailable')) : []));
  const addButton = useRef<HTMLAnchorElement>(null);
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

  const open = (next: Editing, event?: MouseEvent) => {
    // with scripts the link opens the form in place
    event?.preventDefault();
    if (busy) return;
    const address = next?.kind === 'edit' ? addressOf(next.addressId) : undefined;
    setValues(address ? addressValuesOf(address) : emptyAddress(defaultCountryId));
    setProblems({});
    setServerErrors({});
    setFormAlert([]);
    setListAlert([]);
    setEditing(next);
    // the form's first field takes the keyboard
    setTimeout(() => focusField(`${ADDRESS_PREFIX}.salutationId`), 0);
  };
  const close = (event?: MouseEvent) => {
    event?.preventDefault();
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
      const { byField, general } = refusalOf(errors, unavailable);
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

  const removeAddress = (addressId: string) => {
    setConfirmingDelete(null);
    void listAction(async () => (await remove({ input: { addressId } }))?.deleteAddress.errors ?? null, t('address.deleted'));
  };
  /** With scripts the link asks in a dialog; without them it opens the page asking the same (?delete=<id>). */
  const deleteAddress = (addressId: string, event: MouseEvent) => {
    event.preventDefault();
    if (!busy && window.confirm(t('address.deleteConfirm'))) removeAddress(addressId);
  };
  const keepAddress = (event: MouseEvent) => {
    event.preventDefault();
    setConfirmingDelete(null);
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
                <a
                  data-vike="false"
                  className={styles.secondaryButton}
                  href={formOf({ kind: 'edit', addressId: address.id }, path).href}
                  onClick={(event) => open({ kind: 'edit', addressId: address.id }, event)}
                  aria-label={t('address.editNamed', { name })}
                >
                  {t('address.edit')}
                </a>
                {!isBilling && !isShipping && confirmingDelete !== address.id ? (
                  <a data-vike="false" className={styles.secondaryButton} href={`${path}?${ADDRESS_DELETE_PARAMETER}=${encodeURIComponent(address.id)}`} onClick={(event) => deleteAddress(address.id, event)} aria-label={t('address.deleteNamed', { name })}>
                    {t('address.delete')}
                  </a>
                ) : null}
              </div>
              {!isBilling && !isShipping && confirmingDelete === address.id ? (
                // The question the enhanced button asks in a dialog, as a page of its own without scripts.
                <div className={styles.actions} role="group" aria-label={t('address.deleteConfirm')}>
                  <p>{t('address.deleteConfirm')}</p>
                  <AddressButton form={ACCOUNT_FORMS.addressDelete} action={path} addressId={address.id} posted={postedButton} onSubmit={() => removeAddress(address.id)}>
                    <button type="submit" className={styles.secondaryButton} disabled={busy} aria-label={t('address.deleteNamed', { name })}>
                      {t('address.delete')}
                    </button>
                  </AddressButton>
                  <a data-vike="false" className={styles.secondaryButton} href={path} onClick={(event) => keepAddress(event)}>
                    {t('address.cancel')}
                  </a>
                </div>
              ) : null}
              <div className={styles.actions}>
                {!isBilling ? (
                  <AddressButton form={ACCOUNT_FORMS.defaultBilling} action={path} addressId={address.id} posted={postedButton} onSubmit={() => makeDefault(address.id, 'BILLING')}>
                    <button type="submit" className={styles.linkButton} disabled={busy}>
                      {t('address.makeDefaultBilling')}
                    </button>
                  </AddressButton>
                ) : null}
                {!isShipping ? (
                  <AddressButton form={ACCOUNT_FORMS.defaultShipping} action={path} addressId={address.id} posted={postedButton} onSubmit={() => makeDefault(address.id, 'SHIPPING')}>
                    <button type="submit" className={styles.linkButton} disabled={busy}>
                      {t('address.makeDefaultShipping')}
                    </button>
                  </AddressButton>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {editing ? (
        <form
          className={styles.form}
          method="post"
          action={formOf(editing, path).href}
          data-form={formOf(editing, path).form}
          noValidate
          onSubmit={(event) => void save(event)}
          aria-labelledby="account-address-form-title"
          data-testid="address-form"
        >
          <h2 id="account-address-form-title">{t(editing.kind === 'new' ? 'address.formNew' : 'address.formEdit')}</h2>
          <PostedFormFields form={formOf(editing, path).form} posted={postedAddress.posted} />
          {editing.kind === 'edit' ? <input type="hidden" name={ADDRESS_ID_FIELD} value={editing.addressId} /> : null}
          <CheckoutAlert messages={formAlert} />
          <AddressForm prefix={ADDRESS_PREFIX} legend={t('address.legend')} values={values} onChange={setValues} messageOf={messageOf} countries={countries} salutations={salutations} />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={busy} aria-busy={creating || updating || undefined}>
              {t('address.save')}
            </button>
            <a data-vike="false" className={styles.secondaryButton} href={path} onClick={close}>
              {t('address.cancel')}
            </a>
          </div>
        </form>
      ) : (
        <a data-vike="false" ref={addButton} className={styles.primaryButton} href={formOf({ kind: 'new' }, path).href} onClick={(event) => open({ kind: 'new' }, event)}>
          {t('address.add')}
        </a>
      )}
    </section>
  );
}

/** The gateway's refusal of the address form: beside its fields (either mutation's names), the rest in the alert box. */
function refusalOf(errors: readonly ShopErrorData[] | null, unavailable: string) {
  return refusalShown(errors, ADDRESS_FIELD_ORDER, unavailable, addressErrorField);
}

/** What an address button's refused post shows above the list, as the enhanced buttons do. */
function buttonRefusal(posted: { problems: Record<string, string>; errors: readonly ShopErrorData[] | null }, unavailable: string): string[] {
  if (posted.errors === null || Object.keys(posted.problems).length > 0) return [unavailable];
  return [...new Set(posted.errors.map((error) => error.message))];
}

/**
 * One address's button as a one-button kit form (delete, default billing or shipping): it posts the address's id;
 * with scripts `onSubmit` does the same in place. The refused post's answer travels in the form it came from.
 */
function AddressButton({
  form,
  action,
  addressId,
  posted,
  onSubmit,
  children,
}: {
  form: string;
  action: string;
  addressId: string;
  posted: { form: string; state: { posted: { values: Record<string, string>; problems: Record<string, string>; errors: ShopErrorData[] | null } | null } } | undefined;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const answer = posted?.form === form && posted.state.posted?.values[ADDRESS_ID_FIELD] === addressId ? posted.state.posted : null;
  return (
    <form
      className={styles.inlineForm}
      method="post"
      action={action}
      data-form={form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PostedFormFields form={form} posted={answer} />
      <input type="hidden" name={ADDRESS_ID_FIELD} value={addressId} />
      {children}
    </form>
  );
}
