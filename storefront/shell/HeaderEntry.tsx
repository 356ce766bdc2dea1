import type { ReactNode } from 'react';
import styles from './HeaderEntry.module.css';

interface HeaderEntryProps {
  href: string;
  /** What the entry is ("Merkliste"), always in the link's name; visible from tablet width up. */
  label: string;
  /** The link's full name when it carries a count ("Merkliste, 2 Artikel"). */
  accessibleName?: string;
  icon: ReactNode;
  /** Shown as a badge when above 0. */
  count?: number;
}

/** One of the header's shortcuts: account, wishlist, cart. */
export function HeaderEntry({ href, label, accessibleName, icon, count }: HeaderEntryProps) {
  return (
    <a className={styles.entry} href={href} aria-label={accessibleName}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
        {count !== undefined && count > 0 ? <span className={styles.count}>{count > 99 ? '99+' : count}</span> : null}
      </span>
      <span className={styles.label}>{label}</span>
    </a>
  );
}
