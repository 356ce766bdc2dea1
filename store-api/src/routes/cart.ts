import type { StoreApiApp } from '../app';

// The cart (SPEC §4 Cart): GET/DELETE /checkout/cart, line items, and the shop's pharmacy choice.
export function registerCartRoutes(app: StoreApiApp): void {
  void app;
}
