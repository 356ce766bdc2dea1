// Types of noLiveResolverCache.js (the browser's stand-in for relay-runtime's LiveResolverCache).
import type { RecordSource, Store } from 'relay-runtime';

export declare const RELAY_RESOLVER_LIVE_STATE_SUBSCRIPTION_KEY: string;
export declare function getUpdatedDataIDs<T>(updatedRecords: T): T;
export declare class LiveResolverCache {
  constructor(getRecordSource: () => RecordSource, store: Store);
  batchLiveStateUpdates(callback: () => void): void;
  batchLiveStateUpdatesWithoutNotify(callback: () => void): boolean;
  notifyUpdatedSubscribers(updatedDataIDs: Set<string>): void;
  invalidateDataIDs(updatedDataIDs: Set<string>): void;
  unsubscribeFromLiveResolverRecords(invalidatedDataIDs: Set<string>): void;
  invalidateResolverRecords(invalidatedDataIDs: Set<string>): void;
}
