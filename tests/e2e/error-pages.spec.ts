import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { readStoreApiConfig } from '../../store-api/src/config';

// SPEC §8 error pages with the right HTTP status: a second shop process whose Store API cannot be reached
// (STORE_API_URL points at a closed port) answers its pages with 502 and the spec's wording.

let shop: ChildProcess | undefined;
let origin = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  shop = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      // The main e2e server seeded this folder already; this process only serves pages from it.
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'production',
      STORE_API_URL: 'http://127.0.0.1:9/store-api',
      // The embedded Store API writes its access key into the shared database on start: keep the main one's.
      STORE_API_ACCESS_KEY: readStoreApiConfig({ DATA_DIR: process.env.E2E_DATA_DIR }).accessKey,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the second shop process did not start');
});

test.afterAll(() => {
  shop?.kill();
});

test('a page whose back end is unreachable answers 502 with the SPEC text, in its language', async ({ page }) => {
  const german = await page.goto(`${origin}/medikamente`);
  expect(german?.status()).toBe(502);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler 502');
  await expect(page.getByText('Der Server konnte die Anfrage nicht abschliessen. Bitte versuchen Sie es in einigen Sekunden erneut.')).toBeVisible();

  const french = await page.goto(`${origin}/fr/medicaments`);
  expect(french?.status()).toBe(502);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 502');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
});
