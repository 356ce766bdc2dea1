import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type CounterConfiguration, type GaugeConfiguration } from 'prom-client';
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
