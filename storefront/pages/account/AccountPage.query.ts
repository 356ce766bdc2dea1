import { graphql } from 'react-relay/hooks';

// /account, /account/profile, /account/address, /account/payment: the shell, the customer (null when
// logged out: the page goes to /login) and what the shown section needs. Personal: never cached.
export const AccountPageQuery = graphql`
  query AccountPageQuery($locale: Locale!, $overview: Boolean!, $profile: Boolean!, $address: Boolean!, $payment: Boolean!, $salutations: Boolean!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    viewer {
      id
      loggedIn
      ...AccountOverview_customer @include(if: $overview) @alias(as: "overview")
      ...AccountProfile_customer @include(if: $profile) @alias(as: "profile")
      ...NewsletterSetting_customer @include(if: $profile) @alias(as: "newsletter")
      ...AccountAddresses_customer @include(if: $address) @alias(as: "addressBook")
      ...AccountPayment_customer @include(if: $payment) @alias(as: "payment")
    }
    salutations(locale: $locale) @include(if: $salutations) {
      ...AccountProfile_salutations
      ...AddressForm_salutations
    }
    countries(locale: $locale) @include(if: $address) {
      ...AccountAddresses_countries
    }
    checkout @include(if: $payment) {
      paymentMethods {
        id
        ...PaymentMethodChoice_methods
      }
    }
  }
`;
