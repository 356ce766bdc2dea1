import { describe, expect, it } from 'vitest';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  commitLocalUpdate,
  createOperationDescriptor,
  fetchQuery,
  getRequest,
  type GraphQLResponse,
  type Snapshot,
} from 'relay-runtime';
import CartCountQuery, { type cartCountQuery$data } from '../../storefront/features/cart/__generated__/cartCountQuery.graphql';
import { LiveResolverCache } from '../../storefront/platform/relay/noLiveResolverCache.js';

// The browser build gives Relay's store a stand-in for its live-resolver cache (vite.config.ts swaps the
// require in RelayModernStore; ADR 0014). These run Relay's real store and environment wired the same way
// and check what the shop does with them: the page's answer committed and read, a badge following a
// local update, a query fetched over the network, data released once nothing retains it.

/** A store with the stand-in where the browser build puts it (the constructor built the real one). */
function browserStore(): Store {
  const store = new Store(new RecordSource(), { gcReleaseBufferSize: 0, gcScheduler: (run) => run() });
  const internals = store as unknown as { _getMutableRecordSource(): RecordSource; _resolverCache: unknown; _storeSubscriptions: { _resolverCache: unknown } };
  const cache = new LiveResolverCache(() => internals._getMutableRecordSource(), store);
  internals._resolverCache = cache;
  internals._storeSubscriptions._resolverCache = cache;
  return store;
}

function environment(answer: GraphQLResponse = { data: { cart: { id: 'cart-1', productCount: 3 } } }): { environment: Environment; requests: string[] } {
  const requests: string[] = [];
  const network = Network.create((params) => {
    requests.push(params.name);
    return Observable.from(Promise.resolve(answer));
  });
  return { environment: new Environment({ network, store: browserStore() }), requests };
}

const operation = () => createOperationDescriptor(getRequest(CartCountQuery), {});
const count = (snapshot: Snapshot) => (snapshot.data as cartCountQuery$data | null)?.cart?.productCount;

describe('Relay in the browser, with the stand-in for live resolvers', () => {
  it('reads a committed answer and tells subscribers of a local update', () => {
    const { environment: env, requests } = environment();
    env.commitPayload(operation(), { cart: { id: 'cart-1', productCount: 2 } });
    const snapshot = env.lookup(operation().fragment);
    expect(count(snapshot)).toBe(2);
    const seen: Array<number | undefined> = [];
    env.subscribe(snapshot, (next) => seen.push(count(next)));
    commitLocalUpdate(env, (store) => {
      store.getRoot().getLinkedRecord('cart')?.setValue(5, 'productCount');
    });
    expect(seen).toEqual([5]);
    expect(requests).toEqual([]);
  });

  it('fetches a query over the network and finds it in the store afterwards', async () => {
    const { environment: env, requests } = environment();
    const data = await fetchQuery(env, CartCountQuery, {}).toPromise();
    expect((data as cartCountQuery$data).cart.productCount).toBe(3);
    expect(requests).toEqual(['cartCountQuery']);
    const retained = env.retain(operation());
    expect(env.check(operation()).status).toBe('available');
    // store-or-network: answered from the store, no second request
    await fetchQuery(env, CartCountQuery, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    expect(requests).toEqual(['cartCountQuery']);
    retained.dispose();
  });

  it('releases the data once nothing retains it', () => {
    const { environment: env } = environment();
    const retained = env.retain(operation());
    env.commitPayload(operation(), { cart: { id: 'cart-1', productCount: 1 } });
    expect(env.check(operation()).status).toBe('available');
    retained.dispose();
    expect(env.check(operation()).status).toBe('missing');
  });
});
