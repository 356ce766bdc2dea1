import { graphql } from 'react-relay/hooks';

// /register: the shell, the form's countries and salutations, whether the session is logged in already.
export const RegisterPageQuery = graphql`
  query RegisterPageQuery($locale: Locale!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...RegisterForm_query @arguments(locale: $locale)
    viewer {
      id
      loggedIn
    }
  }
`;
