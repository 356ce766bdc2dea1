import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and are run by `playwright test`, never by vitest.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'store-api/**/*.test.ts', 'gateway/**/*.test.ts', 'storefront/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/support/global-setup.ts'],
  },
});
