import { useId, type ReactNode } from 'react';
import styles from './Card.module.css';

interface CardProps {
  title: ReactNode;
  /** the heading's id when the page links to it; else one is made */
  titleId?: string;
  /** a short line under the title */
  intro?: ReactNode;
  children: ReactNode;
  /** the card's place in its page's grid */
  className?: string;
  'data-testid'?: string;
}

/** A framed section of a page with its heading (a form, an offer, a contest's prize). */
export function Card({ title, titleId, intro, children, className, 'data-testid': testId }: CardProps) {
  const madeId = useId();
  const id = titleId ?? madeId;
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
