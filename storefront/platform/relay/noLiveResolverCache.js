// The browser's stand-in for relay-runtime's live-resolvers/LiveResolverCache (vite.config.ts swaps the
// require in RelayModernStore, client build only). The store always builds that cache (~2 KB gzip), but it
// only does work for Relay Resolvers (@RelayResolver, @live, client edges to client objects), which the
// shop does not use: no record ever holds resolver state. What is left is what the store still calls:
// batching runs the callback, invalidation has nothing to follow, and reading a resolver field fails loudly
// (NoopResolverCache), as it would in a store built without resolvers. The server keeps Relay unchanged.
import { NoopResolverCache } from 'relay-runtime/lib/store/ResolverCache';

export const RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY = '__resolverLiveStateSubscription';

export function getUpdatedDataIDs(updatedRecords) {
  return updatedRecords;
}

export class LiveResolverCache extends NoopResolverCache {
  constructor(_getRecordSource, store) {
    super();
    this._store = store;
  }

  getLiveResolverPromise() {
    throw new Error('Relay live resolvers are not part of the storefront');
  }

  batchLiveStateUpdates(callback) {
    callback();
  }

  /** Nothing is published by live state here, so the store has nothing new to notify about. */
  batchLiveStateUpdatesWithoutNotify(callback) {
    callback();
    return false;
  }

  notifyUpdatedSubscribers(updatedDataIDs) {
    this._store.__notifyUpdatedSubscribers(updatedDataIDs);
  }

  unsubscribeFromLiveResolverRecords() {}

  invalidateResolverRecords() {}
}
