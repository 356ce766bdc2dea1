import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoreApiConfig } from '../../store-api/src/config';
import { openDatabase } from '../../store-api/src/db/connection';
import { categoryId } from '../../store-api/src/seed/categories';
import { downloadGuidePdf } from '../../store-api/src/seed/downloads';
import { CUSTOMER_SERVICE } from '../../storefront/features/content/company';
import { pdfText } from '../support/pdfText';

// Seeded content a pharmacist would sign (issue 20 item 7): read from the shop the test run seeds once.

const dataDir = process.env.TEST_DATA_DIR;
if (!dataDir) throw new Error('TEST_DATA_DIR is not set: run through vitest');
const config = readStoreApiConfig({ DATA_DIR: dataDir });
const db = openDatabase(config.databaseFile);
afterAll(() => db.close());

const rows = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

/** Reserved example domains, the shop's own (its operator's legal address) and Swiss Post's parcel tracking page. */
const SHOP_DOMAIN = CUSTOMER_SERVICE.email.split('@')[1]!;
const allowedHost = (host: string) => /(^|\.)(example\.(ch|com|org|net)|[a-z0-9-]+\.example|post\.ch)$/.test(host) || host === SHOP_DOMAIN;

describe('seeded content', () => {
  it('links to no domain but reserved example domains (besides the shop’s own and the carrier’s tracking page)', () => {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'product_search_%'`).pluck().all() as string[];
    const hosts = new Map<string, string>();
    for (const table of tables) {
      for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate() as Iterable<unknown[]>) {
        for (const value of row) {
          if (typeof value !== 'string') continue;
          for (const match of value.matchAll(/(?:https?:\/\/|www\.)([a-z0-9.-]+)|[\w.+-]+@([a-z0-9.-]+\.[a-z]{2,})/gi)) {
            const host = (match[1] ?? match[2]!).toLowerCase().replace(/^www\./, '');
            if (!allowedHost(host)) hosts.set(host, table);
          }
        }
      }
    }
    expect(Object.fromEntries(hosts)).toEqual({});
  });

  it('gives each magazine, editorial and topic article its own body about its title, in de, it and fr', () => {
    const articles = rows<{ key: string; language: string; title: string; body: string; keywords: string }>(
      `SELECT a.id AS key, l.short_code AS language, t.title, t.body, t.keywords FROM article a
       JOIN article_translation t ON t.article_id = a.id JOIN language l ON l.id = t.language_id WHERE a.type <> 'content'`,
    );
    expect(articles.length).toBe(18 * 3);
    expect(new Set(articles.map((a) => a.body)).size).toBe(articles.length);
    for (const article of articles) {
      const subjects = article.keywords.split(',').map((word) => word.trim().toLowerCase());
      expect(subjects.some((subject) => article.body.toLowerCase().includes(subject)), `${article.language} «${article.title}» speaks of ${subjects.join(' / ')}`).toBe(true);
    }
  });

  it('has ten tips in “10 Tipps gegen Erkältung”, in every language', () => {
    const bodies = rows<{ title: string; body: string }>(
      `SELECT t.title, t.body FROM article_translation t JOIN article_translation d ON d.article_id = t.article_id WHERE d.title = '10 Tipps gegen Erkältung'`,
    );
    expect(bodies.map((b) => b.title).sort()).toEqual(['10 Tipps gegen Erkältung', '10 conseils contre le rhume', '10 consigli contro il raffreddore']);
    for (const { body } of bodies) expect(body.match(/<ol>(.*)<\/ol>/)![1]!.match(/<li>/g)).toHaveLength(10);
  });

  it('recommends on the cold-and-flu topic only products of its own categories, and no prescription medicine anywhere', () => {
    const coldFlu = rows<{ product_ids: string }>(`SELECT a.product_ids FROM article a JOIN article_translation t ON t.article_id = a.id WHERE t.title = 'Erkältung & Grippe'`)[0]!;
    const ids = JSON.parse(coldFlu.product_ids) as string[];
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const coldFluCategories = new Set(['cold-flu', 'sore-throat', 'cough', 'blocked-nose'].map(categoryId));
    for (const id of ids) {
      const categories = db.prepare('SELECT category_id FROM product_category WHERE product_id = ?').pluck().all(id) as string[];
      expect(categories.some((c) => coldFluCategories.has(c)), `product ${id} belongs to a cold-and-flu category`).toBe(true);
    }
    const recommended = rows<{ product_ids: string }>('SELECT product_ids FROM article').flatMap((a) => JSON.parse(a.product_ids) as string[]);
    const prescribed = recommended.filter((id) => db.prepare('SELECT prescription_required FROM product WHERE id = ?').pluck().get(id) === 1);
    expect(prescribed).toEqual([]);
  });

  it('delivers a meal plan of several pages, one per week', async () => {
    const text = await pdfText(new Uint8Array(downloadGuidePdf({ product_number: 'P100999', name: 'Vitasana 4-Wochen Ernährungsplan (PDF)' })));
    for (const week of ['Woche 1', 'Woche 2', 'Woche 3', 'Woche 4']) expect(text).toContain(week);
    expect(text).toContain('Frühstück: Haferflocken mit Joghurt');
    expect(text).toContain('Einkaufsliste');
    expect(text).toContain('6 / 6');
  });

  it('gives pharmacies the area code of their town', () => {
    const expected: Record<string, string> = { Bern: '31', Zürich: '44', Basel: '61', Lausanne: '21', Lugano: '91', Genève: '22', Luzern: '41', 'St. Gallen': '71' };
    const pharmacies = rows<{ city: string; phone: string }>(`SELECT city, phone FROM pharmacy WHERE phone LIKE '+41 %'`);
    for (const { city, phone } of pharmacies) {
      expect(phone).toMatch(/^\+41 \d{2} \d{3} \d{2} \d{2}$/);
      if (expected[city]) expect(phone.slice(4, 6), `${city}: ${phone}`).toBe(expected[city]);
    }
    expect(pharmacies.filter((p) => expected[p.city]).length).toBeGreaterThanOrEqual(8);
  });

  it('asks a prescription only for list-B strengths: never for a sea-water nasal spray', () => {
    const prescribed = rows<{ name: string }>(
      `SELECT t.name FROM product p JOIN product_translation t ON t.product_id = p.id JOIN language l ON l.id = t.language_id
       WHERE p.prescription_required = 1 AND l.short_code = 'de'`,
    ).map((p) => p.name);
    expect(prescribed.length).toBeGreaterThan(0);
    for (const name of prescribed) expect(name).toMatch(/Ibuprofen 400 mg|Paracetamol 1 g/);
    const seawater = rows<{ prescription_required: number }>(
      `SELECT p.prescription_required FROM product p JOIN product_translation t ON t.product_id = p.id WHERE t.name LIKE 'Meerwasser%' OR t.name LIKE '% Meerwasser %'`,
    );
    expect(seawater.length).toBeGreaterThan(0);
    expect(seawater.every((p) => p.prescription_required === 0)).toBe(true);
  });

  it('describes brands without invented founding years or web addresses', () => {
    const descriptions = rows<{ description: string }>('SELECT description FROM product_manufacturer_translation').map((b) => b.description);
    for (const description of descriptions) expect(description).not.toMatch(/\b(seit|dal|depuis)\s+(19|20)\d\d/i);
    expect(db.prepare('SELECT COUNT(*) FROM product_manufacturer WHERE link IS NOT NULL').pluck().get()).toBe(0);
  });

  it('draws each product’s pack by its form, with the brand and the product legible, and banners without words', () => {
    const packshot = (name: string) => {
      const row = db.prepare(
        `SELECT m.path, b.name AS brand FROM product p JOIN product_translation t ON t.product_id = p.id JOIN media m ON m.id = (SELECT media_id FROM product_media WHERE product_id = p.id AND position = 1)
         JOIN product_manufacturer_translation b ON b.product_manufacturer_id = p.manufacturer_id AND b.language_id = t.language_id
         WHERE t.name LIKE ? ORDER BY p.product_number LIMIT 1`,
      ).get(name) as { path: string; brand: string };
      return { svg: readFileSync(join(config.mediaDir, row.path), 'utf8'), brand: row.brand };
    };
    const tablets = packshot('% Ibuprofen % Filmtabletten,%');
    const syrup = packshot('% Efeu Hustensirup %');
    expect(tablets.svg).toContain(`>${tablets.brand}</text>`);
    expect(tablets.svg).toContain('>Ibuprofen</text>');
    expect(syrup.svg).toContain(`>${syrup.brand}</text>`);
    // The blister's pills are drawn for tablets; a syrup comes in a bottle without them.
    expect(tablets.svg).toContain('<ellipse cx="1360"');
    expect(syrup.svg).not.toContain('<ellipse cx="1360"');
    const banners = db.prepare(`SELECT path FROM media WHERE height = 1000 AND width = 2400`).pluck().all() as string[];
    expect(banners.length).toBeGreaterThan(40);
    for (const path of banners) expect(readFileSync(join(config.mediaDir, path), 'utf8')).not.toContain('<text');
  });
});
