import { graphql } from 'react-relay/hooks';

// /error: only the shell; the text comes from the page's language.
export const ErrorPageQuery = graphql`
  query ErrorPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
  }
`;
