import { graphql } from 'react-relay/hooks';

// /s/{slug}: the shell and the article (null: the page answers 404).
export const ServicePagePageQuery = graphql`
  query ServicePagePageQuery($locale: Locale!, $path: String!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    article(path: $path, locale: $locale) {
      ...ArticlePageLayout_article
    }
  }
`;
