import { Environment, Network, RecordSource, Store, type RequestParameters, type Variables } from 'relay-runtime';
import type { GraphQLPayload, PersistedOperation } from './gatewayFetch';

/**
 * A Relay environment for one server render, holding the page query's answer. `isServer: true` matters:
 * without it every render leaves a five-minute GC timer holding the whole store (STACK.md).
 */
export function createServerEnvironment(run: ((operation: PersistedOperation) => Promise<GraphQLPayload>) | undefined): Environment {
  return new Environment({
    isServer: true,
    network: Network.create((params: RequestParameters, variables: Variables) => {
      if (!run) throw new Error('No GraphQL bridge on this server render');
      return run({ id: params.id ?? params.cacheID, text: params.text, variables }) as never;
    }),
    store: new Store(new RecordSource()),
  });
}
