import { graphql } from 'react-relay/hooks';

// /versand-lieferung, /it/spedizione-consegna, /fr/expedition-livraison: the shell, the legal text
// (storefront/platform/i18n/*/legal.json) and the free-shipping threshold the Store API applies, read through the
// cart (a query never starts a session, so the page stays cacheable).
export const ShippingPageQuery = graphql`
  query ShippingPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...LegalPageView_query @arguments(withShippingThreshold: true)
  }
`;
