import type { StoreApiApp } from '../app';

export function registerContentRoutes(_app: StoreApiApp): void {}
