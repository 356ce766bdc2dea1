import type { StoreApiApp } from '../app';
import { applyIncludes, parseCriteria, readCriteriaInput, searchEntities } from '../dal';
import '../entities/manufacturer';

// Brands: Shopware's POST /store-api/product-manufacturer (GET with the Criteria in the query), answered
// as an EntitySearchResult of product_manufacturer. The Criteria may filter across the brand's products,
// e.g. `{ type: 'equals', field: 'products.active', value: true }` for brands with products on sale.

export function registerManufacturerRoutes(app: StoreApiApp): void {
  app.on(['GET', 'POST'], '/product-manufacturer', async (c) => {
    const ctx = c.get('ctx');
    const criteria = parseCriteria(await readCriteriaInput(c), { entity: 'product_manufacturer', maxLimit: c.get('deps').config.maxLimit });
    return c.json(applyIncludes(searchEntities(ctx, 'product_manufacturer', criteria), criteria.includes, criteria.excludes));
  });
}
