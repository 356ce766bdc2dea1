import { graphql } from 'react-relay/hooks';

// /versicherte, /it/assicurati, /fr/assures: the shell and the session customer's insurer status
// (its texts: storefront/platform/i18n/*/insurer.json).
export const InsurerPageQuery = graphql`
  query InsurerPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    insurerStatus {
      ...InsurerVerification_status
    }
  }
`;
