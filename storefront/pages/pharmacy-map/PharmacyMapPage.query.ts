import { graphql } from 'react-relay/hooks';

// /pharmacy-map: the shell and the finder for the URL's search (?search=8001) or position (?lat=…&lon=…).
export const PharmacyMapPageQuery = graphql`
  query PharmacyMapPageQuery($locale: Locale!, $search: String, $near: PharmacyNearInput) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    pharmacyFinder(search: $search, near: $near, first: 20) {
      ...PharmacyFinderView_finder
    }
  }
`;
