import type { ComponentType } from 'react';

/**
 * Components only the server renders into a page (ADR 0030): registered by +onCreateGlobalContext.server.ts, so that
 * no browser chunk imports them. The browser keeps their HTML as it is when the page hydrates.
 */
export const serverIslands: { reviewForm?: ComponentType<{ productId: string }> } = {};
