import { useState } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { formatShopDate } from '../../platform/i18n/dates';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import type { ReviewSlider_product$key } from './__generated__/ReviewSlider_product.graphql';
import { RatingStars } from '../../ui/RatingStars';
import { ServerIsland } from '../../platform/ServerIsland';
import styles from './ReviewSlider.module.css';

// reviews(first: 10) is asked with the same arguments by ProductTabs and ProductJsonLd: one field for Relay,
// one Store API call for the gateway.
const fragment = graphql`
  fragment ReviewSlider_product on Product {
    productId
    parentId
    ratingAverage
    reviews(first: 10) {
      totalCount
      ratingCounts {
        stars
        count
      }
      edges {
        node {
          reviewId
          title
          content
          points
          author
          createdAt
        }
      }
    }
  }
`;

/**
 * The rating average with stars, how many reviews gave each number of stars, and the reviews (the page's language
 * first, newest first) one card at a time with previous and next; then the form to write one.
 */
/** The review form's own chunk, for a product page reached by a client navigation. */
const loadReviewForm = () => import('./ProductReviewForm').then((module) => module.ProductReviewForm);

export function ReviewSlider({ product }: { product: ReviewSlider_product$key }) {
  const data = useFragment(fragment, product);
  const reviewedId = data.parentId ?? data.productId;
  const { t } = useTranslation('product');
  const locale = useShopperLocale();
  const [index, setIndex] = useState(0);
  const reviews = data.reviews.edges.map((edge) => edge.node);
  const count = reviews.length;

  return (
    <section id="product-reviews" className={styles.slider} aria-labelledby="review-slider-heading" data-testid="review-slider">
      <h2 id="review-slider-heading">{t('reviews.heading')}</h2>
      {data.ratingAverage != null && data.reviews.totalCount > 0 ? (
        <p className={styles.summary}>
          <RatingStars value={data.ratingAverage} />
          <span>{t('reviews.count', { count: data.reviews.totalCount })}</span>
        </p>
      ) : (
        <p>{t('reviews.none')}</p>
      )}
      {data.reviews.totalCount > 0 && (
        <ul className={styles.starCounts} aria-label={t('reviews.starCounts')}>
          {data.reviews.ratingCounts.map(({ stars, count }) => (
            <li key={stars}>{t('reviews.starCount', { stars, count })}</li>
          ))}
        </ul>
      )}
      {count > 0 && (
        <div className={styles.track} role="group" aria-roledescription="carousel" aria-label={t('reviews.heading')}>
          <ul className={styles.cards}>
            {reviews.map((review, position) => (
              <li
                key={review.reviewId}
                className={styles.card}
                hidden={position !== index}
                aria-roledescription="slide"
                aria-label={t('reviews.position', { index: position + 1, count })}
              >
                {review.points != null && <RatingStars value={review.points} />}
                <h3 className={styles.title}>{review.title}</h3>
                <p className={styles.content}>{review.content}</p>
                <p className={styles.meta}>
                  {review.author && t('reviews.by', { author: review.author })}
                  {review.author && review.createdAt && ' · '}
                  {review.createdAt && <time dateTime={review.createdAt}>{formatShopDate(review.createdAt, locale)}</time>}
                </p>
              </li>
            ))}
          </ul>
          {count > 1 && (
            <div className={styles.controls}>
              <button type="button" onClick={() => setIndex((index - 1 + count) % count)} aria-label={t('reviews.previous')}>
                ‹
              </button>
              <span aria-live="polite">{t('reviews.position', { index: index + 1, count })}</span>
              <button type="button" onClick={() => setIndex((index + 1) % count)} aria-label={t('reviews.next')}>
                ›
              </button>
            </div>
          )}
        </div>
      )}
      <ServerIsland name="reviewForm" of={reviewedId} props={{ productId: reviewedId }} load={loadReviewForm} />
    </section>
  );
}
