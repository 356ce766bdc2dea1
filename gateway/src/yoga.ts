import type { GraphQLSchema } from 'graphql';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, type Plugin, type YogaLogger, type YogaServerInstance } from 'graphql-yoga';
import pino, { type Logger } from 'pino';
import type { GatewayConfig } from './config';
import type { ReadyAnswers } from './ready-answers';
import { createSharedReads } from './shared-reads';
import { createGatewayContext, requestLocale, type GatewayContext, type StoreApiTarget } from './context';
import { GRAPHIQL_TABS } from './graphiql-tabs';
import { createLanguageDirectoryCache } from './languages';
import { createGatewayMetrics, type GatewayMetrics } from './metrics';
import { useCsrfPrevention } from './plugins/csrf';
import { UPLOAD_MAX_REQUEST_BYTES, useUploadLimits } from './plugins/upload-limits';
import { maskGatewayError, useErrorMapping } from './plugins/error-masking';
import { useOperationMetrics } from './plugins/operation-metrics';
import { usePersistedOnly } from './plugins/persisted-only';
import { defaultQueryLimits, useQueryLimits, type QueryLimits } from './plugins/query-limits';
import { createResponseCachePlugin, type ResponseCacheOptions } from './plugins/response-cache';
import { useAnswerScope } from './plugins/answer-scope';
import { useSessionCookies } from './plugins/session-cookies';
import { gatewaySchema } from './schema';
import { createStoreClient, createUpstreamBreaker } from './store-client';

export type Gateway = YogaServerInstance<Record<string, never>, GatewayContext>;

export interface GatewayOptions {
  config: GatewayConfig;
  /** the Store API the gateway reads from (`storeApiTarget` in config.ts) */
  target: StoreApiTarget;
  logger?: Logger;
  /** shared with the /metrics route; a gateway of its own when not given */
  metrics?: GatewayMetrics;
  limits?: QueryLimits;
  /** the Pothos schema unless given (tests of the HTTP layer bring a schema that fails on purpose) */
  schema?: GraphQLSchema;
  /** plugins of the process serving the gateway, run after the gateway's own (the storefront's persisted operations) */
  plugins?: Plugin[];
  /** the response cache of anonymous catalogue queries (ADR 0016); none unless given (mountGateway reads it from the environment) */
  responseCache?: ResponseCacheOptions;
  /** seconds the menus and SEO URL lookups are kept across requests (shared-reads.ts); read every time unless given */
  sharedReadsTtlSeconds?: number;
  /** where the response cache keeps fresh hits as bytes for the server to answer before yoga (ready-answers.ts) */
  readyAnswers?: ReadyAnswers;
}

/** yoga's own log lines (rare: start-up and unexpected failures) go to pino too. */
function yogaLogger(logger: Logger): YogaLogger {
  const line = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  return {
    debug: (...args: unknown[]) => logger.debug(line(args)),
    info: (...args: unknown[]) => logger.info(line(args)),
    warn: (...args: unknown[]) => logger.warn(line(args)),
    error: (...args: unknown[]) => logger.error(line(args)),
  };
}

/**
 * The GraphQL gateway: graphql-yoga serving the Pothos schema at /graphql. Everything around the schema
 * is a plugin listed here: CSRF prevention, query limits, error masking, session cookies, metrics.
 */
export function createGateway(options: GatewayOptions): Gateway {
  const { config } = options;
  const logger = (options.logger ?? pino({ base: { service: 'gateway' } })).child({ component: 'graphql' });
  const metrics = options.metrics ?? createGatewayMetrics();
  const target: StoreApiTarget = {
    ...options.target,
    onCall: (call) => {
      metrics.recordStoreCall(call);
      options.target.onCall?.(call);
    },
    // One circuit breaker per upstream: a gateway has one Store API (ADR 0016).
    breaker: options.target.breaker ?? createUpstreamBreaker({ upstream: options.target.baseUrl, logger, registry: metrics.registry }),
  };
  const languageDirectory = createLanguageDirectoryCache();
  const languages = () =>
    languageDirectory(
      createStoreClient({
        baseUrl: target.baseUrl,
        accessKey: target.accessKey,
        fetch: target.fetch,
        timeoutMs: target.timeoutMs,
        session: { contextToken: null }, // the language list is the shop's, not the shopper's
        onCall: target.onCall,
        breaker: target.breaker,
      }),
    );
  const responseCache = options.responseCache && options.responseCache.ttlSeconds > 0 ? options.responseCache : undefined;
  const sharedReads = createSharedReads({ ttlSeconds: options.sharedReadsTtlSeconds ?? 0 });
  // The merged context per request, so the cookie plugin sees the session after execution.
  const contexts = new WeakMap<Request, GatewayContext>();

  return createYoga<Record<string, never>, GatewayContext>({
    schema: options.schema ?? gatewaySchema(),
    graphqlEndpoint: '/graphql',
    // Dev server integrations (vike dev) only recognise the global fetch classes (STACK.md).
    fetchAPI: { fetch, Request, Response, Headers, ReadableStream, URL, URLSearchParams, FormData, Blob, File, TextEncoder, TextDecoder },
    graphiql: config.graphiql
      ? {
          title: 'Swiss pharmacy · GraphQL',
          defaultTabs: GRAPHIQL_TABS,
          method: 'POST',
          credentials: 'same-origin',
          defaultEditorToolsVisibility: 'variables',
        }
      : false,
    renderGraphiQL,
    landingPage: false,
    // A CORS answer reflecting any origin (yoga's default) would let foreign pages read a shopper's data.
    cors: false,
    // One operation per request: batching would multiply a request's cost past the limits.
    batching: false,
    // Uploads (prescription pickup) by the GraphQL multipart request spec: size-limited before parsing
    // (useUploadLimits); a multipart request needs the x-graphql-csrf header or the shop's origin (useCsrfPrevention).
    multipart: true,
    // yoga's own body limit (25 MB by default) would refuse six prescriptions that our limits allow.
    maxRequestBodySize: UPLOAD_MAX_REQUEST_BYTES,
    // The query limits depend on variables; see useQueryLimits for how validation is cached instead.
    parserAndValidationCache: { validationCache: false },
    logging: yogaLogger(logger),
    maskedErrors: { maskError: (error) => maskGatewayError(error, logger) },
    context: async ({ request }) => createGatewayContext({ request, config, target, languages: await languages(), sharedReads }),
    plugins: [
      useCsrfPrevention({ graphiql: config.graphiql, origins: { primary: config.publicOrigin, all: config.shopOrigins, publicHost: config.publicHost } }),
      useUploadLimits(),
      useOperationMetrics(metrics, logger),
      // GRAPHQL_PERSISTED_ONLY and the limits of arbitrary operations (persisted ones are trusted): see ADR 0008.
      usePersistedOnly({ persistedOnly: config.persistedOnly, registry: metrics.registry }),
      useQueryLimits(options.limits ?? defaultQueryLimits(config.production), { exposeSchema: config.graphiql, registry: metrics.registry }),
      useErrorMapping(logger),
      {
        onContextBuilding() {
          return ({ context }: { context: GatewayContext & { request: Request } }) => {
            contexts.set(context.request, context);
          };
        },
      },
      useSessionCookies((request) => contexts.get(request)),
      // Answers of a session that read something of the visitor are marked, so no page cache shares them (ADR 0020).
      useAnswerScope(),
      {
        onResponse({ request, response }: { request: Request; response: Response }) {
          const ctx = contexts.get(request);
          if (ctx) response.headers.set('x-request-id', ctx.requestId);
        },
      },
      ...(options.plugins ?? []),
      // Last: its key is built from the document text, which the persisted-operations plugin above puts in place.
      ...(responseCache
        ? [
            createResponseCachePlugin({
              ...responseCache,
              localeOf: async (request) => requestLocale(request, await languages()),
              salesChannel: target.accessKey,
              origin: config.publicOrigin,
              breaker: target.breaker,
              logger,
              registry: metrics.registry,
              ...(options.readyAnswers ? { readyAnswers: options.readyAnswers } : {}),
            }),
          ]
        : []),
    ],
  });
}
