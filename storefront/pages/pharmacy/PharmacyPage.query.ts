import { graphql } from 'react-relay/hooks';

// /p/{path}: the shell, the pharmacy (null: the page answers 404) and the map's other pharmacies.
export const PharmacyPageQuery = graphql`
  query PharmacyPageQuery($locale: Locale!, $path: String!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    pharmacy(path: $path) {
      name
      city
      path
      ...PharmacyDetailView_pharmacy
    }
    ...PharmacyDetailView_query
  }
`;
