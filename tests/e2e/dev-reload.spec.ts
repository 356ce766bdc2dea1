import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readStoreApiConfig } from '../../store-api/src/config';
import { PROJECT_ROOT, startProductionShop, type ProductionShop } from '../support/productionShop';
import { hydrated } from './support/shop';

// Issue 22, ADR 0026: `npm run dev` serves the storefront through Vite's dev server. A component changed on disk
// shows in the open page without a reload and without a restart of the server, and what the shopper typed stays.

const FOOTER = join(PROJECT_ROOT, 'storefront', 'shell', 'Footer.tsx');
let dev: ProductionShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dev = await startProductionShop({
    via: 'dev',
    // The main e2e server seeded this folder; the dev server only reads and writes it beside that one.
    dataDir: process.env.E2E_DATA_DIR!,
    env: { NODE_ENV: 'development', PUBLIC_ORIGIN: undefined, STORE_API_ACCESS_KEY: readStoreApiConfig({ DATA_DIR: process.env.E2E_DATA_DIR }).accessKey },
    waitFor: '/health',
    timeoutMs: 180_000,
  });
});

test.afterAll(() => dev?.stop());

test('npm run dev: a changed component shows in the open page at once, without a reload, keeping what was typed', async ({ page }) => {
  test.setTimeout(240_000);
  const original = readFileSync(FOOTER, 'utf8');
  const probe = `Hot reload ${Date.now()}`;
  try {
    await page.goto(`${dev.origin}/pharmacy-map`, { timeout: 180_000 });
    await hydrated(page);
    const search = page.locator('#main-content').getByRole('searchbox', { name: 'Postleitzahl oder Ort' });
    await search.fill('Bern');
    await page.evaluate(() => ((window as { devProbe?: string }).devProbe = 'same page'));
    const restarts = dev.output().match(/Restarting/g)?.length ?? 0;

    const changed = Date.now();
    writeFileSync(FOOTER, original.replace('    </footer>', `      <p data-testid="hot-reload-probe">${probe}</p>\n    </footer>`));
    await expect(page.getByTestId('hot-reload-probe')).toHaveText(probe, { timeout: 30_000 });
    console.info(`dev-reload: the change showed after ${Date.now() - changed} ms`);

    // the same document (no reload), the typed text still there, the server not restarted
    expect(await page.evaluate(() => (window as { devProbe?: string }).devProbe)).toBe('same page');
    await expect(search).toHaveValue('Bern');
    expect(dev.output().match(/Restarting/g)?.length ?? 0).toBe(restarts);
  } finally {
    writeFileSync(FOOTER, original);
  }
});
