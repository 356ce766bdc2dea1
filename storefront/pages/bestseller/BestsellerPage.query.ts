import { graphql } from 'react-relay/hooks';

// /t/bestseller: the shell and the whole catalogue by sales.
export const BestsellerPageQuery = graphql`
  query BestsellerPageQuery($locale: Locale!, $filters: ListingFilterInput, $sort: String, $page: Int) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...BestsellerPageView_query @arguments(locale: $locale, filters: $filters, sort: $sort, page: $page)
  }
`;
