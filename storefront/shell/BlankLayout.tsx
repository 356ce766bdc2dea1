import type { ReactNode } from 'react';
import { NotificationsProvider } from './Notifications';
import styles from './BlankLayout.module.css';

/** No shell at all (SPEC §2: e.g. /account/recover): just the page, centred. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <NotificationsProvider>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </NotificationsProvider>
  );
}
