import { graphql } from 'react-relay/hooks';

// /impressum, /it/note-giuridiche, /fr/mentions-legales: the shell and the legal text (storefront/platform/i18n/*/legal.json).
export const ImprintPageQuery = graphql`
  query ImprintPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...LegalPageView_query
  }
`;
