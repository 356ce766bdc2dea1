import type { Hono } from 'hono';
import type { StoreApiDeps } from './app';

// The embedded payment provider (/payment-provider/{sessionId}): the page an asynchronous payment method
// (card, TWINT, PostFinance, PayPal, Apple Pay) sends the shopper to, where they pay, fail or cancel.
export function registerPaymentProviderRoutes(app: Hono, deps: StoreApiDeps): void {
  void app;
  void deps;
}
