import { graphql } from 'react-relay/hooks';

// /retouren, /it/resi, /fr/retours: the shell and the legal text (storefront/platform/i18n/*/legal.json).
export const ReturnsPageQuery = graphql`
  query ReturnsPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...LegalPageView_query
  }
`;
