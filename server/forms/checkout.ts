import { isFollowableUrl } from '../../storefront/features/checkout/paymentRedirect';
import { registerInput } from '../../storefront/forms/checkoutForms';
import {
  ADDRESS_KEPT_FIELDS,
  addressChoice,
  addressesOf,
  CHECKOUT_FORM,
  checkAddresses,
  checkChoice,
  checkLogin,
  checkOrderForm,
  checkRegistration,
  EMPTY_ORDER_FORM,
  placeOrderInput,
  REGISTRATION_KEPT_FIELDS,
  registrationModeOf,
  registrationOf,
  shownAddressOf,
} from '../../storefront/features/checkout/checkoutPosts';
import { localizedPath, type ShopLocale } from '../../storefront/platform/i18n/locales';
import { textFields, type FormPostDefinition } from '../formPosts';

// The checkout without JavaScript (issue 18, item 2): each step's form posts to /checkout and runs the mutation
// the enhanced page sends; a choice comes back to the checkout, the order goes on to its payment as the success
// page would start it (handlePayment), and the unpaid page's retry pays again.

const checkoutPath = (locale: ShopLocale) => localizedPath('/checkout', locale);

/** All posted fields by name, as the flat records the checkout's form helpers read. */
const allFields = (fields: URLSearchParams): Record<string, string> => Object.fromEntries(fields);

/** The order's pages: /checkout/success/{id}[/paid|/unpaid]. */
const orderPage = (orderId: string, locale: ShopLocale, result = '') => localizedPath(`/checkout/success/${orderId}${result}`, locale);

/** The provider's page (or the paid page) handlePayment answered; else the unpaid page, which offers to pay again. */
function paymentTarget(orderId: string, locale: ShopLocale, started: Record<string, unknown> | null | undefined): string {
  const redirectUrl = started?.redirectUrl;
  const refused = Array.isArray(started?.errors) && started.errors.length > 0;
  if (!refused && typeof redirectUrl === 'string' && isFollowableUrl(redirectUrl)) return redirectUrl;
  return orderPage(orderId, locale, '/unpaid');
}

/** The order id in /checkout/success/{id}/unpaid (the route only matches 32 hex). */
const ORDER_ID_IN_PATH = /\/checkout\/success\/([0-9a-fA-F]{32})\/unpaid$/;
const orderIdOf = (url: URL) => ORDER_ID_IN_PATH.exec(url.pathname)?.[1]?.toLowerCase() ?? '';

/** A choice of the checkout (shipping, payment, pharmacy): one id, then back to the checkout. */
function checkoutChoice(form: string, mutation: string, field: string, name: string): FormPostDefinition {
  return {
    form,
    path: '/checkout',
    mutation,
    field,
    keep: [name],
    read(fields) {
      const value = (fields.get(name) ?? '').trim();
      const problems = checkChoice(name, value);
      return Object.keys(problems).length ? { problems } : { variables: { input: { [name]: value } } };
    },
    done: (_url, locale) => checkoutPath(locale),
  };
}

export const CHECKOUT_FORM_POSTS: readonly FormPostDefinition[] = [
  {
    // Step 1, "Ich habe ein Kundenkonto": the session logs in and the shopper stays in the checkout.
    form: CHECKOUT_FORM.login,
    path: '/checkout',
    mutation: 'CheckoutIdentityLoginMutation',
    field: 'login',
    keep: ['login.email'],
    read(fields) {
      const email = fields.get('login.email') ?? '';
      const password = fields.get('login.password') ?? '';
      const problems = checkLogin(email, password);
      return Object.keys(problems).length ? { problems } : { variables: { input: { email: email.trim(), password } } };
    },
    done: (_url, locale) => checkoutPath(locale),
  },
  {
    // Step 1, as a guest or with a new account: every field but the passwords comes back after a refusal.
    form: CHECKOUT_FORM.registration,
    path: '/checkout',
    mutation: 'CheckoutIdentityRegisterMutation',
    field: 'register',
    keep: REGISTRATION_KEPT_FIELDS,
    read(fields) {
      const posted = allFields(fields);
      const mode = registrationModeOf(posted);
      const values = registrationOf(posted);
      const problems = checkRegistration(values, mode);
      return Object.keys(problems).length ? { problems } : { variables: { input: registerInput(values, mode) } };
    },
    done: (_url, locale) => checkoutPath(locale),
  },
  {
    // "Abmelden" / "Ändern" of the identity step: the session forgets its customer.
    form: CHECKOUT_FORM.logout,
    path: '/checkout',
    mutation: 'CheckoutIdentityLogoutMutation',
    field: 'logout',
    keep: [],
    read: () => ({ variables: {} }),
    done: (_url, locale) => checkoutPath(locale),
  },
  {
    // The order's addresses: one left as the form showed it is chosen by its id (hidden fields), as with scripts.
    form: CHECKOUT_FORM.addresses,
    path: '/checkout',
    mutation: 'CheckoutAddressesMutation',
    field: 'setAddresses',
    keep: ADDRESS_KEPT_FIELDS,
    read(fields) {
      const posted = allFields(fields);
      const addresses = addressesOf(posted);
      const problems = checkAddresses(addresses);
      if (Object.keys(problems).length) return { problems };
      const billing = addressChoice(addresses.billing, shownAddressOf(posted, 'billingAddress'));
      const shipping = addresses.differentShipping ? addressChoice(addresses.shipping, shownAddressOf(posted, 'shippingAddress')) : null;
      return { variables: { input: { billing, shipping } } };
    },
    done: (_url, locale) => checkoutPath(locale),
  },
  checkoutChoice(CHECKOUT_FORM.shipping, 'CheckoutPageViewShippingMutation', 'setShippingMethod', 'shippingMethodId'),
  checkoutChoice(CHECKOUT_FORM.payment, 'CheckoutPageViewPaymentMutation', 'setPaymentMethod', 'paymentMethodId'),
  // The Click & Collect pharmacy; the list stays open after a refusal (its form posts to /checkout?pharmacy-search=…).
  checkoutChoice(CHECKOUT_FORM.pharmacy, 'CheckoutPageViewPharmacyMutation', 'selectPharmacy', 'pharmacyId'),
  {
    // "Zahlungspflichtig bestellen": the key was made when the page was rendered, so a second post of the same
    // page answers the first order. Then the payment starts as on the success page: the provider, or the paid page.
    form: CHECKOUT_FORM.order,
    path: '/checkout',
    mutation: 'CheckoutPageViewPlaceOrderMutation',
    field: 'placeOrder',
    keep: Object.keys(EMPTY_ORDER_FORM),
    read(fields) {
      const values = textFields(fields, EMPTY_ORDER_FORM);
      const problems = checkOrderForm(values);
      // The waiver box is only on the page when the cart needs it; the gateway checks it either way.
      return Object.keys(problems).length ? { problems } : { variables: { input: placeOrderInput(values, true) } };
    },
    then: {
      mutation: 'OrderPaymentRetryHandlePaymentMutation',
      field: 'handlePayment',
      variables: (placed) => ({ input: { orderId: orderOf(placed) } }),
    },
    done: (_url, locale, _allowList, placed, { next }) => paymentTarget(orderOf(placed), locale, next),
  },
  {
    // /checkout/success/{id}/unpaid: the chosen method saved on the order, then paid again.
    form: CHECKOUT_FORM.paymentRetry,
    path: '/checkout/success/:orderId/unpaid',
    mutation: 'OrderPaymentRetryChangeMethodMutation',
    field: 'changeOrderPaymentMethod',
    keep: ['paymentMethodId'],
    read(fields, url) {
      const paymentMethodId = (fields.get('paymentMethodId') ?? '').trim();
      const problems = checkChoice('paymentMethodId', paymentMethodId);
      return Object.keys(problems).length ? { problems } : { variables: { input: { orderId: orderIdOf(url), paymentMethodId } } };
    },
    then: {
      mutation: 'OrderPaymentRetryHandlePaymentMutation',
      field: 'handlePayment',
      variables: (_changed, url) => ({ input: { orderId: orderIdOf(url) } }),
    },
    done: (url, locale, _allowList, _changed, { next }) => paymentTarget(orderIdOf(url), locale, next),
  },
  {
    // /checkout/success/{id}/unpaid?cancel=ask: the order cancelled once asked; the page then says it is.
    form: CHECKOUT_FORM.orderCancel,
    path: '/checkout/success/:orderId/unpaid',
    mutation: 'OrderPaymentRetryCancelMutation',
    field: 'cancelOrder',
    keep: [],
    read: (_fields, url) => ({ variables: { input: { orderId: orderIdOf(url) } } }),
    done: (url) => url.pathname,
  },
];

/** The placed order's id in placeOrder's answer. */
function orderOf(placed: Record<string, unknown>): string {
  const order = placed.order as { orderId?: unknown } | null | undefined;
  return typeof order?.orderId === 'string' ? order.orderId : '';
}
