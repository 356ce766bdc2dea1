import { graphql } from 'react-relay/hooks';

// /customer-group-registration/{id}: the shell, the group's page texts, the registration form's countries and salutations.
export const CustomerGroupRegistrationPageQuery = graphql`
  query CustomerGroupRegistrationPageQuery($locale: Locale!, $customerGroupId: String!) {
    ...Header_query @arguments(locale: $locale)
    ...Footer_query @arguments(locale: $locale)
    ...RegisterForm_query @arguments(locale: $locale)
    customerGroupRegistration(customerGroupId: $customerGroupId, locale: $locale) {
      customerGroupId
      title
      introductionHtml
      seoMetaDescription
    }
    viewer {
      id
      loggedIn
    }
  }
`;
