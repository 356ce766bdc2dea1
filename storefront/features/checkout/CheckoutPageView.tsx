import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { cartChangedElsewhere, blocksCheckout } from '../cart';
import { newIdempotencyKey } from '../checkout/idempotencyKey';
import { unavailableError, useShopMutation } from '../../platform/relay/useShopMutation';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { useValidationText } from '../../forms/validationTexts';
import { CHECKOUT_FORM, COMMENT_MAX_LENGTH, EMPTY_ORDER_FORM, PHARMACY_SEARCH_PARAMETER, placeOrderInput, type OrderFormValues } from './checkoutPosts';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { localizedPath } from '../../platform/i18n/locales';
import type { CheckoutPageView_query$key } from './__generated__/CheckoutPageView_query.graphql';
import type { CheckoutPageViewPaymentMutation } from './__generated__/CheckoutPageViewPaymentMutation.graphql';
import type { CheckoutPageViewPharmacyMutation } from './__generated__/CheckoutPageViewPharmacyMutation.graphql';
import type { CheckoutPageViewPlaceOrderMutation } from './__generated__/CheckoutPageViewPlaceOrderMutation.graphql';
import type { CheckoutPageViewShippingMutation } from './__generated__/CheckoutPageViewShippingMutation.graphql';
import { CheckoutAddresses } from './CheckoutAddresses';
import { CheckoutChoiceForm, InPlaceButton } from './CheckoutChoiceForm';
import { CheckboxField, CheckoutAlert, focusField } from '../../ui/CheckoutField';
import { CheckoutIdentity } from './CheckoutIdentity';
import { CartSummary } from './OrderSummary';
import { INVOICE_TECHNICAL_NAME, PaymentMethodChoice } from './PaymentMethodChoice';
import { PharmacyChoiceList, PharmacyDialog, SelectedPharmacyBox } from '../pharmacies';
import { ShippingMethodChoice } from './ShippingMethodChoice';
import styles from './CheckoutSteps.module.css';

/** The order-level ShopErrors that belong beside one control of the page. */
const FIELD_OF_CODE: Record<string, string> = {
  TERMS_NOT_ACCEPTED: 'acceptedTerms',
  DOWNLOAD_WAIVER_REQUIRED: 'acceptedDownloadWaiver',
  INVOICE_ADDRESS_MISMATCH: 'paymentMethodId',
  PHARMACY_REQUIRED: 'pharmacyId',
};
const ORDER_FIELDS = new Set(['acceptedTerms', 'acceptedDownloadWaiver', 'paymentMethodId', 'pharmacyId', 'shippingMethodId', 'customerComment']);
const FIELD_ORDER = ['checkout-identity', 'shippingMethodId', 'pharmacyId', 'paymentMethodId', 'acceptedTerms', 'acceptedDownloadWaiver', 'customerComment'];

/** The gateway's errors: beside their control when they have one, else in the alert box. */
function splitOrderErrors(errors: readonly ShopErrorData[]): { byField: Record<string, string>; general: string[] } {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const error of errors) {
    const field = error.field && ORDER_FIELDS.has(error.field) ? error.field : FIELD_OF_CODE[error.code];
    if (field && !(field in byField)) byField[field] = error.message;
    else general.push(error.message);
  }
  return { byField, general: [...new Set(general)] };
}

interface CheckoutPageViewProps {
  query: CheckoutPageView_query$key;
  /** reads the page's query again (after the session or the cart changed) */
  refresh: () => Promise<void>;
}

/**
 * /checkout (SPEC §2, §4 Checkout): who orders, shipping (and the pharmacy for Click & Collect), payment,
 * and the order with terms (and the download waiver). Nothing here decides a price or a rule: the
 * gateway answers each choice with the cart it computed, and placeOrder checks everything again.
 */
export function CheckoutPageView({ query, refresh }: CheckoutPageViewProps) {
  const { t } = useTranslation('checkout');
  const validationText = useValidationText();
  const { locale, urlParsed } = usePageContext();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment CheckoutPageView_query on Query
      @argumentDefinitions(locale: { type: "Locale!" }, withPharmacies: { type: "Boolean!", defaultValue: false }, pharmacySearch: { type: "String" }) {
        viewer {
          id
          ...CheckoutIdentity_viewer
        }
        cart {
          id
          isVirtual
          fulfilment
          errors {
            key
            messageKey
            level
            message
          }
          shippingMethod {
            id
            clickAndCollect
          }
          paymentMethod {
            id
            technicalName
          }
          selectedPharmacy {
            pharmacyId
          }
          ...PharmacyPicker_cart
          ...OrderSummary_cart
        }
        checkout {
          requiresPharmacy
          requiresDownloadWaiver
          invoiceAllowed
          shippingMethods {
            ...ShippingMethodChoice_methods
          }
          paymentMethods {
            ...PaymentMethodChoice_methods
          }
          ...CheckoutAddresses_checkout
        }
        countries(locale: $locale) {
          id
          iso
          ...AddressForm_countries
        }
        salutations(locale: $locale) {
          ...AddressForm_salutations
        }
        pharmacies(search: $pharmacySearch, first: 20) @include(if: $withPharmacies) {
          pharmacyId
          name
          street
          zipcode
          city
          openingHours
        }
      }
    `,
    query,
  );
  const { viewer, cart, checkout, countries, salutations, pharmacies } = data;
  const checkoutPath = localizedPath('/checkout', locale);
  const pharmacySearch = urlParsed.search[PHARMACY_SEARCH_PARAMETER];
  const defaultCountryId = countries.find((country) => country.iso === 'CH')?.id ?? countries[0]?.id ?? '';
  const unavailable = t('errors.unavailable');
  const pickup = !cart.isVirtual && (checkout.requiresPharmacy || !!cart.shippingMethod?.clickAndCollect);
  // Without scripts "choose a pharmacy" opens the checkout with the pharmacies listed; with them, the dialog.
  const pharmacyListPath = `${checkoutPath}?${PHARMACY_SEARCH_PARAMETER}=`;

  // Without scripts each step posts to the server (server/forms/checkout.ts); a refusal comes back here (ADR 0023).
  const postedOrder = usePostedForm<OrderFormValues>(CHECKOUT_FORM.order, EMPTY_ORDER_FORM);
  const postedShipping = usePostedForm(CHECKOUT_FORM.shipping, { shippingMethodId: '' });
  const postedPayment = usePostedForm(CHECKOUT_FORM.payment, { paymentMethodId: '' });
  const postedPharmacy = usePostedForm(CHECKOUT_FORM.pharmacy, { pharmacyId: '' });

  // What the shopper decides on this page; kept whatever the gateway answers.
  const [acceptedTerms, setAcceptedTerms] = useState(postedOrder.values.acceptedTerms !== '');
  const [acceptedDownloadWaiver, setAcceptedDownloadWaiver] = useState(postedOrder.values.acceptedDownloadWaiver !== '');
  const [customerComment, setCustomerComment] = useState(postedOrder.values.customerComment);
  const [pharmacyDialogOpen, setPharmacyDialogOpen] = useState(false);
  // One key per visit of the page, made when the server renders it (the form's hidden field): a second click, a
  // resubmit, a post before the scripts arrived or a retry after a failure answers the same order.
  const [idempotencyKey, setIdempotencyKey] = useState(() => postedOrder.values.idempotencyKey || newIdempotencyKey());
  const ordering = useRef(false);
  const [sending, setSending] = useState(false);

  const [setShippingMethod] = useShopMutation<CheckoutPageViewShippingMutation>(graphql`
    mutation CheckoutPageViewShippingMutation($input: SetShippingMethodInput!) {
      setShippingMethod(input: $input) {
        cart {
          id
          shippingMethod {
            id
            clickAndCollect
          }
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [setPaymentMethod] = useShopMutation<CheckoutPageViewPaymentMutation>(graphql`
    mutation CheckoutPageViewPaymentMutation($input: SetPaymentMethodInput!) {
      setPaymentMethod(input: $input) {
        cart {
          id
          paymentMethod {
            id
            technicalName
          }
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  const [selectPharmacy] = useShopMutation<CheckoutPageViewPharmacyMutation>(graphql`
    mutation CheckoutPageViewPharmacyMutation($input: SelectPharmacyInput!) {
      selectPharmacy(input: $input) {
        cart {
          id
          selectedPharmacy {
            pharmacyId
          }
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);
  /** The browser's own checks before sending the order (the gateway repeats them). */
  const localProblems = (terms: boolean, waiver: boolean): Record<string, string> => {
    const problems: Record<string, string> = {};
    if (!viewer) problems['checkout-identity'] = t('order.identityMissing');
    if (pickup && !cart.selectedPharmacy) problems.pharmacyId = t('pharmacy.required');
    if (cart.paymentMethod?.technicalName === INVOICE_TECHNICAL_NAME && !checkout.invoiceAllowed) problems.paymentMethodId = t('payment.invoiceNotAllowed');
    if (!terms) problems.acceptedTerms = t('order.termsRequired');
    if (checkout.requiresDownloadWaiver && !waiver) problems.acceptedDownloadWaiver = t('order.waiverRequired');
    return problems;
  };

  // A refused post without scripts: its messages as the enhanced page would show them after the same submit.
  const [{ byField: firstErrors, general: firstAlert }] = useState(() => {
    const refusal = [postedOrder, postedShipping, postedPayment, postedPharmacy].find((posted) => posted.posted);
    if (!refusal) return { byField: {}, general: [] };
    if (refusal.errors === null) return { byField: {}, general: [unavailable] };
    const { byField, general } = splitOrderErrors(refusal.errors);
    if (refusal === postedOrder) {
      // The order's own checks first, in the same words as the enhanced page's; then the gateway's refusals.
      const problems = localProblems(acceptedTerms, acceptedDownloadWaiver);
      return { byField: { ...byField, ...problems }, general: problems['checkout-identity'] ? [problems['checkout-identity'], ...general] : general };
    }
    const choiceProblems: Record<string, string> = {};
    for (const [field, problem] of Object.entries(refusal.problems)) {
      choiceProblems[field] = validationText(problem as string, field);
    }
    return { byField: { ...byField, ...choiceProblems }, general };
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(firstErrors);
  const [alert, setAlert] = useState<string[]>(firstAlert);

  const environment = useRelayEnvironment();
  const [placeOrder] = useShopMutation<CheckoutPageViewPlaceOrderMutation>(graphql`
    mutation CheckoutPageViewPlaceOrderMutation($input: PlaceOrderInput!) {
      placeOrder(input: $input) {
        order {
          id
          orderId
          orderNumber
        }
        errors {
          ...useShopMutation_error @relay(mask: false)
        }
      }
    }
  `);

  /** Shows the gateway's errors: beside their control when they have one, else in the alert box. */
  const showErrors = (errors: readonly ShopErrorData[]) => {
    const { byField, general } = splitOrderErrors(errors);
    setFieldErrors(byField);
    setAlert(general);
    const first = FIELD_ORDER.find((field) => field in byField);
    if (first) focusField(first);
  };

  const afterChoice = async (errors: readonly ShopErrorData[] | null) => {
    if (errors === null) return showErrors([unavailableError(unavailable)]);
    if (errors.length > 0) return showErrors(errors);
    setFieldErrors({});
    setAlert([]);
    await refresh();
  };

  // The radio shows the shopper's choice at once; the gateway's answer then confirms it (or the error
  // puts back what the cart holds). A quicker second choice wins: the first answer is then ignored.
  const [pendingShipping, setPendingShipping] = useState<string | null>(null);
  const [pendingPayment, setPendingPayment] = useState<string | null>(null);
  const latestShipping = useRef<string | null>(null);
  const latestPayment = useRef<string | null>(null);

  const chooseShipping = async (shippingMethodId: string) => {
    latestShipping.current = shippingMethodId;
    setPendingShipping(shippingMethodId);
    const response = await setShippingMethod({ input: { shippingMethodId } });
    if (latestShipping.current !== shippingMethodId) return;
    setPendingShipping(null);
    await afterChoice(response ? response.setShippingMethod.errors : null);
  };
  const choosePayment = async (paymentMethodId: string) => {
    latestPayment.current = paymentMethodId;
    setPendingPayment(paymentMethodId);
    const response = await setPaymentMethod({ input: { paymentMethodId } });
    if (latestPayment.current !== paymentMethodId) return;
    setPendingPayment(null);
    await afterChoice(response ? response.setPaymentMethod.errors : null);
  };
  const choosePharmacy = async (pharmacyId: string): Promise<boolean> => {
    const response = await selectPharmacy({ input: { pharmacyId } });
    const errors = response ? response.selectPharmacy.errors : null;
    await afterChoice(errors);
    return errors !== null && errors.length === 0;
  };


  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ordering.current || choosing) return;
    const problems = localProblems(acceptedTerms, acceptedDownloadWaiver);
    if (Object.keys(problems).length > 0) {
      setFieldErrors(problems);
      setAlert(problems['checkout-identity'] ? [problems['checkout-identity']] : []);
      focusField(FIELD_ORDER.find((field) => field in problems));
      return;
    }
    ordering.current = true;
    setSending(true);
    setFieldErrors({});
    setAlert([]);
    const values = { acceptedTerms: acceptedTerms ? 'on' : '', acceptedDownloadWaiver: acceptedDownloadWaiver ? 'on' : '', customerComment, idempotencyKey };
    const response = await placeOrder({ input: placeOrderInput(values, checkout.requiresDownloadWaiver) }, (store, answer) => {
      // The cart is empty now: every page showing it must read it again (the cart page, a new checkout).
      if (answer?.placeOrder.order) store.invalidateStore();
    });
    const order = response?.placeOrder.order;
    if (!response || !order) {
      ordering.current = false;
      setSending(false);
      // A refusal (terms, pharmacy, …) created nothing: the corrected order is a new request. After a failure
      // without an answer the order may exist: the retry keeps the key and gets that order back.
      if (response) setIdempotencyKey(newIdempotencyKey());
      showErrors(response?.placeOrder.errors.length ? response.placeOrder.errors : [unavailableError(unavailable)]);
      return;
    }
    // The order emptied the cart: the header badge says so at once (the success page does not read the cart).
    cartChangedElsewhere(environment, 0);
    await navigate(localizedPath(`/checkout/success/${order.orderId}`, locale));
  };

  // While a shipping or payment choice is on its way the order waits for it (it would use the old one).
  const choosing = pendingShipping !== null || pendingPayment !== null;
  let step = 0;
  const heading = (text: string) => {
    step += 1;
    return `${step}. ${text}`;
  };

  return (
    <div className={styles.checkout}>
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {cart.errors.length > 0 ? (
        <ul className={styles.cartErrors} aria-label={t('cartErrors')}>
          {cart.errors.map((error) => (
            <li key={error.key} className={error.level === 'ERROR' ? styles.cartError : styles.cartNotice}>
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {/* errors this page resolves itself (the pharmacy) need no "back to the cart" */}
      {blocksCheckout(cart.errors) ? (
        <p className={styles.blocked}>
          {t('order.blocked')} <a href={localizedPath('/checkout/cart', locale)}>{t('order.backToCart')}</a>
        </p>
      ) : null}
      {/* The sidebar holds the pharmacy of a Click & Collect order; without it the steps take the width. */}
      <div className={pickup ? styles.layout : styles.singleColumn}>
        <div className={styles.steps}>
          <section className={styles.step} aria-labelledby={`${id}-identity`} tabIndex={-1} data-field="checkout-identity">
            <h2 id={`${id}-identity`} className={styles.stepTitle}>
              {heading(t('identity.title'))}
            </h2>
            {fieldErrors['checkout-identity'] ? <p className={styles.stepMessage}>{fieldErrors['checkout-identity']}</p> : null}
            <CheckoutIdentity viewer={viewer ?? null} countries={countries} salutations={salutations} defaultCountryId={defaultCountryId} onChanged={refresh} unavailableMessage={unavailable} />
            {viewer ? (
              <CheckoutAddresses
                key={viewer.id}
                checkout={checkout}
                countries={countries}
                salutations={salutations}
                defaultCountryId={defaultCountryId}
                onChanged={refresh}
                unavailableMessage={unavailable}
              />
            ) : null}
          </section>

          {cart.isVirtual ? null : (
            <section className={styles.step} aria-labelledby={`${id}-shipping`}>
              <h2 id={`${id}-shipping`} className={styles.stepTitle}>
                {heading(t('shipping.title'))}
              </h2>
              <CheckoutChoiceForm form={CHECKOUT_FORM.shipping} action={checkoutPath} posted={postedShipping.posted} apply={t('choiceApply')} label={t('shipping.legend')}>
                <ShippingMethodChoice
                  methods={checkout.shippingMethods}
                  selectedId={pendingShipping ?? cart.shippingMethod?.id ?? null}
                  fulfilment={cart.fulfilment ?? null}
                  disabled={sending}
                  onSelect={(shippingMethodId) => void chooseShipping(shippingMethodId)}
                  message={fieldErrors.shippingMethodId}
                />
              </CheckoutChoiceForm>
              {pickup ? (
                <div className={styles.pickup}>
                  <p>{cart.selectedPharmacy ? t('pharmacy.chosenHint') : t('pharmacy.chooseHint')}</p>
                  {pharmacies ? null : (
                    <InPlaceButton href={pharmacyListPath} className={styles.secondaryButton} onOpen={() => setPharmacyDialogOpen(true)}>
                      {cart.selectedPharmacy ? t('pharmacy.change') : t('pharmacy.choose')}
                    </InPlaceButton>
                  )}
                </div>
              ) : null}
              {pickup && pharmacies ? (
                <PharmacyChoiceList
                  pharmacies={pharmacies}
                  search={pharmacySearch ?? ''}
                  selectedId={cart.selectedPharmacy?.pharmacyId ?? null}
                  checkoutPath={checkoutPath}
                  searchParameter={PHARMACY_SEARCH_PARAMETER}
                  form={CHECKOUT_FORM.pharmacy}
                  posted={postedPharmacy.posted}
                  onChoose={(pharmacyId) => void choosePharmacy(pharmacyId)}
                  message={fieldErrors.pharmacyId}
                />
              ) : null}
            </section>
          )}

          <section className={styles.step} aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`} className={styles.stepTitle}>
              {heading(t('payment.title'))}
            </h2>
            <CheckoutChoiceForm form={CHECKOUT_FORM.payment} action={checkoutPath} posted={postedPayment.posted} apply={t('choiceApply')} label={t('payment.title')}>
              <PaymentMethodChoice
                methods={checkout.paymentMethods}
                selectedId={pendingPayment ?? cart.paymentMethod?.id ?? null}
                disabled={sending}
                invoiceAllowed={checkout.invoiceAllowed}
                onSelect={(paymentMethodId) => void choosePayment(paymentMethodId)}
                legend={t('payment.title')}
                message={fieldErrors.paymentMethodId}
              />
            </CheckoutChoiceForm>
          </section>

          <section className={styles.step} aria-labelledby={`${id}-order`}>
            <h2 id={`${id}-order`} className={styles.stepTitle}>
              {heading(t('order.title'))}
            </h2>
            <CartSummary cart={cart} title={t('summary.title')} />
            <form
              className={styles.form}
              method="post"
              action={checkoutPath}
              data-form={CHECKOUT_FORM.order}
              noValidate
              onSubmit={(event) => void submit(event)}
              aria-label={t('order.title')}
            >
              <PostedFormFields form={CHECKOUT_FORM.order} posted={postedOrder.posted} />
              <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
              <CheckoutAlert messages={alert} />
              <CheckboxField field="acceptedTerms" required checked={acceptedTerms} onChange={setAcceptedTerms} message={fieldErrors.acceptedTerms}>
                <Trans t={t} i18nKey="order.terms" components={{ terms: <a href={contentPagePath('terms', locale)} target="_blank" rel="noopener" /> }} />
              </CheckboxField>
              {checkout.requiresDownloadWaiver ? (
                <CheckboxField field="acceptedDownloadWaiver" required checked={acceptedDownloadWaiver} onChange={setAcceptedDownloadWaiver} message={fieldErrors.acceptedDownloadWaiver}>
                  {t('order.waiver')}
                </CheckboxField>
              ) : null}
              <div className={styles.comment}>
                <label htmlFor={`${id}-comment`}>{t('order.comment')}</label>
                <textarea
                  id={`${id}-comment`}
                  data-field="customerComment"
                  name="customerComment"
                  rows={3}
                  maxLength={COMMENT_MAX_LENGTH}
                  value={customerComment}
                  onChange={(event) => setCustomerComment(event.target.value)}
                />
              </div>
              <button type="submit" className={`${styles.primaryButton} ${styles.orderButton}`} disabled={sending || choosing} aria-busy={sending || choosing || undefined}>
                {sending ? t('order.sending') : t('order.submit')}
              </button>
            </form>
          </section>
        </div>
        {pickup ? (
          <aside className={styles.sidebar} aria-label={t('pharmacy.boxTitle')}>
            <SelectedPharmacyBox cart={cart} required changeHref={pharmacyListPath} onChange={() => setPharmacyDialogOpen(true)} message={fieldErrors.pharmacyId} />
          </aside>
        ) : null}
      </div>
      {pickup ? (
        <PharmacyDialog
          open={pharmacyDialogOpen}
          onClose={() => setPharmacyDialogOpen(false)}
          onChoose={choosePharmacy}
          selectedId={cart.selectedPharmacy?.pharmacyId ?? null}
        />
      ) : null}
    </div>
  );
}
