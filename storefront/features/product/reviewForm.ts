import { checkRequired } from '../../forms/fieldRules';

// The product review form's SPEC §5 checks and its mutation input (issue 20 item 5). The form is a plain form posted
// to the product's /detail/{id} address (server/forms/reviews.ts, ADR 0023): no script of its own on the product page.

export const REVIEW_FORM = 'product-review';
/** Shopware's ProductReviewSaveRoute rules (store-api/src/domain/product-reviews.ts). */
export const REVIEW_TITLE_MIN = 5;
export const REVIEW_CONTENT_MIN = 40;
export const REVIEW_TITLE_MAX = 255;
export const REVIEW_CONTENT_MAX = 5000;

export type ReviewField = 'points' | 'title' | 'content';
export const REVIEW_FIELDS: readonly ReviewField[] = ['points', 'title', 'content'];
export type ReviewValues = Record<ReviewField, string>;
export type ReviewProblem = 'required' | 'stars' | 'tooShort' | 'tooLong';
export type ReviewProblems = Partial<Record<ReviewField, ReviewProblem>>;
export const EMPTY_REVIEW: ReviewValues = { points: '', title: '', content: '' };

/** After a saved review the product page shows `?review=pending` (waits for approval) or `?review=published`. */
export const REVIEW_RESULT_PARAMETER = 'review';
export type ReviewResult = 'pending' | 'published';

function lengthProblem(value: string, min: number, max: number): ReviewProblem | undefined {
  const length = Array.from(value.trim()).length;
  if (checkRequired(value)) return 'required';
  return length < min ? 'tooShort' : length > max ? 'tooLong' : undefined;
}

export function checkReview(values: ReviewValues): ReviewProblems {
  const problems: ReviewProblems = {};
  if (!/^[1-5]$/.test(values.points)) problems.points = 'stars';
  const title = lengthProblem(values.title, REVIEW_TITLE_MIN, REVIEW_TITLE_MAX);
  if (title) problems.title = title;
  const content = lengthProblem(values.content, REVIEW_CONTENT_MIN, REVIEW_CONTENT_MAX);
  if (content) problems.content = content;
  return problems;
}

/** writeProductReview's input. */
export function reviewInputOf(productId: string, values: ReviewValues) {
  return { productId, points: Number(values.points), title: values.title.trim(), content: values.content.trim() };
}
