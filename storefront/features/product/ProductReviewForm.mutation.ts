import { graphql } from 'react-relay/hooks';

/**
 * The review form's mutation, run by its post (server/forms/reviews.ts) through the persisted operations. Kept out of
 * the product page's modules: the form has no script of its own (the page's JavaScript budget, issue 20).
 */
export const ProductReviewFormMutation = graphql`
  mutation ProductReviewFormMutation($input: WriteProductReviewInput!) {
    writeProductReview(input: $input) {
      saved
      awaitingApproval
      errors {
        code
        message
        field
      }
    }
  }
`;
