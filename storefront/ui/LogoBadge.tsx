import type { ReactNode } from 'react';
import styles from './LogoBadge.module.css';

interface LogoBadgeProps {
  /** The accessible name ("TWINT", "Rechnung"). */
  name: string;
  /** Badge background and the colour of its lettering. */
  background?: string;
  color?: string;
  /** The drawing inside a 64×40 box. */
  children: ReactNode;
}

/** A small card-shaped badge drawn inline (payment methods, delivery services); read out by its name. */
export function LogoBadge({ name, background = '#fff', color = '#1d2a24', children }: LogoBadgeProps) {
  return (
    <svg className={styles.badge} viewBox="0 0 64 40" width="64" height="40" role="img" aria-label={name}>
      <title>{name}</title>
      <rect x="0.5" y="0.5" width="63" height="39" rx="6" fill={background} stroke="#d5ded9" />
      <g fill={color} stroke="none">
        {children}
      </g>
    </svg>
  );
}
