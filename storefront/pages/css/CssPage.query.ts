import { graphql } from 'react-relay/hooks';

// /css (the living style guide): only the shell; the tokens come from storefront/ui/tokens.css itself.
export const CssPageQuery = graphql`
  query CssPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
  }
`;
