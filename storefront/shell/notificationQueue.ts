/** SPEC §3: a notification has an id, a type and a message. */
export type NotificationType = 'info' | 'success' | 'warning' | 'danger';

export interface ShopNotification {
  id: number;
  type: NotificationType;
  message: string;
  persistent: boolean;
}

export interface NotifyInput {
  type: NotificationType;
  message: string;
  /** Stays until the shopper closes it (SPEC §9: otherwise gone after 2500 ms). */
  persistent?: boolean;
}

/** SPEC §9: notifications disappear after 2500 ms unless persistent. */
export const NOTIFICATION_TIMEOUT_MS = 2500;

export interface NotificationQueue {
  notify(input: NotifyInput): number;
  dismiss(id: number): void;
  /** The shown notifications, oldest first; a new array after each change (for useSyncExternalStore). */
  list(): readonly ShopNotification[];
  subscribe(listener: () => void): () => void;
  /** Stops every pending timer (the provider unmounts). */
  clear(): void;
}

/**
 * The notifications of one browser tab, kept outside React so their timing can be tested with fake
 * timers and read by `useSyncExternalStore`.
 */
export function createNotificationQueue(timeoutMs: number = NOTIFICATION_TIMEOUT_MS): NotificationQueue {
  let shown: readonly ShopNotification[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((listener) => listener());

  const dismiss = (id: number): void => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!shown.some((n) => n.id === id)) return;
    shown = shown.filter((n) => n.id !== id);
    changed();
  };

  return {
    notify({ type, message, persistent = false }) {
      const id = nextId++;
      shown = [...shown, { id, type, message, persistent }];
      if (!persistent) timers.set(id, setTimeout(() => dismiss(id), timeoutMs));
      changed();
      return id;
    },
    dismiss,
    list: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      shown = [];
      changed();
    },
  };
}
