import type { StoreApiApp } from '../app';

// Articles of the shop: magazine, editorial, topic and content pages (/article, /article/{slug}), poll votes.

export function registerArticleRoutes(app: StoreApiApp): void {
  void app;
}
