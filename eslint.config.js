// Lint is part of `npm test`; warnings fail the run (--max-warnings 0).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'test-results/', 'playwright-report/', '**/__generated__/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['storefront/**/*.{ts,tsx}'],
    ignores: ['storefront/platform/i18n/useTranslation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message: "Use storefront/platform/i18n/useTranslation: on the server react-i18next's hook copies the i18next instance for every component.",
            },
          ],
        },
      ],
    },
  },
  {
    // The storefront's layout (ADR 0032): a page or a feature uses another feature only through its index.ts;
    // the shell, the UI parts, the form kit and the platform are open to all.
    files: ['storefront/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'storefront/features/*', capture: ['feature'] },
        { type: 'page', pattern: 'storefront/pages/*' },
        { type: 'shared', pattern: 'storefront/(shell|ui|forms|platform)' },
      ],
      // Static imports and re-exports only: a lazily loaded part (a route view, the listing's URL parser) is loaded
      // by its file with import(), since through the index its chunk would hold the whole feature.
      'boundaries/dependency-nodes': ['import', 'export'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.d.ts'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!index.ts' } } },
              message: 'Import another feature through its index.ts (storefront/features/<feature>/index.ts), not from its files (ADR 0032).',
            },
          ],
        },
      ],
    },
  },
);
