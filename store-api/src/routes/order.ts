import type { StoreApiApp } from '../app';

// Orders and payment: checkout/order, order list, cancel, payment change, handle-payment, documents, downloads.
export function registerOrderRoutes(app: StoreApiApp): void {
  void app;
}
