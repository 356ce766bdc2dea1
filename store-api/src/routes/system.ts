import type { StoreApiApp } from '../app';

export function registerSystemRoutes(_app: StoreApiApp): void {}
