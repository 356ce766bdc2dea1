import { graphql } from 'react-relay/hooks';

// /agb, /it/termini-e-condizioni-generali, /fr/cgv: the shell and the legal text (storefront/platform/i18n/*/legal.json).
export const TermsPageQuery = graphql`
  query TermsPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...LegalPageView_query
  }
`;
