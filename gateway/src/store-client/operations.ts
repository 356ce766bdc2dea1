import type { operations } from '@shopware/api-client/store-api-types';

/**
 * The Store API operations the gateway may call: Shopware's own (the official `@shopware/api-client`
 * types) plus the shop's own endpoints, which a real Shopware gets from the shop's plugin.
 * Keys read "operationId method /path", as in the official client.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ShopOperations {}

export type StoreOperations = operations & ShopOperations;
export type StoreOperationKey = keyof StoreOperations & string;

type Field<T, K extends string> = T extends { [P in K]?: infer V } ? V : never;

export interface StoreCallParams<K extends StoreOperationKey> {
  pathParams?: Field<StoreOperations[K], 'pathParams'> | Record<string, string>;
  query?: Field<StoreOperations[K], 'query'> | Record<string, unknown>;
  body?: Field<StoreOperations[K], 'body'> | Record<string, unknown>;
  headers?: Record<string, string>;
}

export type StoreResponse<K extends StoreOperationKey> = StoreOperations[K] extends { response: infer R } ? R : unknown;
