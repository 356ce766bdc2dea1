import { Hono } from 'hono';
import { createStoreApi, type StoreApiApp } from './app';
import { readStoreApiConfig, type StoreApiConfig } from './config';
import { openDatabase, type Db } from './db/connection';
import { registerMediaRoutes } from './media';
import { registerPaymentProviderRoutes } from './payment-provider';
import { ensureSeeded } from './seed';

export interface EmbeddedStoreApi {
  db: Db;
  config: StoreApiConfig;
  /** /store-api/* */
  storeApi: StoreApiApp;
  /** /store-api/* plus the public media files (/media, /thumbnail, /media-resize) */
  app: Hono;
  close(): void;
}

/**
 * Opens (and on first start seeds) the shop database and builds the embedded back end.
 * `app.fetch(request)` is the whole back end without TCP.
 */
export async function startEmbeddedStoreApi(
  config: StoreApiConfig = readStoreApiConfig(),
  log: (line: string) => void = (line) => console.info(line),
): Promise<EmbeddedStoreApi> {
  const db = openDatabase(config.databaseFile);
  await ensureSeeded(db, config, log);
  const storeApi = createStoreApi({ db, config });
  const app = new Hono();
  registerMediaRoutes(app, { db, config });
  registerPaymentProviderRoutes(app, { db, config });
  // Handed over whole, so the Store API's own 404 (Shopware's error envelope) answers unknown routes.
  app.all('/store-api/*', (c) => storeApi.fetch(c.req.raw));
  return { db, config, storeApi, app, close: () => db.close() };
}
