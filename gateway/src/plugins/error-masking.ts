import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { GatewayContext } from '../context';
import { DEFAULT_LOCALE, type Locale } from '../languages';
import { SHOP_ERROR_MESSAGES } from '../messages';
import { isMissingRoute, StoreApiRequestError } from '../store-client';

/** `extensions.code` for a failed Store API call, by its SPEC §8 status (408 timeout, 0 network). */
function storeApiCode(status: number): string {
  if (status === 0) return 'STORE_API_UNREACHABLE';
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'STORE_API_TIMEOUT';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status < 500) return 'STORE_API_REJECTED';
  return 'STORE_API_ERROR';
}

const STORE_API_MESSAGES: Record<string, string> = {
  STORE_API_UNREACHABLE: 'The shop back end cannot be reached. Please try again in a moment.',
  STORE_API_TIMEOUT: 'The shop back end takes too long to answer. Please try again in a moment.',
  STORE_API_ERROR: 'The shop back end could not complete the request. Please try again in a moment.',
};

function isExpectedGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && (!error.originalError || error.originalError instanceof GraphQLError);
}

/**
 * One error as the client sees it. GraphQL's own errors (validation, bad arguments) and errors a resolver
 * raised on purpose as GraphQLError pass unchanged; a Store API failure becomes a clear error with
 * `extensions.code` and `status` (and Shopware's errors array where SPEC §8 passes it through: 4xx except
 * 408, and 500); anything else is masked and logged with its stack under an error id the client is given.
 */
export function maskGatewayError(error: unknown, logger: Logger, requestId?: string, locale: Locale = DEFAULT_LOCALE): GraphQLError {
  if (isExpectedGraphQLError(error)) return error;
  const located = error instanceof GraphQLError ? error : undefined;
  const original = located ? located.originalError : error;
  const where = { nodes: located?.nodes, source: located?.source, positions: located?.positions, path: located?.path };
  if (isMissingRoute(original)) {
    // A Shopware without the shop plugin (ADR 0027): the shopper reads that the service is not offered, not a 500.
    return new GraphQLError(SHOP_ERROR_MESSAGES.SERVICE_NOT_AVAILABLE[locale], { ...where, extensions: { code: 'SERVICE_NOT_AVAILABLE', status: 404 } });
  }
  if (original instanceof StoreApiRequestError) {
    const status = original.statusCode;
    const code = storeApiCode(status);
    const passThrough = (status >= 400 && status < 500 && status !== 408) || status === 500;
    const first = original.messages[0];
    // Shopware's own words for what the shopper asked wrongly (not found, bad filter); ours for outages.
    const message = STORE_API_MESSAGES[code] ?? first?.detail ?? first?.title ?? `The Store API refused the request (${status}).`;
    const extensions: Record<string, unknown> = { code, status };
    if (original.upstreamStatus !== null) extensions.upstreamStatus = original.upstreamStatus;
    if (passThrough) extensions.storeApiErrors = original.messages;
    if (status === 0 || status === 408 || status >= 500) {
      const errorId = randomUUID();
      extensions.errorId = errorId;
      logger.warn({ errorId, requestId, operation: original.operation, status, messages: original.messages, path: located?.path }, 'graphql: Store API call failed');
    }
    return new GraphQLError(message, { ...where, extensions });
  }
  const errorId = randomUUID();
  const cause = original instanceof Error ? original : new Error(String(original));
  logger.error({ err: cause, errorId, requestId, path: located?.path }, 'graphql: internal error');
  return new GraphQLError(`Internal error. Quote error id ${errorId} when reporting it.`, {
    ...where,
    extensions: { code: 'INTERNAL_SERVER_ERROR', errorId },
  });
}

/** Maps execution errors with the request at hand, so the log line carries its request id. */
export function useErrorMapping(logger: Logger): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const { requestId, locale } = args.contextValue as Partial<GatewayContext>;
      return {
        onExecuteDone({ result, setResult }) {
          if (!('errors' in result) || !result.errors?.length) return;
          setResult({ ...result, errors: result.errors.map((error) => maskGatewayError(error, logger, requestId, locale)) });
        },
      };
    },
  };
}
