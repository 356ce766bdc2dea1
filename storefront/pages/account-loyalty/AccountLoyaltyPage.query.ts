import { graphql } from 'react-relay/hooks';

// /account/my-vitalcard: the shell, the customer (for the form's defaults) and their card if any.
export const AccountLoyaltyPageQuery = graphql`
  query AccountLoyaltyPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    viewer {
      id
      loggedIn
      ...LoyaltyArea_customer
    }
  }
`;
