import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreApiConfig } from '../config';
import type { Db } from '../db/connection';
import { SALES_CHANNEL_ID } from '../known-ids';
import { seedCatalogue } from './catalogue';
import { plannedCategories, seedCategories } from './categories';
import { categoryCmsPageId, HOME_CMS_PAGE_ID, seedCms } from './cms';
import { seedEditorialContent } from './content';
import { downloadsDir, seedProductDownloads } from './downloads';
import { ensureLoyaltyCards, seedLoyaltyCards } from './loyalty-cards';
import { MediaLibrary } from './media-images';
import { seedInsurer } from './insurer';
import { seedPharmacies } from './pharmacies';
import { ensurePostalCodes, seedPostalCodes } from './postal-codes';
import { CATALOGUE_SEED, SeedRandom } from './random';
import { seedReferenceData } from './reference-data';
import { seedSeoUrls } from './seo-urls';
import { seedServicePages } from './service-pages';
import { TableWriter, tr } from './table-writer';

export const DEFAULT_PRODUCT_COUNT = 2000;

export interface SeedOptions {
  /** Main products (variants come on top). */
  products?: number;
  log?: (line: string) => void;
}

export interface SeedSummary {
  products: number;
  variants: number;
  rows: Record<string, number>;
  mediaFiles: number;
  milliseconds: number;
}

/** Tables the seed never touches: the schema version, visitors' sessions and the operator's settings (system_config). */
const KEPT_TABLES = new Set(['schema_migration', 'context_token', 'system_config']);

/**
 * Seeds the catalogue when the database is empty (first start). On every start the embedded sales
 * channel takes the configured access key, so STORE_API_ACCESS_KEY can change without a reseed.
 */
export async function ensureSeeded(db: Db, config: StoreApiConfig, log: (line: string) => void): Promise<void> {
  const seeded = db.prepare('SELECT COUNT(*) FROM sales_channel').pluck().get() as number;
  if (seeded === 0) {
    seedShop(db, config, { log });
    return;
  }
  db.prepare('UPDATE sales_channel SET access_key = ? WHERE id = ?').run(config.accessKey, SALES_CHANNEL_ID);
  // A shop seeded before downloads existed gets its digital products' files once.
  db.transaction(() => seedProductDownloads(db, config.dataDir))();
  // …and one seeded before loyalty cards existed gets its printed cards once.
  ensureLoyaltyCards(db);
  // …and one seeded before the pharmacy finder gets its postal codes once.
  ensurePostalCodes(db);
}

/** (Re)builds the whole catalogue: the same options always give byte-identical data. */
export function seedShop(db: Db, config: StoreApiConfig, options: SeedOptions = {}): SeedSummary {
  const log = options.log ?? (() => {});
  const productCount = options.products ?? DEFAULT_PRODUCT_COUNT;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  log(`seed: building the catalogue with ${productCount} products`);

  const w = new TableWriter(db);
  const media = new MediaLibrary(w);
  const random = new SeedRandom(CATALOGUE_SEED);
  let productTotal = 0;
  let variantTotal = 0;
  let mediaFiles = 0;

  // Random (hash) primary keys touch pages all over the b-trees: a large page cache keeps the
  // 20,000-product catalogue from thrashing. Restored afterwards.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  db.transaction(() => {
    // Rows are written in an order that suits the generator; the keys are checked at commit.
    db.pragma('defer_foreign_keys = ON');
    wipe(db);
    seedReferenceData(w, config);
    log(`seed: reference data (languages, currency, countries, payment, shipping) ${elapsed()}`);

    const categories = plannedCategories();
    const categoryMedia = new Map<string, string>();
    for (const category of categories) {
      categoryMedia.set(category.key, media.add({
        key: `category:${category.key}`, kind: 'banner', fileName: category.name.de, color: CATEGORY_COLORS[category.departmentKey] ?? '#1e8449',
        alt: category.name,
        title: tr(`${category.name.de} – Apotheke`, `${category.name.it} – Farmacia`, `${category.name.fr} – Pharmacie`),
      }).id);
    }
    seedCategories(w, categories, {
      homeCmsPageId: HOME_CMS_PAGE_ID,
      cmsPageIdOf: (category) => categoryCmsPageId(category.key),
      mediaIdOf: (category) => categoryMedia.get(category.key) ?? null,
    });
    log(`seed: ${categories.length} categories ${elapsed()}`);

    const catalogue = seedCatalogue(w, random.fork('catalogue'), media, categories, productCount);
    productTotal = catalogue.products.length;
    variantTotal = catalogue.variantCount;
    log(`seed: ${catalogue.products.length} products, ${catalogue.variantCount} variants, ${catalogue.brandCount} brands ${elapsed()}`);

    const landingPages = seedCms(w, { categories, products: catalogue.products, categoryMedia, media });
    seedSeoUrls(w, { categories, products: catalogue.products, landingPages });
    log(`seed: CMS pages, ${landingPages.length} landing pages and SEO URLs ${elapsed()}`);

    seedPharmacies(w, random.fork('pharmacies'));
    seedLoyaltyCards(w);
    seedEditorialContent(w, random.fork('content'), media, catalogue.products);
    seedServicePages(w, media);
    seedPostalCodes(w);
    seedInsurer(w, catalogue.products);
    log(`seed: pharmacies, promotions and editorial content ${elapsed()}`);

    rmSync(downloadsDir(config.dataDir), { recursive: true, force: true });
    const downloads = seedProductDownloads(db, config.dataDir);
    log(`seed: ${downloads} download files for digital products ${elapsed()}`);

    // Files are written before the commit: if writing fails, the database stays empty and the
    // next start seeds again instead of serving rows without their images.
    rmSync(join(config.mediaDir, 'media'), { recursive: true, force: true });
    rmSync(join(config.mediaDir, 'thumbnail'), { recursive: true, force: true });
    mediaFiles = media.fileCount;
    media.writeFiles(config.mediaDir);
  })();

  db.pragma(`cache_size = ${Number(cacheSize)}`);
  // Table statistics let SQLite drive a listing from the category's products instead of scanning every
  // product by price (4x faster on the 20,000-product catalogue); `PRAGMA optimize` skips fresh tables.
  db.exec('ANALYZE');
  log(`seed: ${mediaFiles} image files written, done in ${elapsed()}`);
  return {
    products: productTotal,
    variants: variantTotal,
    rows: Object.fromEntries(w.counts),
    mediaFiles,
    milliseconds: Math.round(performance.now() - started),
  };
}

function wipe(db: Db): void {
  const tables = db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'product_search_%'`,
    )
    .pluck()
    .all() as string[];
  // Names come from the schema itself, never from input.
  for (const table of tables) if (!KEPT_TABLES.has(table)) db.prepare(`DELETE FROM "${table}"`).run();
}

const CATEGORY_COLORS: Record<string, string> = {
  medicines: '#c0392b',
  vitamins: '#d68910',
  'body-care': '#2980b9',
  'baby-child': '#48c9b0',
  nutrition: '#27ae60',
  sport: '#1f618d',
  beauty: '#a569bd',
  'health-products': '#566573',
};
