// The checkout feature as other features and pages see it: import it from here, never from its files.
export type { PaymentMethodChoice_methods$key } from './__generated__/PaymentMethodChoice_methods.graphql';
export { CheckoutChoiceForm, InPlaceButton } from './CheckoutChoiceForm';
export { CheckoutPageView } from './CheckoutPageView';
export type { ShownAddress } from './checkoutPosts';
export { PHARMACY_SEARCH_PARAMETER, shownAddressFields } from './checkoutPosts';
export { OrderPaidView } from './OrderPaidView';
export { useOrderPaymentRetry } from './OrderPaymentRetry';
export { OrderSuccessView } from './OrderSuccessView';
export { OrderSummary } from './OrderSummary';
export { OrderUnpaidView } from './OrderUnpaidView';
export { PaymentMethodChoice } from './PaymentMethodChoice';
export { PaymentSlipView } from './PaymentSlipView';
