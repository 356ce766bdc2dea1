import { graphql } from 'react-relay/hooks';

// /wettbewerb, /it/concorso, /fr/concours: the shell and the current contest (its texts: storefront/platform/i18n/*/contest.json).
export const ContestPageQuery = graphql`
  query ContestPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    contest(locale: $locale) {
      ...ContestForm_contest
    }
  }
`;
