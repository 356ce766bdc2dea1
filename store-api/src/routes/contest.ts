import type { StoreApiApp } from '../app';

// The contest (SPEC §2 /wettbewerb): entries, one per email.

export function registerContestRoutes(app: StoreApiApp): void {
  void app;
}
