import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_TITLE_MAX, REVIEW_TITLE_MIN } from '../../../store-api/src/domain/product-reviews';
import type { GatewayContext } from '../context';
import type { ShopwareReview } from '../loaders';
import { builder } from './builder';
import { isLoggedIn, sessionCustomer } from './customer';
import { InputCheck, ShopErrorRef, shopError, shopErrorsOf, type ShopError } from './shop-errors';

// Writing a product review (issue 20 item 5): Shopware's POST /product/{productId}/review. One review per customer
// and product: the customer's own review is looked up first and, when there is one, changed (Shopware's storefront
// passes its id the same way). A new or changed review waits for the operator's approval while reviews are moderated.

interface ReviewPayloadShape {
  saved: boolean;
  awaitingApproval: boolean;
  errors: ShopError[];
}

const ReviewPayloadRef = builder.objectRef<ReviewPayloadShape>('ProductReviewPayload').implement({
  description: 'Whether the review was saved, whether it waits for approval, and what went wrong.',
  fields: (t) => ({
    saved: t.boolean({ description: 'True when the review was stored (new, or the customer’s earlier one changed).', resolve: (p) => p.saved }),
    awaitingApproval: t.boolean({ description: 'True when the shop shows it only after an approval (moderated reviews).', resolve: (p) => p.awaitingApproval }),
    errors: t.field({ type: [ShopErrorRef], description: 'Expected failures, translated, with the field they belong to.', resolve: (p) => p.errors }),
  }),
});

const ReviewInput = builder.inputType('WriteProductReviewInput', {
  description: 'A customer’s review of a product.',
  fields: (t) => ({
    productId: t.id({ required: true, description: 'The Shopware id of the product (for a variant: of its parent, whose family shares the reviews).' }),
    points: t.int({ required: true, description: 'Stars, 1 to 5.' }),
    title: t.string({ required: true, description: `Headline, ${REVIEW_TITLE_MIN} to ${REVIEW_TITLE_MAX} characters.` }),
    content: t.string({ required: true, description: `The review, ${REVIEW_CONTENT_MIN} to ${REVIEW_CONTENT_MAX} characters.` }),
  }),
});

/** The customer's own review of the product family, approved or not (Shopware shows a customer their own). */
async function ownReview(ctx: GatewayContext, productId: string, customerId: string): Promise<(ShopwareReview & { status?: boolean }) | null> {
  const result = await ctx.store().invoke('readProductReviews post /product/{productId}/reviews', {
    pathParams: { productId },
    body: { limit: 1, filter: [{ type: 'equals', field: 'customerId', value: customerId }] } as never,
  });
  return (result.elements?.[0] as (ShopwareReview & { status?: boolean }) | undefined) ?? null;
}

builder.mutationField('writeProductReview', (t) =>
  t.field({
    type: ReviewPayloadRef,
    description: 'Writes the logged-in customer’s review of a product, or changes their earlier one (one per customer and product).',
    args: { input: t.arg({ type: ReviewInput, required: true, description: 'The review.' }) },
    resolve: async (_root, { input }, ctx) => {
      const refused = (errors: ShopError[]): ReviewPayloadShape => ({ saved: false, awaitingApproval: false, errors });
      try {
        const check = new InputCheck(ctx.locale);
        const productId = check.id('productId', String(input.productId));
        if (!Number.isInteger(input.points) || input.points < 1 || input.points > 5) check.problem('points', 'stars');
        const title = check.text('title', input.title, { min: REVIEW_TITLE_MIN, max: REVIEW_TITLE_MAX });
        const content = check.text('content', input.content, { min: REVIEW_CONTENT_MIN, max: REVIEW_CONTENT_MAX });
        check.done();
        const customer = await sessionCustomer(ctx);
        if (!isLoggedIn(customer)) return refused([shopError(ctx.locale, 'NOT_LOGGED_IN')]);
        const earlier = await ownReview(ctx, productId!, customer!.id);
        await ctx.store().invoke('saveProductReview post /product/{productId}/review', {
          pathParams: { productId: productId! },
          body: { points: input.points, title: title!, content: content!, ...(earlier ? { id: earlier.id } : {}) } as never,
        });
        const saved = await ownReview(ctx, productId!, customer!.id);
        return { saved: true, awaitingApproval: saved?.status !== true, errors: [] };
      } catch (error) {
        return refused(shopErrorsOf(ctx, error));
      }
    },
  }),
);
