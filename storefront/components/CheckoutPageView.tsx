import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/useTranslation';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { cartChangedElsewhere } from '../cart/cartCount';
import { newIdempotencyKey } from '../checkout/idempotencyKey';
import { unavailableError, useShopMutation } from '../checkout/useShopMutation';
import type { ShopErrorData } from '../forms/checkoutForms';
import { contentPagePath } from '../i18n/contentPages';
import { localizedPath } from '../i18n/locales';
import type { CheckoutPageView_query$key } from './__generated__/CheckoutPageView_query.graphql';
import type { CheckoutPageViewPaymentMutation } from './__generated__/CheckoutPageViewPaymentMutation.graphql';
import type { CheckoutPageViewPharmacyMutation } from './__generated__/CheckoutPageViewPharmacyMutation.graphql';
import type { CheckoutPageViewPlaceOrderMutation } from './__generated__/CheckoutPageViewPlaceOrderMutation.graphql';
import type { CheckoutPageViewShippingMutation } from './__generated__/CheckoutPageViewShippingMutation.graphql';
import { CheckoutAddresses } from './CheckoutAddresses';
import { CheckboxField, CheckoutAlert, focusField } from './CheckoutField';
import { CheckoutIdentity } from './CheckoutIdentity';
import { CartSummary } from './OrderSummary';
import { INVOICE_TECHNICAL_NAME, PaymentMethodChoice } from './PaymentMethodChoice';
import { PharmacyDialog, SelectedPharmacyBox } from './PharmacyPicker';
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

const COMMENT_MAX_LENGTH = 1000;
/** Cart errors this page itself resolves (the pharmacy): no "back to the cart" for them. */
const PICKED_ON_THIS_PAGE = new Set(['pharmacy-required']);

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
  const { locale } = usePageContext();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment CheckoutPageView_query on Query @argumentDefinitions(locale: { type: "Locale!" }) {
        viewer {
          id
          ...CheckoutIdentity_viewer
        }
        cart {
          id
          isVirtual
          fulfilment
          blocksOrder
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
      }
    `,
    query,
  );
  const { viewer, cart, checkout, countries, salutations } = data;
  const defaultCountryId = countries.find((country) => country.iso === 'CH')?.id ?? countries[0]?.id ?? '';
  const unavailable = t('errors.unavailable');
  const pickup = !cart.isVirtual && (checkout.requiresPharmacy || !!cart.shippingMethod?.clickAndCollect);

  // What the shopper decides on this page; kept whatever the gateway answers.
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [acceptedDownloadWaiver, setAcceptedDownloadWaiver] = useState(false);
  const [customerComment, setCustomerComment] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const [pharmacyDialogOpen, setPharmacyDialogOpen] = useState(false);
  // One key per visit of the page: a second click, a resubmit or a retry after a failure answers the same order.
  const idempotencyKey = useRef<string | null>(null);
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
    const byField: Record<string, string> = {};
    const general: string[] = [];
    for (const error of errors) {
      const field = error.field && ORDER_FIELDS.has(error.field) ? error.field : FIELD_OF_CODE[error.code];
      if (field && !(field in byField)) byField[field] = error.message;
      else general.push(error.message);
    }
    setFieldErrors(byField);
    setAlert([...new Set(general)]);
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

  /** The browser's own checks before sending the order (the gateway repeats them). */
  const localProblems = (): Record<string, string> => {
    const problems: Record<string, string> = {};
    if (!viewer) problems['checkout-identity'] = t('order.identityMissing');
    if (pickup && !cart.selectedPharmacy) problems.pharmacyId = t('pharmacy.required');
    if (cart.paymentMethod?.technicalName === INVOICE_TECHNICAL_NAME && !checkout.invoiceAllowed) problems.paymentMethodId = t('payment.invoiceNotAllowed');
    if (!acceptedTerms) problems.acceptedTerms = t('order.termsRequired');
    if (checkout.requiresDownloadWaiver && !acceptedDownloadWaiver) problems.acceptedDownloadWaiver = t('order.waiverRequired');
    return problems;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ordering.current || choosing) return;
    const problems = localProblems();
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
    idempotencyKey.current ??= newIdempotencyKey();
    const response = await placeOrder({
      input: {
        acceptedTerms,
        acceptedDownloadWaiver: checkout.requiresDownloadWaiver ? acceptedDownloadWaiver : false,
        customerComment: customerComment.trim() || null,
        idempotencyKey: idempotencyKey.current,
      },
    }, (store, answer) => {
      // The cart is empty now: every page showing it must read it again (the cart page, a new checkout).
      if (answer?.placeOrder.order) store.invalidateStore();
    });
    const order = response?.placeOrder.order;
    if (!response || !order) {
      ordering.current = false;
      setSending(false);
      // A refusal (terms, pharmacy, …) created nothing: the corrected order is a new request. After a failure
      // without an answer the order may exist: the retry keeps the key and gets that order back.
      if (response) idempotencyKey.current = null;
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
      {/* The checkout's steps talk to the shop as the shopper goes; without JavaScript they cannot. */}
      <noscript>
        <p className={styles.blocked}>{t('noScript')}</p>
      </noscript>
      {cart.errors.length > 0 ? (
        <ul className={styles.cartErrors} aria-label={t('cartErrors')}>
          {cart.errors.map((error) => (
            <li key={error.key} className={error.level === 'ERROR' ? styles.cartError : styles.cartNotice}>
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {cart.blocksOrder && cart.errors.some((error) => error.level === 'ERROR' && !PICKED_ON_THIS_PAGE.has(error.messageKey)) ? (
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
              <ShippingMethodChoice
                methods={checkout.shippingMethods}
                selectedId={pendingShipping ?? cart.shippingMethod?.id ?? null}
                fulfilment={cart.fulfilment ?? null}
                disabled={sending}
                onSelect={(shippingMethodId) => void chooseShipping(shippingMethodId)}
                message={fieldErrors.shippingMethodId}
              />
              {pickup ? (
                <div className={styles.pickup}>
                  <p>{cart.selectedPharmacy ? t('pharmacy.chosenHint') : t('pharmacy.chooseHint')}</p>
                  <button type="button" className={styles.secondaryButton} onClick={() => setPharmacyDialogOpen(true)}>
                    {cart.selectedPharmacy ? t('pharmacy.change') : t('pharmacy.choose')}
                  </button>
                </div>
              ) : null}
            </section>
          )}

          <section className={styles.step} aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`} className={styles.stepTitle}>
              {heading(t('payment.title'))}
            </h2>
            <PaymentMethodChoice
              methods={checkout.paymentMethods}
              selectedId={pendingPayment ?? cart.paymentMethod?.id ?? null}
              disabled={sending}
              invoiceAllowed={checkout.invoiceAllowed}
              onSelect={(paymentMethodId) => void choosePayment(paymentMethodId)}
              legend={t('payment.title')}
              message={fieldErrors.paymentMethodId}
            />
          </section>

          <section className={styles.step} aria-labelledby={`${id}-order`}>
            <h2 id={`${id}-order`} className={styles.stepTitle}>
              {heading(t('order.title'))}
            </h2>
            <CartSummary cart={cart} title={t('summary.title')} />
            <form className={styles.form} method="post" noValidate onSubmit={(event) => void submit(event)} aria-label={t('order.title')}>
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
            <SelectedPharmacyBox cart={cart} required onChange={() => setPharmacyDialogOpen(true)} message={fieldErrors.pharmacyId} />
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
