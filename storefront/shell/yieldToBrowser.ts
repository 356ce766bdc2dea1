// Hydration's steps in tasks of their own (issue 8, Lighthouse: total blocking time). Between reading the page's
// data, starting the texts, filling the Relay store and hydrating, the browser may paint and handle a tap: on a
// phone each step is tens of milliseconds, and one task for all of them blocked input for a quarter of a second.

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Ends the current task. `scheduler.yield()` (Chromium) continues before other queued work; elsewhere a zero
 * timeout does the same job a little later.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
