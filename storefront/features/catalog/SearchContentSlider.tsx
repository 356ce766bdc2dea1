import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { MediaImage } from '../../ui/MediaImage';
import { SliderRow } from './SliderRow';
import styles from './SearchContentSlider.module.css';
import type { SearchContentSlider_articles$key } from './__generated__/SearchContentSlider_articles.graphql';

/** The search page's content slider (SPEC §2): magazine articles and topics that match the term, each a card leading to it. */
export function SearchContentSlider({ articles }: { articles: SearchContentSlider_articles$key }) {
  const { t } = useTranslation('catalog');
  const data = useFragment(
    graphql`
      fragment SearchContentSlider_articles on Article @relay(plural: true) {
        id
        url
        title
        teaser
        category
        image {
          ...MediaImage_media
        }
      }
    `,
    articles,
  );
  return (
    <SliderRow
      title={t('search.content')}
      items={data.map((article) => ({
        key: article.id,
        card: (
          <article className={styles.card}>
            {article.image ? <MediaImage media={article.image} sizes="(min-width: 768px) 25vw, 45vw" className={styles.image} width={800} height={450} /> : null}
            {article.category ? <p className={styles.category}>{article.category}</p> : null}
            <h3 className={styles.title}>
              <a href={article.url}>{article.title}</a>
            </h3>
            <p className={styles.teaser}>{article.teaser}</p>
          </article>
        ),
      }))}
    />
  );
}
