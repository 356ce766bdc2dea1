import { graphql } from 'react-relay/hooks';

// /t/{slug}: the shell and the article (null: the page answers 404).
export const TopicPageQuery = graphql`
  query TopicPageQuery($locale: Locale!, $path: String!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    article(path: $path, locale: $locale) {
      url
      ...ArticlePageLayout_article
    }
  }
`;
