import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { readGatewayConfig, storeApiTarget, type EmbeddedBackEnd } from './config';
import { rememberClientAddress, type StoreApiTarget } from './context';
import { graphqlRequestLimits } from './http-limits';
import { createGatewayMetrics, metricsRefusal, readMetricsAccess, type GatewayMetrics } from './metrics';
import { readQueryLimits } from './plugins/query-limits';
import { useRateLimits, type RateLimitCounter, type RateLimitOverrides } from './plugins/rate-limits';
import { readResponseCacheOptions, type Cache } from './plugins/response-cache';
import { createReadyAnswers } from './ready-answers';
import { readSharedReadsTtl } from './shared-reads';
import { createUpstreamBreaker } from './store-client/circuit-breaker';
import { createGateway, type Gateway, type GatewayOptions } from './yoga';

/**
 * Mounts the gateway on a server: POST/GET /graphql (GraphiQL on GET when enabled) and GET /metrics.
 * Reads its configuration from `env`; a bad one throws GatewaySetupError before anything is mounted.
 * `publicOrigin` is where browsers reach this server (media URLs of the embedded Store API use it).
 */
export function mountGateway(
  app: Hono,
  options: {
    env: NodeJS.ProcessEnv;
    embedded?: EmbeddedBackEnd;
    publicOrigin: string;
    logger: Logger;
    plugins?: GatewayOptions['plugins'];
    /**
     * What the server's instances share (server/sharedState.ts, in this process or in Redis): the response cache
     * keeps its answers there, and the gateway's rate limits per client address count there. Without it the
     * response cache keeps answers in memory and no rate limits are counted (tests of other things).
     */
    shared?: { counter: RateLimitCounter; responseCache: Cache };
    /** tighter rate limits than GATEWAY_RATE_LIMITS (tests) */
    rateLimits?: RateLimitOverrides;
  },
): { gateway: Gateway; metrics: GatewayMetrics; storeApi: StoreApiTarget } {
  // The origin the embedded Store API sees is the one return URLs and links are built on: one value for both.
  const read = readGatewayConfig(options.env, options.embedded?.config?.accessKey);
  const publicOrigin = new URL(options.publicOrigin).origin;
  const config = { ...read, publicOrigin, shopOrigins: [...new Set([publicOrigin, ...read.shopOrigins])] };
  const metrics = createGatewayMetrics({ processMetrics: true });
  const responseCache = { ...readResponseCacheOptions(options.env), ...(options.shared ? { cache: options.shared.responseCache } : {}) };
  // Fresh response-cache hits answered as bytes before yoga for a second (ready-answers.ts).
  const readyAnswers = responseCache.ttlSeconds > 0 ? createReadyAnswers({ registry: metrics.registry }) : undefined;
  const target = storeApiTarget(config, options.embedded, { publicOrigin: options.publicOrigin });
  // The upstream's one circuit breaker, shared with the server's own calls through the gateway's client (`storeApi` below).
  const breaker = createUpstreamBreaker({ upstream: target.baseUrl, logger: options.logger.child({ component: 'graphql' }), registry: metrics.registry });
  const gateway = createGateway({
    config,
    target: { ...target, breaker },
    logger: options.logger,
    metrics,
    limits: readQueryLimits(options.env),
    plugins: [
      ...(options.plugins ?? []),
      ...(options.shared ? [useRateLimits({ counter: options.shared.counter, limits: options.rateLimits, logger: options.logger })] : []),
    ],
    // SHARED_READS_TTL_SECONDS: menus and SEO URLs kept across requests (shared-reads.ts).
    sharedReadsTtlSeconds: readSharedReadsTtl(options.env),
    // GRAPHQL_CACHE_TTL_SECONDS and GRAPHQL_STALE_IF_ERROR_SECONDS (ADR 0016).
    responseCache,
    ...(readyAnswers ? { readyAnswers } : {}),
  });
  // Body size and content type, before yoga reads the body (issue 8).
  app.use('/graphql', graphqlRequestLimits());
  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', async (c) => {
    // The connection's address, for the Store API's per-address login limits (never taken from a header here).
    const incoming = incomingOf(c.env);
    const taken = readyAnswers ? await readyAnswers.take(c.req.raw) : { request: c.req.raw };
    if ('answer' in taken) return taken.answer;
    rememberClientAddress(taken.request, incoming?.socket?.remoteAddress);
    return gateway.fetch(taken.request);
  });
  // METRICS_TOKEN, else this machine only (a local shop) or nobody (a public host): metrics.ts.
  const metricsAccess = readMetricsAccess(options.env, config.publicHost);
  if (config.publicHost && !metricsAccess.tokenDigest) options.logger.warn('/metrics is not served on a public host without METRICS_TOKEN');
  app.get('/metrics', (c) => metricsRefusal(c.req.raw, metricsAccess, incomingOf(c.env)?.socket?.remoteAddress) ?? metrics.respond());
  options.logger.info(
    { storeApi: config.storeApiUrl ?? 'embedded', graphiql: config.graphiql, timeoutMs: config.timeoutMs },
    'GraphQL gateway mounted at /graphql',
  );
  // For the server's own Store API reads that should count and trip like the gateway's (the page cache's price groups).
  return { gateway, metrics, storeApi: { ...target, breaker, onCall: (call) => metrics.recordStoreCall(call) } };
}

/** @hono/node-server's incoming message (absent for calls inside this process). */
function incomingOf(env: unknown): { socket?: { remoteAddress?: string } } | undefined {
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
}
