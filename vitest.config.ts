import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and are run by `playwright test`, never by vitest.
export default defineConfig({
  // Components under test carry graphql`` tags: the same Relay transform as the build (vite.config.ts).
  plugins: [babel({ include: [/[\\/]storefront[\\/].*\.[jt]sx?$/], plugins: [['babel-plugin-relay', { eagerEsModules: true }]] })],
  // graphql 16 has no "exports" map: Node (and tsx, as in production) loads its CommonJS build, Vite would
  // pick index.mjs for our sources. Two copies break `instanceof` between yoga/Pothos and our code
  // ("Cannot use GraphQLSchema from another module or realm"), so tests load the one Node loads.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'store-api/**/*.test.ts', 'gateway/**/*.test.ts', 'storefront/**/*.test.ts', 'storefront/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**', '.stryker-tmp/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/support/global-setup.ts'],
  },
});
