import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { contentPagePath } from '../../platform/i18n/contentPages';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { type ShopLocale } from '../../platform/i18n/locales';
import { formatShopDate } from '../../platform/i18n/dates';
import { MediaImage } from '../../ui/MediaImage';
import styles from './ArticleMagazine.module.css';
import type { ArticleMagazine_magazine$key } from './__generated__/ArticleMagazine_magazine.graphql';

/** The magazine's link for a category and page (both in the URL, so filtering works without JavaScript). */
export function magazineHref(locale: ShopLocale, category: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return contentPagePath('magazine', locale) + (query ? `?${query}` : '');
}

/**
 * The health magazine (SPEC §2 /magazin): a category filter as links (the current one marked), the
 * articles newest first with picture, category, teaser and date, and pages.
 */
export function ArticleMagazine({ magazine }: { magazine: ArticleMagazine_magazine$key }) {
  const { t } = usePageTexts('content', contentTexts);
  const { locale } = usePageContext();
  const data = useFragment(
    graphql`
      fragment ArticleMagazine_magazine on Magazine {
        totalCount
        page
        pageCount
        categories
        category
        articles {
          id
          url
          title
          teaser
          category
          publishedAt
          image {
            ...MediaImage_media
          }
        }
      }
    `,
    magazine,
  );
  return (
    <div className={styles.magazine}>
      <h1 className={styles.title}>{t('magazine.title')}</h1>
      <p className={styles.intro}>{t('magazine.intro')}</p>
      <nav aria-label={t('magazine.categories')}>
        <ul className={styles.categories}>
          {[null, ...data.categories].map((category) => {
            const current = category === (data.category ?? null);
            return (
              <li key={category ?? ''}>
                <a className={current ? `${styles.chip} ${styles.current}` : styles.chip} href={magazineHref(locale, category)} aria-current={current ? 'page' : undefined}>
                  {category ?? t('magazine.allCategories')}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className={styles.count} role="status">
        {t('magazine.count', { count: data.totalCount })}
      </p>
      {data.articles.length === 0 ? (
        <p>{t('magazine.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {data.articles.map((article, index) => (
            <li key={article.id} className={styles.card}>
              {article.image ? <MediaImage media={article.image} sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw" loading={index < 3 ? 'eager' : 'lazy'} className={styles.image} width={800} height={450} /> : null}
              <div className={styles.cardBody}>
                {article.category ? <p className={styles.category}>{article.category}</p> : null}
                <h2 className={styles.cardTitle}>
                  <a href={article.url}>{article.title}</a>
                </h2>
                <p className={styles.teaser}>{article.teaser}</p>
                <p className={styles.date}>
                  <time dateTime={article.publishedAt}>{formatShopDate(article.publishedAt, locale)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.pageCount > 1 ? (
        <nav className={styles.pages} aria-label={t('magazine.pagination')}>
          {data.page > 1 ? (
            <a href={magazineHref(locale, data.category ?? null, data.page - 1)} rel="prev">
              {t('magazine.previous')}
            </a>
          ) : null}
          <span>{t('magazine.pageOf', { page: data.page, count: data.pageCount })}</span>
          {data.page < data.pageCount ? (
            <a href={magazineHref(locale, data.category ?? null, data.page + 1)} rel="next">
              {t('magazine.next')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
