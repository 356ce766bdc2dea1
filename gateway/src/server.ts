import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { securityHeaders, readSecurityHeadersConfig } from '../../server/securityHeaders';
import { createSharedState, type SharedState } from '../../server/sharedState';
import { readStoreApiConfig } from '../../store-api/src/config';
import { startEmbeddedStoreApi, type EmbeddedStoreApi } from '../../store-api/src/embedded';
import { readShopOrigins } from '../../store-api/src/shop-origins';
import { GatewaySetupError } from './config';
import { mountGateway } from './mount';

// `npm run gateway`: the GraphQL gateway alone, for other channels (apps, kiosks, partners).
// With STORE_API_URL (and STORE_API_ACCESS_KEY) it reads that Store API over HTTP. Without it, the
// embedded Store API starts in this process too (and serves its /store-api and media files here), so the
// command works on a fresh checkout. Port: GATEWAY_PORT, else PORT, else 4000.
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'gateway' } });
const port = Number(process.env.GATEWAY_PORT ?? process.env.PORT ?? 4000);
// The shop's origins (ADR 0022) are read for this port: PUBLIC_ORIGIN, else http://localhost:<port>.
const env = { ...process.env, PORT: String(port) };
const publicOrigin = readShopOrigins(env).primary;

const app = new Hono();
// The same protection as `npm start` (ADR 0015, 0017): security headers, the gateway's rate limits per client
// address, and with REDIS_URL the state shared with every other instance.
app.use('*', securityHeaders(readSecurityHeadersConfig(process.env, publicOrigin)));
let embedded: EmbeddedStoreApi | undefined;
let shared: SharedState | undefined;
try {
  if (!process.env.STORE_API_URL?.trim()) {
    embedded = await startEmbeddedStoreApi(readStoreApiConfig(env), (line) => logger.info({ phase: 'seed' }, line));
  }
  shared = createSharedState(process.env, logger);
  mountGateway(app, { env, embedded, publicOrigin, logger, shared });
} catch (error) {
  if (error instanceof GatewaySetupError) {
    logger.fatal({ setupError: true }, error.message);
    console.error(`Gateway setup error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
app.get('/health', (c) => c.json({ status: 'ok' }));
if (embedded) app.route('/', embedded.app);

const server = serve({ fetch: app.fetch, port }, (info) => {
  logger.info({ port: info.port }, `GraphQL gateway on http://localhost:${info.port}/graphql`);
});

function shutdown(): void {
  server.close(() => {
    embedded?.close();
    void (shared?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
