import { checkReview, EMPTY_REVIEW, REVIEW_FORM, REVIEW_RESULT_PARAMETER, reviewInputOf, type ReviewResult } from '../../storefront/features/product/reviewForm';
import { textFields, type FormPostDefinition } from '../formPosts';

// The product review form (issue 20 item 5, ADR 0023): a plain form on the product page posting to the product's
// /detail/{id} address; a refusal renders the page it was posted from again with the values and the messages. Customers
// only: a post without a login leads to the login and back to the product. Saved, the shopper goes back to the page
// the form was on, which says whether the review waits for approval.

const PRODUCT_ID = /^[0-9a-f]{32}$/;

/** The product page with the review's result, its own query kept. */
export function reviewResultAddress(page: string, result: ReviewResult): string {
  const url = new URL(page, 'http://shop.invalid');
  url.searchParams.set(REVIEW_RESULT_PARAMETER, result);
  return `${url.pathname}${url.search}#product-reviews`;
}

export const REVIEW_FORM_POSTS: readonly FormPostDefinition[] = [
  {
    form: REVIEW_FORM,
    path: '/detail/*',
    mutation: 'ProductReviewFormMutation',
    field: 'writeProductReview',
    keep: Object.keys(EMPTY_REVIEW),
    forCustomers: true,
    refusedOnPostedPage: true,
    read(fields, url) {
      const values = textFields(fields, EMPTY_REVIEW);
      const problems = checkReview(values);
      if (Object.keys(problems).length > 0) return { problems: problems as Record<string, string> };
      const productId = url.pathname.split('/').pop() ?? '';
      if (!PRODUCT_ID.test(productId)) return { problems: { productId: 'required' } };
      return { variables: { input: reviewInputOf(productId, values) } };
    },
    done: (url, _locale, _allowList, payload, { postedFrom }) => reviewResultAddress(postedFrom(url.pathname), payload.awaitingApproval === false ? 'published' : 'pending'),
  },
];
