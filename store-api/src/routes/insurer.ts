import type { StoreApiApp } from '../app';

// Insurer partnership (SPEC §9): verification of the insurance number, insured pricing.

export function registerInsurerRoutes(app: StoreApiApp): void {
  void app;
}
