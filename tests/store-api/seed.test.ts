import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoreApiConfig, type StoreApiConfig } from '../../store-api/src/config';
import { openDatabase, type Db } from '../../store-api/src/db/connection';
import { COUNTRY_LI_ID, LANGUAGES, ROOT_CATEGORY_ID, SALES_CHANNEL_ID } from '../../store-api/src/known-ids';
import { ensureSeeded, seedShop } from '../../store-api/src/seed';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function freshShop(env: Record<string, string> = {}): { db: Db; config: StoreApiConfig } {
  const dataDir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  tempDirs.push(dataDir);
  const config = readStoreApiConfig({ DATA_DIR: dataDir, ...env });
  return { db: openDatabase(config.databaseFile), config };
}

/** The shop seeded once for the whole test run at the default size (tests/support/global-setup.ts). */
function sharedShop(): Db {
  const dataDir = process.env.TEST_DATA_DIR;
  if (!dataDir) throw new Error('TEST_DATA_DIR is not set: run through vitest');
  return openDatabase(readStoreApiConfig({ DATA_DIR: dataDir }).databaseFile);
}

function count(db: Db, sql: string, ...params: unknown[]): number {
  return db.prepare(sql).pluck().get(...params) as number;
}

function tableNames(db: Db): string[] {
  return db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'product_search_%' AND name <> 'schema_migration' ORDER BY name`)
    .pluck()
    .all() as string[];
}

/** A digest of every seeded row, table by table. */
function digest(db: Db): Record<string, string> {
  const result: Record<string, string> = {};
  for (const table of tableNames(db)) {
    const rows = db.prepare(`SELECT * FROM "${table}"`).all().map((row) => JSON.stringify(row)).sort();
    result[table] = createHash('sha256').update(rows.join('\n')).digest('hex');
  }
  return result;
}

describe('seed catalogue', () => {
  it('is deterministic: two seeds give identical rows, ids and image files', () => {
    const a = freshShop();
    const b = freshShop();
    seedShop(a.db, a.config, { products: 120 });
    seedShop(b.db, b.config, { products: 120 });
    expect(digest(a.db)).toEqual(digest(b.db));
    const productsA = a.db.prepare('SELECT id, product_number, price FROM product ORDER BY product_number').all();
    expect(productsA.length).toBeGreaterThan(120);
    expect(productsA).toEqual(b.db.prepare('SELECT id, product_number, price FROM product ORDER BY product_number').all());
    const path = a.db.prepare('SELECT path FROM media ORDER BY path LIMIT 1').pluck().get() as string;
    expect(readFileSync(join(a.config.mediaDir, path))).toEqual(readFileSync(join(b.config.mediaDir, path)));
    a.db.close();
    b.db.close();
  });

  it('rebuilding an already seeded database gives the same data and keeps visitors’ sessions', () => {
    const { db, config } = freshShop();
    seedShop(db, config, { products: 60 });
    const before = digest(db);
    db.prepare(`INSERT INTO context_token (token, sales_channel_id, payload, created_at, updated_at) VALUES ('tok', ?, '{}', 'x', 'x')`).run(SALES_CHANNEL_ID);
    seedShop(db, config, { products: 60 });
    const after = digest(db);
    delete before.context_token;
    delete after.context_token;
    expect(after).toEqual(before);
    expect(count(db, `SELECT COUNT(*) FROM context_token WHERE token = 'tok'`)).toBe(1);
    db.close();
  });

  it('has every translated row in de, it and fr, with text', () => {
    const db = sharedShop();
    const translationTables = tableNames(db).filter((t) => t.endsWith('_translation'));
    expect(translationTables.length).toBeGreaterThan(20);
    for (const table of translationTables) {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; notnull: number }[];
      const key = columns[0]!.name;
      const incomplete = count(db, `SELECT COUNT(*) FROM (SELECT ${key} FROM ${table} GROUP BY ${key} HAVING COUNT(DISTINCT language_id) <> 3)`);
      expect(incomplete, `${table} rows without all three languages`).toBe(0);
      const entity = table.replace(/_translation$/, '');
      if (tableNames(db).includes(entity)) {
        const missing = count(db, `SELECT COUNT(*) FROM ${entity} WHERE id NOT IN (SELECT ${key} FROM ${table})`);
        expect(missing, `${entity} rows without translations`).toBe(0);
      }
    }
    // Italian and French texts are not copies of the German ones.
    const names = db.prepare(`SELECT l.short_code, t.name FROM product_translation t JOIN language l ON l.id = t.language_id WHERE t.product_id = (SELECT id FROM product WHERE product_number = 'P100001')`).all() as { short_code: string; name: string }[];
    expect(new Set(names.map((n) => n.name)).size).toBe(3);
    const fields = JSON.parse(db.prepare('SELECT custom_fields FROM product_translation LIMIT 1').pluck().get() as string) as Record<string, unknown>;
    for (const key of ['pharmacy_usage', 'pharmacy_ingredients', 'pharmacy_how_to_use', 'pharmacy_expert_review', 'pharmacy_faq', 'pharmacy_product_data', 'pharmacy_packing', 'pharmacy_other_info', 'product_additional_data']) {
      expect(fields[key], key).toBeTruthy();
    }
    expect(JSON.parse(fields.product_additional_data as string)).toHaveProperty('thumbnail');
    expect(count(db, 'SELECT COUNT(*) FROM product_search')).toBe(3 * count(db, 'SELECT COUNT(*) FROM product WHERE parent_id IS NULL'));
    db.close();
  });

  it('has the sizes the issue asks for at the default size', () => {
    const db = sharedShop();
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE parent_id IS NULL')).toBeGreaterThanOrEqual(2000);
    expect(count(db, 'SELECT COUNT(*) FROM category WHERE path LIKE ?', `|${ROOT_CATEGORY_ID}|%`)).toBeGreaterThanOrEqual(40);
    expect(count(db, 'SELECT MAX(level) FROM category WHERE path LIKE ?', `|${ROOT_CATEGORY_ID}|%`)).toBeGreaterThanOrEqual(4);
    expect(count(db, 'SELECT COUNT(*) FROM product_manufacturer')).toBeGreaterThanOrEqual(60);
    expect(count(db, 'SELECT COUNT(*) FROM product_manufacturer WHERE media_id IS NOT NULL')).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) FROM pharmacy')).toBeGreaterThanOrEqual(40);
    expect(count(db, 'SELECT COUNT(*) FROM pharmacy WHERE country_id = ?', COUNTRY_LI_ID)).toBeGreaterThanOrEqual(2);
    expect(count(db, `SELECT COUNT(*) FROM pharmacy WHERE city IN ('Vaduz', 'Schaan')`)).toBe(2);
    expect(count(db, `SELECT COUNT(*) FROM pharmacy WHERE length(zipcode) <> 4`)).toBe(0);
    expect(count(db, 'SELECT COUNT(*) FROM country_state')).toBe(26);
    expect(count(db, `SELECT COUNT(*) FROM article WHERE type = 'magazine'`)).toBeGreaterThanOrEqual(12);
    expect(count(db, `SELECT COUNT(*) FROM article WHERE type = 'editorial' AND product_ids <> '[]'`)).toBeGreaterThanOrEqual(1);
    expect(count(db, `SELECT COUNT(*) FROM article_translation t JOIN article a ON a.id = t.article_id WHERE a.type = 'topic' AND t.slug = 'bestseller' AND t.faq <> '[]'`)).toBe(3);
    expect(count(db, `SELECT COUNT(DISTINCT discount_type) FROM promotion`)).toBe(3);
    expect(count(db, `SELECT COUNT(*) FROM promotion WHERE active = 0 OR valid_until < '2026-01-01'`)).toBeGreaterThanOrEqual(2);
    expect(count(db, 'SELECT COUNT(*) FROM landing_page')).toBeGreaterThanOrEqual(3);
    expect(count(db, 'SELECT COUNT(DISTINCT product_id) FROM product_price')).toBeGreaterThan(20);
    expect(count(db, 'SELECT COUNT(*) FROM product_price WHERE quantity_end IS NULL')).toBe(count(db, 'SELECT COUNT(DISTINCT product_id) FROM product_price'));
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE click_collect_only = 1')).toBeGreaterThan(10);
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE prescription_required = 1')).toBeGreaterThan(0);
    expect(count(db, `SELECT COUNT(*) FROM product WHERE type = 'digital'`)).toBeGreaterThan(0);
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE list_price > price AND promotion_discount > 0')).toBeGreaterThan(100);
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE shipping_free = 1')).toBeGreaterThan(50);
    expect(count(db, 'SELECT COUNT(DISTINCT product_id) FROM product_review')).toBeGreaterThan(500);
    expect(count(db, 'SELECT COUNT(*) FROM product_review WHERE points NOT BETWEEN 1 AND 5')).toBe(0);
    expect(count(db, 'SELECT COUNT(*) FROM product_cross_selling')).toBeGreaterThan(50);
    expect(count(db, `SELECT COUNT(*) FROM cms_page WHERE type = 'product_list'`)).toBe(count(db, 'SELECT COUNT(*) FROM category WHERE path LIKE ?', `|${ROOT_CATEGORY_ID}|%`));
    const slotTypes = db.prepare('SELECT DISTINCT type FROM cms_slot').pluck().all() as string[];
    for (const type of ['text', 'image', 'product-slider', 'product-listing', 'cross-selling', 'buy-box', 'image-gallery', 'category-navigation', 'sidebar-filter', 'product-description-reviews']) {
      expect(slotTypes).toContain(type);
    }
    expect(count(db, `SELECT COUNT(*) FROM cms_block WHERE visibility LIKE '%false%'`)).toBeGreaterThan(0);
    const sortings = db.prepare('SELECT url_key FROM product_sorting ORDER BY priority DESC').pluck().all();
    expect(sortings[0]).toBe('topseller');
    db.close();
  });

  it('keeps product data valid: EAN check digits, 7-digit pharmacodes, weights in kg, category tree', () => {
    const db = sharedShop();
    const eans = db.prepare('SELECT ean FROM product WHERE ean IS NOT NULL').pluck().all() as string[];
    expect(new Set(eans).size).toBe(eans.length);
    for (const ean of eans) {
      const digits = [...ean].map(Number);
      const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
      expect(digits[12]).toBe((10 - (sum % 10)) % 10);
    }
    const codes = db.prepare('SELECT pharmacode FROM product WHERE pharmacode IS NOT NULL').pluck().all() as string[];
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^\d{7}$/.test(c))).toBe(true);
    expect(count(db, `SELECT COUNT(*) FROM product WHERE type = 'physical' AND (weight <= 0 OR weight > 5)`)).toBe(0);
    // Every main product is in its leaf category, every ancestor and the root.
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE parent_id IS NULL AND id NOT IN (SELECT product_id FROM product_category_tree WHERE category_id = ?)', ROOT_CATEGORY_ID)).toBe(0);
    expect(count(db, 'SELECT COUNT(*) FROM product_category_tree t JOIN product p ON p.id = t.product_id WHERE p.parent_id IS NOT NULL')).toBe(0);
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE cover_id NOT IN (SELECT id FROM product_media)')).toBe(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });

  it('has variants with options, a configurator and denormalised cheapest prices', () => {
    const db = sharedShop();
    const parents = db.prepare('SELECT id, child_count, cheapest_price, price_range, variant_listing_config FROM product WHERE child_count > 0').all() as {
      id: string; child_count: number; cheapest_price: number; price_range: number; variant_listing_config: string;
    }[];
    expect(parents.length).toBeGreaterThan(20);
    for (const parent of parents) {
      const children = db.prepare('SELECT id, price FROM product WHERE parent_id = ?').all(parent.id) as { id: string; price: number }[];
      expect(children.length).toBe(parent.child_count);
      const prices = children.map((c) => c.price);
      expect(parent.cheapest_price).toBe(Math.min(...prices));
      expect(parent.price_range).toBe(new Set(prices).size > 1 ? 1 : 0);
      const config = JSON.parse(parent.variant_listing_config) as { displayParent: boolean; configuratorGroupConfig: { id: string; representation: string }[] };
      expect(config.displayParent).toBe(true);
      expect(config.configuratorGroupConfig.length).toBeGreaterThan(0);
      const childOptions = count(db, `SELECT COUNT(DISTINCT property_group_option_id) FROM product_option WHERE product_id IN (SELECT id FROM product WHERE parent_id = ?)`, parent.id);
      expect(count(db, 'SELECT COUNT(*) FROM product_configurator_setting WHERE product_id = ?', parent.id)).toBe(childOptions);
      for (const child of children) expect(count(db, 'SELECT COUNT(*) FROM product_option WHERE product_id = ?', child.id)).toBeGreaterThan(0);
    }
    expect(count(db, `SELECT COUNT(*) FROM property_group g JOIN property_group_option o ON o.group_id = g.id JOIN product_option po ON po.property_group_option_id = o.id WHERE g.filterable = 1`)).toBe(0);
    expect(count(db, 'SELECT COUNT(*) FROM property_group WHERE filterable = 1')).toBeGreaterThanOrEqual(4);
    db.close();
  });

  it('has canonical SEO paths, unique per language, for every category, product, variant and landing page', () => {
    const db = sharedShop();
    for (const language of LANGUAGES) {
      const paths = db.prepare('SELECT seo_path_info FROM seo_url WHERE language_id = ?').pluck().all(language.id) as string[];
      expect(new Set(paths).size).toBe(paths.length);
      expect(paths.every((p) => /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/.test(p))).toBe(true);
      expect(count(db, `SELECT COUNT(*) FROM product WHERE id NOT IN (SELECT foreign_key FROM seo_url WHERE language_id = ? AND route_name = 'frontend.detail.page')`, language.id)).toBe(0);
      expect(count(db, `SELECT COUNT(*) FROM category WHERE path LIKE ? AND id NOT IN (SELECT foreign_key FROM seo_url WHERE language_id = ? AND route_name = 'frontend.navigation.page')`, `|${ROOT_CATEGORY_ID}|%`, language.id)).toBe(0);
      expect(count(db, `SELECT COUNT(*) FROM landing_page WHERE id NOT IN (SELECT foreign_key FROM seo_url WHERE language_id = ? AND route_name = 'frontend.landing.page')`, language.id)).toBe(0);
    }
    const vitaminD = db.prepare(`SELECT s.seo_path_info FROM seo_url s JOIN category_translation t ON t.category_id = s.foreign_key AND t.language_id = s.language_id WHERE t.name = 'Vitamin D' AND s.language_id = ?`).pluck().get(LANGUAGES[0]!.id);
    expect(vitaminD).toBe('vitamine-mineralstoffe/vitamin-d');
    // A variant has its own path in each language, named in that language (issue 20 item 2).
    const variantPath = db.prepare(`SELECT s.seo_path_info FROM seo_url s JOIN product p ON p.id = s.foreign_key WHERE p.product_number = 'P100151.2' AND s.language_id = ?`).pluck();
    const [de, it, fr] = LANGUAGES.map((language) => variantPath.get(language.id) as string);
    expect([de, it, fr].every((path) => path?.endsWith('/p100151-2'))).toBe(true);
    expect(new Set([de, it, fr]).size).toBe(3);
    db.close();
  });

  it('has image files on disk for every media row and thumbnail, as well-formed SVG', () => {
    const dataDir = process.env.TEST_DATA_DIR!;
    const db = sharedShop();
    const files = [
      ...(db.prepare('SELECT path FROM media').pluck().all() as string[]),
      ...(db.prepare('SELECT path FROM media_thumbnail').pluck().all() as string[]),
    ];
    expect(files.length).toBeGreaterThan(8000);
    for (const path of files) expect(existsSync(join(dataDir, path)), path).toBe(true);
    expect(count(db, 'SELECT COUNT(DISTINCT width) FROM media_thumbnail')).toBe(3);
    const sample = db.prepare('SELECT path, file_size FROM media ORDER BY id LIMIT 50').all() as { path: string; file_size: number }[];
    for (const { path, file_size } of sample) {
      const svg = readFileSync(join(dataDir, path), 'utf8');
      expect(Buffer.byteLength(svg)).toBe(file_size);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect(svg).not.toMatch(/href=|url\(/);
    }
    db.close();
  });

  it('on restart keeps what was written and only takes the configured access key', async () => {
    const { db, config } = freshShop();
    seedShop(db, config, { products: 40 });
    db.prepare(`INSERT INTO context_token (token, sales_channel_id, payload, created_at, updated_at) VALUES ('visitor', ?, '{}', 'x', 'x')`).run(SALES_CHANNEL_ID);
    db.prepare(`UPDATE product SET stock = 4242 WHERE product_number = 'P100001'`).run();
    db.close();

    const restarted = openDatabase(config.databaseFile);
    await ensureSeeded(restarted, { ...config, accessKey: 'SWSCOTHERKEY' }, () => {});
    expect(count(restarted, `SELECT COUNT(*) FROM context_token WHERE token = 'visitor'`)).toBe(1);
    expect(count(restarted, `SELECT stock FROM product WHERE product_number = 'P100001'`)).toBe(4242);
    expect(count(restarted, 'SELECT COUNT(*) FROM product WHERE parent_id IS NULL')).toBe(40 + 1); // + the insurer's original from CHF 1028 (seed/insurer.ts)
    expect(restarted.prepare('SELECT access_key FROM sales_channel').pluck().get()).toBe('SWSCOTHERKEY');
    restarted.close();
  });

  // How long it takes is measured in bench/ (npm run bench), never asserted here.
  it('prints its progress while it seeds 2,000 products', () => {
    const { db, config } = freshShop();
    const lines: string[] = [];
    const summary = seedShop(db, config, { products: 2000, log: (line) => lines.push(line) });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((line) => line.includes('2000 products'))).toBe(true);
    expect(summary.milliseconds).toBeGreaterThan(0);
    db.close();
  });

  it('npm run seed -- --reset --products N rebuilds the database in DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
    tempDirs.push(dataDir);
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'store-api/src/seed/cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const first = run(['--reset', '--products', '30']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('seed:');
    const again = run([]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('already');
    const db = openDatabase(join(dataDir, 'shop.sqlite'));
    expect(count(db, 'SELECT COUNT(*) FROM product WHERE parent_id IS NULL')).toBe(30 + 1); // + the insurer's original from CHF 1028
    db.close();
  }, 60_000);
});
