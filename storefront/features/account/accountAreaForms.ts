import { isShopwareId } from '../../platform/relay/shopwareId';
import { ADDRESS_FIELD_ORDER, ADDRESS_PREFIX, type AccountProblems, type ChangeEmailValues, type ChangePasswordValues, type ProfileValues } from './accountForms';
import { emptyAddress, type AddressValues } from '../../forms/checkoutForms';

// The account area's kit forms (ADR 0023): their names, the fields they post and the confirmation the page shows
// after a post without JavaScript, shared by the enhanced forms (components/Account*.tsx) and the server's
// definitions (server/forms/account.ts), so both read and name the same fields.

export const ACCOUNT_FORMS = {
  profile: 'profile',
  email: 'change-email',
  password: 'change-password',
  addressCreate: 'address-create',
  addressUpdate: 'address-update',
  addressDelete: 'address-delete',
  defaultBilling: 'address-default-billing',
  defaultShipping: 'address-default-shipping',
  payment: 'default-payment',
  // the account page's newsletter setting: which of the two the server renders follows the customer's status
  newsletterSubscribe: 'newsletter-setting-subscribe',
  newsletterUnsubscribe: 'newsletter-setting-unsubscribe',
} as const;

/** The newsletter setting's checkbox and the customer's name and address its subscription needs. */
export const NEWSLETTER_SETTING_FIELDS = { wanted: 'newsletter', email: 'email', firstName: 'firstName', lastName: 'lastName' } as const;

/** The profile page's e-mail and password forms name their fields "changeEmail.password", "changePassword.password". */
export const EMAIL_PREFIX = 'changeEmail';
export const PASSWORD_PREFIX = 'changePassword';

export const PROFILE_FIELDS: readonly (keyof ProfileValues)[] = ['salutationId', 'title', 'firstName', 'lastName', 'birthday'];
export const EMAIL_FIELDS: readonly (keyof ChangeEmailValues)[] = ['email', 'emailConfirmation', 'password'];
export const PASSWORD_FIELDS: readonly (keyof ChangePasswordValues)[] = ['password', 'newPassword', 'newPasswordConfirm'];

export const EMPTY_PROFILE: ProfileValues = { salutationId: '', title: '', firstName: '', lastName: '', birthday: '' };

/** `field` as a form with `prefix` names it ("changeEmail.email"); no prefix: as it is. */
export const prefixed = (prefix: string, field: string) => (prefix ? `${prefix}.${field}` : field);

/** Problems by the form's own field names. */
export function prefixedProblems(prefix: string, problems: AccountProblems): AccountProblems {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [prefixed(prefix, field), problem]));
}

/** A prefixed form's posted values by their short names ("changeEmail.email" → email). */
export function postedValues<K extends string>(fields: URLSearchParams, prefix: string, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, fields.get(prefixed(prefix, name)) ?? ''])) as Record<K, string>;
}

/** The address book's form by its fields' names ("address.zipcode"), as posted or as the form's first state. */
export function addressOfFields(fields: Readonly<Record<string, string | undefined>>): AddressValues {
  const address = emptyAddress();
  for (const name of Object.keys(address) as (keyof AddressValues)[]) address[name] = fields[prefixed(ADDRESS_PREFIX, name)] ?? '';
  return address;
}

/** The address book's form as fields by name, for usePostedForm's first state. */
export function addressFieldsOf(address: AddressValues): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELD_ORDER.map((path) => [path, address[path.slice(ADDRESS_PREFIX.length + 1) as keyof AddressValues]]));
}

/** The hidden field naming the address a form changes. */
export const ADDRESS_ID_FIELD = 'addressId';

/** An id of the Store API posted in a hidden field, or null when it is none. */
export function postedId(fields: URLSearchParams, name: string): string | null {
  const value = fields.get(name);
  return isShopwareId(value) ? value : null;
}

/** /account/address?edit=new opens the new address's form, ?edit=<id> that address's (links that work without scripts). */
export const ADDRESS_EDIT_PARAMETER = 'edit';
export const ADDRESS_EDIT_NEW = 'new';

/** /account/address?delete=<id> asks whether that address should go (the enhanced page asks in a dialog). */
export const ADDRESS_DELETE_PARAMETER = 'delete';

/** After a post without JavaScript the page says what was saved: /account/profile?saved=profile … */
export const ACCOUNT_SAVED_PARAMETER = 'saved';

/** What was saved → its confirmation (account.json), the same the enhanced forms show as a notice. */
export const ACCOUNT_SAVED_TEXTS = {
  profile: 'profile.saved',
  email: 'profile.emailSaved',
  password: 'profile.passwordSaved',
  addressCreated: 'address.created',
  addressUpdated: 'address.updated',
  addressDeleted: 'address.deleted',
  defaultBilling: 'address.defaultBillingSet',
  defaultShipping: 'address.defaultShippingSet',
  payment: 'payment.saved',
  newsletterPending: 'newsletter.subscribedNotice',
  newsletterSubscribed: 'newsletter.subscribedDirect',
  newsletterUnsubscribed: 'newsletter.unsubscribedNotice',
} as const;

export type AccountSaved = keyof typeof ACCOUNT_SAVED_TEXTS;

/** The confirmation's text key for the page's `?saved=`, or null for none (or an unknown value). */
export function savedTextOf(value: string | undefined): string | null {
  return value && Object.hasOwn(ACCOUNT_SAVED_TEXTS, value) ? ACCOUNT_SAVED_TEXTS[value as AccountSaved] : null;
}
