import type { Schemas } from '@shopware/api-client/store-api-types';

/** A Criteria body as Shopware reads it (limit, page, filter, sort, includes, aggregations, total-count-mode…). */
type CriteriaBody = Record<string, unknown>;

/**
 * The brand operations of the Store API, keyed "operationId method /path" like ShopOperations in
 * ../operations.ts. Shopware 6.7 has POST /store-api/product-manufacturer; the official client types
 * do not list it yet, so its shape is written out here.
 */
export interface BrandOperations {
  /** Brands (product manufacturers) by Criteria, answered as Shopware's EntitySearchResult. */
  'readProductManufacturer post /product-manufacturer': {
    contentType?: 'application/json';
    accept?: 'application/json';
    body?: CriteriaBody;
    response: {
      elements: Schemas['ProductManufacturer'][];
      total?: number;
      aggregations?: Record<string, unknown>;
      page?: number;
      limit?: number | null;
      entity?: 'product_manufacturer';
      apiAlias: 'dal_entity_search_result';
    };
    responseCode: 200;
  };
}
