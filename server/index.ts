import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { GatewaySetupError } from '../gateway/src/config';
import { mountGateway } from '../gateway/src/mount';
import { startEmbeddedStoreApi } from '../store-api/src/embedded';
import { logger } from './logger';

// The one process of `npm start`: the embedded Store API and its media files, the GraphQL gateway at
// /graphql (GraphiQL on GET) with /metrics. The SSR storefront (/) mounts here as it lands.
const port = Number(process.env.PORT ?? 3000);
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
const embedded = await startEmbeddedStoreApi(undefined, (line) => logger.info({ phase: 'seed' }, line));

const app = new Hono();
app.get('/health', (c) => c.json({ status: 'ok' }));
try {
  // STORE_API_URL points the gateway at another Store API; unset, it calls the embedded one in process.
  mountGateway(app, { env: process.env, embedded, publicOrigin, logger });
} catch (error) {
  if (error instanceof GatewaySetupError) {
    logger.fatal({ setupError: true }, error.message);
    console.error(`Setup error: ${error.message}`);
    embedded.close();
    process.exit(1);
  }
  throw error;
}
app.route('/', embedded.app);

const server = serve({ fetch: app.fetch, port }, (info) => {
  logger.info(
    { port: info.port, dataDir: embedded.config.dataDir },
    `Shop listening on http://localhost:${info.port} (GraphQL at /graphql, Store API at /store-api)`,
  );
});

function shutdown(): void {
  server.close(() => {
    embedded.close();
    process.exit(0);
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
