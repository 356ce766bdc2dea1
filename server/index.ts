import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { GatewaySetupError, readGatewayConfig, storeApiTarget } from '../gateway/src/config';
import { mountGateway } from '../gateway/src/mount';
import { startEmbeddedStoreApi } from '../store-api/src/embedded';
import { paymentSimulationWarning } from '../store-api/src/payment-provider';
import { canonicalOrigin } from '../store-api/src/shop-origins';
import { mountAccountFiles } from './account-files';
import { mountHealth, storeApiReadiness } from './health';
import { logger } from './logger';
import { internalGatewayRequest, usePersistedOperations } from './persistedOperations';
import { createSharedState, type SharedState } from './sharedState';
import { closeEmbedded, installGracefulShutdown, type GracefulShutdown } from './shutdown';
import { mountSitemap } from './sitemap';
import { readSecurityHeadersConfig, securityHeaders } from './securityHeaders';
import { createPriceGroupLookup } from './priceGroup';
import { mountStorefront } from './storefront';
import { persistedQueriesOf, servedRelease } from './release/releases';
import type * as DevServerModule from './devServer';

// The one process of `npm start`: the embedded Store API and its media files, the GraphQL gateway at
// /graphql (GraphiQL on GET) with /metrics, and the SSR storefront (every other path, last).
// Until the server listens, a failed start (a bad setting thrown below) must end with exit code 1: under tsx's
// loader hooks Node 20 prints a rejected top-level await but exits 0, which a supervisor would take for success.
process.exitCode = 1;
const port = Number(process.env.PORT ?? 3000);
// `npm run dev` (--dev): pages from the sources through Vite's dev server with hot module replacement (ADR 0026).
const dev = process.argv.includes('--dev');
// Otherwise the release folder this process serves: resolved once, so a later build never changes its files.
const release = dev ? undefined : servedRelease(import.meta.url);
// Loaded only in development (by URL, so the compiled server neither bundles nor imports Vite).
const devServer = dev ? ((await import(new URL('./devServer.ts', import.meta.url).href)) as typeof DevServerModule).viteDevServer(logger) : undefined;
const embedded = await startEmbeddedStoreApi(undefined, (line) => logger.info({ phase: 'seed' }, line));
// PUBLIC_ORIGIN (default http://localhost:PORT) and STOREFRONT_ORIGINS: the only origins the shop believes (ADR 0022).
const shopOrigins = embedded.config.origins;
const publicOrigin = shopOrigins.primary;
// PAYMENT_SIMULATION=true on a public host gives orders away with a click: said loudly at every start.
const paymentWarning = paymentSimulationWarning(embedded.config);
if (paymentWarning) logger.warn({ paymentSimulation: true }, paymentWarning);

const app = new Hono();
// gzip for browsers that ask (pages, scripts, CSS, JSON: about a quarter of the bytes on a phone's network); outermost, so it sees the final body.
app.use('*', compress());
// Before every route: CSP with a per-request nonce on pages, HSTS on https, nosniff, referrer and framing rules (ADR 0015).
app.use('*', securityHeaders(readSecurityHeadersConfig(process.env, publicOrigin)));
app.get('/health', (c) => c.json({ status: 'ok' }));
let gateway: ReturnType<typeof mountGateway>['gateway'];
let gatewayStoreApi: ReturnType<typeof mountGateway>['storeApi'];
let shared: SharedState | undefined;
try {
  // REDIS_URL: the response cache, rate-limit counters and persisted operations shared by every instance (ADR 0017).
  shared = createSharedState(process.env, logger);
  // STORE_API_URL points the gateway at another Store API; unset, it calls the embedded one in process.
  // The storefront's pages send persisted ids (relay-compiler's persisted_queries.json), not query text.
  ({ gateway, storeApi: gatewayStoreApi } = mountGateway(app, {
    env: process.env,
    embedded,
    publicOrigin,
    logger,
    // Only Redis needs the operations registered: one instance has them all in its own file.
    plugins: [usePersistedOperations(persistedQueriesOf(release), { shared: shared.kind === 'redis' ? shared : undefined, logger })],
    shared,
  }));
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
// Invoices and digital products of the account area, fetched with the shopper's HttpOnly session (issue 6).
// The Store API the gateway uses (the embedded one in process unless STORE_API_URL), for the routes that call it directly.
const gatewayConfig = readGatewayConfig(process.env, embedded.config.accessKey);
const storeApi = storeApiTarget(gatewayConfig, embedded, { publicOrigin });
// /healthz (liveness) and /readyz (the Store API answers and no shutdown is under way); /health stays for old probes.
const lifecycle: { current?: GracefulShutdown } = {};
mountHealth(app, {
  readiness: storeApiReadiness({ storeApiUrl: gatewayConfig.storeApiUrl, target: storeApi, db: embedded.db }),
  shuttingDown: () => lifecycle.current?.shuttingDown() ?? false,
});
mountAccountFiles(app, { target: storeApi, logger });
mountSitemap(app, {
  canonicalOrigin: canonicalOrigin(shopOrigins),
  // The sitemap reads the SEO URLs from that Store API.
  storeApi: (path, init) => storeApi.fetch(new Request(`${storeApi.baseUrl}${path.replace(/^\/store-api/, '')}`, init)),
  accessKey: storeApi.accessKey,
  languageIdOf: async (locale) => {
    // In process, so trusted under GRAPHQL_PERSISTED_ONLY (internalGatewayRequest).
    const response = await gateway.fetch(
      internalGatewayRequest(
        new Request(new URL('/graphql', publicOrigin), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ languages { id locale } }' }) }),
      ),
    );
    const body = (await response.json()) as { data?: { languages?: Array<{ id: string; locale: string }> } };
    return body.data?.languages?.find((language) => language.locale === locale.toUpperCase())?.id;
  },
  logger,
});
// Customers' catalogue pages by their price group (ADR 0020): one context read per page view instead of a render.
mountStorefront(app, { gateway, logger, distDir: release, dev, origins: shopOrigins, priceGroupOf: createPriceGroupLookup(gatewayStoreApi, logger) });

const server = serve({ fetch: app.fetch, port, ...(devServer ? { createServer: devServer.createServer } : {}) }, (info) => {
  process.exitCode = 0;
  logger.info(
    { port: info.port, dataDir: embedded.config.dataDir },
    `Shop listening on http://localhost:${info.port} (GraphQL at /graphql, Store API at /store-api)`,
  );
});

const vite = await devServer?.start(server as Server);

// SIGTERM/SIGINT: stop accepting, drain in-flight requests (SPEC §9 request timeout), close the database, exit 0.
lifecycle.current = installGracefulShutdown({
  server: server as Server,
  logger,
  close: async () => {
    await vite?.close();
    await shared?.close();
    await closeEmbedded(embedded);
  },
});
