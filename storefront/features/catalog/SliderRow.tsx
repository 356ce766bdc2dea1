import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import styles from './ProductSlider.module.css';

interface SliderRowProps {
  /** The heading above the row; without one the row is labelled for screen readers only. */
  title?: string | null;
  /** The cards, each with its React key. */
  items: readonly { key: string; card: ReactNode }[];
}

/**
 * A row of cards that scrolls sideways (swipe, scroll, or the previous/next buttons, which move by one
 * visible width). The cards are a plain list, so keyboard users tab through them in order.
 */
export function SliderRow({ title, items }: SliderRowProps) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  if (items.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  return (
    <section className={styles.slider} aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : t('slider.label')}>
      <div className={styles.head}>
        {title && (
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
        )}
        <div className={styles.buttons}>
          <button type="button" className={styles.button} onClick={() => scroll(-1)} aria-controls={listId} aria-label={t('slider.previous')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={styles.button} onClick={() => scroll(1)} aria-controls={listId} aria-label={t('slider.next')}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul id={listId} ref={list} className={styles.track}>
        {items.map((item) => (
          <li key={item.key} className={styles.item}>
            {item.card}
          </li>
        ))}
      </ul>
    </section>
  );
}
