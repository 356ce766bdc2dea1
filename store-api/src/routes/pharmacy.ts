import type { StoreApiApp } from '../app';

// The shop's pharmacies (custom route POST /pharmacy): Click & Collect pickup points.
export function registerPharmacyRoutes(app: StoreApiApp): void {
  void app;
}
