import { ADDRESS_FIELD_ORDER, checkAccountAddress, checkChangeEmail, checkChangePassword, checkProfile, profileInput } from '../../storefront/features/account/accountForms';
import {
  ACCOUNT_FORMS,
  ACCOUNT_SAVED_PARAMETER,
  ADDRESS_ID_FIELD,
  addressOfFields,
  EMAIL_FIELDS,
  EMAIL_PREFIX,
  NEWSLETTER_SETTING_FIELDS,
  PASSWORD_FIELDS,
  PASSWORD_PREFIX,
  postedId,
  postedValues,
  prefixedProblems,
  PROFILE_FIELDS,
  type AccountSaved,
} from '../../storefront/features/account/accountAreaForms';
import { addressInput } from '../../storefront/forms/checkoutForms';
import { confirmLinkOf, isLinkParameter, MAIL_LINK_FORMS, NEWSLETTER_CONFIRMED, UNSUBSCRIBED_PARAMETER } from '../../storefront/features/account/mailLinkForms';
import { NEWSLETTER_RESULT_PARAMETER } from '../../storefront/features/newsletter/newsletterForm';
import { localizedPath } from '../../storefront/platform/i18n/locales';
import { PRODUCT_ID_FIELD, WISHLIST_FORMS } from '../../storefront/features/wishlist/wishlistForms';
import {
  APPLICATION_FIELD_PATHS,
  applicationInput,
  applicationValuesOf,
  checkApplicationFields,
  checkAssign,
  LOYALTY_FORMS,
  normalizeCardNumber,
  normalizeVerificationCode,
  type LoyaltySaved,
} from '../../storefront/features/account/loyaltyForm';
import { LOYALTY_PATH } from '../../storefront/platform/navigation/loyaltyPath';
import type { FormPostDefinition } from '../formPosts';

// The account area's forms without JavaScript (issue 18, ADR 0023): profile, e-mail, password, the address book,
// the default payment method, the VitalCard's forms, the wishlist's hearts and the mailed links' confirmations. Each runs the enhanced
// form's own mutation; success is the page again saying what was saved (?saved=…).

type Read = ReturnType<FormPostDefinition['read']>;

/** Variables, or the SPEC §5 problems when there are any. */
const checked = (problems: Record<string, string>, variables: () => Record<string, unknown>): Read => (Object.keys(problems).length ? { problems } : { variables: variables() });

/** An id the form carries in a hidden field; a missing or forged one is refused as the field's problem. */
function withId(fields: URLSearchParams, name: string, variables: (id: string) => Record<string, unknown>): Read {
  const id = postedId(fields, name);
  return id ? { variables: variables(id) } : { problems: { [name]: 'required' } };
}

/** A form of an account page whose success is that page again with its confirmation. */
function accountForm(form: string, path: string, saved: AccountSaved | LoyaltySaved, rest: Pick<FormPostDefinition, 'mutation' | 'field' | 'keep' | 'read'>): FormPostDefinition {
  return { form, path, ...rest, forCustomers: true, done: (_url, locale) => `${localizedPath(path, locale)}?${ACCOUNT_SAVED_PARAMETER}=${saved}` };
}

/** The address book's form: every field kept, the same checks and input for a new address and a changed one. */
function addressForm(form: string, saved: AccountSaved, mutation: string, field: string, variables: (input: ReturnType<typeof addressInput>, fields: URLSearchParams) => Read): FormPostDefinition {
  return accountForm(form, '/account/address', saved, {
    mutation,
    field,
    keep: [...ADDRESS_FIELD_ORDER, ADDRESS_ID_FIELD],
    read(fields) {
      const address = addressOfFields(Object.fromEntries(fields));
      const problems = checkAccountAddress(address);
      return Object.keys(problems).length ? { problems } : variables(addressInput(address), fields);
    },
  });
}

/** A button of one address (delete, default billing or shipping): the address's id in a hidden field. */
function addressButton(form: string, saved: AccountSaved, mutation: string, field: string, input: (addressId: string) => Record<string, unknown>): FormPostDefinition {
  // the id comes back with a refusal: the page shows it for that address's button
  return accountForm(form, '/account/address', saved, { mutation, field, keep: [ADDRESS_ID_FIELD], read: (fields) => withId(fields, ADDRESS_ID_FIELD, (addressId) => ({ input: input(addressId) })) });
}

/** A wishlist heart (any product card or page) or the wishlist page's remove: back to the page it was on. */
function wishlistForm(form: string, mutation: string, field: string): FormPostDefinition {
  return {
    form,
    path: '/wishlist',
    mutation,
    field,
    keep: [],
    forCustomers: true,
    read: (fields) => withId(fields, PRODUCT_ID_FIELD, (productId) => ({ input: { productId } })),
    done: (_url, locale, _allowList, _payload, { postedFrom }) => postedFrom(localizedPath('/wishlist', locale)),
  };
}

/**
 * The profile page's newsletter setting: the server renders the subscribe form for a customer without the newsletter
 * and the unsubscribe form for one with it, so the ticked box alone says what to do; saved as it was, nothing runs.
 */
function newsletterSetting(form: string, mutation: string, field: string, read: (fields: URLSearchParams) => Read): FormPostDefinition {
  return {
    form,
    path: '/account/profile',
    mutation,
    field,
    keep: [NEWSLETTER_SETTING_FIELDS.wanted],
    forCustomers: true,
    read,
    done: (_url, locale, _allowList, payload) => {
      const status = payload.status;
      const saved: AccountSaved | null = status === 'PENDING' ? 'newsletterPending' : status === 'SUBSCRIBED' ? 'newsletterSubscribed' : status === 'NOT_SUBSCRIBED' ? 'newsletterUnsubscribed' : null;
      return saved ? `${localizedPath('/account/profile', locale)}?${ACCOUNT_SAVED_PARAMETER}=${saved}` : localizedPath('/account/profile', locale);
    },
  };
}

/** A mailed confirmation link's em and hash, from the form's hidden fields. */
function confirmLink(fields: URLSearchParams): Read {
  const link = confirmLinkOf(fields);
  return link ? { variables: { input: link } } : { problems: { hash: 'required' } };
}

export const ACCOUNT_FORM_POSTS: readonly FormPostDefinition[] = [
  accountForm(ACCOUNT_FORMS.profile, '/account/profile', 'profile', {
    mutation: 'AccountProfileSaveMutation',
    field: 'changeProfile',
    keep: PROFILE_FIELDS,
    read(fields) {
      const values = postedValues(fields, '', PROFILE_FIELDS);
      return checked(checkProfile(values), () => ({ input: profileInput(values) }));
    },
  }),
  accountForm(ACCOUNT_FORMS.email, '/account/profile', 'email', {
    mutation: 'AccountProfileEmailMutation',
    field: 'changeEmail',
    // the new address typed twice is kept, the password never
    keep: [`${EMAIL_PREFIX}.email`, `${EMAIL_PREFIX}.emailConfirmation`],
    read(fields) {
      const values = postedValues(fields, EMAIL_PREFIX, EMAIL_FIELDS);
      return checked(prefixedProblems(EMAIL_PREFIX, checkChangeEmail(values)), () => ({
        input: { email: values.email.trim(), emailConfirmation: values.emailConfirmation.trim(), password: values.password },
      }));
    },
  }),
  accountForm(ACCOUNT_FORMS.password, '/account/profile', 'password', {
    mutation: 'AccountProfilePasswordMutation',
    field: 'changePassword',
    keep: [],
    read(fields) {
      const values = postedValues(fields, PASSWORD_PREFIX, PASSWORD_FIELDS);
      return checked(prefixedProblems(PASSWORD_PREFIX, checkChangePassword(values)), () => ({ input: values }));
    },
  }),
  addressForm(ACCOUNT_FORMS.addressCreate, 'addressCreated', 'AccountAddressesCreateMutation', 'createAddress', (input) => ({ variables: { input } })),
  addressForm(ACCOUNT_FORMS.addressUpdate, 'addressUpdated', 'AccountAddressesUpdateMutation', 'updateAddress', (address, fields) =>
    withId(fields, ADDRESS_ID_FIELD, (addressId) => ({ input: { addressId, address } })),
  ),
  addressButton(ACCOUNT_FORMS.addressDelete, 'addressDeleted', 'AccountAddressesDeleteMutation', 'deleteAddress', (addressId) => ({ addressId })),
  addressButton(ACCOUNT_FORMS.defaultBilling, 'defaultBilling', 'AccountAddressesSetDefaultMutation', 'setDefaultAddress', (addressId) => ({ addressId, kind: 'BILLING' })),
  addressButton(ACCOUNT_FORMS.defaultShipping, 'defaultShipping', 'AccountAddressesSetDefaultMutation', 'setDefaultAddress', (addressId) => ({ addressId, kind: 'SHIPPING' })),
  accountForm(ACCOUNT_FORMS.payment, '/account/payment', 'payment', {
    mutation: 'AccountPaymentMutation',
    field: 'setDefaultPaymentMethod',
    keep: ['paymentMethodId'],
    read: (fields) => withId(fields, 'paymentMethodId', (paymentMethodId) => ({ input: { paymentMethodId } })),
  }),
  newsletterSetting(ACCOUNT_FORMS.newsletterSubscribe, 'NewsletterSettingSubscribeMutation', 'subscribeNewsletter', (fields) =>
    fields.get(NEWSLETTER_SETTING_FIELDS.wanted)
      ? {
          variables: {
            input: {
              email: fields.get(NEWSLETTER_SETTING_FIELDS.email) ?? '',
              firstName: fields.get(NEWSLETTER_SETTING_FIELDS.firstName) ?? '',
              lastName: fields.get(NEWSLETTER_SETTING_FIELDS.lastName) ?? '',
            },
          },
        }
      : { unchanged: true },
  ),
  newsletterSetting(ACCOUNT_FORMS.newsletterUnsubscribe, 'NewsletterSettingUnsubscribeMutation', 'unsubscribeNewsletter', (fields) =>
    fields.get(NEWSLETTER_SETTING_FIELDS.wanted) ? { unchanged: true } : { variables: { input: { email: fields.get(NEWSLETTER_SETTING_FIELDS.email) ?? '' } } },
  ),
  accountForm(LOYALTY_FORMS.assign, LOYALTY_PATH, 'loyaltyAssigned', {
    mutation: 'LoyaltyAreaAssignMutation',
    field: 'assignLoyaltyCard',
    // the verification code proves the card is in hand: like a password, it never comes back
    keep: ['cardNumber'],
    read(fields) {
      const cardNumber = fields.get('cardNumber') ?? '';
      const verificationCode = fields.get('verificationCode') ?? '';
      return checked(checkAssign({ cardNumber, verificationCode }), () => ({
        input: { cardNumber: normalizeCardNumber(cardNumber), verificationCode: normalizeVerificationCode(verificationCode) },
      }));
    },
  }),
  accountForm(LOYALTY_FORMS.apply, LOYALTY_PATH, 'loyaltyApplied', {
    mutation: 'LoyaltyAreaApplyMutation',
    field: 'applyForLoyaltyCard',
    keep: APPLICATION_FIELD_PATHS,
    read(fields) {
      const values = applicationValuesOf(Object.fromEntries(fields));
      return checked(checkApplicationFields(values), () => ({ input: applicationInput(values) }));
    },
  }),
  wishlistForm(WISHLIST_FORMS.add, 'wishlistServerAddMutation', 'addToWishlist'),
  wishlistForm(WISHLIST_FORMS.remove, 'wishlistServerRemoveMutation', 'removeFromWishlist'),
  {
    // The registration mail's link: confirming logs the customer in (the gateway's cookies go onto the redirect).
    form: MAIL_LINK_FORMS.registration,
    path: '/registration/confirm',
    mutation: 'RegistrationConfirmPageMutation',
    field: 'confirmRegistration',
    keep: [],
    read: confirmLink,
    done: (_url, locale) => `${localizedPath('/account', locale)}?confirmed=1`,
  },
  {
    form: MAIL_LINK_FORMS.newsletterConfirm,
    path: '/newsletter-subscribe',
    mutation: 'NewsletterConfirmMutation',
    field: 'confirmNewsletter',
    keep: [],
    read: confirmLink,
    done: (_url, locale) => `${localizedPath('/newsletter-subscribe', locale)}?${NEWSLETTER_RESULT_PARAMETER}=${NEWSLETTER_CONFIRMED}`,
  },
  {
    // /newsletter-unsubscribe/{hash}: the link's secret is its last segment.
    form: MAIL_LINK_FORMS.newsletterUnsubscribe,
    path: '/newsletter-unsubscribe/:hash',
    mutation: 'NewsletterUnsubscribeMutation',
    field: 'unsubscribeNewsletter',
    keep: [],
    read(fields) {
      const hash = fields.get('hash');
      return isLinkParameter(hash) ? { variables: { input: { hash } } } : { problems: { hash: 'required' } };
    },
    done: (url) => `${url.pathname}?${UNSUBSCRIBED_PARAMETER}=1`,
  },
];
