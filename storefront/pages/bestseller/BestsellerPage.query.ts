import { graphql } from 'react-relay/hooks';

// /t/bestseller: the shell, the whole catalogue by sales and the bestseller topic's FAQ.
export const BestsellerPageQuery = graphql`
  query BestsellerPageQuery($locale: Locale!, $filters: ListingFilterInput, $sort: String, $page: Int) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...BestsellerPageView_query @arguments(locale: $locale, filters: $filters, sort: $sort, page: $page)
    # The bestseller topic's FAQ (and its FAQPage JSON-LD).
    bestsellerTopic: article(path: "/t/bestseller", locale: $locale) {
      ...FaqSection_article
    }
  }
`;
