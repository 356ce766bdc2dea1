import { graphql } from 'react-relay/hooks';

// /login: the shell and whether the session is logged in already (then it goes on at once).
export const LoginPageQuery = graphql`
  query LoginPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    viewer {
      id
      loggedIn
    }
  }
`;
