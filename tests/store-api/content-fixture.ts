import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createStoreApi } from '../../store-api/src/app';
import { readStoreApiConfig, type StoreApiConfig } from '../../store-api/src/config';
import { openDatabase, type Db } from '../../store-api/src/db/connection';
import { stableId } from '../../store-api/src/ids';
import { LANGUAGES, ROOT_CATEGORY_ID } from '../../store-api/src/known-ids';
import { registerMediaRoutes } from '../../store-api/src/media';
import { seedReferenceData } from '../../store-api/src/seed/reference-data';
import { TableWriter } from '../../store-api/src/seed/table-writer';

// A small shop of its own for the content tests: the seed's reference data (languages, currency,
// countries, methods, sales channel) plus a category tree, a CMS page, a landing page, SEO URLs and
// one media file written by the test. It pins down exact shapes independently of the catalogue seed.

export const ORIGIN = 'http://shop.test';

export const FIXTURE = {
  catA: stableId('fixture-category', 'a'),
  catB: stableId('fixture-category', 'b'),
  catA1: stableId('fixture-category', 'a1'),
  catA11: stableId('fixture-category', 'a11'),
  hidden: stableId('fixture-category', 'hidden'),
  page: stableId('fixture-cms', 'page'),
  landing: stableId('fixture-landing', 'offers'),
  media: stableId('fixture-media', 'banner'),
  slots: {
    text: stableId('fixture-slot', 'text'),
    image: stableId('fixture-slot', 'image'),
    listing: stableId('fixture-slot', 'product-listing'),
  },
};

export interface ContentFixture {
  db: Db;
  config: StoreApiConfig;
  app: Hono;
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<FixtureResponse>;
  close(): void;
}

export interface FixtureResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  body: Uint8Array;
}

const NOW = '2026-01-01T00:00:00.000+00:00';

function writeRows(db: Db, config: StoreApiConfig): void {
  const w = new TableWriter(db);
  seedReferenceData(w, config);
  const category = (id: string, parent: string | null, path: string | null, position: number, name: string, extra: Record<string, unknown> = {}) => {
    const level = path ? path.split('|').filter(Boolean).length + 1 : 1;
    w.insert('category', { id, parent_id: parent, level, path, position, type: 'page', active: 1, visible: 1, created_at: NOW, ...extra });
    w.translations('category_translation', { category_id: id }, (l) => ({
      name: `${name} ${l}`,
      breadcrumb: JSON.stringify([`Start ${l}`, `${name} ${l}`]),
      description: `<p>${name} ${l}</p>`,
    }));
  };
  const root = `|${ROOT_CATEGORY_ID}|`;
  category(ROOT_CATEGORY_ID, null, null, 1, 'Start', { cms_page_id: FIXTURE.page });
  category(FIXTURE.catA, ROOT_CATEGORY_ID, root, 1, 'Vitamine', { cms_page_id: FIXTURE.page, media_id: FIXTURE.media });
  category(FIXTURE.catB, ROOT_CATEGORY_ID, root, 2, 'Baby');
  category(FIXTURE.hidden, ROOT_CATEGORY_ID, root, 3, 'Versteckt', { visible: 0 });
  category(FIXTURE.catA1, FIXTURE.catA, `${root}${FIXTURE.catA}|`, 1, 'Vitamin D');
  category(FIXTURE.catA11, FIXTURE.catA1, `${root}${FIXTURE.catA}|${FIXTURE.catA1}|`, 1, 'Tropfen');
  // The footer and service roots the sales channel points at.
  const sc = db.prepare('SELECT footer_category_id AS footer, service_category_id AS service FROM sales_channel').get() as {
    footer: string | null;
    service: string | null;
  };
  if (sc.footer) category(sc.footer, null, null, 2, 'Footer');
  if (sc.service) category(sc.service, null, null, 3, 'Service');

  w.insert('media', {
    id: FIXTURE.media, path: 'media/fi/xt/banner.svg', file_name: 'banner', file_extension: 'svg', mime_type: 'image/svg+xml',
    file_size: 120, width: 2400, height: 1200, created_at: NOW,
  });
  w.translations('media_translation', { media_id: FIXTURE.media }, (l) => ({ alt: `Banner ${l}`, title: null }));
  mkdirSync(join(config.mediaDir, 'media/fi/xt'), { recursive: true });
  writeFileSync(
    join(config.mediaDir, 'media/fi/xt/banner.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1200"><rect width="2400" height="1200" fill="#2a7"/></svg>',
  );
  writeFileSync(join(config.mediaDir, 'secret.txt'), 'not public');

  w.insert('cms_page', { id: FIXTURE.page, type: 'product_list', created_at: NOW });
  w.translations('cms_page_translation', { cms_page_id: FIXTURE.page }, (l) => ({ name: `Kategorie ${l}` }));
  const section = stableId('fixture-section', 'main');
  w.insert('cms_section', {
    id: section, page_id: FIXTURE.page, position: 0, type: 'default', sizing_mode: 'boxed', mobile_behavior: 'wrap',
    visibility: JSON.stringify({ mobile: true, tablet: true, desktop: true }),
  });
  const slotConfigs: Record<keyof typeof FIXTURE.slots, (l: string) => Record<string, unknown>> = {
    text: (l) => ({ content: { source: 'static', value: `<h2>Willkommen ${l}</h2>` }, verticalAlign: { source: 'static', value: null } }),
    image: () => ({ media: { source: 'static', value: FIXTURE.media }, url: { source: 'static', value: '/angebote' }, newTab: { source: 'static', value: true } }),
    listing: () => ({ boxLayout: { source: 'static', value: 'standard' } }),
  };
  // Stored out of order on purpose: the API sorts blocks by position.
  const blocks: [keyof typeof FIXTURE.slots, string, number][] = [
    ['listing', 'product-listing', 2],
    ['text', 'text', 0],
    ['image', 'image', 1],
  ];
  for (const [key, type, position] of blocks) {
    const block = stableId('fixture-block', key);
    w.insert('cms_block', {
      id: block, section_id: section, position, type, section_position: 'main',
      visibility: JSON.stringify({ mobile: key !== 'image', tablet: true, desktop: true }),
    });
    w.insert('cms_slot', { id: FIXTURE.slots[key], block_id: block, slot: 'content', type, locked: 0 });
    w.translations('cms_slot_translation', { cms_slot_id: FIXTURE.slots[key] }, (l) => ({ config: JSON.stringify(slotConfigs[key](l)) }));
  }

  w.insert('landing_page', { id: FIXTURE.landing, active: 1, cms_page_id: FIXTURE.page, created_at: NOW });
  w.translations('landing_page_translation', { landing_page_id: FIXTURE.landing }, (l) => ({
    name: `Angebote ${l}`,
    url: `angebote-${l}`,
  }));

  for (const language of LANGUAGES) {
    const seo = (foreignKey: string, route: string, pathInfo: string, seoPath: string) =>
      w.insert('seo_url', {
        id: stableId('fixture-seo', foreignKey, language.id), language_id: language.id, foreign_key: foreignKey,
        route_name: route, path_info: pathInfo, seo_path_info: seoPath, is_canonical: 1,
      });
    seo(FIXTURE.catA, 'frontend.navigation.page', `/navigation/${FIXTURE.catA}`, `vitamine-${language.key}`);
    seo(FIXTURE.catA1, 'frontend.navigation.page', `/navigation/${FIXTURE.catA1}`, `vitamine-${language.key}/vitamin-d`);
    seo(FIXTURE.landing, 'frontend.landing.page', `/landingPage/${FIXTURE.landing}`, `angebote-${language.key}`);
  }
}

/** Opens a fresh fixture shop in its own temp folder. */
export function openContentFixture(): ContentFixture {
  const dataDir = mkdtempSync(join(tmpdir(), 'content-fixture-'));
  const config = readStoreApiConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN });
  const db = openDatabase(config.databaseFile);
  // Reference rows point at categories that are written after them.
  db.pragma('foreign_keys = OFF');
  db.transaction(() => writeRows(db, config))();
  db.pragma('foreign_keys = ON');
  const app = new Hono();
  registerMediaRoutes(app, { db, config });
  app.route('/', createStoreApi({ db, config }));

  const call: ContentFixture['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'sw-access-key': config.accessKey, accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.fetch(
      new Request(`${ORIGIN}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }),
    );
    const body = new Uint8Array(await res.arrayBuffer());
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body).toString('utf8'));
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, body };
  };
  return {
    db,
    config,
    app,
    call,
    close: () => {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
