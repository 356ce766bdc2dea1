import type { Hono } from 'hono';
import type { StoreApiDeps } from './app';

/** Public media files: originals, thumbnails and the resize route (SPEC §7/§9). */
export function registerMediaRoutes(_app: Hono, _deps: StoreApiDeps): void {}
