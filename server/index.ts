import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startEmbeddedStoreApi } from '../store-api/src/embedded';
import { logger } from './logger';

// The one process of `npm start`: for now the embedded Store API and its media files.
// The GraphQL gateway (/graphql) and the SSR storefront (/) mount here as they land.
const port = Number(process.env.PORT ?? 3000);
const embedded = await startEmbeddedStoreApi(undefined, (line) => logger.info({ phase: 'seed' }, line));

const app = new Hono();
app.get('/health', (c) => c.json({ status: 'ok' }));
app.route('/', embedded.app);

const server = serve({ fetch: app.fetch, port }, (info) => {
  logger.info(
    { port: info.port, dataDir: embedded.config.dataDir },
    `Shop listening on http://localhost:${info.port} (Store API at /store-api)`,
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
