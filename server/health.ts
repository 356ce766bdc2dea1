import type { Hono } from 'hono';
import type { StoreApiTarget } from '../gateway/src/context';
import type { Db } from '../store-api/src/db/connection';

/** SPEC §8/§9: a readiness probe must not hang; the remote Store API gets this long to answer. */
export const READINESS_TIMEOUT_MS = 2000;

export type ReadinessResult = { ready: true } | { ready: false; reason: string };

/**
 * Whether the Store API the gateway uses answers. Embedded (no STORE_API_URL): a trivial query on its SQLite
 * database. Remote: GET /context with the access key, which every Shopware Store API answers cheaply.
 */
export function storeApiReadiness(options: { storeApiUrl: string | null; target: StoreApiTarget; db?: Db; timeoutMs?: number }): () => Promise<ReadinessResult> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  if (!options.storeApiUrl && options.db) {
    const db = options.db;
    return async () => {
      try {
        if (!db.open) return { ready: false, reason: 'store-api database closed' };
        db.prepare('SELECT 1').get();
        return { ready: true };
      } catch (error) {
        return { ready: false, reason: `store-api database: ${(error as Error).message}` };
      }
    };
  }
  const { target } = options;
  return async () => {
    // An own timer raced against the fetch: the probe answers within timeoutMs even if the abort signal is
    // late or ignored on a loaded machine (seen in CI), and the request is aborted either way.
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<ReadinessResult>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ ready: false, reason: `store-api did not answer within ${timeoutMs} ms` });
      }, timeoutMs);
    });
    const probe = (async (): Promise<ReadinessResult> => {
      try {
        const response = await target.fetch(
          new Request(`${target.baseUrl}/context`, {
            headers: { 'sw-access-key': target.accessKey, accept: 'application/json' },
            signal: controller.signal,
          }),
        );
        await response.body?.cancel();
        if (response.ok) return { ready: true };
        return { ready: false, reason: `store-api answered ${response.status}` };
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') return { ready: false, reason: `store-api did not answer within ${timeoutMs} ms` };
        return { ready: false, reason: 'store-api unreachable' };
      }
    })();
    try {
      return await Promise.race([probe, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * GET /healthz: liveness, the process answers (no dependency is asked). GET /readyz: 200 only while the Store API
 * answers and the process is not shutting down, else 503 with the reason. Neither is ever cached.
 */
export function mountHealth(app: Hono, options: { readiness: () => Promise<ReadinessResult>; shuttingDown: () => boolean }): void {
  app.get('/healthz', (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('cache-control', 'no-store');
    if (options.shuttingDown()) return c.json({ status: 'unavailable', reason: 'shutting down' }, 503);
    const result = await options.readiness();
    if (result.ready) return c.json({ status: 'ready' });
    return c.json({ status: 'unavailable', reason: result.reason }, 503);
  });
}
