import { useRef, useState, type KeyboardEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { useTranslation } from '../../platform/i18n/useTranslation';
import type { ProductGallery_product$key } from './__generated__/ProductGallery_product.graphql';
import styles from './ProductGallery.module.css';

const fragment = graphql`
  fragment ProductGallery_product on Product {
    name
    cover {
      mediaId
    }
    media {
      mediaId
      alt
      width
      height
      large: resizedUrl(width: 800)
      thumbnail: resizedUrl(width: 200)
      sources {
        url
        width
      }
    }
  }
`;

/** Half the page beside the buy box from tablets on, the full width on phones. */
const SIZES = '(min-width: 768px) 50vw, 100vw';

/**
 * The product's pictures: the shown one large (with a srcset from the graph's resized sources) and the
 * thumbnails as buttons. Arrow keys, Home and End move between thumbnails and show the focused one.
 */
export function ProductGallery({ product }: { product: ProductGallery_product$key }) {
  const data = useFragment(fragment, product);
  const { t } = useTranslation('product');
  const coverIndex = Math.max(0, data.media.findIndex((media) => media.mediaId === data.cover?.mediaId));
  const [shown, setShown] = useState(coverIndex);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const count = data.media.length;
  const current = data.media[Math.min(shown, count - 1)];

  if (!current) {
    return (
      <div className={styles.gallery}>
        <div className={styles.placeholder}>{t('gallery.noImage')}</div>
      </div>
    );
  }

  const show = (index: number) => {
    const next = (index + count) % count;
    setShown(next);
    thumbnails.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: shown + 1, ArrowDown: shown + 1, ArrowLeft: shown - 1, ArrowUp: shown - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  return (
    <section className={styles.gallery} aria-label={t('gallery.label')}>
      <figure className={styles.stage}>
        <img
          key={current.mediaId}
          src={current.large}
          srcSet={current.sources.map((source) => `${source.url} ${source.width}w`).join(', ')}
          sizes={SIZES}
          alt={current.alt || data.name}
          width={current.width ?? undefined}
          height={current.height ?? undefined}
          // the first picture is what the shopper sees first: load it eagerly
          fetchPriority={shown === coverIndex ? 'high' : 'auto'}
          data-testid="gallery-image"
        />
      </figure>
      {count > 1 && (
        <div className={styles.thumbnails} role="group" aria-label={t('gallery.thumbnails')} onKeyDown={onKeyDown}>
          {data.media.map((media, index) => (
            <button
              key={media.mediaId}
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              className={styles.thumbnail}
              aria-label={t('gallery.show', { index: index + 1, count })}
              aria-pressed={index === shown}
              // one tab stop for the row; arrows move inside it
              tabIndex={index === shown ? 0 : -1}
              onClick={() => show(index)}
            >
              <img src={media.thumbnail} alt="" width={80} height={80} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
