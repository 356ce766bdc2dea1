import { graphql } from 'react-relay/hooks';

// /search?search=…: the shell and the results with filters, sorting and pages (SPEC §2).
export const SearchPageQuery = graphql`
  query SearchPageQuery($term: String!, $hasTerm: Boolean!, $locale: Locale!, $filters: ListingFilterInput, $sort: String, $page: Int) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...SearchPageView_query @arguments(term: $term, hasTerm: $hasTerm, locale: $locale, filters: $filters, sort: $sort, page: $page)
  }
`;
