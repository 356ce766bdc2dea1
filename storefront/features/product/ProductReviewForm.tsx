import { useId } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { PostedFormFields, refusedFieldOf, usePostedForm } from '../../forms/postedForm';
import { EMPTY_REVIEW, REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_FIELDS, REVIEW_FORM, REVIEW_RESULT_PARAMETER, REVIEW_TITLE_MAX, REVIEW_TITLE_MIN, type ReviewField } from './reviewForm';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { reviewTexts } from '../../platform/i18n/pageTexts/review';
import { localizedPath } from '../../platform/i18n/locales';
import { useShopperLocale } from '../../platform/i18n/useShopperLocale';
import styles from './ReviewSlider.module.css';

/**
 * "Write a review" (issue 20 item 5): a plain form posted to the product's /detail/{id} address and handled by the
 * server (server/forms/reviews.ts) — it needs no script, so the product page's JavaScript stays within its budget.
 * A refusal comes back with the values and the messages beside the fields; a visitor who is not logged in is led to
 * the login and back. After saving, the page says whether the review waits for approval.
 */
export function ProductReviewForm({ productId }: { productId: string }) {
  const { t } = usePageTexts('review', reviewTexts);
  const locale = useShopperLocale();
  const { urlParsed } = usePageContext();
  const id = useId();
  const posted = usePostedForm(REVIEW_FORM, EMPTY_REVIEW);
  const result = urlParsed.search[REVIEW_RESULT_PARAMETER];
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const error of (posted.errors ?? [{ message: t('unavailable') }]) as Partial<ShopErrorData>[]) {
    if (error.field && error.field in EMPTY_REVIEW) byField[error.field] = error.message ?? '';
    else if (error.message) general.push(error.message);
  }
  const message = (field: ReviewField): string | undefined => {
    const problem = (posted.problems as Record<string, string | undefined>)[field];
    return problem ? t(`errors.${problem}`, { min: field === 'title' ? REVIEW_TITLE_MIN : REVIEW_CONTENT_MIN }) : byField[field];
  };
  // the keyboard goes to the first refused field when the refused post comes back, as in the kit's forms
  const refused = refusedFieldOf(posted.posted, REVIEW_FIELDS, byField);
  const described = (field: ReviewField) => (message(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-message` } : {});
  const problem = (field: ReviewField) =>
    message(field) ? (
      <p id={`${id}-${field}-message`} className={styles.problem}>
        {message(field)}
      </p>
    ) : null;

  return (
    <section className={styles.write} aria-labelledby={`${id}-heading`} data-testid="review-form">
      <h3 id={`${id}-heading`}>{t('heading')}</h3>
      {result === 'pending' || result === 'published' ? (
        <p role="status" className={styles.saved}>
          {t(result)}
        </p>
      ) : null}
      <p>
        {t('customersOnly')} <a href={`${localizedPath('/login', locale)}?redirect=${encodeURIComponent(urlParsed.pathname)}`}>{t('login')}</a>
      </p>
      <form method="post" action={localizedPath(`/detail/${productId}`, locale)} data-form={REVIEW_FORM} noValidate>
        <PostedFormFields form={REVIEW_FORM} posted={posted.posted} />
        {general.map((text) => (
          <p key={text} role="alert" className={styles.problem}>
            {text}
          </p>
        ))}
        <fieldset className={styles.stars} {...(message('points') ? { 'aria-describedby': `${id}-points-message` } : {})}>
          <legend>{t('points')}</legend>
          {[5, 4, 3, 2, 1].map((stars) => (
            <label key={stars}>
              <input type="radio" name="points" value={stars} defaultChecked={posted.values.points === String(stars)} autoFocus={refused === 'points' && stars === 5} required />
              {t('stars', { count: stars })}
            </label>
          ))}
        </fieldset>
        {problem('points')}
        <label htmlFor={`${id}-title`}>{t('title')}</label>
        <input id={`${id}-title`} name="title" defaultValue={posted.values.title} required minLength={REVIEW_TITLE_MIN} maxLength={REVIEW_TITLE_MAX} autoFocus={refused === 'title'} {...described('title')} />
        {problem('title')}
        <label htmlFor={`${id}-content`}>{t('content', { min: REVIEW_CONTENT_MIN })}</label>
        <textarea id={`${id}-content`} name="content" rows={5} defaultValue={posted.values.content} required minLength={REVIEW_CONTENT_MIN} maxLength={REVIEW_CONTENT_MAX} autoFocus={refused === 'content'} {...described('content')} />
        {problem('content')}
        <button type="submit">{t('submit')}</button>
      </form>
    </section>
  );
}
