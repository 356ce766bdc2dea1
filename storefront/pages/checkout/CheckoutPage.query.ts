import { graphql } from 'react-relay/hooks';

// /checkout: the cart, the checkout's choices and the session's customer, in one query (never cached); with
// ?pharmacy-search=… also the pharmacies found, the Click & Collect choice rendered on the server.
export const CheckoutPageQuery = graphql`
  query CheckoutPageQuery($locale: Locale!, $withPharmacies: Boolean!, $pharmacySearch: String) {
    cart {
      isEmpty
    }
    ...CheckoutPageView_query @arguments(locale: $locale, withPharmacies: $withPharmacies, pharmacySearch: $pharmacySearch)
  }
`;
