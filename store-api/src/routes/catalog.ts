import type { StoreApiApp } from '../app';

export function registerCatalogRoutes(_app: StoreApiApp): void {}
