import { Environment, Network, RecordSource, Store, type RequestParameters, type Variables } from 'relay-runtime';
import { fetchFromGateway } from './gatewayFetch';

let environment: Environment | undefined;

/**
 * The browser's one Relay environment for the whole visit. Page data arrives through the data hooks and is
 * committed before rendering; this network only serves what components fetch later (refetch, pagination,
 * search suggest, mutations) — by persisted id, from /graphql.
 */
export function browserEnvironment(): Environment {
  environment ??= new Environment({
    network: Network.create((params: RequestParameters, variables: Variables, _cacheConfig, uploadables) =>
      fetchFromGateway({ id: params.id ?? params.cacheID, text: params.text, variables }, undefined, uploadables) as never,
    ),
    store: new Store(new RecordSource()),
  });
  return environment;
}
