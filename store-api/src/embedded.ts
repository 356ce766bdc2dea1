import { Hono } from 'hono';
import { createStoreApi, type StoreApiApp } from './app';
import { readStoreApiConfig, type StoreApiConfig } from './config';
import { openDatabase, type Db } from './db/connection';
import { registerDevMailbox } from './dev-mailbox';
import { CLIENT_IP_BINDING, CLIENT_IP_HEADER, normaliseIp, pruneRateLimits } from './domain/rate-limit';
import { startMailSender, type MailSender } from './mail-sender';
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
  /** the SMTP sender of the mail outbox; null without SMTP_URL */
  mailSender: MailSender | null;
  close(): void;
}

/** Marks requests handed to the embedded app's own `fetch` (in process); requests routed to it over TCP lack it. */
const IN_PROCESS = Symbol('shop.inProcess');

/**
 * The shopper's address for the Store API's rate limits. Over TCP (@hono/node-server gives the socket in
 * env.incoming): the socket's remote address, whatever headers say. In process (the gateway, the sitemap, tests
 * calling `app.fetch`): the `x-shop-client-ip` header, which only code of this process can set there. Anything
 * else (another server adapter without a socket): unknown.
 */
function clientIpFor(env: unknown, request: Request): string | null {
  const bindings = (env ?? {}) as { [IN_PROCESS]?: boolean; incoming?: { socket?: { remoteAddress?: string } } };
  if (bindings[IN_PROCESS] === true) return normaliseIp(request.headers.get(CLIENT_IP_HEADER));
  return normaliseIp(bindings.incoming?.socket?.remoteAddress);
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
  // /dev/mailbox: the outbox for developers; not registered when NODE_ENV=production.
  registerDevMailbox(app, { db, config });
  // Handed over whole, so the Store API's own 404 (Shopware's error envelope) answers unknown routes; the client's
  // address goes along as an env binding (store-api/src/domain/rate-limit.ts clientIpOf).
  app.all('/store-api/*', (c) => storeApi.fetch(c.req.raw, { [CLIENT_IP_BINDING]: clientIpFor(c.env, c.req.raw) }));
  // Only calls through this very function count as in process. server/index.ts mounts the routes with
  // app.route(), which does not call it, so requests from the network never carry the mark.
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) => dispatch(request, { ...(env as object | undefined), [IN_PROCESS]: true }, executionCtx);

  pruneRateLimits(db);
  const mailSender = startMailSender(db, config, { log });
  return {
    db,
    config,
    storeApi,
    app,
    mailSender,
    close: () => {
      // A delivery in progress may finish first; otherwise the database closes at once.
      const stopping = mailSender?.stop();
      if (stopping && mailSender?.sending) void stopping.finally(() => db.close());
      else db.close();
    },
  };
}
