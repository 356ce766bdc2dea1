import { graphql } from 'react-relay/hooks';

// /garantiebestimmungen, /it/conditioni-di-garanzia, /fr/conditions-de-garantie: the shell and the legal text (storefront/platform/i18n/*/legal.json).
export const GuaranteePageQuery = graphql`
  query GuaranteePageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...LegalPageView_query
  }
`;
