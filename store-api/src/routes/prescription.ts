import type { StoreApiApp } from '../app';

// Prescription services (SPEC §4): home delivery form and pickup with uploads.

export function registerPrescriptionRoutes(app: StoreApiApp): void {
  void app;
}
