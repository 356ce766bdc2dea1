import { Environment, Network, RecordSource, Store, type RequestParameters, type Variables } from 'relay-runtime';
import { gatewayRequestBody } from '../../storefront/platform/relay/gatewayFetch';
import type { TestGateway } from './gateway';

/**
 * A server-side Relay environment whose network is the real gateway in process, asked as the storefront asks it:
 * the page's persisted id (the gateway needs the persisted-operations plugin). For render tests of page views.
 */
export function gatewayRelayEnvironment(shop: Pick<TestGateway, 'fetch'>): Environment {
  return new Environment({
    isServer: true,
    network: Network.create(async (params: RequestParameters, variables: Variables) => {
      const body = gatewayRequestBody({ id: params.id ?? params.cacheID, text: params.text, variables });
      const response = await shop.fetch(new Request('http://shop.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
      return (await response.json()) as never;
    }),
    store: new Store(new RecordSource()),
  });
}
