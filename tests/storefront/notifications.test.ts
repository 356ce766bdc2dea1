import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TIMEOUT_MS, createNotificationQueue } from '../../storefront/shell/notificationQueue';

describe('notifications (SPEC §9: gone after 2500 ms unless persistent)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('dismisses a notification after exactly 2500 ms', () => {
    const queue = createNotificationQueue();
    queue.notify({ type: 'success', message: 'Gespeichert' });
    expect(NOTIFICATION_TIMEOUT_MS).toBe(2500);
    vi.advanceTimersByTime(2499);
    expect(queue.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queue.list()).toHaveLength(0);
  });

  it('keeps a persistent notification until it is closed', () => {
    const queue = createNotificationQueue();
    const id = queue.notify({ type: 'danger', message: 'Fehler', persistent: true });
    vi.advanceTimersByTime(60_000);
    expect(queue.list().map((n) => n.message)).toEqual(['Fehler']);
    queue.dismiss(id);
    expect(queue.list()).toEqual([]);
  });

  it('times each notification on its own and tells subscribers of each change', () => {
    const queue = createNotificationQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.notify({ type: 'info', message: 'eins' });
    vi.advanceTimersByTime(1000);
    queue.notify({ type: 'warning', message: 'zwei' });
    vi.advanceTimersByTime(1500);
    expect(queue.list().map((n) => n.message)).toEqual(['zwei']);
    vi.advanceTimersByTime(1000);
    expect(queue.list()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('closing early stops the timer and a second close changes nothing', () => {
    const queue = createNotificationQueue();
    const listener = vi.fn();
    const id = queue.notify({ type: 'info', message: 'x' });
    queue.subscribe(listener);
    queue.dismiss(id);
    queue.dismiss(id);
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('returns the same list between changes (stable snapshot for React)', () => {
    const queue = createNotificationQueue();
    queue.notify({ type: 'info', message: 'x' });
    expect(queue.list()).toBe(queue.list());
  });
});
