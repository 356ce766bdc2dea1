// Mutation testing (issue 25): `npm run mutation` — slow (hours on two cores), so never part of `npm test`.
// Stryker copies the project into .stryker-tmp/ (git-, lint- and vitest-ignored), changes one expression at a
// time in the files below and runs the vitest tests that cover it; a change no test notices "survives".
// bench/mutation-report.ts then writes the score per folder to bench/MUTATION.md.
// One file only, to try it: npx stryker run --mutate store-api/src/domain/shipping.ts
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  mutate: ['store-api/src/domain/**/*.ts', 'gateway/src/plugins/**/*.ts', 'server/**/*.ts', '!**/*.test.ts', '!**/*.d.ts'],
  coverageAnalysis: 'perTest',
  // the machine has two cores and is shared; each worker runs its vitest in one thread
  concurrency: 2,
  // the sandbox needs no database, build, browser results or reports (tests seed their own database)
  ignorePatterns: ['data', 'dist', 'test-results', 'playwright-report', 'reports', 'docs', 'tests/e2e', '.ci'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // later runs test only the mutants whose code or covering tests changed
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  // the summary table and the survivors, not every one of the ~1,200 tests
  clearTextReporter: { logTests: false },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // a test suite that starts shops takes seconds per run: leave each mutant time before calling it a timeout
  timeoutMS: 30_000,
  thresholds: { high: 85, low: 70, break: null },
};
