import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type CounterConfiguration, type GaugeConfiguration } from 'prom-client';
import { GatewaySetupError } from './config';
import type { StoreClientOptions } from './store-client';

type StoreCall = Parameters<NonNullable<StoreClientOptions['onCall']>>[0];

/** How a GraphQL operation ended: `invalid` never ran (parse, validation or limits refused it). */
export type OperationOutcome = 'success' | 'error' | 'invalid';

export interface GatewayMetrics {
  /** the gateway's own registry, so several gateways (tests) never share counters */
  readonly registry: Registry;
  recordOperation(operation: string, outcome: OperationOutcome, seconds: number): void;
  /** the Store API client's `onCall` hook */
  recordStoreCall(call: StoreCall): void;
  /** GET /metrics in Prometheus text format */
  respond(): Promise<Response>;
}

// Operation names come from clients: a bounded set of label values keeps a hostile client from
// blowing up the time series.
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Latency buckets from 1 ms to 10 s (the Store API timeout). */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The registry's counter of this name, made on first use. Each gateway has its own registry, and parts of one
 * gateway may count into the same metric (a response-cache hit and a ready answer), so they ask the registry.
 */
export function counterIn<L extends string>(registry: Registry, config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  return (registry.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter({ ...config, registers: [registry] });
}

/** The registry's gauge of this name, made on first use (see counterIn). */
export function gaugeIn<L extends string>(registry: Registry, config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  return (registry.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge({ ...config, registers: [registry] });
}

export function createGatewayMetrics(options: { processMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations by operation name and outcome (success, error, invalid).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const operationSeconds = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'Time from receiving a GraphQL request to its response, by operation name and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const storeCalls = new Counter({
    name: 'store_api_calls_total',
    help: 'Store API calls by method, route template and HTTP status (408 timeout, 0 network error).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const storeCallSeconds = new Histogram({
    name: 'store_api_call_duration_seconds',
    help: 'Store API call latency by method, route template and HTTP status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  const knownNames = new Set<string>();
  function operationLabel(name: string): string {
    if (knownNames.has(name)) return name;
    if (!OPERATION_NAME.test(name) && name !== 'anonymous') return 'other';
    if (knownNames.size >= MAX_OPERATION_NAMES) return 'other';
    knownNames.add(name);
    return name;
  }

  return {
    registry,
    recordOperation(operation, outcome, seconds) {
      const labels = { operation: operationLabel(operation), outcome };
      operations.inc(labels);
      operationSeconds.observe(labels, seconds);
    },
    recordStoreCall(call) {
      // The route template (/product/{productId}), never the filled path: ids would be unbounded labels.
      const labels = { method: call.method, route: call.route, status: String(call.status) };
      storeCalls.inc(labels);
      storeCallSeconds.observe(labels, call.milliseconds / 1000);
    },
    async respond() {
      return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
    },
  };
}

// ---- who may read /metrics (issue 17) ------------------------------------------------------------------------
//
// The metrics tell an outsider the shop's traffic, operation names and Store API routes, and how to time an
// attack. With METRICS_TOKEN set, /metrics answers only `Authorization: Bearer <token>` (401 otherwise), from
// anywhere — Prometheus scrapes each instance with it. Without a token a local shop (a newcomer's `npm start`)
// answers its own machine only, and a public host (PUBLIC_ORIGIN https) answers nobody (404).

export interface MetricsAccess {
  /** sha256 of METRICS_TOKEN, or null when unset */
  tokenDigest: Buffer | null;
  /** PUBLIC_ORIGIN is an https origin: without a token, /metrics is not served at all */
  publicHost: boolean;
}

/** Shorter tokens can be guessed; `openssl rand -hex 32` gives 64 characters. */
const MIN_TOKEN_LENGTH = 32;

/** METRICS_TOKEN: unset, or at least 32 characters without spaces; anything else stops the start. */
export function readMetricsAccess(env: NodeJS.ProcessEnv, publicHost: boolean): MetricsAccess {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return { tokenDigest: null, publicHost };
  if (raw.length < MIN_TOKEN_LENGTH || /\s/.test(raw)) {
    // Never echoed: it is a secret.
    throw new GatewaySetupError(`METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters without spaces, e.g. the output of \`openssl rand -hex 32\`.`);
  }
  return { tokenDigest: digest(raw), publicHost };
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** The socket's address is this machine, and no proxy forwarded the request (it would name the real client). */
function fromThisMachine(request: Request, peerAddress: string | undefined): boolean {
  if (request.headers.has('x-forwarded-for') || request.headers.has('forwarded')) return false;
  // No socket: a call inside this process (tests, the server's own requests).
  if (peerAddress === undefined) return true;
  return peerAddress === '::1' || peerAddress.startsWith('127.') || peerAddress.startsWith('::ffff:127.');
}

/** The answer refusing this request for /metrics, or null when it may read them. */
export function metricsRefusal(request: Request, access: MetricsAccess, peerAddress: string | undefined): Response | null {
  if (access.tokenDigest) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    // Digests of equal length compared in constant time: the answer's timing tells nothing about the token.
    if (given !== undefined && timingSafeEqual(digest(given), access.tokenDigest)) return null;
    return new Response('metrics need the token: Authorization: Bearer <METRICS_TOKEN>\n', {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' },
    });
  }
  if (!access.publicHost && fromThisMachine(request, peerAddress)) return null;
  return new Response('Not Found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
