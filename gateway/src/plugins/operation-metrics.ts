import { getOperationAST, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { GatewayMetrics, OperationOutcome } from '../metrics';

interface Pending {
  started: number;
  operation?: string;
  outcome?: OperationOutcome;
  requestId?: string;
}

function operationName(document: DocumentNode, requested: string | null | undefined): string {
  return getOperationAST(document, requested ?? undefined)?.name?.value ?? requested ?? 'anonymous';
}

/**
 * Counts and times GraphQL operations by name and outcome (from request to response, so parsing,
 * validation and serialization count), and logs one line per operation with its request id.
 */
export function useOperationMetrics(metrics: GatewayMetrics, logger: Logger): Plugin {
  const pending = new WeakMap<Request, Pending>();
  const entryOf = (context: unknown): Pending | undefined => {
    const request = (context as { request?: Request }).request;
    return request ? pending.get(request) : undefined;
  };
  return {
    onRequest({ request }) {
      pending.set(request, { started: performance.now() });
    },
    onParse({ context }) {
      return ({ result }) => {
        const entry = entryOf(context);
        if (!entry) return;
        if (result instanceof Error || !result) {
          entry.operation = 'unparsed';
          entry.outcome = 'invalid';
        } else {
          const requested = (context as { params?: { operationName?: string | null } }).params?.operationName;
          entry.operation = operationName(result, requested);
        }
      };
    },
    onValidate({ context }) {
      return ({ valid }) => {
        const entry = entryOf(context);
        if (entry && !valid) entry.outcome = 'invalid';
      };
    },
    onExecute({ args }) {
      const entry = entryOf(args.contextValue);
      if (entry) entry.requestId = (args.contextValue as { requestId?: string }).requestId;
      return {
        onExecuteDone({ result }) {
          if (entry) entry.outcome = 'errors' in result && result.errors?.length ? 'error' : 'success';
        },
      };
    },
    onResponse({ request, response }) {
      const entry = pending.get(request);
      pending.delete(request);
      if (!entry?.operation) return; // GraphiQL's page or a refused request: no operation ran
      const outcome = entry.outcome ?? 'error'; // e.g. the context could not be built
      const seconds = (performance.now() - entry.started) / 1000;
      metrics.recordOperation(entry.operation, outcome, seconds);
      logger.info(
        { requestId: entry.requestId ?? request.headers.get('x-request-id') ?? undefined, operation: entry.operation, outcome, status: response.status, ms: Math.round(seconds * 10_000) / 10 },
        'graphql operation',
      );
    },
  };
}
