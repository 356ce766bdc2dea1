import type { PageContext } from 'vike/types';
import { createOperationDescriptor, getRequest, type Environment, type GraphQLTaggedNode, type Variables } from 'relay-runtime';
import { browserEnvironment } from './browserEnvironment';
import { fetchFromGateway, pageStatusOf, type GraphQLPayload, type PersistedOperation } from './gatewayFetch';

/**
 * What a page's data hook hands to rendering (and, serialized by Vike, to the browser): the page's ONE
 * operation, its variables and the gateway's answer. Rendering commits `response` into a Relay store
 * before the first render, so nothing suspends and hydration fetches nothing.
 */
export interface PageQueryData {
  operationId: string;
  variables: Variables;
  /** null when the browser already holds the page's data (back/forward navigation) */
  response: GraphQLPayload | null;
  /** HTTP status of the page: 200, 404 for a path that shows nothing, 408/500/502/503 when data failed */
  status: number;
}

/**
 * Runs a page's query: on the server in-process against the gateway (`pageContext.runGraphQL`, set by
 * server/index.ts with the shopper's cookies), in the browser on client navigation from /graphql, or not
 * at all when the store already has it. `statusOf` lets a page turn its data into an HTTP status (404).
 */
export async function loadPageQuery(
  pageContext: PageContext,
  query: GraphQLTaggedNode,
  variables: Variables,
  statusOf?: (data: Record<string, unknown>, pageContext: PageContext) => number,
): Promise<PageQueryData> {
  const request = getRequest(query);
  const id = request.params.id ?? request.params.cacheID;
  const operation: PersistedOperation = { id, text: request.params.text, variables };
  if (!import.meta.env.SSR) {
    const descriptor = createOperationDescriptor(request, variables);
    if (browserEnvironment().check(descriptor).status === 'available') {
      return { operationId: id, variables, response: null, status: 200 };
    }
  }
  const response = import.meta.env.SSR
    ? await (pageContext.runGraphQL ?? missingServerBridge)(operation)
    : await fetchFromGateway(operation, pageContext.locale);
  let status = pageStatusOf(response);
  if (status === 200 && response.data && statusOf) status = statusOf(response.data, pageContext);
  return { operationId: id, variables, response, status };
}

function missingServerBridge(): never {
  throw new Error('pageContext.runGraphQL is missing: render pages through server/index.ts');
}

/** Writes a page query's answer into an environment, as if Relay had fetched it; returns the retain. */
export function commitPageQuery(environment: Environment, query: GraphQLTaggedNode, variables: Variables, data: Record<string, unknown>) {
  const operation = createOperationDescriptor(getRequest(query), variables);
  environment.commitPayload(operation, data as never);
  return environment.retain(operation);
}
