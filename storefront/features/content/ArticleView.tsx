import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { formatShopDate } from '../../platform/i18n/dates';
import { FaqSection } from './FaqSection';
import { MediaImage } from '../../ui/MediaImage';
import { PollBox } from '../contest';
import { ProductSlider } from '../catalog';
import { ShopHtml } from '../../ui/ShopHtml';
import styles from './ArticleView.module.css';
import type { ArticleView_article$key } from './__generated__/ArticleView_article.graphql';

/**
 * One article: magazine and editorial (/e/, with date, quote, fact and poll), topic (/t/, with FAQ) or a
 * content page (/s/). The body is shop HTML and goes through ShopHtml's allow-list like every CMS text.
 * `children` comes after the body (the contact page's form).
 */
export function ArticleView({ article, children }: { article: ArticleView_article$key; children?: ReactNode }) {
  const { t } = usePageTexts('content', contentTexts);
  const { locale } = usePageContext();
  const data = useFragment(
    graphql`
      fragment ArticleView_article on Article {
        type
        title
        teaser
        bodyHtml
        category
        publishedAt
        quote
        fact
        image {
          ...MediaImage_media
        }
        recommendedProducts {
          id
          ...ProductCard_product
        }
        ...PollBox_article
        ...FaqSection_article
      }
    `,
    article,
  );
  const dated = data.type === 'MAGAZINE' || data.type === 'EDITORIAL';
  const date = formatShopDate(data.publishedAt, locale, 'long');
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        {data.category && dated ? <p className={styles.category}>{data.category}</p> : null}
        <h1 className={styles.title}>{data.title}</h1>
        <p className={styles.teaser}>{data.teaser}</p>
        {dated ? (
          <p className={styles.date}>
            <time dateTime={data.publishedAt}>{t('article.publishedOn', { date })}</time>
          </p>
        ) : null}
      </header>
      {data.image ? <MediaImage media={data.image} sizes="(min-width: 1280px) 860px, 100vw" loading="eager" className={styles.image} width={1200} height={500} /> : null}
      <ShopHtml html={data.bodyHtml} className={styles.body} />
      {data.quote ? (
        <figure className={styles.quote}>
          <blockquote>{data.quote}</blockquote>
        </figure>
      ) : null}
      {data.fact ? (
        <aside className={styles.fact} aria-label={t('article.fact')}>
          <p className={styles.factTitle}>{t('article.fact')}</p>
          <p>{data.fact}</p>
        </aside>
      ) : null}
      {children}
      <PollBox article={data} />
      <FaqSection article={data} />
      <ProductSlider title={t('article.recommended')} products={data.recommendedProducts} />
    </article>
  );
}
