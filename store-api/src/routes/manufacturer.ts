import type { StoreApiApp } from '../app';

// Brands (Shopware POST /product-manufacturer).

export function registerManufacturerRoutes(app: StoreApiApp): void {
  void app;
}
