import { graphql } from 'react-relay/hooks';

// /datenschutz, /it/protezione-dei-dati, /fr/protection-des-donnees: the shell and the legal text (storefront/platform/i18n/*/legal.json).
export const PrivacyPageQuery = graphql`
  query PrivacyPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...LegalPageView_query
  }
`;
