import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../platform/i18n/useTranslation';
import { createNotificationQueue, type NotifyInput, type ShopNotification } from './notificationQueue';
import { ShellIcon } from '../ui/ShellIcon';
import styles from './Notifications.module.css';

interface NotificationsApi {
  /** Shows a message; gone after 2500 ms unless `persistent` (SPEC §9). Returns its id. */
  notify(input: NotifyInput): number;
  dismiss(id: number): void;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);

const NOTHING: readonly ShopNotification[] = [];
const nothingOnTheServer = (): readonly ShopNotification[] => NOTHING;

/** Holds the notifications of the tab and shows them over the page; wrap each layout in it. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => createNotificationQueue());
  useEffect(() => () => queue.clear(), [queue]);
  const shown = useSyncExternalStore(queue.subscribe, queue.list, nothingOnTheServer);
  const api = useMemo<NotificationsApi>(() => ({ notify: queue.notify, dismiss: queue.dismiss }), [queue]);
  return (
    <NotificationsContext.Provider value={api}>
      {children}
      <NotificationList shown={shown} dismiss={queue.dismiss} />
    </NotificationsContext.Provider>
  );
}

/** `notify({ type, message, persistent? })` for any component under the provider. */
export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications() needs a <NotificationsProvider> around the page (the layouts provide it)');
  return api;
}

/** The same API, or null outside a provider (hooks shared with pages that may have none). */
export function useOptionalNotifications(): NotificationsApi | null {
  return useContext(NotificationsContext);
}

function NotificationList({ shown, dismiss }: { shown: readonly ShopNotification[]; dismiss: (id: number) => void }) {
  const { t } = useTranslation('shell');
  // Both live regions are always in the page: screen readers only announce changes to regions they already know.
  // Warnings and errors interrupt (assertive); info and success wait for a pause (polite).
  const urgent = shown.filter((n) => n.type === 'warning' || n.type === 'danger');
  const calm = shown.filter((n) => n.type === 'info' || n.type === 'success');
  const render = (n: ShopNotification) => (
    <li key={n.id} className={`${styles.notification} ${styles[n.type]}`}>
      <span className="visually-hidden">{t(`notifications.type.${n.type}`)}: </span>
      <p className={styles.message}>{n.message}</p>
      <button type="button" className={styles.close} onClick={() => dismiss(n.id)} aria-label={t('notifications.close')}>
        <ShellIcon name="close" />
      </button>
    </li>
  );
  return (
    // A plain box, not a landmark: an empty labelled region would only add noise to landmark navigation.
    <div className={styles.stack}>
      <ul className={styles.list} aria-live="assertive" aria-relevant="additions text">
        {urgent.map(render)}
      </ul>
      <ul className={styles.list} aria-live="polite" aria-relevant="additions text">
        {calm.map(render)}
      </ul>
    </div>
  );
}
