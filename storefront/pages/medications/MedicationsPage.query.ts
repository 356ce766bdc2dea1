import { graphql } from 'react-relay/hooks';

// /medikamente, /it/medicinali, /fr/medicaments: the shell and the pharmacies of the pickup form
// (the page's texts: storefront/platform/i18n/*/medication.json).
export const MedicationsPageQuery = graphql`
  query MedicationsPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...PrescriptionPickupForm_query
  }
`;
