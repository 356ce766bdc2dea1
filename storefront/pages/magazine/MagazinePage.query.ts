import { graphql } from 'react-relay/hooks';

// /magazin: the shell and a page of the health magazine, optionally of one category.
export const MagazinePageQuery = graphql`
  query MagazinePageQuery($locale: Locale!, $category: String, $page: Int) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    magazine(locale: $locale, category: $category, page: $page, first: 12) {
      ...ArticleMagazine_magazine
    }
  }
`;
