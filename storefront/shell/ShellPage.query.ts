import { graphql } from 'react-relay/hooks';

// Pages whose body needs no shop data yet (login, wishlist, account…): just the shell around them.
export const ShellPageQuery = graphql`
  query ShellPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
  }
`;
