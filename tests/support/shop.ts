import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreApiConfig, type StoreApiConfig } from '../../store-api/src/config';
import { startEmbeddedStoreApi, type EmbeddedStoreApi } from '../../store-api/src/embedded';

export const ORIGIN = 'http://shop.test';

/**
 * STORE_API_FIXTURE=stock-shopware (npm run test:stock-shopware): every test shop behaves like a stock Shopware 6.7
 * without the shop plugin — no plugin routes, no plugin extras at the order (StoreApiConfig.stockShopware, ADR 0027).
 */
export const STOCK_SHOPWARE = process.env.STORE_API_FIXTURE === 'stock-shopware';

export interface TestShopOptions {
  /** like a stock Shopware 6.7 without the shop plugin; default STOCK_SHOPWARE */
  stockShopware?: boolean;
}

/** The embedded Store API on the database seeded once per test run (tests/support/global-setup.ts). */
export async function openTestShop(options: TestShopOptions = {}): Promise<EmbeddedStoreApi & { call: StoreApiCall }> {
  return openShopAt(readStoreApiConfig({ DATA_DIR: seededDataDir(), PUBLIC_ORIGIN: ORIGIN }), options);
}

function seededDataDir(): string {
  const dataDir = process.env.TEST_DATA_DIR;
  if (!dataDir) throw new Error('TEST_DATA_DIR is not set: run the tests through vitest (global setup seeds it)');
  return dataDir;
}

/**
 * A shop of the test file's own: a copy of the seeded database (media files shared), for tests that
 * write carts, customers and orders, so files running side by side never see each other's rows.
 * `close()` removes the copy.
 */
export async function openPrivateTestShop(options: TestShopOptions = {}): Promise<EmbeddedStoreApi & { call: StoreApiCall }> {
  const dataDir = await copySeededDataDir();
  const shop = await openShopAt(readStoreApiConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN }), options);
  const close = shop.close;
  return Object.assign(shop, {
    close() {
      close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** A data folder of its own with a copy of the seeded database (media files shared); the caller removes it. */
export async function copySeededDataDir(): Promise<string> {
  const seeded = readStoreApiConfig({ DATA_DIR: seededDataDir() });
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-private-'));
  // VACUUM INTO gives a consistent copy even while other files read the seeded database.
  const { openDatabase } = await import('../../store-api/src/db/connection');
  const source = openDatabase(seeded.databaseFile);
  source.prepare('VACUUM INTO ?').run(join(dataDir, 'shop.sqlite'));
  source.close();
  for (const folder of ['media', 'thumbnail']) symlinkSync(join(seeded.dataDir, folder), join(dataDir, folder));
  return dataDir;
}

async function openShopAt(config: StoreApiConfig, options: TestShopOptions): Promise<EmbeddedStoreApi & { call: StoreApiCall }> {
  const shop = await startEmbeddedStoreApi({ ...config, stockShopware: options.stockShopware ?? STOCK_SHOPWARE }, () => {});
  const call: StoreApiCall = async (method, path, options = {}) => {
    const headers: Record<string, string> = {
      'sw-access-key': options.accessKey ?? config.accessKey,
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    if (options.accessKey === null) delete headers['sw-access-key'];
    const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const res = await shop.app.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body }));
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined; // not JSON (an image, or an empty 204): tests read `text`
    }
    return { status: res.status, headers: res.headers, json: json as never, text };
  };
  return Object.assign(shop, { call });
}

export type StoreApiCall = (
  method: string,
  path: string,
  options?: { body?: unknown; headers?: Record<string, string>; accessKey?: string | null },
) => Promise<{ status: number; headers: Headers; json: any; text: string }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The shop's app over real loopback HTTP, as a Store API client (the official one, a browser) reaches it. */
export async function serveOnLoopback(app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> }): Promise<{ origin: string; close(): Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // a client's keep-alive connections would hold the test file open
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${port}`, close };
}
