import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel';
import type { Logger } from 'pino';
import type { Counter, Gauge, Registry } from 'prom-client';
import { counterIn, gaugeIn } from '../metrics';
import { StoreApiRequestError } from './errors';

// A circuit breaker per upstream (issue 8): when the Store API keeps failing, the gateway stops sending it
// calls for a while and answers at once, instead of letting every page wait for the 10 s timeout and piling
// more load on a back end that is already down. It wraps a whole Store API call — the attempt and its retry
// (retry-policy.ts, unchanged) — so one call that failed twice counts as one failure.

/** Consecutive failed calls that open the circuit. Five: one broken page render rarely makes more than three. */
export const BREAKER_CONSECUTIVE_FAILURES = 5;
/** How long an open circuit refuses calls before it lets ONE trial call through (half-open). */
export const BREAKER_HALF_OPEN_AFTER_MS = 10_000;

export type BreakerState = 'closed' | 'open' | 'half-open';

/** Value of the store_api_circuit_state gauge per state. */
const GAUGE_VALUE: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

export interface UpstreamBreaker {
  /** the Store API base URL this breaker guards */
  readonly upstream: string;
  state(): BreakerState;
  /** true while a call would be refused without reaching the upstream (open, or half-open with its trial under way) */
  rejecting(): boolean;
  /** Runs one Store API call (attempt + retry) through the breaker; refused at once with a 503-kind error while open. */
  run<T>(operation: string, call: () => Promise<T>): Promise<T>;
}

export interface UpstreamBreakerOptions {
  upstream: string;
  logger?: Logger;
  /** the gateway's metrics registry: store_api_circuit_state and store_api_circuit_rejected_calls_total go there */
  registry?: Registry;
  consecutiveFailures?: number;
  halfOpenAfterMs?: number;
}

/** A status that says the upstream is unwell: no answer (0, a network error), our timeout or a 408, a 5xx. */
export function isUpstreamFailureStatus(status: number): boolean {
  return status === 0 || status === 408 || status >= 500;
}

/**
 * Whether a failed call says the upstream is unwell: no answer (network error, status 0), our timeout or a
 * 408, a 5xx, or a 2xx that is not JSON (a proxy's maintenance page). A 4xx is the Store API answering
 * properly about a bad request (401, 404, a validation error): it never counts.
 */
export function isUpstreamFailure(error: unknown): boolean {
  if (!(error instanceof StoreApiRequestError)) return false;
  const status = error.upstreamStatus ?? error.statusCode;
  return isUpstreamFailureStatus(status) || (status >= 200 && status < 300);
}

/**
 * The error of a call refused while the circuit is open: the same kind the client builds for a 503 answer
 * (SPEC §8: status 500, the upstream status 503 kept), so the page shows the 503 "very busy" page.
 */
export function circuitOpenFailure(operation: string, halfOpenAfterMs: number): StoreApiRequestError {
  return new StoreApiRequestError(
    500,
    [
      {
        status: '503',
        code: 'STORE_API_CIRCUIT_OPEN',
        title: 'Service Unavailable',
        detail: `The Store API failed repeatedly; calls are paused for up to ${Math.round(halfOpenAfterMs / 1000)} s.`,
      },
    ],
    operation,
    503,
  );
}

interface BreakerMetrics {
  state: Gauge<'upstream'>;
  rejected: Counter<'upstream'>;
}

// One gauge and counter per registry (each gateway has its own registry), labelled by upstream.
function metricsOf(registry: Registry): BreakerMetrics {
  return {
    state: gaugeIn(registry, {
      name: 'store_api_circuit_state',
      help: 'State of the circuit breaker per Store API upstream: 0 closed, 1 half-open (one trial call), 2 open (calls refused).',
      labelNames: ['upstream'] as const,
    }),
    rejected: counterIn(registry, {
      name: 'store_api_circuit_rejected_calls_total',
      help: 'Store API calls refused without being sent because the circuit was open.',
      labelNames: ['upstream'] as const,
    }),
  };
}

export function createUpstreamBreaker(options: UpstreamBreakerOptions): UpstreamBreaker {
  const { upstream } = options;
  const halfOpenAfterMs = options.halfOpenAfterMs ?? BREAKER_HALF_OPEN_AFTER_MS;
  const policy = circuitBreaker(handleWhen(isUpstreamFailure), {
    halfOpenAfter: halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.consecutiveFailures ?? BREAKER_CONSECUTIVE_FAILURES),
  });
  const metrics = options.registry ? metricsOf(options.registry) : undefined;
  const logger = options.logger?.child({ component: 'circuit-breaker', upstream });
  let openedAt = 0;

  const state = (): BreakerState => {
    switch (policy.state) {
      case CircuitState.Closed:
        return 'closed';
      case CircuitState.HalfOpen:
        return 'half-open';
      default:
        return 'open';
    }
  };
  metrics?.state.set({ upstream }, GAUGE_VALUE.closed);

  policy.onBreak((reason) => {
    openedAt = Date.now();
    const cause = 'error' in reason ? reason.error : undefined;
    logger?.warn(
      { state: 'open', halfOpenAfterMs, cause: cause instanceof Error ? cause.message : undefined },
      'store api circuit open: calls are refused until a trial call succeeds',
    );
  });
  policy.onHalfOpen(() => logger?.info({ state: 'half-open' }, 'store api circuit half-open: one trial call'));
  policy.onReset(() => logger?.info({ state: 'closed' }, 'store api circuit closed: the Store API answers again'));
  policy.onStateChange(() => metrics?.state.set({ upstream }, GAUGE_VALUE[state()]));

  // cockatiel lets calls that arrive during the half-open trial wait for it; a trial against a hanging
  // upstream takes the whole timeout, so they are refused at once instead, as while open.
  const rejecting = (): boolean => policy.state === CircuitState.HalfOpen || (policy.state === CircuitState.Open && Date.now() - openedAt < halfOpenAfterMs);

  return {
    upstream,
    state,
    rejecting,
    async run(operation, call) {
      const refuse = () => {
        metrics?.rejected.inc({ upstream });
        return circuitOpenFailure(operation, halfOpenAfterMs);
      };
      if (policy.state === CircuitState.HalfOpen) throw refuse();
      try {
        return await policy.execute(call);
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw refuse();
        throw error;
      }
    },
  };
}
