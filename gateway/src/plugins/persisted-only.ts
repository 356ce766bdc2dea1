import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Registry } from 'prom-client';
import { counterIn } from '../metrics';

/**
 * How a request's operation is known to the gateway:
 * - `internal`: a request this server's own code builds in process (e.g. the sitemap's language list), never
 *   one from the network; trusted like `id`;
 * - `id`: sent by a persisted id the allow-list holds (relay-compiler's persisted_queries.json); the text run
 *   is the stored one, never a text the client sent along;
 * - `text`: sent as text identical to a persisted operation (the storefront's own, sent the long way).
 * Both are trusted for the query limits (compiled from our code, shape fixed at build time); only `id`
 * passes GRAPHQL_PERSISTED_ONLY. A request not marked is arbitrary: an app, GraphiQL, a script.
 */
export type PersistedMatch = 'id' | 'text' | 'internal';

const persistedRequests = new WeakMap<Request, PersistedMatch>();

/** Called by the plugin that knows the allow-list (server/persistedOperations.ts) in `onParams`, or by server code before `gateway.fetch` (`internal`). */
export function markPersistedOperation(request: Request, match: PersistedMatch): void {
  persistedRequests.set(request, match);
}

/** How the request's operation matched the allow-list, or undefined for an arbitrary operation. */
export function persistedMatchOf(request: Request | undefined): PersistedMatch | undefined {
  return request ? persistedRequests.get(request) : undefined;
}

/** Why the gateway refused an operation before running it (label of graphql_refused_operations_total). */
export type RefusalReason =
  | 'persisted_only'
  | 'persisted_not_found'
  | 'tokens'
  | 'depth'
  | 'complexity'
  | 'aliases'
  | 'list_size'
  | 'introspection';

/** graphql_refused_operations_total{reason}: one counter per metrics registry (each gateway has its own). */
export function countRefusal(registry: Registry | undefined, reason: RefusalReason): void {
  if (!registry) return;
  counterIn(registry, {
    name: 'graphql_refused_operations_total',
    help: 'GraphQL operations refused before execution by the hardening rules, by reason (persisted_only, persisted_not_found, tokens, depth, complexity, aliases, list_size, introspection).',
    labelNames: ['reason'] as const,
  }).inc({ reason });
}

/** A refusal as the client sees it: HTTP 400, one error with a code. */
export function refusal(code: string, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions, http: { status: 400 } } });
}

function persistedIdOf(params: { extensions?: Record<string, unknown> | null }): string | undefined {
  const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : undefined;
}

function shortId(id: string): string {
  return id.length > 16 ? `${id.slice(0, 16)}…` : id;
}

/**
 * GRAPHQL_PERSISTED_ONLY: with `persistedOnly`, only operations sent by an id of the allow-list run; any
 * document text (even a persisted operation's text without its id) is refused before parsing with
 * PERSISTED_QUERY_ONLY. In every mode an id the allow-list does not hold is refused with
 * PERSISTED_QUERY_NOT_FOUND (instead of yoga's bare "Must provide query string"). Both are HTTP 400 and
 * counted in graphql_refused_operations_total. The check runs after every plugin's `onParams` (it
 * wraps the params handler), so the allow-list plugin, which comes later in the list, has marked the
 * request by then. Without such a plugin no id is known and persisted-only refuses everything (closed).
 */
export function usePersistedOnly(options: { persistedOnly: boolean; registry?: Registry }): Plugin {
  return {
    onParams({ request, params, setParams, setParamsHandler, paramsHandler }) {
      const sentId = persistedIdOf(params);
      // An id without text: yoga's own check (after every plugin's onParams) would answer "Must provide query
      // string" before the check below could name the unknown id. An empty text stands in until the
      // allow-list puts the stored one in place; never parsed (refused below when no stored text came).
      const idOnly = sentId !== undefined && params.query == null;
      if (idOnly) setParams({ ...params, query: '' });
      setParamsHandler((payload) => {
        const params = payload.params;
        const match = persistedMatchOf(request);
        const id = persistedIdOf(params);
        if (match === 'internal') return paramsHandler(payload);
        if (match !== 'id' && id !== undefined && (idOnly || options.persistedOnly)) {
          countRefusal(options.registry, 'persisted_not_found');
          return {
            errors: [
              refusal(
                'PERSISTED_QUERY_NOT_FOUND',
                `Persisted operation ${shortId(id)} is not known to this server (an older or foreign build?); send a known id${options.persistedOnly ? '' : ' or the query string'}.`,
              ),
            ],
          };
        }
        if (options.persistedOnly && match !== 'id') {
          countRefusal(options.registry, 'persisted_only');
          return {
            errors: [
              refusal(
                'PERSISTED_QUERY_ONLY',
                'This server runs only persisted operations (GRAPHQL_PERSISTED_ONLY): send extensions.persistedQuery.sha256Hash with an id of the storefront’s build, not a query string.',
              ),
            ],
          };
        }
        return paramsHandler(payload);
      });
    },
  };
}
