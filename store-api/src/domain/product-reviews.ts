import type { SalesChannelContext } from '../context';
import type { Db } from '../db/connection';
import { prepared } from '../entities/system';
import { StoreApiError } from '../errors';
import { isId, randomId } from '../ids';
import { requireAccount } from './customer';
import { FormChecker, shown } from './shop-forms';
import { reviewSettings } from './shop-settings';

// POST /product/{productId}/review as Shopware 6.7's ProductReviewSaveRoute: logged-in customers only, points 1–5,
// title at least 5 characters, content at least 40; one review per customer and product — a second one is refused
// unless it names the customer's own review by `id`, which it then updates. A new or changed review waits for the
// operator's approval while reviews are moderated (shop-settings.ts, ADR 0030; `npm run reviews`).

export const REVIEW_TITLE_MIN = 5;
export const REVIEW_CONTENT_MIN = 40;
export const REVIEW_TITLE_MAX = 255;
export const REVIEW_CONTENT_MAX = 5000;

function tooShort(form: FormChecker, pointer: string, value: string | null, raw: unknown, limit: number): void {
  if (value !== null && [...value].length < limit) {
    form.add({
      pointer,
      code: 'VIOLATION::TOO_SHORT_ERROR',
      detail: `This value is too short. It should have ${limit} characters or more.`,
      parameters: { '{{ value }}': shown(raw), '{{ limit }}': limit },
    });
  }
}

function pointsOf(form: FormChecker, raw: unknown): number | null {
  const points = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (raw === undefined || raw === null || raw === '') {
    form.blank('/points', raw);
    return null;
  }
  if (!Number.isFinite(points) || points < 1) {
    form.add({ pointer: '/points', code: 'VIOLATION::TOO_LOW_ERROR', detail: 'This value should be greater than or equal to 1.', parameters: { '{{ value }}': shown(raw), '{{ compared_value }}': 1 } });
    return null;
  }
  if (points > 5) {
    form.add({ pointer: '/points', code: 'VIOLATION::TOO_HIGH_ERROR', detail: 'This value should be less than or equal to 5.', parameters: { '{{ value }}': shown(raw), '{{ compared_value }}': 5 } });
    return null;
  }
  return points;
}

/** The average of the approved reviews, kept on the product as Shopware's indexer keeps ratingAverage. */
export function refreshRatingAverage(db: Db, productId: string): void {
  prepared(
    db,
    'UPDATE product SET rating_average = (SELECT ROUND(AVG(points), 2) FROM product_review WHERE product_id = ? AND status = 1) WHERE id = ?',
  ).run(productId, productId);
}

export function saveProductReview(ctx: SalesChannelContext, productId: string, body: Record<string, unknown>, now = new Date()): void {
  const settings = reviewSettings(ctx.db);
  if (!settings.active) throw StoreApiError.of(403, 'PRODUCT__REVIEW_NOT_ACTIVE', 'Reviews not activated');
  const customer = requireAccount(ctx);
  if (!isId(productId) || !prepared(ctx.db, 'SELECT 1 FROM product WHERE id = ? AND active = 1').get(productId)) {
    throw StoreApiError.notFound('CONTENT__PRODUCT_NOT_FOUND', `Product for id ${productId.slice(0, 64)} not found.`, { productId: productId.slice(0, 64) });
  }

  const form = new FormChecker();
  const name = body.name === undefined ? customer.first_name : form.text('/name', body.name, { required: true, max: 255 });
  const email = body.email === undefined ? customer.email : form.email('/email', body.email);
  const title = form.text('/title', body.title, { required: true, max: REVIEW_TITLE_MAX });
  tooShort(form, '/title', title, body.title, REVIEW_TITLE_MIN);
  const content = form.text('/content', body.content, { required: true, max: REVIEW_CONTENT_MAX });
  tooShort(form, '/content', content, body.content, REVIEW_CONTENT_MIN);
  const points = pointsOf(form, body.points);

  const id = body.id;
  if (id !== undefined && id !== null && id !== '') {
    // only the customer's own review can be changed
    if (typeof id !== 'string' || !prepared(ctx.db, 'SELECT 1 FROM product_review WHERE id = ? AND customer_id = ?').get(id, customer.id)) {
      form.add({ pointer: '/id', code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS', detail: `The product_review entity with id ${shown(id)} does not exist.`, parameters: { '{{ entity }}': 'product_review', '{{ id }}': shown(id) } });
    }
  } else if (prepared(ctx.db, 'SELECT 1 FROM product_review WHERE customer_id = ? AND product_id = ?').get(customer.id, productId)) {
    form.add({ pointer: '/customerId', code: 'VIOLATION::ENTITY_EXISTS', detail: 'The product_review entity already exists.', parameters: { '{{ entity }}': 'product_review', '{{ id }}': shown(customer.id) } });
  }
  form.fail();

  const status = settings.moderated ? 0 : 1;
  const review = { name, email, title, content, points, status, languageId: ctx.languageId, createdAt: now.toISOString() };
  ctx.db
    .transaction(() => {
      if (typeof id === 'string' && id !== '') {
        const before = prepared(ctx.db, 'SELECT product_id FROM product_review WHERE id = ?').get(id) as { product_id: string };
        prepared(
          ctx.db,
          `UPDATE product_review SET product_id = ?, language_id = ?, external_user = ?, external_email = ?, title = ?, content = ?, points = ?,
             status = ? WHERE id = ?`,
        ).run(productId, review.languageId, review.name, review.email, review.title, review.content, review.points, review.status, id);
        if (before.product_id !== productId) refreshRatingAverage(ctx.db, before.product_id);
      } else {
        prepared(
          ctx.db,
          `INSERT INTO product_review (id, product_id, language_id, customer_id, external_user, external_email, title, content, points, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(randomId(), productId, review.languageId, customer.id, review.name, review.email, review.title, review.content, review.points, review.status, review.createdAt);
      }
      refreshRatingAverage(ctx.db, productId);
    })
    .immediate();
}

export interface PendingReview {
  id: string;
  productNumber: string;
  points: number;
  title: string;
  content: string;
  createdAt: string;
}

/** Reviews waiting for approval, oldest first (npm run reviews -- pending). */
export function pendingReviews(db: Db): PendingReview[] {
  return prepared(
    db,
    `SELECT r.id, p.product_number AS productNumber, r.points, r.title, r.content, r.created_at AS createdAt
     FROM product_review r JOIN product p ON p.id = r.product_id WHERE r.status = 0 ORDER BY r.created_at, r.id`,
  ).all() as PendingReview[];
}

/** Shows a review (status 1) and counts it in the product's average; false when there is no such review. */
export function approveReview(db: Db, reviewId: string): boolean {
  const row = prepared(db, 'SELECT product_id FROM product_review WHERE id = ?').get(reviewId) as { product_id: string } | undefined;
  if (!row) return false;
  db.transaction(() => {
    prepared(db, 'UPDATE product_review SET status = 1 WHERE id = ?').run(reviewId);
    refreshRatingAverage(db, row.product_id);
  }).immediate();
  return true;
}
