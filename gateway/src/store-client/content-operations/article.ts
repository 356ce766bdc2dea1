/**
 * The shop's own Store API operations of this area, keyed "operationId method /path" like ShopOperations
 * in ../operations.ts, e.g. 'readThing post /thing': { contentType?: 'application/json'; accept?: 'application/json'; body: {...}; response: {...}; responseCode: 200 }.
 */
export type ArticleOperations = Record<never, never>;
