import type { StoreApiApp } from '../app';

// Customer accounts as the checkout needs them: register (guest or account), login, logout, customer, addresses.
export function registerAccountRoutes(app: StoreApiApp): void {
  void app;
}
