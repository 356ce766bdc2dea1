import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The config is evaluated again in every worker: the port and data folder are chosen once, in the main
// process, and handed down through the environment so all of them talk to the same server.
function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
process.env.E2E_PORT ??= String(freePort());
// A fresh data folder, so the server seeds it on first start as a newcomer's machine would.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'shop-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 30_000,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Browsers cannot be downloaded here: Debian's Chromium (.ci/run installs it when missing).
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // The shop as `npm start` runs it (ADR 0026): the release of the sources (built unless `npm test` built it
    // already), the compiled server under plain node; stopped with SIGTERM like a supervisor does.
    command: 'npm start',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    // First start seeds the whole catalogue (target < 15 s); leave room for a slow machine.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'production',
      // The seeded contest closes on 2026-12-31; the journeys enter it whatever today is.
      CONTEST_ENDS_AT: '2099-12-31T23:59:59+01:00',
      // The journeys register dozens of accounts from 127.0.0.1 within the hour (the default is 20 per address).
      ACCOUNT_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
    },
  },
});
