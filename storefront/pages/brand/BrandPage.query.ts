import { graphql } from 'react-relay/hooks';

// /b/{slug}: the shell, the brand (heading, intro, logo) and its product listing with the URL's filters.
export const BrandPageQuery = graphql`
  query BrandPageQuery($locale: Locale!, $slug: String!, $filters: ListingFilterInput, $sort: String, $page: Int) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    brand(slug: $slug, locale: $locale) {
      name
      slug
      url
      description
      ...BrandPageView_brand @arguments(filters: $filters, sort: $sort, page: $page)
    }
    context {
      navigationCategoryId
    }
  }
`;
