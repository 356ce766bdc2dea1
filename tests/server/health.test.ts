import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountHealth, storeApiReadiness, type ReadinessResult } from '../../server/health';
import { openPrivateTestShop } from '../support/shop';

// /healthz answers whenever the process does; /readyz only while the Store API answers (embedded: its SQLite;
// remote: GET /context within 2 s) and no shutdown is under way. Neither may be cached.

type Shop = Awaited<ReturnType<typeof openPrivateTestShop>>;
let shop: Shop;

beforeAll(async () => {
  shop = await openPrivateTestShop();
});
afterAll(() => shop?.close());

function appWith(readiness: () => Promise<ReadinessResult>, shuttingDown = () => false): Hono {
  const app = new Hono();
  mountHealth(app, { readiness, shuttingDown });
  return app;
}

async function get(app: Hono, path: string) {
  const res = await app.fetch(new Request(`http://shop.test${path}`));
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as { status: string; reason?: string } };
}

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown; address: () => unknown }): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

describe('/healthz and /readyz', () => {
  it('embedded: ready while the database answers; /healthz does not ask it', async () => {
    const app = appWith(storeApiReadiness({ storeApiUrl: null, target: { baseUrl: 'x', fetch: () => Promise.reject(new Error('unused')), accessKey: 'k', timeoutMs: 1 }, db: shop.db }));
    expect(await get(app, '/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    expect(await get(app, '/readyz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ready' } });
  });

  it('turns 503 at once when the process shuts down, while /healthz stays 200', async () => {
    let stopping = false;
    const app = appWith(async () => ({ ready: true }), () => stopping);
    expect((await get(app, '/readyz')).status).toBe(200);
    stopping = true;
    expect(await get(app, '/readyz')).toEqual({ status: 503, cache: 'no-store', body: { status: 'unavailable', reason: 'shutting down' } });
    expect((await get(app, '/healthz')).status).toBe(200);
  });

  describe('remote Store API (STORE_API_URL)', () => {
    let storeApi: ReturnType<typeof serve>;
    let port: number;
    let hanging: Server;
    let hangingPort: number;

    beforeAll(async () => {
      // the real Store API over TCP, and a server that accepts connections but never answers
      storeApi = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => storeApi.once('listening', resolve));
      port = (storeApi.address() as AddressInfo).port;
      hanging = createServer(() => {});
      hangingPort = await listen(hanging);
    });
    afterAll(() => {
      storeApi?.close();
      hanging?.close();
    });

    const remote = (baseUrl: string, accessKey = shop.config.accessKey) =>
      appWith(storeApiReadiness({ storeApiUrl: baseUrl, target: { baseUrl, fetch: (request) => fetch(request), accessKey, timeoutMs: 10_000 } }));

    it('is ready when the Store API answers GET /context', async () => {
      expect(await get(remote(`http://127.0.0.1:${port}/store-api`), '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    });

    it('is not ready when the Store API refuses the access key, is unreachable or hangs (after 2 s, not 10)', async () => {
      expect(await get(remote(`http://127.0.0.1:${port}/store-api`, 'WRONGKEY'), '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', reason: 'store-api answered 401' },
      });
      const closed = createServer();
      const closedPort = await listen(closed);
      await new Promise((resolve) => closed.close(resolve));
      expect(await get(remote(`http://127.0.0.1:${closedPort}/store-api`), '/readyz')).toMatchObject({ status: 503, body: { reason: 'store-api unreachable' } });
      const started = Date.now();
      const slow = await get(remote(`http://127.0.0.1:${hangingPort}/store-api`), '/readyz');
      expect(slow).toMatchObject({ status: 503, body: { reason: 'store-api did not answer within 2000 ms' } });
      // The probe's own 2 s, not the 10 s request timeout (a busy machine may add a little; the probe races its own timer).
      expect(Date.now() - started).toBeLessThan(6000);
    }, 60_000);
  });

  it('embedded: not ready once the database is closed', async () => {
    const own = await openPrivateTestShop();
    const app = appWith(storeApiReadiness({ storeApiUrl: null, target: { baseUrl: 'x', fetch: () => Promise.reject(new Error('unused')), accessKey: 'k', timeoutMs: 1 }, db: own.db }));
    own.close();
    expect(await get(app, '/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'store-api database closed' } });
  });
});
